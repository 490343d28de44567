package io.taper.weaver.internal;

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

    private static final long C1 = 0x87c37b91114253d5L;
    private static final long C2 = 0x4cf5ad432745937fL;

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
            return murmur3x128(classBytes, 0, classBytes.length, seed);
        }
        int n = methods.length / 2;
        long[][] parts = new long[n][];
        for (int i = 0; i < n; i++) {
            parts[i] = murmur3x128(classBytes, methods[2 * i], methods[2 * i + 1], seed);
        }
        java.util.Arrays.sort(parts, (a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        long[] head = murmur3x128(classBytes, 0, methods[0], seed);
        long[] tail = murmur3x128(classBytes, methods[methods.length - 1], classBytes.length, seed);
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
        return murmur3x128(all, 0, all.length, seed);
    }

    /** Writes a 128-bit hash at {@code at}, big-endian, and returns the offset after it. */
    static int put(byte[] b, int at, long[] h) {
        for (int i = 0; i < 8; i++) {
            b[at + i] = (byte) (h[0] >>> (56 - 8 * i));
            b[at + 8 + i] = (byte) (h[1] >>> (56 - 8 * i));
        }
        return at + 16;
    }

    /** MurmurHash3's x64 128-bit variant (Austin Appleby's, public domain). */
    static long[] murmur3x128(byte[] data, int from, int to, long seed) {
        long h1 = seed;
        long h2 = seed;
        int length = to - from;
        int blocks = length / 16;
        for (int i = 0; i < blocks; i++) {
            long k1 = littleEndianLong(data, from + i * 16);
            long k2 = littleEndianLong(data, from + i * 16 + 8);
            k1 *= C1;
            k1 = Long.rotateLeft(k1, 31);
            k1 *= C2;
            h1 ^= k1;
            h1 = Long.rotateLeft(h1, 27);
            h1 += h2;
            h1 = h1 * 5 + 0x52dce729;
            k2 *= C2;
            k2 = Long.rotateLeft(k2, 33);
            k2 *= C1;
            h2 ^= k2;
            h2 = Long.rotateLeft(h2, 31);
            h2 += h1;
            h2 = h2 * 5 + 0x38495ab5;
        }
        long k1 = 0;
        long k2 = 0;
        int tail = from + blocks * 16;
        for (int i = to - 1; i >= tail; i--) {
            int j = i - tail;
            if (j >= 8) {
                k2 ^= (data[i] & 0xffL) << ((j - 8) * 8);
            } else {
                k1 ^= (data[i] & 0xffL) << (j * 8);
            }
        }
        k2 *= C2;
        k2 = Long.rotateLeft(k2, 33);
        k2 *= C1;
        h2 ^= k2;
        k1 *= C1;
        k1 = Long.rotateLeft(k1, 31);
        k1 *= C2;
        h1 ^= k1;
        h1 ^= length;
        h2 ^= length;
        h1 += h2;
        h2 += h1;
        h1 = fmix(h1);
        h2 = fmix(h2);
        h1 += h2;
        h2 += h1;
        return new long[] {h1, h2};
    }

    private static long littleEndianLong(byte[] b, int i) {
        return (b[i] & 0xffL) | (b[i + 1] & 0xffL) << 8 | (b[i + 2] & 0xffL) << 16 | (b[i + 3] & 0xffL) << 24
            | (b[i + 4] & 0xffL) << 32 | (b[i + 5] & 0xffL) << 40 | (b[i + 6] & 0xffL) << 48 | (b[i + 7] & 0xffL) << 56;
    }

    private static long fmix(long k) {
        k ^= k >>> 33;
        k *= 0xff51afd7ed558ccdL;
        k ^= k >>> 33;
        k *= 0xc4ceb9fe1a85ec53L;
        k ^= k >>> 33;
        return k;
    }
}
