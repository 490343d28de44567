package io.taper.server.internal;

import io.taper.protocol.Messages;
import io.taper.protocol.SameClassFile;
import io.taper.protocol.StartupAnswers;
import io.taper.protocol.StartupFetch;
import io.taper.protocol.Weave;
import io.taper.protocol.WeaveStatus;
import io.taper.protocol.Woven;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;

/**
 * Weaves the kept start-up classes ({@link StartupClasses}) as soon as the server is up, while the observed JVM starts,
 * and hands the answers to the agent's start-up pass as they are ready ({@link StartupFetch}: each fetch gets those
 * woven since the last one): the pass retransforms one lot while the next is woven, and takes each class's answer
 * from memory instead of a round trip, the part of a run's start-up that is mostly waiting. An answer is what a WEAVE
 * of the kept bytes (bootstrap loader, retransformation, every site enabled) gets, site ids and all.
 */
public final class StartupReplay {

    /** A fetch waits for this many new answers (or the end of the weaving, or its time). */
    static final int LOT = 128;

    private final StartupClasses classes;
    private final WeaveHandler engine;
    private final ServerStats stats;
    private final Object lock = new Object();
    private final AtomicInteger failed = new AtomicInteger();
    // under lock
    /** Each answer encoded as it is woven, so that a fetch only copies; null once given (or for a failed weave). */
    private byte[][] encoded = new byte[0][];
    /** The kept class an answer with sites was woven from, until it is given (for {@link AheadWeaving}). */
    private StartupClasses.Entry[] originals = new StartupClasses.Entry[0];
    private final boolean keepOriginals;
    /** Each answer's woven bytes, what the fetch's budget counts. */
    private int[] wovenBytes = new int[0];
    private int classesInFile;
    private int ready;
    private int unsent;
    private boolean done;
    private long givenBytes;
    private int sent;
    private int fetches;
    private long waitedMillis;
    private volatile long wovenMillis = -1;
    /** When the weaving began (null: not yet; a deferred replay begins at the first fetch). */
    private String begun;
    private int threads;

    private StartupReplay(StartupClasses classes, WeaveHandler engine, ServerStats stats, boolean keepOriginals) {
        this.keepOriginals = keepOriginals;
        this.classes = classes;
        this.engine = engine;
        this.stats = stats;
    }

    /**
     * Starts weaving the kept classes on {@code threads} daemon threads; without kept classes ({@code classes} null)
     * the replay has nothing to give.
     */
    public static StartupReplay start(StartupClasses classes, WeaveHandler engine, ServerStats stats, int threads) {
        return start(classes, engine, stats, threads, false);
    }

    /**
     * @param keepOriginals whether to hold the bytes of each answer with sites until it is given, for
     *                      {@link #answer(StartupFetch, OutputStream, BiConsumer)} (an adaptive run's weaving ahead)
     */
    public static StartupReplay start(StartupClasses classes, WeaveHandler engine, ServerStats stats, int threads,
                                      boolean keepOriginals) {
        StartupReplay r = deferred(classes, engine, stats, threads, keepOriginals);
        r.begin(BEGUN_AT_START);
        return r;
    }

    /**
     * As {@link #start}, but the weaving begins at the first fetch: for a start-up pass that runs beside the program
     * ({@code startup.pass=background}), whose first class loads must not share the cores with weaving ahead, and
     * which a short program never begins at all.
     */
    public static StartupReplay deferred(StartupClasses classes, WeaveHandler engine, ServerStats stats, int threads,
                                         boolean keepOriginals) {
        StartupReplay r = new StartupReplay(classes, engine, stats, keepOriginals);
        if (classes == null) {
            synchronized (r.lock) {
                r.done = true;
            }
            return r;
        }
        r.threads = Math.max(1, threads);
        return r;
    }

    static final String BEGUN_AT_START = "at the server's start";
    static final String BEGUN_AT_FETCH = "at the first fetch";

    /** Begins the weaving, once ({@code how} says when, for the statistics). */
    private void begin(String how) {
        synchronized (lock) {
            if (done || begun != null) {
                return;
            }
            begun = how;
        }
        Thread t = new Thread(() -> run(threads), "taper-startup-replay");
        t.setDaemon(true);
        t.start();
    }

