package io.taper.analysis.methodtime;

import io.taper.runtime.state.IndexedThreadLocal;
import java.util.Arrays;
import java.util.HashMap;

/**
 * Every thread's {@link ThreadProfile}: created on the thread's first observed call and kept for the
 * whole run (a finished thread's calls stay in the results). The per-thread lookup is a
 * thread-local ({@code java.lang.Thread*} is never woven, so the lookup cannot recurse), read through its
 * {@link IndexedThreadLocal} front.
 */
final class ThreadProfiles {

    /** Calling contexts per thread before call paths are flattened (see {@link ContextTree}). */
    static final int MAX_CONTEXTS_PER_THREAD = 1 << 18;

    static final class Current extends IndexedThreadLocal<ThreadProfile> {
        @Override
        protected ThreadProfile initialValue() {
            return forThread(Thread.currentThread());
        }
    }

    static final Current CURRENT = new Current();
    private static ThreadProfile[] all = new ThreadProfile[16];
    private static int count;
    // Thread ids are never reused within a run. The thread-local is only a fast path: JDK threads such as
    // InnocuousThread erase all their thread-locals between tasks, and their stacks must survive that.
    private static final HashMap<Long, ThreadProfile> BY_THREAD_ID = new HashMap<>();

    private ThreadProfiles() {
    }

    /** The calling thread's profile. */
    static ThreadProfile current() {
        return CURRENT.current();
    }

    /** The thread's profile, created on its first call and found again after its thread-locals were erased. */
    @SuppressWarnings("deprecation")    // Thread.threadId() is Java 19+; getId() is the same number
    static synchronized ThreadProfile forThread(Thread t) {
        Long id = t.getId();
        ThreadProfile p = BY_THREAD_ID.get(id);
        if (p == null) {
            p = new ThreadProfile(t.getName(), t.getId(), MAX_CONTEXTS_PER_THREAD);
            BY_THREAD_ID.put(id, p);
            if (count == all.length) {
                all = Arrays.copyOf(all, count * 2);
            }
            all[count++] = p;
        }
        return p;
    }

    /** Every profile so far, in creation order. */
    static synchronized ThreadProfile[] all() {
        return Arrays.copyOf(all, count);
    }
}
