package io.taper.runtime.state;

/**
 * How Taper names the group a thread's state is merged into once the thread has finished: its name with
 * every run of digits replaced by {@code #}, so {@code pool-3-thread-17}, {@code qtp1838-42} and
 * {@code ForkJoinPool-1-worker-3} become {@code pool-#-thread-#}, {@code qtp#-#} and
 * {@code ForkJoinPool-#-worker-#}, as profilers group threads by default. A program that starts a thread
 * per task (thread-per-request servers, {@code CompletableFuture}'s executor on a small machine) then
 * keeps a bounded number of groups however many threads come and go. Beyond {@link #MAX_GROUPS}
 * distinct group names, further groups go to {@link #OTHER}.
 */
public final class ThreadGroups {

    /** Distinct group names kept; threads of any further group are merged into {@link #OTHER}. */
    public static final int MAX_GROUPS = 256;

    /** The group of threads whose own group came after {@link #MAX_GROUPS} others. */
    public static final String OTHER = "(other threads)";

    private ThreadGroups() {
    }

    /** The thread name with its digit runs replaced by {@code #} (null: the empty name). */
    public static String groupOf(String threadName) {
        if (threadName == null) {
            return "";
        }
        StringBuilder b = null;
        int n = threadName.length();
        for (int i = 0; i < n; i++) {
            char c = threadName.charAt(i);
            if (c >= '0' && c <= '9') {
                if (b == null) {
                    b = new StringBuilder(n);
                    b.append(threadName, 0, i);
                }
                if (i == 0 || !isDigit(threadName.charAt(i - 1))) {
                    b.append('#');
                }
            } else if (b != null) {
                b.append(c);
            }
        }
        return b == null ? threadName : b.toString();
    }

    /**
     * The name a group not seen before is kept under when {@code groupsKept} groups are kept already: its own, or
     * {@link #OTHER} once there are {@link #MAX_GROUPS}.
     */
    public static String newGroup(String group, int groupsKept) {
        return groupsKept < MAX_GROUPS ? group : OTHER;
    }

    /** Whether the thread has ended: it can run no more code (also true once it was collected). */
    public static boolean finished(java.lang.ref.Reference<Thread> thread) {
        Thread t = thread.get();
        return t == null || !t.isAlive();
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
