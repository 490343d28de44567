package io.taper.analysis.methodtime;

import io.taper.runtime.AgentTime;
import io.taper.runtime.StateBudget;
import io.taper.runtime.state.IndexedThreadLocal;
import io.taper.runtime.state.ThreadGroups;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every thread's {@link ThreadProfile}, created on the thread's first observed call. A finished thread's
 * profile is merged into the profile of its group ({@link ThreadGroups#groupOf}: names that differ only by
 * numbers) and released, so a program that starts a thread per task keeps one profile per live thread plus
 * one per group, not one per thread it ever ran; every count and time stays in the results (merging is by
 * call path). Finished threads are looked for every {@link #FOLD_EVERY} new profiles and before every
 * snapshot.
 *
 * <p>A thread that starts once the state budget is reached (and {@link #OWN_TREES_PAST_BUDGET} threads have trees of
 * their own) gets no tree: it records, per method, into one tree that all such threads share
 * ({@link #PAST_BUDGET_NAME}), under that profile's lock, so that the state is bounded by the methods however many
 * threads live. Their calls and times stay exact per method; their paths, and their waiting, are not recorded.
 *
 * <p>The per-thread lookup is a thread-local ({@code java.lang.Thread*} is never woven, so the lookup cannot
 * recurse), read through its {@link IndexedThreadLocal} front.
 */
final class ThreadProfiles {

    /**
     * The bytes a context takes in a tree: its statistics, links and child-table cells, with the slack of arrays
     * that grow by doubling (measured: 54 MB for javac's 341,574 contexts).
     */
    static final int CONTEXT_BYTES = 160;
    /** Bounds of a tree's capacity, whatever the budget. */
    static final int MIN_CONTEXTS = 1 << 16;
    static final int MAX_CONTEXTS = 1 << 24;

    /**
     * Calling contexts per thread (and per group) before the tree is cut (see {@link ContextTree}): as many as the
     * state budget holds, so one thread may use all of it; the budget itself stops every tree from growing further.
     */
    static int maxContextsPerThread() {
        long fit = StateBudget.budgetBytes() / CONTEXT_BYTES;
        return (int) Math.max(MIN_CONTEXTS, Math.min(MAX_CONTEXTS, fit));
    }

    /** The name of the profile the threads past the state budget record into, together. */
    static final String PAST_BUDGET_NAME = "(threads past the state budget, together)";
    /** Live threads with trees of their own below which a new thread gets its own, budget or not. */
    static final int OWN_TREES_PAST_BUDGET = 8;

    /** New profiles between two looks for finished threads. */
    static final int FOLD_EVERY = 32;

    static final class Current extends IndexedThreadLocal<ThreadProfile> {
        @Override
        protected ThreadProfile initialValue() {
            return forThread(Thread.currentThread());
        }
    }

    /**
     * Replaced by {@link #clear}: the profiles every thread cached go with it. Plain, not volatile: every call's entry
     * and exit read it, and only a call still running in its woven form after a detach could see the old one.
     */
    private static Current perThread = new Current();

    /** Takes the time the agent spends weaving on a thread out of that thread's open calls. */
    static final class AgentTimeListener implements AgentTime.Listener {
        @Override
        public void spent(long nanos) {
            current().agentSpent(nanos);
        }
    }

    static {
        AgentTime.listen(new AgentTimeListener());
    }

    /** Live threads' profiles, then groups' (in creation order). */
    private static ThreadProfile[] all = new ThreadProfile[16];
    private static int count;
    private static int createdSinceFold;
    // Thread ids are never reused within a run. The thread-local is only a fast path: JDK threads such as
    // InnocuousThread erase all their thread-locals between tasks, and their stacks must survive that.
    private static final HashMap<Long, ThreadProfile> BY_THREAD_ID = new HashMap<>();
    private static final LinkedHashMap<String, ThreadProfile> GROUPS = new LinkedHashMap<>();
    private static long threadsFolded;
    /** The live threads that record into {@link #together}, and how many ever did. */
    private static final List<ThreadProfile> PAST_BUDGET = new ArrayList<>();
    private static ThreadProfile together;
    private static long pastBudget;

    private ThreadProfiles() {
    }

    /** The calling thread's profile. */
    static ThreadProfile current() {
        return perThread.current();
    }

    /** The thread-local that caches each thread's profile (for tests). */
    static IndexedThreadLocal<ThreadProfile> threadLocal() {
        return perThread;
    }

    /** The thread's profile, created on its first call and found again after its thread-locals were erased. */
    @SuppressWarnings("deprecation")    // Thread.threadId() is Java 19+; getId() is the same number
    static synchronized ThreadProfile forThread(Thread t) {
        Long id = t.getId();
        ThreadProfile p = BY_THREAD_ID.get(id);
        if (p == null) {
            if (++createdSinceFold >= FOLD_EVERY) {
                foldFinished();
            }
            if (RecorderThreads.isTapers(t)) {
                // measured as any thread, never reported: a small tree, never folded or sampled
                p = ThreadProfile.of(t, MIN_CONTEXTS);
                BY_THREAD_ID.put(id, p);
                return p;
            }
            if (count - GROUPS.size() >= OWN_TREES_PAST_BUDGET && pastBudget()) {
                if (together == null) {
                    together = ThreadProfile.group(PAST_BUDGET_NAME, maxContextsPerThread());
                    add(together);
                }
                p = ThreadProfile.pastBudget(t, together);
                BY_THREAD_ID.put(id, p);
                PAST_BUDGET.add(p);
                pastBudget++;
                return p;   // no sampler for it: its waiting is not recorded
            }
            p = ThreadProfile.of(t, maxContextsPerThread());
            BY_THREAD_ID.put(id, p);
            add(p);
            ThreadStateSampler.ensureStarted();
        }
        return p;
    }

    /**
     * Whether the state budget is reached, or, measured here at every eighth new profile, the profiles
     * alone pass it: the run's measurement comes every so often, and a thousand threads can start in between.
     */
    private static boolean pastBudget() {
        if (StateBudget.reached()) {
            return true;
        }
        if (createdSinceFold == 0 || (createdSinceFold & 7) == 0) {
            ownBytes = bytes();
        }
        return ownBytes > StateBudget.budgetBytes();
    }

    /** The profiles' bytes at the last look of {@link #pastBudget}. */
    private static long ownBytes;

    private static void add(ThreadProfile p) {
        if (count == all.length) {
            all = Arrays.copyOf(all, count * 2);
        }
        all[count++] = p;
    }

    /** Merges the profiles of finished threads into their groups' and releases them. */
    static synchronized void foldFinished() {
        createdSinceFold = 0;
        int kept = 0;
        List<ThreadProfile> created = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ThreadProfile p = all[i];
            if (p.finished()) {
                groupFor(p.threadName, created).absorb(p);
                BY_THREAD_ID.remove(p.threadId);
                p.release();
                threadsFolded++;
            } else {
                all[kept++] = p;
            }
        }
        Arrays.fill(all, kept, count, null);
        count = kept;
        int shared = 0;
        for (ThreadProfile p : PAST_BUDGET) {
            if (p.finished()) {
                p.leaveShared();
                BY_THREAD_ID.remove(p.threadId);
            } else {
                PAST_BUDGET.set(shared++, p);
            }
        }
        PAST_BUDGET.subList(shared, PAST_BUDGET.size()).clear();
        for (ThreadProfile g : created) {
            add(g);
        }
        if (all.length > 64 && count < all.length / 4) {
            all = Arrays.copyOf(all, Math.max(16, count * 2));
        }
    }

    private static ThreadProfile groupFor(String threadName, List<ThreadProfile> created) {
        String name = ThreadGroups.groupOf(threadName);
        ThreadProfile g = GROUPS.get(name);
        if (g == null) {
            name = ThreadGroups.newGroup(name, GROUPS.size());
            g = GROUPS.get(name);
            if (g == null) {
                g = ThreadProfile.group(name, maxContextsPerThread());
                GROUPS.put(name, g);
                created.add(g);
            }
        }
        return g;
    }

    /** Every profile now (live threads' and groups'); may still hold a profile folded meanwhile, emptied. */
    static synchronized ThreadProfile[] all() {
        return Arrays.copyOf(all, count);
    }

    /** Every profile's snapshot at {@code now}, finished threads folded first; consistent with folding. */
    static synchronized List<ThreadProfile.Snapshot> snapshots(long now) {
        foldFinished();
        List<ThreadProfile.Snapshot> s = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            s.add(all[i].snapshot(now));
        }
        return s;
    }

    /** Per group of finished threads, how many threads were merged into it (in order of the first). */
    static synchronized Map<String, Long> groups() {
        Map<String, Long> m = new LinkedHashMap<>();
        for (Map.Entry<String, ThreadProfile> e : GROUPS.entrySet()) {
            m.put(e.getKey(), (long) e.getValue().threads());
        }
        return m;
    }

    /** Threads whose profiles were merged into their group's so far. */
    static synchronized long threadsFolded() {
        return threadsFolded;
    }

    /** Live threads with a profile (their own tree, or a share of {@link #PAST_BUDGET_NAME}'s). */
    static synchronized long liveThreads() {
        return BY_THREAD_ID.size();
    }

    /** Threads that recorded into {@link #PAST_BUDGET_NAME}'s tree, since they started past the state budget. */
    static synchronized long threadsPastBudget() {
        return pastBudget;
    }

    /**
     * Forgets every profile, group and figure, and lets every thread's cached profile go with the thread-local: after a
     * detach, the next session's first call on a thread makes it a new profile, and no call or context of this session
     * is reported again. The profiles are emptied as well, since a thread's stale thread-local entry may hold its own
     * for a while: a call still in flight on it (a method running in its woven form) may fail on the empty arrays,
     * which its snippet's handler counts, and records nothing anyone reads.
     */
    static synchronized void clear() {
        perThread = new Current();
        for (int i = 0; i < count; i++) {
            all[i].release();
        }
        for (ThreadProfile p : BY_THREAD_ID.values()) {
            p.release();
        }
        all = new ThreadProfile[16];
        count = 0;
        createdSinceFold = 0;
        BY_THREAD_ID.clear();
        GROUPS.clear();
        threadsFolded = 0;
        PAST_BUDGET.clear();
        together = null;
        pastBudget = 0;
        ownBytes = 0;
    }

    /** The bytes every profile holds, and the method table. */
    static synchronized long bytes() {
        long b = 16L * all.length + 64L * BY_THREAD_ID.size();
        for (int i = 0; i < count; i++) {
            b += all[i].bytes();
        }
        for (ThreadProfile p : PAST_BUDGET) {
            b += p.bytes();
        }
        return b;
    }
}
