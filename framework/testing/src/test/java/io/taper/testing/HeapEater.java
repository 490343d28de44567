package io.taper.testing;

import java.util.ArrayList;
import java.util.List;

/** Runs out of heap: with {@code -XX:+CrashOnOutOfMemoryError} its JVM crashes and writes a crash report. */
public final class HeapEater {

    private HeapEater() {
    }

    public static void main(String[] args) {
        List<long[]> kept = new ArrayList<>();
        while (true) {
            kept.add(new long[1 << 16]);
        }
    }
}
