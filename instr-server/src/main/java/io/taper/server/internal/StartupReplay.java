package io.taper.server.internal;

import io.taper.protocol.Frames;
import io.taper.protocol.MessageType;
import io.taper.protocol.Messages;
import io.taper.protocol.StartupAnswers;
import io.taper.protocol.StartupFetch;
import io.taper.protocol.Weave;
import io.taper.protocol.WeaveStatus;
import io.taper.protocol.Woven;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Weaves the kept start-up classes ({@link StartupClasses}) as soon as the server is up, while the observed JVM starts,
 * and hands the answers to the agent that asks before its start-up pass ({@link StartupFetch}). The pass then takes
 * them from memory instead of a round trip per class, the part of a run's start-up that is mostly waiting. An answer
 * is what a WEAVE of the kept bytes (bootstrap loader, retransformation, every site enabled) gets, site ids and all.
 */
public final class StartupReplay {

    private final StartupClasses classes;
    private final WeaveHandler engine;
    private final ServerStats stats;
    private final CountDownLatch done = new CountDownLatch(1);
    private final AtomicBoolean fetched = new AtomicBoolean();
    private final AtomicInteger failed = new AtomicInteger();
    private volatile AtomicReferenceArray<StartupAnswers.Answer> answers = new AtomicReferenceArray<>(0);
    /** Every answer as one STARTUP_ANSWERS frame, made as soon as they are woven (off the fetch's path), or null. */
    private volatile byte[] frame;
    private volatile long frameClassBytes;
    private volatile long wovenMillis = -1;
    private volatile int sent = -1;
    private volatile long waitedMillis;

    private StartupReplay(StartupClasses classes, WeaveHandler engine, ServerStats stats) {
        this.classes = classes;
        this.engine = engine;
        this.stats = stats;
    }

    /**
     * Starts weaving the kept classes on {@code threads} daemon threads; without kept classes ({@code classes} null)
     * the replay has nothing to give.
     */
    public static StartupReplay start(StartupClasses classes, WeaveHandler engine, ServerStats stats, int threads) {
        StartupReplay r = new StartupReplay(classes, engine, stats);
        if (classes == null) {
            r.done.countDown();
            return r;
        }
        Thread t = new Thread(() -> r.run(Math.max(1, threads)), "taper-startup-replay");
        t.setDaemon(true);
        t.start();
        return r;
    }

