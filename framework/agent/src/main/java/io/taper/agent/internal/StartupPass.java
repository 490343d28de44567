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

    /** Server answers taken in at most: a part of the heap, and never near the protocol's frame limit. */
    static long answerBudget(long maxHeap) {
        return Math.min(48L << 20, maxHeap / 16);
    }

    void run(List<Class<?>> loaded) {
        long t0 = System.nanoTime();
        StartupAnswerTable table = new StartupAnswerTable(stats);
        transformer.startupPass(true, table);
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
                long f0 = System.nanoTime();
                StartupAnswers lot = link.startupAnswers(budget, FETCH_WAIT_MILLIS);
                stats.startupFetchNanos += System.nanoTime() - f0;
                if (lot == null) {
                    break;                 // the server is gone: the rest below finds that out once
                }
                List<Class<?>> ready = new ArrayList<>(lot.answers().size());
                for (StartupAnswers.Answer a : lot.answers()) {
                    budget -= a.answer().bytes().length;
                    Class<?> c = boot.remove(a.className());
                    if (c != null) {
                        ready.add(c);
                    }
                }
                stats.startupAnswersReceived += lot.answers().size();
                table.add(lot.answers());
                startup.run(ready, AgentStartup.STARTUP_THREADS);
                if (lot.complete()) {
                    break;
                }
            }
            rest.addAll(boot.values());
            startup.run(rest, AgentStartup.STARTUP_THREADS);
        } finally {
            transformer.startupPass(false, null);
            stats.startupClasses = loaded.size();
            stats.startupRetransformNanos = System.nanoTime() - t0;
        }
    }
}
