package io.taper.agent.internal;

import io.taper.controller.SupertypeFirstPhases;
import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The start-up pass: every class loaded before the transformer was installed (about 600 JDK classes)
 * is retransformed, so the analysis sees them too. Hidden classes cannot be retransformed (a known gap,
 * counted); arrays, primitives, unmodifiable classes and Taper's own classes are skipped.
 *
 * <p>The JVM calls the transformer on the thread that called {@code retransformClasses}, one class after
 * the other, so the pass is cut into slices retransformed by several threads at once: their round trips
 * to the server overlap. The threads go through the classes phase by phase, supertypes first
 * ({@link SupertypeFirstPhases}): a class is never parsed while another thread redefines its supertype.
 */
final class StartupRetransform {

    /**
     * Classes per {@code retransformClasses} call. Fewer, larger calls were faster here (each call is a VM
     * operation with its own safepoint); a failed call is split, so a rare bad class costs little.
     */
    static final int BATCH_SIZE = 128;

    private final Instrumentation inst;
    private final BatchRetransformer batches;
    private final AgentStats stats;

    private final SkippedClasses skipped;
    private final int batchSize;
    /** Set at the program's end while the pass runs in the background: no batch begins after it. */
    private volatile boolean stopped;
    /** Held shared by each batch's call, exclusively by {@link #stopAndWait}: the end waits for batches, no fetch. */
    private final ReentrantReadWriteLock batchLock = new ReentrantReadWriteLock();

    StartupRetransform(Instrumentation inst, BatchRetransformer batches, AgentStats stats, SkippedClasses skipped) {
        this(inst, batches, stats, skipped, BATCH_SIZE);
    }

    /** With {@code batchSize} classes per call (a smaller one makes more calls that overlap: the stress test). */
    StartupRetransform(Instrumentation inst, BatchRetransformer batches, AgentStats stats, SkippedClasses skipped,
                       int batchSize) {
        this.batchSize = batchSize;
        this.skipped = skipped;
        this.inst = inst;
        this.batches = batches;
        this.stats = stats;
    }

    /**
     * No batch begins from now on (the classes it did not reach are {@code startupPass.classesLeft}); waits at most
     * {@code millis} for the batches in progress. A fetch of the server's answers in progress is not waited for.
     *
     * @return whether no batch is in progress any more
     */
    boolean stopAndWait(long millis) throws InterruptedException {
        stopped = true;
        if (batchLock.writeLock().tryLock(millis, TimeUnit.MILLISECONDS)) {
            batchLock.writeLock().unlock();
            return true;
        }
        return false;
    }

    boolean stopped() {
        return stopped;
    }

    /** The loaded classes worth retransforming; counts hidden and unmodifiable ones on the way. */
    List<Class<?>> candidates() {
        return candidates(loadedNow());
    }

    /** Every class loaded now (premain takes this; choosing among them can wait for the pass). */
    Class<?>[] loadedNow() {
        return inst.getAllLoadedClasses();
    }

    /** The classes of {@code all} worth retransforming; counts hidden and unmodifiable ones on the way. */
    List<Class<?>> candidates(Class<?>[] all) {
        List<Class<?>> todo = new ArrayList<>(all.length);
        long hidden = 0;
        long unmodifiable = 0;
        for (Class<?> c : all) {
            if (c.isArray() || c.isPrimitive()) {
                continue;
            }
            if (c.isHidden()) {
                hidden++;
                continue;
            }
            String name = c.getName().replace('.', '/');
            if (NotSent.matches(name)) {
                continue;
            }
            if (skipped.skips(c.getClassLoader(), name)) {
                stats.classesSkipped.incrementAndGet();
                continue;
            }
            if (!inst.isModifiableClass(c)) {
                unmodifiable++;
                continue;
            }
            todo.add(c);
        }
        stats.hiddenClassesAtStartup = hidden;
        stats.unmodifiableClassesAtStartup = unmodifiable;
        return todo;
    }

    /** Retransforms the classes with {@code threads} threads (the calling thread is one of them). */
    void run(List<Class<?>> classes, int threads) {
        // Consecutive phases smaller than a batch together make one call: within one call HotSpot parses every class
        // before it redefines any, so a class may go with its supertypes there (each call costs a safepoint).
        List<Class<?>> small = new ArrayList<>();
        for (List<Class<?>> phase : SupertypeFirstPhases.of(classes)) {
            if (small.size() + phase.size() < batchSize) {
                small.addAll(phase);
                continue;
            }
            if (!small.isEmpty()) {
                runPhase(small, 1);
                small = new ArrayList<>();
            }
            if (phase.size() < batchSize) {
                small.addAll(phase);
            } else {
                runPhase(phase, threads);
            }
        }
        if (!small.isEmpty()) {
            runPhase(small, 1);
        }
    }

    private void runPhase(List<Class<?>> classes, int threads) {
        if (stopped) {
            return;
        }
        int n = Math.max(1, Math.min(threads, classes.size() / batchSize + 1));
        List<List<Class<?>>> slices = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            slices.add(new ArrayList<>());
        }
        // Round robin, so that big and small classes (in load order) spread evenly.
        for (int i = 0; i < classes.size(); i++) {
            slices.get(i % n).add(classes.get(i));
        }
        Thread[] helpers = new Thread[n - 1];
        for (int i = 1; i < n; i++) {
            helpers[i - 1] = AgentThreads.daemon("taper-startup-" + i, false, new Slice(slices.get(i)));
            helpers[i - 1].start();
        }
        new Slice(slices.get(0)).run();
        // Every slice ends before the next phase begins, which may hold subtypes of this one's classes.
        boolean interrupted = false;
        for (Thread h : helpers) {
            while (true) {
                try {
                    h.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private final class Slice implements Runnable {
        private final List<Class<?>> classes;

        Slice(List<Class<?>> classes) {
            this.classes = classes;
        }

        @Override
        public void run() {
            TaperTransformer.passThread(true);
            try {
                retransformAll();
            } finally {
                TaperTransformer.passThread(false);
            }
        }

        private void retransformAll() {
            for (int i = 0; i < classes.size(); i += batchSize) {
                batchLock.readLock().lock();
                try {
                    if (stopped) {
                        return;
                    }
                    batches.retransform(classes.subList(i, Math.min(classes.size(), i + batchSize)), batchSize, true);
                } finally {
                    batchLock.readLock().unlock();
                }
            }
        }
    }
}
