package io.taper.agent.internal;

import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.List;

/**
 * Retransforms the classes that loaded while the agent itself was working ({@link PendingClasses}):
 * synchronously at the end of premain, then from a background thread for the rest of the run.
 */
final class QueueRetransformer {

    /** Gather loads for this long before a batch: they come in bursts. */
    static final long GATHER_MILLIS = 20;

    private final Instrumentation inst;
    private final PendingClasses pending;
    private final BatchRetransformer batches;
    private final ServerLink link;
    private final AgentStats stats;
    private final InitialisingClasses initialising;
    private volatile boolean stopped;

    QueueRetransformer(Instrumentation inst, PendingClasses pending, BatchRetransformer batches, ServerLink link,
                       AgentStats stats) {
        this.inst = inst;
        this.pending = pending;
        this.batches = batches;
        this.link = link;
        this.stats = stats;
        this.initialising = new InitialisingClasses(stats.classesQueuedHeldForInit);
    }

    /** Processes the queue until it stays empty (each pass may queue the few classes it loads itself). */
    void drainNow(int maxRounds) {
        for (int i = 0; i < maxRounds; i++) {
            List<PendingClasses.Entry> taken = pending.drain();
            if (taken.isEmpty()) {
                return;
            }
            process(taken);
        }
    }

    /**
     * The program has ended: classes queued from now on stay as they are. They are the exit's own loads (the last
     * results are read now, so no later event counts), and retransforming them would take the exit's CPU and stop
     * its threads for nothing.
     */
    void stop() {
        stopped = true;
    }

    void startBackground() {
        AgentThreads.daemon("taper-requeue", false, new Loop()).start();
    }

    private final class Loop implements Runnable {
        @Override
        public void run() {
            while (!AgentThreads.ending()) {
                try {
                    List<PendingClasses.Entry> taken = pending.awaitAndDrain(60_000);
                    if (taken.isEmpty()) {
                        continue;
                    }
                    Thread.sleep(GATHER_MILLIS);
                    taken = new ArrayList<>(taken);
                    taken.addAll(pending.drain());
                    process(taken);
                } catch (InterruptedException e) {
                    return;
                } catch (Throwable t) {
                    stats.failed("<queue>", "agent: " + t); // keep serving the queue
                }
            }
        }
    }

    private void process(List<PendingClasses.Entry> taken) {
        if (stopped) {
            stats.classesQueuedAtExit.addAndGet(taken.size());
            return;
        }
        long[] dropped = new long[1];
        boolean needScan = false;
        for (PendingClasses.Entry e : taken) {
            if (e.type == null) {
                needScan = true;
                break;
            }
        }
        List<Class<?>> classes = PendingClasses.resolve(taken, needScan ? inst.getAllLoadedClasses() : null, dropped);
        List<Class<?>> todo = new ArrayList<>(classes.size());
        long now = System.nanoTime() / 1_000_000;
        for (Class<?> c : classes) {
            if (c.isHidden() || !inst.isModifiableClass(c)) {
                dropped[0]++;
            } else if (initialising.holdBack(c, now)) {
                pending.add(c.getClassLoader(), c.getName().replace('.', '/'), c);   // its next round
            } else {
                todo.add(c);
            }
        }
        stats.classesQueuedDropped.addAndGet(dropped[0]);
        if (!link.available()) {
            // Nothing will be woven any more: these loads are untransformed like every later one.
            stats.classesSeen.addAndGet(todo.size());
            stats.classesUntransformed.addAndGet(todo.size());
            return;
        }
        stats.classesQueuedRetransformed.addAndGet(batches.retransform(todo, StartupRetransform.BATCH_SIZE));
    }
}
