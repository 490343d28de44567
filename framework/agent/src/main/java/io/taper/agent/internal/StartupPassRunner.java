package io.taper.agent.internal;

import io.taper.protocol.StartupAnswers;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * premain's start-up pass over the classes loaded before it, before {@code main} or on a thread of its own beside the
 * program ({@code startup.pass}). The server weaves the JDK classes an earlier run's pass sent (as soon as it starts,
 * or from the pass's first fetch when the pass runs in the background); the pass fetches those answers lot by lot as
 * they are ready and retransforms each lot's classes (their transformer takes the answers from memory) while the server
 * weaves the next; the classes without an answer, or whose bytes are not the answer's, then take a round trip each.
 */
final class StartupPassRunner implements Runnable {

    /** How long one fetch lets the server weave towards its next lot. */
    static final int FETCH_WAIT_MILLIS = 3000;

    private final ServerLink link;
    private final StartupRetransform startup;
    private final TaperTransformer transformer;
    private final AgentStats stats;

    /** The classes loaded before the transformer, as premain found them. */
    private final Class<?>[] loadedAtPremain;
    /** Those of them the pass retransforms, chosen once ({@link #classes}). */
    private List<Class<?>> loaded;
    private final long since;

    /**
     * @param loadedAtPremain every class loaded when the transformer was installed
     * @param since           when premain began ({@code System.nanoTime}): the pass's end is reported from there
     */
    StartupPassRunner(ServerLink link, StartupRetransform startup, TaperTransformer transformer, AgentStats stats,
                      Class<?>[] loadedAtPremain, long since) {
        this.link = link;
        this.startup = startup;
        this.transformer = transformer;
        this.stats = stats;
        this.loadedAtPremain = loadedAtPremain;
        this.since = since;
    }

    /**
     * The classes the pass retransforms, chosen at the first call: in the background, on the pass's own thread (it took
     * some 30 ms of premain, the interpreter's time over about 1,400 classes). Counted as {@code startupClasses}, what a
     * pass that never begins leaves.
     */
    synchronized List<Class<?>> classes() {
        if (loaded == null) {
            loaded = startup.candidates(loadedAtPremain);
            stats.startupClasses = loaded.size();
        }
        return loaded;
    }

    /**
     * How long a pass in the background waits before it begins: the program's first class loads (its main class and
     * what that loads first) then have both cores and the server to themselves, and a program that ends sooner costs
     * no pass at all (the server weaves the answers at the first fetch then, {@code StartupReplay.deferred}).
     */
    static final long BACKGROUND_DELAY_MILLIS = 250;

    /** Runs the pass on a thread of its own, the program's {@code main} meanwhile ({@code StartupPass.BACKGROUND}). */
    void startBackground() {
        // not an agent-only thread: the classes it retransforms must reach the transformer on it
        AgentThreads.daemon("taper-startup", false, new Runnable() {
            @Override
            public void run() {
                long begin = System.nanoTime() + BACKGROUND_DELAY_MILLIS * 1_000_000;
                classes();
                try {
                    long wait = (begin - System.nanoTime()) / 1_000_000;
                    if (wait > 0) {
                        Thread.sleep(wait);
                    }
                } catch (InterruptedException e) {
                    return;
                }
                if (!startup.stopped()) {
                    StartupPassRunner.this.run();
                }
            }
        }).start();
    }

    /**
     * Stops a pass running in the background and waits for its batches in progress, at most {@code millis} (the classes
     * they have not reached stay as loaded, so they end at once): the results are read after them, never while a class
     * is being redefined. The classes it did not reach are counted. A fetch of answers in progress is not waited for
     * (it changes nothing the results hold).
     */
    void stopAndWait(long millis) throws InterruptedException {
        transformer.stopPass();
        startup.stopAndWait(millis);
        classes();   // what it left, also when it never began
    }

    @Override
    public void run() {
        List<Class<?>> loaded = classes();
        run(loaded);
        if (stats.startupClassesReached.get() >= loaded.size()) {
            // a pass the program's end cut short did not end: its classes left say how far it got
            stats.startupPassEndNanos = System.nanoTime() - since;
        }
    }

    /**
     * One lot: fetched and decoded as the agent's own work (the classes it loads are queued and retransformed after the
     * pass), entered in the table; its classes go to {@code ready}. Null if the server is gone or the lot could not be
     * taken (then counted: {@code startupAnswers.problem}).
     */
    private StartupAnswers fetch(long budget, Map<String, Class<?>> boot, StartupAnswerTable table,
                                 List<Class<?>> ready) {
        long t0 = System.nanoTime();
        boolean began = TaperTransformer.beginAgentWork();
        try {
            StartupAnswers lot = link.startupAnswers(budget, FETCH_WAIT_MILLIS);
            if (lot == null) {
                return null;
            }
            for (StartupAnswers.Answer a : lot.answers()) {
                Class<?> c = boot.remove(a.className());
                if (c != null) {
                    ready.add(c);
                }
            }
            stats.startupAnswersReceived += lot.answers().size();
            table.add(lot.answers());
            return lot;
        } catch (RuntimeException | LinkageError e) {
            stats.startupAnswersProblem = e.toString();
            return null;
        } finally {
            TaperTransformer.endAgentWork(began);
            stats.startupFetchNanos += System.nanoTime() - t0;
        }
    }

    /** Server answers taken in at most: a part of the heap, and never near the protocol's frame limit. */
    static long answerBudget(long maxHeap) {
        return Math.min(48L << 20, maxHeap / 16);
    }

    private void run(List<Class<?>> loaded) {
        long t0 = System.nanoTime();
        StartupAnswerTable table = new StartupAnswerTable(stats);
        transformer.startupPass(table);
        try {
            Map<String, Class<?>> boot = new HashMap<>(loaded.size() * 2);
            List<Class<?>> rest = new ArrayList<>();
            for (Class<?> c : loaded) {
                if (c.getClassLoader() == null) {
                    boot.put(c.getName().replace('.', '/'), c);
                } else {
                    rest.add(c);
                }
            }
            long budget = answerBudget(Runtime.getRuntime().maxMemory());
            while (budget > 0) {
                List<Class<?>> ready = new ArrayList<>();
                StartupAnswers lot = fetch(budget, boot, table, ready);
                if (lot == null) {
                    break;                 // no more answers: the rest below take a round trip each
                }
                for (StartupAnswers.Answer a : lot.answers()) {
                    budget -= a.answer().bytes().length;
                }
                startup.run(ready, AgentStartup.STARTUP_THREADS);
                if (lot.complete() || startup.stopped()) {
                    break;
                }
            }
            rest.addAll(boot.values());
            startup.run(rest, AgentStartup.STARTUP_THREADS);
        } finally {
            transformer.startupPass(null);
            stats.startupRetransformNanos = System.nanoTime() - t0;
        }
    }
}
