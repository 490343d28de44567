package io.taper.server.internal;

import io.taper.protocol.Messages;
import io.taper.protocol.SameClassFile;
import io.taper.protocol.Weave;
import io.taper.protocol.Woven;
import io.taper.protocol.WovenAhead;
import io.taper.protocol.WeaveAhead;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * Weaves a controller batch's classes before its {@code retransformClasses} call ({@link WeaveAhead}), so the call's
 * pause holds the JVM's redefinition only. An adaptive run's server keeps the bytes each agent last sent for every
 * class that came back with sites (the only classes a controller retransforms), and those of the start-up answers
 * with sites it gave the agent (which the agent took without a WEAVE), per agent process, up to
 * {@link #limitBytes} (least recently used first out: a class whose bytes are gone takes a round trip); a batch is
 * woven on the asking connection's thread and {@code threads - 1} helpers at once.
 */
public final class AheadWeaving {

    private record Key(long agentPid, int loaderTag, String className) {
        // written out: a record's own are bootstrapped through java.lang.invoke at the first call (start-up time)
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.agentPid == agentPid && k.loaderTag == loaderTag
                && Objects.equals(k.className, className);
        }

        @Override
        public int hashCode() {
            return (31 * Long.hashCode(agentPid) + loaderTag) * 31 + Objects.hashCode(className);
        }
    }

    private final boolean enabled;
    private final long limitBytes;
    private final int threads;
    private final Map<Key, byte[]> kept = new LinkedHashMap<>(256, 0.75f, true);
    private final ExecutorService helpers = Executors.newCachedThreadPool(new DaemonThreads("taper-ahead"));
    private long keptBytes;
    private long evicted;
    private long requests;
    private long asked;
    private long answered;
    private long notKept;
    private long weaveNanos;

    /**
     * @param enabled    false outside adaptive runs: nothing is kept, every request is answered empty
     * @param limitBytes the most class bytes kept over all agents
     * @param threads    how many threads weave one request's classes
     */
    public AheadWeaving(boolean enabled, long limitBytes, int threads) {
        this.enabled = enabled;
        this.limitBytes = limitBytes;
        this.threads = Math.max(1, threads);
    }

    /** The default bound: an eighth of this JVM's heap, at most 128 MiB. */
    public static long defaultLimitBytes() {
        return Math.min(128L << 20, Runtime.getRuntime().maxMemory() / 8);
    }

    /** Keeps the bytes of a class the agent sent, if its answer has sites a controller may change. */
    public void keep(long agentPid, Weave w, Woven answer) {
        if (!answer.sites().isEmpty()) {
            keep(agentPid, w.loaderTag(), w.className(), w.classBytes());
        }
    }

    /** Keeps the bytes of a class with sites the agent has (sent, or answered from the start-up classes). */
    public void keep(long agentPid, int loaderTag, String className, byte[] bytes) {
        if (!enabled || className.isEmpty() || bytes.length > limitBytes) {
            return;
        }
        Key k = new Key(agentPid, loaderTag, className);
        synchronized (kept) {
            byte[] before = kept.put(k, bytes);
            keptBytes += bytes.length - (before == null ? 0 : before.length);
            Iterator<byte[]> it = kept.values().iterator();
            while (keptBytes > limitBytes && it.hasNext()) {
                keptBytes -= it.next().length;
                it.remove();
                evicted++;
            }
        }
    }

    /**
     * Weaves the request's classes that have kept bytes ({@code weaveOne} is the connection's answer to a WEAVE) and
     * writes one {@link WovenAhead} with their answers, in the request's order.
     */
    public void answer(long agentPid, WeaveAhead request, Function<Weave, Woven> weaveOne, OutputStream out)
            throws IOException {
        long t0 = System.nanoTime();
        List<Weave> todo = new ArrayList<>();
        synchronized (kept) {
            for (Weave q : request.classes()) {
                byte[] bytes = enabled ? kept.get(new Key(agentPid, q.loaderTag(), q.className())) : null;
                if (bytes != null) {
                    todo.add(new Weave(q.requestId(), q.loaderTag(), q.className(), true, q.disabledSites(),
                        q.variants(), bytes));
                }
            }
        }
        WovenAhead.Answer[] answers = new WovenAhead.Answer[todo.size()];
        try {
            ParallelLoop.run(todo.size(), threads, helpers, i -> {
                Weave w = todo.get(i);
                answers[i] = new WovenAhead.Answer(w.loaderTag(), w.className(),
                    SameClassFile.fingerprint(w.classBytes()), weaveOne.apply(w));
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while weaving ahead");
        }
        List<WovenAhead.Answer> list = new ArrayList<>(answers.length);
        for (WovenAhead.Answer a : answers) {
            if (a != null) {
                list.add(a);
            }
        }
        synchronized (kept) {
            requests++;
            asked += request.classes().size();
            answered += list.size();
            notKept += request.classes().size() - todo.size();
            weaveNanos += System.nanoTime() - t0;
        }
        Messages.write(out, new WovenAhead(request.requestId(), list));
    }

    /** Figures for {@code server-stats.json} ({@code ahead}). */
    public Map<String, Object> stats() {
        Map<String, Object> m = new LinkedHashMap<>();
        synchronized (kept) {
            m.put("enabled", enabled);
            m.put("keptClasses", kept.size());
            m.put("keptBytes", keptBytes);
            m.put("limitBytes", limitBytes);
            m.put("evicted", evicted);
            m.put("requests", requests);
            m.put("classesAsked", asked);
            m.put("answered", answered);
            m.put("notKept", notKept);
            m.put("weaveMillis", weaveNanos / 1_000_000);
        }
        return m;
    }

    /** Stops the helper threads (server shutdown). */
    public void close() {
        helpers.shutdownNow();
    }
}
