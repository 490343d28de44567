package io.taper.protocol;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Whether two class files are the same class file up to the order of their methods, a fingerprint that says so
 * without the other file at hand, and where a class file's methods lie. HotSpot hands an agent the class it
 * reconstitutes from its own structures, with the methods in the order of their names' addresses in memory: with
 * class-data sharing that order is the archive's, the same in every run; without it, it changes from run to run
 * while every byte of every method, and the rest of the file, stays the same. A weave does not depend on the order of
 * methods, and the JVM matches a retransformed class's methods by name and descriptor.
 */
public final class SameClassFile {

    private SameClassFile() {
    }

    /**
     * True if both are well-formed class files with equal bytes before and after their methods and the same methods
     * (each method_info equal byte for byte), in any order; false otherwise, also for bytes that do not parse.
     */
    public static boolean upToMethodOrder(byte[] a, byte[] b) {
        if (a.length != b.length) {
            return false;
        }
        if (Arrays.equals(a, b)) {
            return true;
        }
        int[] ra = methodRanges(a);
        int[] rb = methodRanges(b);
        if (ra == null || rb == null || ra.length != rb.length || ra.length == 0) {
            return false;
        }
        int first = ra[0];
        int end = ra[ra.length - 1];
        if (first != rb[0] || end != rb[rb.length - 1] || !Arrays.equals(a, 0, first, b, 0, first)
                || !Arrays.equals(a, end, a.length, b, end, b.length)) {
            return false;
        }
        // The constant pools are equal, so a name and descriptor index pair names the same method in both.
        Map<Integer, Integer> inB = new HashMap<>(ra.length);
        for (int i = 0; i < rb.length; i += 2) {
            inB.put(nameAndDescriptor(b, rb[i]), i);
        }
        for (int i = 0; i < ra.length; i += 2) {
            Integer j = inB.remove(nameAndDescriptor(a, ra[i]));
            if (j == null || !Arrays.equals(a, ra[i], ra[i + 1], b, rb[j], rb[j + 1])) {
                return false;
            }
        }
        return true;
    }

    /**
     * True if both are well-formed class files of the same class up to the order of their methods and of their
     * attributes (the class's, each method's and each {@code Code} attribute's), up to the attributes HotSpot does not
     * reconstitute as they were and the code does not run by ({@link #IGNORED}), and up to constants {@code reconstituted}'s pool has after
     * all of {@code file}'s: what HotSpot reconstitutes for a retransformation of a class loaded before any agent could
     * keep its bytes, against the class file it was loaded from. The constants both have, the fields, the code and
     * every other attribute are equal.
     */
    public static boolean sameClassUpToOrder(byte[] file, byte[] reconstituted) {
        byte[] a = file;
        byte[] b = reconstituted;
        if (upToMethodOrder(a, b)) {
            return true;
        }
        try {
            int[] cpa = pool(a);
            int[] cpb = pool(b);
            if (cpa == null || cpb == null || !Arrays.equals(a, 0, 8, b, 0, 8)) {
                return false;
            }
            // HotSpot appends the constants of the methods it generates (default methods, their error stubs) to the
            // pool it reconstitutes: the reconstituted pool begins with the file's, entry for entry
            int end = cpa[cpa.length - 1];
            if (cpa.length > cpb.length || cpb[cpa.length - 1] != end || !Arrays.equals(a, 10, end, b, 10, end)) {
                return false;
            }
        } catch (IndexOutOfBoundsException e) {
            return false;
        }
        List<String> ca = canonical(a);
        return ca != null && ca.equals(canonical(b));
    }

