package io.taper.analysis.methodtime;

import java.util.Arrays;

/**
 * Every thread's {@link ThreadProfile}: created on the thread's first observed call and kept for the
 * whole run (a finished thread's calls stay in the results). The per-thread lookup is a
 * {@link ThreadLocal} ({@code java.lang.Thread*} is never woven, so the lookup cannot recurse).
 */
final class ThreadProfiles {

    /** Calling contexts per thread before call paths are flattened (see {@link ContextTree}). */
    static final int MAX_CONTEXTS_PER_THREAD = 1 << 18;

    private static final class Current extends ThreadLocal<ThreadProfile> {
        @Override
        protected ThreadProfile initialValue() {
            Thread t = Thread.currentThread();
            @SuppressWarnings("deprecation")    // Thread.threadId() is Java 19+; getId() is the same number
            ThreadProfile p = new ThreadProfile(t.getName(), t.getId(), MAX_CONTEXTS_PER_THREAD);
            register(p);
            return p;
        }
    }

    private static final Current CURRENT = new Current();
    private static ThreadProfile[] all = new ThreadProfile[16];
    private static int count;

    private ThreadProfiles() {
    }

    /** The calling thread's profile. */
    static ThreadProfile current() {
        return CURRENT.get();
    }

    private static synchronized void register(ThreadProfile p) {
        if (count == all.length) {
            all = Arrays.copyOf(all, count * 2);
        }
        all[count++] = p;
    }

    /** Every profile so far, in creation order. */
    static synchronized ThreadProfile[] all() {
        return Arrays.copyOf(all, count);
    }
}
