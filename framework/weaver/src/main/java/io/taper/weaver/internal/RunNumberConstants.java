package io.taper.weaver.internal;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The run numbers of a transformed class ({@code ClassTransform.Woven.runNumbers}) as constant pool entries: where
 * they are, and the class with other numbers in them. Reads the pool itself rather than through ASM's
 * {@code ClassReader}, which refuses class files newer than the ASM it ships with (a transform may write those).
 */
final class RunNumberConstants {

    private static final int CONSTANT_INTEGER = 3;

    private RunNumberConstants() {
    }

    /** The number of constant pool slots of a class file ({@code constant_pool_count}), or -1 if it is too short. */
    static int poolCount(byte[] classFile) {
        return classFile.length < 10 ? -1 : (classFile[8] & 0xff) << 8 | (classFile[9] & 0xff);
    }

    /**
     * @param original the class before the transform
     * @return per number, the index of the one {@code CONSTANT_Integer} entry holding it; null if a number has no
     *         entry, shares one with another number, or its value is also in another entry or among the original
     *         class's constants (a transform may rebuild the pool, so the original's entries can be anywhere: writing
     *         another number into a shared one would change the class's own constant)
     */
    static int[] locate(byte[] transformed, byte[] original, int[] numbers) {
        int[] offsets = integerOffsets(transformed);
        int[] originalOffsets = integerOffsets(original);
        if (offsets == null || originalOffsets == null) {
            return null;
        }
        Set<Integer> originalValues = new HashSet<>();
        for (int at : originalOffsets) {
            if (at > 0) {
                originalValues.add(readInt(original, at));
            }
        }
        Map<Integer, Integer> itemByValue = new HashMap<>();
        Set<Integer> duplicated = new HashSet<>();
        for (int i = 1; i < offsets.length; i++) {
            if (offsets[i] > 0 && itemByValue.put(readInt(transformed, offsets[i]), i) != null) {
                duplicated.add(readInt(transformed, offsets[i]));
            }
        }
        Set<Integer> seen = new HashSet<>();
        int[] items = new int[numbers.length];
        for (int n = 0; n < numbers.length; n++) {
            Integer item = itemByValue.get(numbers[n]);
            if (item == null || originalValues.contains(numbers[n]) || duplicated.contains(numbers[n])
                    || !seen.add(numbers[n])) {
                return null;
            }
            items[n] = item;
        }
        return items;
    }

    /** The class with {@code numbers[n]} in entry {@code items[n]}, or null if an entry is not a CONSTANT_Integer. */
    static byte[] renumber(byte[] transformed, int[] items, int[] numbers) {
        int[] offsets = integerOffsets(transformed);
        if (offsets == null || items.length != numbers.length) {
            return null;
        }
        byte[] out = transformed.clone();
        for (int n = 0; n < items.length; n++) {
            if (items[n] <= 0 || items[n] >= offsets.length || offsets[items[n]] <= 0) {
                return null;
            }
            int at = offsets[items[n]];
            int v = numbers[n];
            out[at] = (byte) (v >>> 24);
            out[at + 1] = (byte) (v >>> 16);
            out[at + 2] = (byte) (v >>> 8);
            out[at + 3] = (byte) v;
        }
        return out;
    }

    /**
     * Per constant pool index, the offset of a CONSTANT_Integer entry's value (0 for other entries), or null if the
     * pool cannot be walked.
     */
    static int[] integerOffsets(byte[] b) {
        int count = poolCount(b);
        if (count < 1) {
            return null;
        }
        int[] offsets = new int[count];
        int at = 10;
        try {
            for (int i = 1; i < count; i++) {
                int tag = b[at] & 0xff;
                switch (tag) {
                    case 1 -> at += 3 + ((b[at + 1] & 0xff) << 8 | (b[at + 2] & 0xff));
                    case CONSTANT_INTEGER -> {
                        offsets[i] = at + 1;
                        at += 5;
                    }
                    case 4, 9, 10, 11, 12, 17, 18 -> at += 5;
                    case 5, 6 -> {
                        at += 9;
                        i++;   // longs and doubles take two slots
                    }
                    case 7, 8, 16, 19, 20 -> at += 3;
                    case 15 -> at += 4;
                    default -> {
                        return null;
                    }
                }
            }
        } catch (ArrayIndexOutOfBoundsException truncated) {
            return null;
        }
        return at <= b.length ? offsets : null;
    }

    private static int readInt(byte[] b, int at) {
        return (b[at] & 0xff) << 24 | (b[at + 1] & 0xff) << 16 | (b[at + 2] & 0xff) << 8 | (b[at + 3] & 0xff);
    }
}