    /**
     * The class file after its constant pool as a list that two class files differing only in those orders and
     * attributes share: the bytes up to the fields, each field, the methods sorted, the class's attributes; null for
     * bytes that do not parse.
     */
    private static List<String> canonical(byte[] c) {
        try {
            int[] cp = pool(c);
            if (cp == null) {
                return null;
            }
            int pool = cp[cp.length - 1];
            int at = fields(c, cp);
            HexFormat hex = HexFormat.of();
            List<String> out = new ArrayList<>();
            out.add(hex.formatHex(c, pool, at));   // the pools are compared apart (sameClassUpToOrder)
            int fields = u2(c, at);
            at += 2;
            for (int i = 0; i < fields; i++) {
                out.add("F" + hex.formatHex(c, at, at + 6) + attributes(c, at + 6, cp));
                at = memberEnd(c, at);
            }
            int count = u2(c, at);
            at += 2;
            List<String> methods = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                methods.add("M" + hex.formatHex(c, at, at + 6) + attributes(c, at + 6, cp));
                at = memberEnd(c, at);
            }
            Collections.sort(methods);
            out.addAll(methods);
            out.add("A" + attributes(c, at, cp));
            return out;
        } catch (IndexOutOfBoundsException e) {
            return null;
        }
    }

    /**
     * The attributes whose count is at {@code at}, each as its bytes in hex, sorted, without those {@link #IGNORED} and
     * empty local variable tables; a
     * {@code Code} attribute as its fixed part followed by its own attributes, sorted likewise.
     */
    private static List<String> attributes(byte[] c, int at, int[] cp) {
        int count = u2(c, at);
        at += 2;
        List<String> out = new ArrayList<>(count);
        HexFormat hex = HexFormat.of();
        for (int i = 0; i < count; i++) {
            int name = u2(c, at);
            int length = u4(c, at + 2);
            if (at + 6 + length > c.length) {
                throw new IndexOutOfBoundsException("attribute past the end");
            }
            if (isUtf8(c, cp, name, "Code")) {
                int code = at + 6;
                int fixed = 8 + u4(c, code + 4);
                fixed += 2 + 8 * u2(c, code + fixed);   // the exception table
                out.add("Code " + hex.formatHex(c, code, code + fixed) + " " + attributes(c, code + fixed, cp));
            } else if (!IGNORED.contains(utf8(c, cp, name)) && !emptyTable(c, cp, name, at + 6, length)) {
                out.add(hex.formatHex(c, at, at + 6 + length));
            }
            at += 6 + length;
        }
        Collections.sort(out);
        return out;
    }

    /**
     * Attributes HotSpot does not reconstitute as the file has them, and that carry nothing the code runs by:
     * {@code Deprecated} and {@code Synthetic} (empty), {@code MethodParameters} (entries without a name are left out)
     * and {@code EnclosingMethod} (left out where it names no method).
     */
    private static final java.util.Set<String> IGNORED =
        java.util.Set.of("Deprecated", "Synthetic", "MethodParameters", "EnclosingMethod");

    /** A local variable table without an entry, which HotSpot does not reconstitute at all. */
    private static boolean emptyTable(byte[] c, int[] cp, int name, int content, int length) {
        return length == 2 && u2(c, content) == 0
            && (isUtf8(c, cp, name, "LocalVariableTable") || isUtf8(c, cp, name, "LocalVariableTypeTable"));
    }

    /** The UTF-8 constant at {@code index}, or null if there is none. */
    private static String utf8(byte[] c, int[] cp, int index) {
        if (index <= 0 || index >= cp.length - 1 || cp[index] == 0 || c[cp[index]] != 1) {
            return null;
        }
        int at = cp[index];
        return new String(c, at + 3, u2(c, at + 1), java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    private static boolean isUtf8(byte[] c, int[] cp, int index, String value) {
        return value.equals(utf8(c, cp, index));
    }

    /**
     * Where each constant of the pool starts (0 for the unusable slot after a long or double), and last where the pool
     * ends; null for a constant of an unknown kind.
     */
    private static int[] constantOffsets(byte[] c) {
        int count = u2(c, 8);
        int[] offsets = new int[count + 1];
        int at = 10;
        for (int i = 1; i < count; i++) {
            offsets[i] = at;
            switch (c[at] & 0xff) {
                case 1:
                    at += 3 + u2(c, at + 1);
                    break;
                case 3: case 4: case 9: case 10: case 11: case 12: case 17: case 18:
                    at += 5;
                    break;
                case 5: case 6:
                    at += 9;
                    i++;
                    break;
                case 7: case 8: case 16: case 19: case 20:
                    at += 3;
                    break;
                case 15:
                    at += 4;
                    break;
                default:
                    return null;
            }
        }
        offsets[count] = at;
        return offsets;
    }

    /**
     * 64 bits of the class file that do not depend on the order of its methods: CRC-32C and CRC-32 of the bytes before
     * and after the methods, and the sums of each method_info's. Class files that are {@link #upToMethodOrder the
     * same} have the same fingerprint; a change anywhere changes it (bar a coincidence of both checksums). Bytes that
     * do not parse as a class file get the checksums of all their bytes, in order.
     */
    public static long fingerprint(byte[] c) {
        java.util.zip.CRC32C crcC = new java.util.zip.CRC32C();
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        int[] methods = methodRanges(c);
        if (methods == null) {
            crcC.update(c, 0, c.length);
            crc.update(c, 0, c.length);
            return crcC.getValue() << 32 ^ crc.getValue() ^ c.length;
        }
        // the methods' count ends the bytes before them; without methods, all the bytes come before
        int first = methods.length == 0 ? c.length : methods[0];
        int end = methods.length == 0 ? c.length : methods[methods.length - 1];
        long sumC = 0;
        long sum = 0;
        java.util.zip.CRC32C oneC = new java.util.zip.CRC32C();
        java.util.zip.CRC32 one = new java.util.zip.CRC32();
        for (int i = 0; i < methods.length; i += 2) {
            oneC.reset();
            oneC.update(c, methods[i], methods[i + 1] - methods[i]);
            one.reset();
            one.update(c, methods[i], methods[i + 1] - methods[i]);
            sumC += oneC.getValue();
            sum += one.getValue();
        }
        crcC.update(c, 0, first);
        crcC.update(c, end, c.length - end);
        crc.update(c, 0, first);
        crc.update(c, end, c.length - end);
        long high = (crcC.getValue() + sumC * 0x9E3779B1L) & 0xffffffffL;
        long low = (crc.getValue() + sum * 0x85EBCA77L) & 0xffffffffL;
        return high << 32 | low;
    }

    /**
     * Where each method of a class file starts and ends, read from the file's own length fields:
     * {@code [start0, end0, start1, end1, ...]} of its method_info structures in file order, or null if the bytes are
     * not a class file this walk understands (a constant of an unknown kind, a length past the end).
     */
    public static int[] methodRanges(byte[] c) {
        try {
            int[] cp = pool(c);
            if (cp == null) {
                return null;
            }
            int at = fields(c, cp);
            int fields = u2(c, at);
            at += 2;
            for (int i = 0; i < fields; i++) {
                at = memberEnd(c, at);
            }
            int methods = u2(c, at);
            at += 2;
            int[] ranges = new int[2 * methods];
            for (int i = 0; i < methods; i++) {
                ranges[2 * i] = at;
                at = memberEnd(c, at);
                ranges[2 * i + 1] = at;
            }
            return at <= c.length ? ranges : null;
        } catch (IndexOutOfBoundsException e) {
            return null;
        }
    }

    /** The constant pool's offsets ({@link #constantOffsets}) of a class file, or null for bytes that are none. */
    private static int[] pool(byte[] c) {
        return c.length < 10 || u2(c, 0) != 0xCAFE || u2(c, 2) != 0xBABE ? null : constantOffsets(c);
    }

    /** Where the fields' count lies: after the pool, the access flags, this and super class, and the interfaces. */
    private static int fields(byte[] c, int[] cp) {
        int at = cp[cp.length - 1] + 6;
        return at + 2 + 2 * u2(c, at);
    }

    /** The end of the field_info or method_info at {@code at}. */
    private static int memberEnd(byte[] c, int at) {
        int attributes = u2(c, at + 6);
        at += 8;
        for (int i = 0; i < attributes; i++) {
            at += 6 + u4(c, at + 2);
            if (at > c.length) {
                throw new IndexOutOfBoundsException("attribute past the end");
            }
        }
        return at;
    }

    /** A method_info's name and descriptor indexes as one int. */
    private static int nameAndDescriptor(byte[] c, int at) {
        return u2(c, at + 2) << 16 | u2(c, at + 4);
    }

    private static int u2(byte[] c, int at) {
        return (c[at] & 0xff) << 8 | (c[at + 1] & 0xff);
    }

    private static int u4(byte[] c, int at) {
        int v = (c[at] & 0xff) << 24 | (c[at + 1] & 0xff) << 16 | (c[at + 2] & 0xff) << 8 | (c[at + 3] & 0xff);
        if (v < 0) {
            throw new IndexOutOfBoundsException("attribute length " + (v & 0xffffffffL));
        }
        return v;
    }
}
