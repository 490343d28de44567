package io.taper.weaver.internal;

import io.taper.protocol.Murmur3;
import io.taper.protocol.SameClassFile;

/**
 * Content addresses of cached weaves: the weaver's cache space (16 bytes) followed by a 128-bit MurmurHash3 of the
 * class bytes seeded with the space and the request's options. Not a cryptographic digest: it tells apart classes,
 * not adversaries (whoever can write the cache directory can as well write Taper's jars). SHA-256 would cost eight
 * times as much in the server, whose quick compiler has no intrinsic for it, and the key is on every class load.
 *
 * <p>The methods are hashed as a set, not in file order: HotSpot hands a class it retransforms over with its methods
 * in the order of its own method table, which follows the addresses of their names and so changes from run to run
 * when the names are not in a shared archive. Two class files that differ only in method order share an entry; the
 * JVM takes either order for a retransformation, and site ids follow the sites, not the order.
 */
final class CacheKeys {

    private CacheKeys() {
    }

    static byte[] of(byte[] space, boolean shadowFields, byte[] classBytes) {
        long seed = 0;
        for (int i = 0; i < Math.min(8, space.length); i++) {
            seed = seed << 8 | (space[i] & 0xffL);
        }
        seed ^= shadowFields ? 0x5bd1e9955bd1e995L : 0;
        byte[] key = new byte[CacheEntry.KEY_BYTES];
        System.arraycopy(space, 0, key, 0, Math.min(16, space.length));
        put(key, 16, canonical(classBytes, seed));
        return key;
    }

    /** The hash of the class with its methods in a canonical order (the file's order when it cannot be parsed). */
    static long[] canonical(byte[] classBytes, long seed) {
        int[] methods = SameClassFile.methodRanges(classBytes);
        if (methods == null || methods.length < 4) {
            return Murmur3.hash128(classBytes, 0, classBytes.length, seed);
        }
        int n = methods.length / 2;
        long[][] parts = new long[n][];
        for (int i = 0; i < n; i++) {
            parts[i] = Murmur3.hash128(classBytes, methods[2 * i], methods[2 * i + 1], seed);
        }
        java.util.Arrays.sort(parts, (a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        long[] head = Murmur3.hash128(classBytes, 0, methods[0], seed);
        long[] tail = Murmur3.hash128(classBytes, methods[methods.length - 1], classBytes.length, seed);
        byte[] all = new byte[16 * (n + 2) + 4];
        int at = put(all, 0, head);
        for (long[] p : parts) {
            at = put(all, at, p);
        }
        at = put(all, at, tail);
        all[at] = (byte) (classBytes.length >>> 24);
        all[at + 1] = (byte) (classBytes.length >>> 16);
        all[at + 2] = (byte) (classBytes.length >>> 8);
        all[at + 3] = (byte) classBytes.length;
        return Murmur3.hash128(all, 0, all.length, seed);
    }

    /** Writes a 128-bit hash at {@code at}, big-endian, and returns the offset after it. */
    static int put(byte[] b, int at, long[] h) {
        for (int i = 0; i < 8; i++) {
            b[at + i] = (byte) (h[0] >>> (56 - 8 * i));
            b[at + 8 + i] = (byte) (h[1] >>> (56 - 8 * i));
        }
        return at + 16;
    }
}
