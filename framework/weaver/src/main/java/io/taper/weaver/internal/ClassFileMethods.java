package io.taper.weaver.internal;

import org.objectweb.asm.ClassReader;

/** Where each method of a class file starts and ends, read from the file's own length fields. */
public final class ClassFileMethods {

    private ClassFileMethods() {
    }

    /**
     * @return {@code [start0, end0, start1, end1, ...]} of the {@code method_info} structures, in file order, or null
     *         if the bytes are not a well-formed class file (the caller then hashes them as they are)
     */
    public static int[] ranges(byte[] b) {
        try {
            ClassReader cr = new ClassReader(b);
            int at = cr.header;                         // access_flags
            at += 6;                                    // access, this, super
            at += 2 + 2 * u2(b, at);                    // interfaces
            at = skipMembers(b, at, null);              // fields
            int count = u2(b, at);
            int[] ranges = new int[2 * count];
            at += 2;
            for (int i = 0; i < count; i++) {
                ranges[2 * i] = at;
                at = skipMember(b, at);
                ranges[2 * i + 1] = at;
            }
            return at <= b.length ? ranges : null;
        } catch (RuntimeException malformed) {
            return null;
        }
    }

    private static int skipMembers(byte[] b, int at, int[] unused) {
        int count = u2(b, at);
        at += 2;
        for (int i = 0; i < count; i++) {
            at = skipMember(b, at);
        }
        return at;
    }

    /** access, name, descriptor, attributes (each: name, u4 length, bytes). */
    private static int skipMember(byte[] b, int at) {
        at += 6;
        int attributes = u2(b, at);
        at += 2;
        for (int a = 0; a < attributes; a++) {
            long length = ((long) u2(b, at + 2) << 16 | u2(b, at + 4)) & 0xFFFFFFFFL;
            at += 6;
            if (length > b.length - at) {
                throw new IllegalArgumentException("attribute past the end");
            }
            at += (int) length;
        }
        return at;
    }

    private static int u2(byte[] b, int at) {
        return (b[at] & 0xFF) << 8 | (b[at + 1] & 0xFF);
    }
}