    private void run(int threads) {
        long t0 = System.nanoTime();
        try {
            List<StartupClasses.Entry> entries = classes.load();
            synchronized (lock) {
                encoded = new byte[entries.size()][];
                originals = new StartupClasses.Entry[entries.size()];
                wovenBytes = new int[entries.size()];
                classesInFile = entries.size();
            }
            DaemonThreads helpers = new DaemonThreads("taper-startup-replay");
            ParallelLoop.run(entries.size(), threads, r -> helpers.newThread(r).start(), i -> {
                StartupAnswers.Answer a = weave(entries.get(i));
                byte[] e = a == null ? null : Messages.encodeStartupAnswer(a);
                synchronized (lock) {
                    encoded[i] = e;
                    if (keepOriginals && a != null && !a.answer().sites().isEmpty()) {
                        originals[i] = entries.get(i);
                    }
                    wovenBytes[i] = a == null ? 0 : a.answer().bytes().length;
                    ready++;
                    if (a != null) {
                        unsent++;
                    }
                    if (unsent >= LOT) {
                        lock.notifyAll();
                    }
                }
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            wovenMillis = (System.nanoTime() - t0) / 1_000_000;
            synchronized (lock) {
                done = true;
                lock.notifyAll();
            }
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
        return new StartupAnswers.Answer(e.name(), SameClassFile.fingerprint(e.bytes()),
            new Woven(0, o.status(), o.message(), bytes, o.sites()));
    }

    /**
     * The answers woven since the last fetch, after waiting up to the fetch's time for {@link #LOT} of them or the
     * end of the weaving, within the class bytes the fetch takes (counted over all its fetches), as the STARTUP_ANSWERS
     * frame {@link #answer} writes. Complete when the weaving has ended and nothing woven is left to give (or the
     * fetch's bytes are used up).
     */
    public StartupAnswers answers(StartupFetch fetch) throws IOException {
        ByteArrayOutputStream frame = new ByteArrayOutputStream();
        answer(fetch, frame);
        return (StartupAnswers) Messages.read(new ByteArrayInputStream(frame.toByteArray()));
    }

    /** Writes the answer to a fetch ({@link #answers}) as one STARTUP_ANSWERS frame of the answers encoded ahead. */
    public void answer(StartupFetch fetch, OutputStream out) throws IOException {
        answer(fetch, out, (name, bytes) -> { });
    }

    /**
     * The same, telling {@code given} the name and original bytes of each answer with sites that it gives: the agent
     * takes these answers without a WEAVE, and a controller may retransform their classes later.
     */
    public void answer(StartupFetch fetch, OutputStream out, BiConsumer<String, byte[]> given) throws IOException {
        begin(BEGUN_AT_FETCH);
        long t0 = System.nanoTime();
        long deadline = t0 + Math.max(0, fetch.waitMillis()) * 1_000_000L;
        List<byte[]> parts = new ArrayList<>();
        boolean complete;
        synchronized (lock) {
            try {
                for (long left; !done && unsent < LOT && (left = deadline - System.nanoTime()) > 0; ) {
                    lock.wait(Math.max(1, left / 1_000_000L));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            boolean full = false;
            for (int i = 0; i < encoded.length; i++) {
                if (encoded[i] == null) {
                    continue;
                }
                if (givenBytes + wovenBytes[i] > fetch.maxBytes()) {
                    full = true;
                    break;
                }
                givenBytes += wovenBytes[i];
                unsent--;
                parts.add(encoded[i]);
                encoded[i] = null;      // given once: the server holds no more of it
                if (originals[i] != null) {
                    given.accept(originals[i].name(), originals[i].bytes());
                    originals[i] = null;
                }
            }
            complete = done && (unsent == 0 || full);
            sent += parts.size();
            fetches++;
            waitedMillis += (System.nanoTime() - t0) / 1_000_000;
        }
        Messages.writeStartupAnswers(out, complete, parts);
    }

    /** For {@code server-stats.json}: what was kept, woven ahead, sent, and this run's classes kept for the next. */
    public Map<String, Object> stats() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("file", classes == null ? null : classes.file().toString());
        synchronized (lock) {
            m.put("begun", begun == null ? "not" : begun);
            m.put("classesInFile", classesInFile);
            m.put("wovenAhead", ready - failed.get());
            m.put("wovenAheadMillis", wovenMillis);
            m.put("failed", failed.get());
            m.put("sent", sent);
            m.put("fetches", fetches);
            m.put("fetchWaitedMillis", waitedMillis);
        }
        m.put("recorded", classes == null ? 0 : classes.recorded());
        m.put("written", classes != null && classes.written());
        if (classes != null && classes.problem() != null) {
            m.put("problem", classes.problem());
        }
        return m;
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
