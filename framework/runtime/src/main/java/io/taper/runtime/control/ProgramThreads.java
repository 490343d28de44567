package io.taper.runtime.control;

import java.util.HashMap;
import java.util.Map;

/**
 * The program's running threads, for Taper's samplers (the controller's cost model, method-time's removed-method
 * sampler): one rule for which threads count, so every sampler sees the same program.
 */
public final class ProgramThreads {

    private ProgramThreads() {
    }

    /** The root ("system") thread group, which holds every thread. */
    public static ThreadGroup rootGroup() {
        ThreadGroup root = Thread.currentThread().getThreadGroup();
        while (root.getParent() != null) {
            root = root.getParent();
        }
        return root;
    }

    /**
     * A running thread of the program. Not the JVM's own threads in the root ("system") group: the signal
     * dispatcher, the attach listener and the notification thread count as running while they wait in
     * native code, and each stack taken stops every thread at a safepoint (they outnumber the program's
     * threads in a single-threaded program). Not Taper's own threads ({@code taper-*}), nor the caller.
     */
    public static boolean isSampled(Thread t, ThreadGroup root) {
        ThreadGroup g = t.getThreadGroup();
        return t != Thread.currentThread() && g != null && g != root && t.getState() == Thread.State.RUNNABLE
            && !isTapers(t);
    }

    /** One of Taper's own threads: they are all named {@code taper-*}. */
    public static boolean isTapers(Thread t) {
        return isTapersName(t.getName());
    }

    /** {@link #isTapers(Thread)} by the thread's name (where only the name is known, as in a recording). */
    public static boolean isTapersName(String threadName) {
        return threadName.startsWith(TAPERS_PREFIX);
    }

    /** The prefix of every thread Taper starts. */
    public static final String TAPERS_PREFIX = "taper-";

    /**
     * The stacks of the program's running threads, each taken on its own: {@link Thread#getAllStackTraces}
     * would also walk the JDK's and Taper's own threads, which mostly wait and are not sampled anyway. A thread
     * whose innermost frame is a native method is left out: the JVM calls a thread in native code running, but
     * it runs none of the program's Java code there (it waits for I/O, as an acceptor or a selector does), and a
     * sampling profiler's execution samples leave it out too.
     */
    public static Map<Thread, StackTraceElement[]> runningStacks() {
        ThreadGroup root = rootGroup();
        Thread[] threads = new Thread[root.activeCount() + 8];
        int n = root.enumerate(threads, true);
        Map<Thread, StackTraceElement[]> stacks = new HashMap<>();
        for (int i = 0; i < n; i++) {
            Thread t = threads[i];
            if (isSampled(t, root)) {
                StackTraceElement[] st = t.getStackTrace();
                if (st.length > 0 && !st[0].isNativeMethod()) {
                    stacks.put(t, st);
                }
            }
        }
        return stacks;
    }
}
