package io.taper.analysis.coverage;

import io.taper.api.OutOfLine;
import java.util.ArrayList;
import java.util.List;
import jdk.internal.vm.annotation.Stable;

/**
 * The probe arrays of the observed program's classes: one {@code boolean[]} per class, in JaCoCo's probe order,
 * fetched once per method invocation by the woven code ({@link #probes}) and set by its probes.
 *
 * <p>The table is {@link Stable} down to the probes themselves. An adaptive run's probe reads its flag and sets it
 * only when it is still false, so a method the JIT compiles after a probe fired has that probe folded away: the probe
 * removes itself without a retransformation, and compiled code is never thrown away. Code compiled before the probe
 * fired keeps a load and a compare. A fixed run's probe stores {@code true} every time, as JaCoCo's does.
 */
public final class CoverageProbes {

    private static final int CHUNK_BITS = 10;
    private static final int CHUNK = 1 << CHUNK_BITS;
    /** Room for 4 million classes. */
    static final int MAX_SLOTS = 4096 * CHUNK;

    @Stable
    private static final boolean[][][] TABLE = new boolean[MAX_SLOTS >>> CHUNK_BITS][][];

    /** One class's probes as registered: for the results. */
    record ClassProbes(int slot, boolean[] probes) {
    }

    private static final List<ClassProbes> REGISTERED = new ArrayList<>();
    /** Arrays handed out when the table is full: their hits are lost, the program is not. */
    private static int overflow;

    private CoverageProbes() {
    }

    /**
     * The probe array of a class, created at its first call. Small enough to be inlined into every woven method:
     * once the JIT knows the slot's array, a fired probe's flag is a constant. Which class a slot is (name, JaCoCo
     * id) the server says with the class ({@link CoverageResults#SLOT}), so the woven code pushes two ints only.
     *
     * @param slot  the class's slot (the weaver's, per class and loader)
     * @param count its number of probes
     */
    public static boolean[] probes(int slot, int count) {
        boolean[][] chunk = TABLE[slot >>> CHUNK_BITS];
        if (chunk != null) {
            boolean[] p = chunk[slot & (CHUNK - 1)];
            if (p != null) {
                return p;
            }
        }
        return register(slot, count);
    }

    @OutOfLine
    private static synchronized boolean[] register(int slot, int count) {
        if (slot < 0 || slot >= MAX_SLOTS) {
            overflow++;
            return new boolean[count];
        }
        boolean[][] chunk = TABLE[slot >>> CHUNK_BITS];
        if (chunk == null) {
            chunk = new boolean[CHUNK][];
            TABLE[slot >>> CHUNK_BITS] = chunk;
        }
        boolean[] p = chunk[slot & (CHUNK - 1)];
        if (p == null) {
            p = new boolean[count];
            chunk[slot & (CHUNK - 1)] = p;   // once: a stable element never changes after it is set
            REGISTERED.add(new ClassProbes(slot, p));
        }
        return p;
    }

    /** The classes registered so far (their arrays are live). */
    static synchronized List<ClassProbes> registered() {
        return new ArrayList<>(REGISTERED);
    }

    /** Classes that got an array outside the table (their hits are not reported). */
    static synchronized int overflow() {
        return overflow;
    }
}
