package io.taper.runtime.state;

import java.util.ArrayList;
import java.util.List;
import jdk.internal.vm.annotation.DontInline;
import jdk.internal.vm.annotation.ForceInline;
import jdk.internal.vm.annotation.Stable;

/**
 * Ratcheted flags for probes woven inline (rather than as snippet calls): one {@code boolean[]} per class, fetched
 * once per method invocation by the woven code ({@link #probes}) and set by its probes, as coverage tools fetch and
 * set their probe arrays. What SiteSwitches are for snippets, this is for inline probes: the instant removal.
 *
 * <p>The table is {@link Stable} down to the flags themselves. A probe that reads its flag and sets it only when it
 * is still false is folded away in a method the JIT compiles after the flag was set: it removes itself without a
 * retransformation, and compiled code is never thrown away. Code compiled before keeps a load and a compare. (A probe
 * that stores every time, as JaCoCo's do, costs its store for ever.) The slots are the weaver's, one per class and
 * loader; which class a slot is, the analysis learns by other means (the facts its transform sends with the class).
 */
public final class ProbeArrays {

    private static final int CHUNK_BITS = 10;
    private static final int CHUNK = 1 << CHUNK_BITS;
    /** Room for 4 million classes. */
    static final int MAX_SLOTS = 4096 * CHUNK;

    @Stable
    private static final boolean[][][] TABLE = new boolean[MAX_SLOTS >>> CHUNK_BITS][][];

    /** One class's flags as registered: for the results. */
    public record ClassProbes(int slot, boolean[] probes) {
    }

    // Guarded by the class lock.
    private static List<ClassProbes> registeredClasses = new ArrayList<>();
    /** Arrays handed out when the table is full: their hits are lost, the program is not. */
    private static int overflow;

    private ProbeArrays() {
    }

    /**
     * The flags of a class, created at its first call. Forced inline: left to the heuristics, C1 refused it at most
     * call sites (by its size, over 35 bytes) and C2 at the sites it did not count as hot, and a fetch left as a call
     * returns an array the JIT does not know, so every probe of that compiled method kept its load and compare for
     * ever. Inlined, a set flag is a constant and the range check folds away; a forced callee also counts as one byte,
     * not its size, against the inlining budget of the method it goes into. The woven code pushes two ints only.
     *
     * @param slot  the class's slot (the weaver's, per class and loader)
     * @param count its number of probes
     */
    @ForceInline
    public static boolean[] probes(int slot, int count) {
        int c = slot >>> CHUNK_BITS;
        boolean[][] chunk = c < TABLE.length ? TABLE[c] : null;
        if (chunk != null) {
            boolean[] p = chunk[slot & (CHUNK - 1)];
            if (p != null) {
                return p;
            }
        }
        return register(slot, count);
    }

    @DontInline
    private static synchronized boolean[] register(int slot, int count) {
        if (slot < 0 || slot >= MAX_SLOTS) {
            overflow++;
            return new boolean[Math.max(count, 0)];
        }
        boolean[][] chunk = TABLE[slot >>> CHUNK_BITS];
        if (chunk == null) {
            chunk = new boolean[CHUNK][];
            TABLE[slot >>> CHUNK_BITS] = chunk;
        }
        boolean[] p = chunk[slot & (CHUNK - 1)];
        if (p == null) {
            p = new boolean[Math.max(count, 0)];
            chunk[slot & (CHUNK - 1)] = p;   // once: a stable element never changes after it is set
            registeredClasses.add(new ClassProbes(slot, p));
        }
        return p;
    }

    /** The classes registered so far (their arrays are live). */
    public static synchronized List<ClassProbes> registered() {
        return new ArrayList<>(registeredClasses);
    }

    /** Classes that got an array outside the table (their flags are not reported). */
    public static synchronized int overflow() {
        return overflow;
    }

    /**
     * Forgets every class's flags, as at the JVM's start: after a detach the next attach numbers its slots from zero,
     * and a class there must not find another's flags set. The only time a stable element changes: the code the JIT
     * compiled with these arrays folded in was woven code, which the JVM threw away when the detach restored its class;
     * a method still running in its woven form keeps setting the flags it fetched, which nobody reports.
     */
    public static synchronized void reset() {
        for (int i = 0; i < TABLE.length; i++) {
            TABLE[i] = null;
        }
        registeredClasses = new ArrayList<>();
        overflow = 0;
    }
}
