package io.taper.agent.internal;

import io.taper.protocol.StartupAnswers;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * premain's start-up pass over the classes loaded before it. The server weaves the JDK classes an earlier run's pass
 * sent as soon as it starts; the pass fetches those answers lot by lot as they are ready and retransforms each lot's
 * classes (their transformer takes the answers from memory) while the server weaves the next; the classes without an
 * answer, or whose bytes are not the answer's, then take a round trip each.
 */
final class StartupPass {

    /** How long one fetch lets the server weave towards its next lot. */
    static final int FETCH_WAIT_MILLIS = 3000;

    private final ServerLink link;
    private final StartupRetransform startup;
    private final TaperTransformer transformer;
    private final AgentStats stats;

    StartupPass(ServerLink link, StartupRetransform startup, TaperTransformer transformer, AgentStats stats) {
        this.link = link;
        this.startup = startup;
        this.transformer = transformer;
        this.stats = stats;
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

    void run(List<Class<?>> loaded) {
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
                if (lot.complete()) {
                    break;
                }
            }
            rest.addAll(boot.values());
            startup.run(rest, AgentStartup.STARTUP_THREADS);
        } finally {
            transformer.startupPass(null);
            stats.startupClasses = loaded.size();
            stats.startupRetransformNanos = System.nanoTime() - t0;
        }
    }
}
