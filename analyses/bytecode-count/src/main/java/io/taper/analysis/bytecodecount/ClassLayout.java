package io.taper.analysis.bytecodecount;

import io.taper.runtime.FactText;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a woven class keeps its counters and what each counter stands for: the class's slot, its number of counters,
 * and per method the counter of its invocations and, per basic block, the block's counter, length and instructions
 * per kind. The server writes it as the class's facts ({@link #toFacts}); the results read it back
 * ({@link #fromFacts}). Woven code carries only the slot, the size and the counter indexes.
 *
 * <p>The text goes in chunks ({@link FactText}).
 */
public final class ClassLayout {

    public static final String SLOT = "bytecode.slot";
    public static final String SIZE = "bytecode.size";
    public static final String TEXT = "bytecode.methods.";
    /** The variant of a method that counts its invocations only (adaptive mode's, see {@code StableCountStrategy}). */
    public static final String ENTRY_ONLY = "entry";
    /** Instruction kinds per block, as {@code io.taper.result.ResultKeys.BytecodeRow#KINDS} lists them. */
    public static final int KINDS = 8;

    /**
     * One woven method.
     *
     * @param invocationCounter the counter of its invocations (its first block's when nothing jumps there)
     * @param firstBlockCounter the counter of its first block; block {@code b}'s is {@code firstBlockCounter + b}
     * @param lengths           instructions per block
     * @param kinds             per block, instructions per kind ({@link #KINDS} each, summing to the length)
     */
    public record Method(String name, String desc, int invocationCounter, int firstBlockCounter, int[] lengths,
                         int[][] kinds) {

        public int blocks() {
            return lengths.length;
        }
    }

    private final int slot;
    private final int size;
    private final List<Method> methods;

    public ClassLayout(int slot, int size, List<Method> methods) {
        this.slot = slot;
        this.size = size;
        this.methods = List.copyOf(methods);
    }

    public int slot() {
        return slot;
    }

    public int size() {
        return size;
    }

    public List<Method> methods() {
        return methods;
    }

    /** Instructions executed per counter: the block's length at each block counter, 0 at separate invocation ones. */
    public long[] weights() {
        long[] w = new long[size];
        for (Method m : methods) {
            for (int b = 0; b < m.lengths.length; b++) {
                w[m.firstBlockCounter + b] = m.lengths[b];
            }
        }
        return w;
    }

    /** The facts that carry this layout. */
    public Map<String, String> toFacts() {
        StringBuilder sb = new StringBuilder();
        for (Method m : methods) {
            sb.append(m.name).append('\t').append(m.desc).append('\t').append(m.invocationCounter).append('\t')
                .append(m.firstBlockCounter).append('\t');
            for (int b = 0; b < m.lengths.length; b++) {
                if (b > 0) {
                    sb.append(';');
                }
                sb.append(m.lengths[b]);
                for (int k = 0; k < KINDS - 1; k++) {   // the last kind is the rest of the length
                    sb.append(',').append(m.kinds[b][k]);
                }
            }
            sb.append('\n');
        }
        Map<String, String> facts = new HashMap<>(FactText.split(TEXT, sb.toString()));
        facts.put(SLOT, Integer.toString(slot));
        facts.put(SIZE, Integer.toString(size));
        return facts;
    }

    /** The layout the facts carry, or null if they are not a bytecode-count class's (or are damaged). */
    public static ClassLayout fromFacts(Map<String, String> facts) {
        String slot = facts.get(SLOT);
        String size = facts.get(SIZE);
        String text = FactText.join(facts, TEXT);
        if (slot == null || size == null || text == null) {
            return null;
        }
        try {
            List<Method> methods = new ArrayList<>();
            for (String line : text.split("\n")) {
                if (line.isEmpty()) {
                    continue;
                }
                String[] f = line.split("\t", -1);
                String[] blocks = f[4].isEmpty() ? new String[0] : f[4].split(";");
                int[] lengths = new int[blocks.length];
                int[][] kinds = new int[blocks.length][KINDS];
                for (int b = 0; b < blocks.length; b++) {
                    String[] v = blocks[b].split(",");
                    lengths[b] = Integer.parseInt(v[0]);
                    int rest = lengths[b];
                    for (int k = 0; k < KINDS - 1; k++) {
                        kinds[b][k] = Integer.parseInt(v[k + 1]);
                        rest -= kinds[b][k];
                    }
                    kinds[b][KINDS - 1] = rest;
                }
                methods.add(new Method(f[0], f[1], Integer.parseInt(f[2]), Integer.parseInt(f[3]), lengths, kinds));
            }
            return new ClassLayout(Integer.parseInt(slot), Integer.parseInt(size), methods);
        } catch (RuntimeException e) {
            return null;
        }
    }
}
