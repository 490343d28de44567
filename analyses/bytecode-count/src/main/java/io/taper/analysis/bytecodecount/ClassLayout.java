package io.taper.analysis.bytecodecount;

import io.taper.runtime.FactText;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a woven class keeps its counters and what each counter stands for: the class's slot, its number of counters,
 * and per method the counter of its invocations and, per basic block, the block's counter, length and instructions
 * per kind, and the blocks whose counts follow from others' and from the exits counted for them
 * ({@link Derivation}: their counters are never incremented, {@link Method#derive} works them out). The server writes
 * it as the class's facts ({@link #toFacts}); the results read it back ({@link #fromFacts}). Woven code carries only
 * the slot, the size and the counter indexes.
 *
 * <p>The text goes in chunks ({@link FactText}).
 */
public final class ClassLayout {

    public static final String SLOT = "bytecode.slot";
    public static final String SIZE = "bytecode.size";
    /**
     * Where the class's counters start in each thread's array of {@code ThreadFieldCounters}, when it counts there
     * (the observed JVM's {@code Thread} has the field); absent when it counts through {@code ThreadCounters}.
     */
    public static final String BASE = "bytecode.base";
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
                         int[][] kinds, List<Derivation> derived) {

        public Method {
            derived = List.copyOf(derived);
        }

        /** A method whose every block is counted. */
        public Method(String name, String desc, int invocationCounter, int firstBlockCounter, int[] lengths,
                      int[][] kinds) {
            this(name, desc, invocationCounter, firstBlockCounter, lengths, kinds, List.of());
        }

        public int blocks() {
            return lengths.length;
        }

        /** Whether a derivation reads a block's exits (an index past the blocks): the weave must count them. */
        public boolean countsExits() {
            for (Derivation d : derived) {
                for (int i : d.plus) {
                    if (i >= blocks()) {
                        return true;
                    }
                }
                for (int i : d.minus) {
                    if (i >= blocks()) {
                        return true;
                    }
                }
            }
            return false;
        }

        /** Whether a block is counted besides the one counting invocations: what the entry-only variant saves. */
        public boolean countsBlocks() {
            return blocks() - derived.size() > (invocationCounter == firstBlockCounter ? 1 : 0);
        }

        /**
         * Fills in the derived blocks' counts, in order (a derivation reads only counted blocks and those derived
         * before it). Block {@code b}'s count is at {@code counts[at + b]}; blocks past the array's end read as 0.
         */
        public void derive(long[] counts, int at) {
            for (Derivation d : derived) {
                long n = 0;
                for (int b : d.plus) {
                    n += read(counts, at + b);
                }
                for (int b : d.minus) {
                    n -= read(counts, at + b);
                }
                int i = at + d.block;
                if (i >= 0 && i < counts.length) {
                    // counts read from other threads while they run may trail by an increment in flight
                    counts[i] = Math.max(0, n);
                }
            }
        }

        private static long read(long[] counts, int i) {
            return i >= 0 && i < counts.length ? counts[i] : 0;
        }
    }

    /**
     * A block whose count is the sum of the {@code plus} blocks' less the {@code minus} blocks' (indexes within the
     * method), by the flow of control: the weave does not count it. An index {@code blocks + b} is block {@code b}'s
     * exits (the times an exception left it), counted right after the method's block counters.
     */
    public record Derivation(int block, int[] plus, int[] minus) {
    }

    private final int slot;
    private final int size;
    private final List<Method> methods;
    private final int base;

    /** A class counted through {@code ThreadCounters}, by slot. */
    public ClassLayout(int slot, int size, List<Method> methods) {
        this(slot, size, methods, -1);
    }

    /** @param base the class's first counter in each thread's field array, or -1 for none */
    public ClassLayout(int slot, int size, List<Method> methods, int base) {
        this.slot = slot;
        this.size = size;
        this.methods = List.copyOf(methods);
        this.base = base;
    }

    public int slot() {
        return slot;
    }

    /** The class's first counter in each thread's array of {@code ThreadFieldCounters}, or -1 if it counts by slot. */
    public int base() {
        return base;
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

    /** The class's counts with every method's derived blocks worked out ({@link Method#derive}), a new array. */
    public long[] derived(long[] counts) {
        long[] out = counts.clone();
        for (Method m : methods) {
            m.derive(out, m.firstBlockCounter);
        }
        return out;
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
            sb.append('\t');
            for (int d = 0; d < m.derived.size(); d++) {
                Derivation x = m.derived.get(d);
                sb.append(d > 0 ? ";" : "").append(x.block).append('=');
                for (int b : x.plus) {
                    sb.append('+').append(b);
                }
                for (int b : x.minus) {
                    sb.append('-').append(b);
                }
            }
            sb.append('\n');
        }
        Map<String, String> facts = new HashMap<>(FactText.split(TEXT, sb.toString()));
        facts.put(SLOT, Integer.toString(slot));
        facts.put(SIZE, Integer.toString(size));
        if (base >= 0) {
            facts.put(BASE, Integer.toString(base));
        }
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
                List<Derivation> derived = new ArrayList<>();
                for (String d : f.length > 5 && !f[5].isEmpty() ? f[5].split(";") : new String[0]) {
                    derived.add(derivation(d, blocks.length));
                }
                methods.add(new Method(f[0], f[1], Integer.parseInt(f[2]), Integer.parseInt(f[3]), lengths, kinds,
                    derived));
            }
            return new ClassLayout(Integer.parseInt(slot), Integer.parseInt(size), methods,
                FactText.number(facts, BASE));
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** {@code block=+a+b-c}; every index within the method's blocks and their exits. */
    private static Derivation derivation(String text, int blocks) {
        int eq = text.indexOf('=');
        int block = inRange(Integer.parseInt(text.substring(0, eq)), blocks);
        List<Integer> plus = new ArrayList<>();
        List<Integer> minus = new ArrayList<>();
        int i = eq + 1;
        while (i < text.length()) {
            char sign = text.charAt(i);
            int end = i + 1;
            while (end < text.length() && Character.isDigit(text.charAt(end))) {
                end++;
            }
            int b = inRange(Integer.parseInt(text.substring(i + 1, end)), 2 * blocks);   // a block or its exits
            if (sign == '+') {
                plus.add(b);
            } else if (sign == '-') {
                minus.add(b);
            } else {
                throw new IllegalArgumentException("derivation: " + text);
            }
            i = end;
        }
        return new Derivation(block, ints(plus), ints(minus));
    }

    /** Not a stream with a method reference: the results parse layouts at a run's end, where a bootstrap costs. */
    private static int[] ints(List<Integer> list) {
        int[] out = new int[list.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = list.get(i);
        }
        return out;
    }

    private static int inRange(int block, int blocks) {
        if (block < 0 || block >= blocks) {
            throw new IllegalArgumentException("block " + block + " of " + blocks);
        }
        return block;
    }
}
