package io.taper.analysis.methodcount;

import io.taper.runtime.FactText;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A woven class's counters: its slot, and the method each counter counts the entries of (counter {@code i} is
 * {@code methods().get(i)}). The server sends it as the class's facts; the results read it back.
 *
 * @param methods name and descriptor per counter
 */
public record MethodTable(int slot, List<String[]> methods, int base) {

    public static final String SLOT = "methodcount.slot";
    public static final String TEXT = "methodcount.methods.";
    /** Where the class's counters start in each thread's array of {@code ThreadFieldCounters}, if counted there. */
    public static final String BASE = "methodcount.base";
    /** The number of the class's counters: a reader of counts need not parse the table for it. */
    public static final String SIZE = "methodcount.size";

    /** A class counted through {@code ThreadCounters}, by slot. */
    public MethodTable(int slot, List<String[]> methods) {
        this(slot, methods, -1);
    }

    public Map<String, String> toFacts() {
        StringBuilder sb = new StringBuilder();
        for (String[] m : methods) {
            sb.append(m[0]).append('\t').append(m[1]).append('\n');
        }
        Map<String, String> facts = new HashMap<>(FactText.split(TEXT, sb.toString()));
        facts.put(SLOT, Integer.toString(slot));
        facts.put(SIZE, Integer.toString(methods.size()));
        if (base >= 0) {
            facts.put(BASE, Integer.toString(base));
        }
        return facts;
    }

    /** The slot the facts name, or -1 if they are not a method-count class's: all a reader of counts needs. */
    public static int slotOf(Map<String, String> facts) {
        return FactText.number(facts, SLOT);
    }

    /** The table the facts carry, or null if they are not a method-count class's. */
    public static MethodTable fromFacts(Map<String, String> facts) {
        int slot = slotOf(facts);
        String text = FactText.join(facts, TEXT);
        if (slot < 0 || text == null) {
            return null;
        }
        List<String[]> methods = new ArrayList<>();
        for (int at = 0, end; at < text.length(); at = end + 1) {
            end = text.indexOf('\n', at);
            if (end < 0) {
                end = text.length();
            }
            int tab = text.indexOf('\t', at);
            if (tab > at && tab < end) {
                methods.add(new String[] {text.substring(at, tab), text.substring(tab + 1, end)});
            }
        }
        return new MethodTable(slot, methods, FactText.number(facts, BASE));
    }

    /** The base the facts name, or -1 if the class counts through {@code ThreadCounters}. */
    public static int baseOf(Map<String, String> facts) {
        return FactText.number(facts, BASE);
    }
}
