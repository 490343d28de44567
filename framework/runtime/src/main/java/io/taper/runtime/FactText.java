package io.taper.runtime;

import java.util.HashMap;
import java.util.Map;

/**
 * A long text carried in a woven class's facts ({@code ClassTransform.Woven#facts}, which reach the observed JVM as a
 * site's static context): facts travel as strings the protocol limits to 64 KiB of UTF-8 each, so the text is split
 * into numbered chunks of at most {@value #CHUNK} characters under one prefix. Also reads a number such facts carry
 * (a class's slot).
 */
public final class FactText {

    static final int CHUNK = 16_000;

    private FactText() {
    }

    /** The facts that carry {@code text}: {@code prefix + "n"} (the number of chunks) and {@code prefix + i}. */
    public static Map<String, String> split(String prefix, String text) {
        Map<String, String> facts = new HashMap<>();
        int chunks = 0;
        for (int i = 0; i < text.length(); i += CHUNK) {
            facts.put(prefix + chunks++, text.substring(i, Math.min(text.length(), i + CHUNK)));
        }
        facts.put(prefix + "n", Integer.toString(chunks));
        return facts;
    }

    /**
     * A non-negative number under {@code key} (a class's slot), or -1 if the facts hold none there: a reader finds the
     * classes it wove by this without reading their longer texts.
     */
    public static int number(Map<String, String> facts, String key) {
        String v = facts.get(key);
        if (v == null) {
            return -1;
        }
        try {
            return Math.max(-1, Integer.parseInt(v));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The text under {@code prefix}, or null if the facts do not hold it whole. */
    public static String join(Map<String, String> facts, String prefix) {
        String n = facts.get(prefix + "n");
        if (n == null) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        try {
            int chunks = Integer.parseInt(n);
            for (int i = 0; i < chunks; i++) {
                String c = facts.get(prefix + i);
                if (c == null) {
                    return null;
                }
                sb.append(c);
            }
        } catch (NumberFormatException e) {
            return null;
        }
        return sb.toString();
    }
}
