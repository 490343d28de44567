package io.taper.protocol;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Whether two class files are the same class file up to the order of their methods, and a fingerprint that says so
 * without the other file at hand. HotSpot hands an agent the class
 * it reconstitutes from its own structures, with the methods in the order of their names' addresses in memory: with
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
        try {
            int ma = methodsStart(a);
            int mb = methodsStart(b);
            if (ma < 0 || ma != mb || !Arrays.equals(a, 0, ma, b, 0, mb)) {
                return false;
            }
            int count = u2(a, ma);
            if (count != u2(b, mb)) {
                return false;
            }
            // The constant pools are equal, so a name and descriptor index pair names the same method in both.
            Map<Integer, int[]> inB = new HashMap<>(count * 2);
            int at = mb + 2;
            for (int i = 0; i < count; i++) {
                int end = memberEnd(b, at);
                inB.put(u2(b, at + 2) << 16 | u2(b, at + 4), new int[] {at, end});
                at = end;
            }
            int endB = at;
            at = ma + 2;
            for (int i = 0; i < count; i++) {
                int end = memberEnd(a, at);
                int[] other = inB.remove(u2(a, at + 2) << 16 | u2(a, at + 4));
                if (other == null || !Arrays.equals(a, at, end, b, other[0], other[1])) {
                    return false;
                }
                at = end;
            }
            return at == endB && Arrays.equals(a, at, a.length, b, endB, b.length);
        } catch (IndexOutOfBoundsException e) {
            return false;
        }
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
        int methods;
        try {
            methods = methodsStart(c);
        } catch (IndexOutOfBoundsException e) {
            methods = -1;
        }
        if (methods < 0) {
            crcC.update(c, 0, c.length);
            crc.update(c, 0, c.length);
            return crcC.getValue() << 32 ^ crc.getValue() ^ c.length;
        }
        try {
            int count = u2(c, methods);
            long sumC = 0;
            long sum = 0;
            java.util.zip.CRC32C oneC = new java.util.zip.CRC32C();
            java.util.zip.CRC32 one = new java.util.zip.CRC32();
            int at = methods + 2;
            for (int i = 0; i < count; i++) {
                int end = memberEnd(c, at);
                oneC.reset();
                oneC.update(c, at, end - at);
                one.reset();
                one.update(c, at, end - at);
                sumC += oneC.getValue();
                sum += one.getValue();
                at = end;
            }
            crcC.update(c, 0, methods + 2);
            crcC.update(c, at, c.length - at);
            crc.update(c, 0, methods + 2);
            crc.update(c, at, c.length - at);
            long high = (crcC.getValue() + sumC * 0x9E3779B1L) & 0xffffffffL;
            long low = (crc.getValue() + sum * 0x85EBCA77L) & 0xffffffffL;
            return high << 32 | low;
        } catch (IndexOutOfBoundsException e) {
            crcC.reset();
            crcC.update(c, 0, c.length);
            return crcC.getValue() << 32 ^ c.length;
        }
    }

    /** The offset of {@code methods_count}, or -1 if the bytes are not a class file this walk understands. */
    static int methodsStart(byte[] c) {
        if (c.length < 10 || u2(c, 0) != 0xCAFE || u2(c, 2) != 0xBABE) {
            return -1;
        }
        int count = u2(c, 8);
        int at = 10;
        for (int i = 1; i < count; i++) {
            int tag = c[at] & 0xff;
            switch (tag) {
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
                    return -1;
            }
        }
        at += 6;                          // access flags, this class, super class
        at += 2 + 2 * u2(c, at);          // interfaces
        int fields = u2(c, at);
        at += 2;
        for (int i = 0; i < fields; i++) {
            at = memberEnd(c, at);
        }
        return at;
    }

    /** The end of the field_info or method_info at {@code at}. */
    private static int memberEnd(byte[] c, int at) {
        int attributes = u2(c, at + 6);
        at += 8;
        for (int i = 0; i < attributes; i++) {
            at += 6 + u4(c, at + 2);
        }
        return at;
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
