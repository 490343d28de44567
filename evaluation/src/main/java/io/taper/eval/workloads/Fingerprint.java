package io.taper.eval.workloads;

import java.nio.charset.StandardCharsets;

/**
 * An order-sensitive 64-bit FNV-1a digest of what a workload computed, printed in its summary line so
 * that a changed result (e.g. under instrumentation) is visible at a glance.
 */
final class Fingerprint {

    private static final long OFFSET = 0xcbf29ce484222325L;
    private static final long PRIME = 0x100000001b3L;

    private long hash = OFFSET;

    Fingerprint add(long value) {
        for (int i = 0; i < 8; i++) {
            hash ^= (value >>> (8 * i)) & 0xff;
            hash *= PRIME;
        }
        return this;
    }

    Fingerprint add(String value) {
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            hash ^= b & 0xff;
            hash *= PRIME;
        }
        return add(value.length());
    }

    Fingerprint add(byte[] bytes, int length) {
        for (int i = 0; i < length; i++) {
            hash ^= bytes[i] & 0xff;
            hash *= PRIME;
        }
        return add(length);
    }

    String hex() {
        return String.format("%016x", hash);
    }
}