    private void run(int threads) {
        long t0 = System.nanoTime();
        try {
            List<StartupClasses.Entry> entries = classes.load();
            AtomicReferenceArray<StartupAnswers.Answer> out = new AtomicReferenceArray<>(entries.size());
            answers = out;
            AtomicInteger next = new AtomicInteger();
            Runnable worker = () -> {
                for (int i; (i = next.getAndIncrement()) < entries.size(); ) {
                    StartupAnswers.Answer a = weave(entries.get(i));
                    if (a != null) {
                        out.set(i, a);
                    }
                }
            };
            List<Thread> helpers = new ArrayList<>();
            for (int i = 1; i < threads && entries.size() > 1; i++) {
                Thread h = new Thread(worker, "taper-startup-replay-" + i);
                h.setDaemon(true);
                h.start();
                helpers.add(h);
            }
            worker.run();
            for (Thread h : helpers) {
                h.join();
            }
            List<StartupAnswers.Answer> all = new ArrayList<>(out.length());
            long bytes = 0;
            for (int i = 0; i < out.length(); i++) {
                StartupAnswers.Answer a = out.get(i);
                if (a != null) {
                    all.add(a);
                    bytes += classBytes(a);
                }
            }
            byte[] payload = Messages.encode(new StartupAnswers(all));
            if (payload.length <= Frames.MAX_PAYLOAD) {
                frameClassBytes = bytes;
                frame = Frames.encode(MessageType.STARTUP_ANSWERS, payload);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            wovenMillis = (System.nanoTime() - t0) / 1_000_000;
            done.countDown();
        }
    }

    private StartupAnswers.Answer weave(StartupClasses.Entry e) {
        Weave w = new Weave(0, 0, e.name(), true, new int[0], Map.of(), e.bytes(), true);
        long t0 = System.nanoTime();
        WeaveHandler.Outcome o = engine.weave(w);
        byte[] bytes = o.status() == WeaveStatus.WOVEN ? o.bytes() : new byte[0];
        stats.onWeave(o.status(), e.name(), o.message(), e.bytes().length, bytes.length, o.sites().size(), true,
            System.nanoTime() - t0);
        if (o.status() == WeaveStatus.FAILED) {
            failed.incrementAndGet();   // the agent sends this class itself, and hears why
            return null;
        }
        return new StartupAnswers.Answer(w, new Woven(0, o.status(), o.message(), bytes, o.sites()));
    }

    private static long classBytes(StartupAnswers.Answer a) {
        return a.request().classBytes().length + a.answer().bytes().length;
    }

    /**
     * Writes the answer to a fetch: all answers in the frame made ahead when the fetch takes them all, else
     * {@link #answers(StartupFetch)}.
     */
    public void answer(StartupFetch fetch, java.io.OutputStream out) throws java.io.IOException {
        StartupAnswers a = answers(fetch);
        byte[] f = frame;
        if (f != null && a.answers().size() == countAnswers() && frameClassBytes <= fetch.maxBytes()) {
            out.write(f);
            out.flush();
            frame = null;
        } else {
            Messages.write(out, a);
        }
    }

    /**
     * The answers for the agent's start-up pass: once per server (a second fetch gets none), after waiting up to the
     * fetch's time for the weaving to end (what is not woven by then is left to the agent's round trips), and no more
     * class bytes than the fetch takes.
     */
    public StartupAnswers answers(StartupFetch fetch) {
        if (!fetched.compareAndSet(false, true)) {
            return new StartupAnswers(List.of());
        }
        long t0 = System.nanoTime();
        try {
            done.await(Math.max(0, fetch.waitMillis()), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        waitedMillis = (System.nanoTime() - t0) / 1_000_000;
        AtomicReferenceArray<StartupAnswers.Answer> all = answers;
        List<StartupAnswers.Answer> list = new ArrayList<>(all.length());
        long bytes = 0;
        for (int i = 0; i < all.length(); i++) {
            StartupAnswers.Answer a = all.get(i);
            if (a == null) {
                continue;
            }
            long size = classBytes(a);
            if (bytes + size > fetch.maxBytes()) {
                continue;
            }
            bytes += size;
            list.add(a);
        }
        sent = list.size();
        return new StartupAnswers(list);
    }

    /** For {@code server-stats.json}: what was kept, woven ahead, sent, and this run's classes kept for the next. */
    public Map<String, Object> stats() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("file", classes == null ? null : classes.file().toString());
        m.put("classesInFile", answers.length());
        m.put("wovenAhead", countAnswers());
        m.put("wovenAheadMillis", wovenMillis);
        m.put("failed", failed.get());
        m.put("sent", sent);
        m.put("fetchWaitedMillis", waitedMillis);
        m.put("recorded", classes == null ? 0 : classes.recorded());
        m.put("written", classes != null && classes.written());
        if (classes != null && classes.problem() != null) {
            m.put("problem", classes.problem());
        }
        return m;
    }

    private int countAnswers() {
        AtomicReferenceArray<StartupAnswers.Answer> all = answers;
        int n = 0;
        for (int i = 0; i < all.length(); i++) {
            if (all.get(i) != null) {
                n++;
            }
        }
        return n;
    }

    /** Keeps a request of the agent's start-up pass for the next run. */
    public void record(Weave w) {
        if (classes != null) {
            classes.record(w);
        }
    }

    /** The server stops: writes this run's start-up classes for the next one if they changed. */
    public void close() {
        if (classes != null) {
            classes.writeIfChanged();
        }
    }
}
