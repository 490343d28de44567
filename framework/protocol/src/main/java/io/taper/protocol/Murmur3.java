package io.taper.protocol;

/**
 * MurmurHash3's x64 128-bit variant (Austin Appleby's, public domain): a content address for class files where a
 * cryptographic digest would cost several times as much under the server's quick compiler, which has no intrinsic for
 * SHA-256. It tells apart classes, not adversaries.
 */
public final class Murmur3 {

    private static final long C1 = 0x87c37b91114253d5L;
    private static final long C2 = 0x4cf5ad432745937fL;

    private Murmur3() {
    }

    /** The hash of {@code data[from, to)} with {@code seed}: {@code {h1, h2}}. */
    public static long[] hash128(byte[] data, int from, int to, long seed) {
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
