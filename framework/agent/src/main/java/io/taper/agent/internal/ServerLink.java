package io.taper.agent.internal;

import io.taper.controller.ClassDeployment;
import io.taper.protocol.HelloOk;
import io.taper.protocol.StartupAnswers;
import io.taper.protocol.StartupFetch;
import io.taper.protocol.TaperConfig;
import io.taper.protocol.Weave;
import io.taper.protocol.WeaveAhead;
import io.taper.protocol.WovenAhead;
import io.taper.protocol.Woven;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The agent's side of the server: a small pool of open connections (one request per connection at a
 * time, so threads loading classes concurrently are served concurrently), and the fail-safe. The first
 * failure of any kind (cannot connect, timeout, server gone, protocol error) prints one warning, closes
 * everything and makes every later call return null at once: the program runs on, uninstrumented.
 */
final class ServerLink {

    /** Connections opened on demand up to this many; more concurrent class loads wait for one. */
    static final int MAX_CONNECTIONS = 8;
    /** Time allowed per class of a WEAVE_AHEAD beyond the timeout of a request. */
    static final int AHEAD_EXTRA_MILLIS_PER_CLASS = 500;

    private final Path socket;
    private final String token;
    private final int timeoutMillis;
    private final AgentStats stats;
    private final ConnectionWatchdog watchdog;
    private final Object lock = new Object();
    private final ArrayDeque<ServerConnection> idle = new ArrayDeque<>();
    private final AtomicInteger nextRequest = new AtomicInteger();
    private int open;
    private volatile boolean dead;
    private volatile HelloOk helloOk;

    ServerLink(TaperConfig config, AgentStats stats) {
        this.socket = config.socket();
        this.token = config.token();
        this.timeoutMillis = config.timeoutMs();
        this.stats = stats;
        this.watchdog = new ConnectionWatchdog(timeoutMillis);
    }

    /** Opens the first connection. Returns the server's HELLO_OK, or null if it is unavailable (warned). */
    HelloOk connect() {
        try {
            ServerConnection c = acquire();
            if (c == null) {
                return null;
            }
            release(c);
            return helloOk;
        } catch (ServerBusyException e) {
            fail("no connection: " + e.getMessage());
            return null;
        }
    }

    boolean available() {
        return !dead;
    }

    /**
     * One class round trip.
     *
     * @return the answer, or null if the server is unavailable (now or from before)
     * @throws ServerBusyException if every connection stayed busy for the whole timeout
     */
    Woven weave(int loaderTag, String className, boolean retransform, ClassDeployment deployment, byte[] bytes)
            throws ServerBusyException {
        return weave(loaderTag, className, retransform, false, deployment, bytes);
    }

    /** The same; {@code startup} marks a class of the start-up pass (the server keeps those for the next run). */
    Woven weave(int loaderTag, String className, boolean retransform, boolean startup, ClassDeployment deployment,
                byte[] bytes) throws ServerBusyException {
        ServerConnection c = acquire();
        if (c == null) {
            return null;
        }
        long t0 = System.nanoTime();
        try {
            Woven w = c.weave(new Weave(nextRequest.incrementAndGet(), loaderTag, className == null ? "" : className,
                retransform, deployment.disabledSites(), deployment.variants(), bytes, startup));
            stats.roundTrip(System.nanoTime() - t0);
            release(c);
            return w;
        } catch (IOException | RuntimeException e) {
            discard(c);
            fail(e.getMessage() == null ? e.toString() : e.getMessage());
            return null;
        }
    }

    /**
     * Has the server weave classes from the bytes it kept of them, with the deployments given
     * ({@link BatchWeaveAhead}); null if the server is unavailable or every connection stayed busy.
     */
    List<WovenAhead.Answer> weaveAhead(final List<Weave> classes) {
        WovenAhead a = exchange(new Exchange<WovenAhead>() {
            @Override
            WovenAhead run(ServerConnection c) throws IOException {
                return c.weaveAhead(new WeaveAhead(nextRequest.incrementAndGet(), classes),
                    AHEAD_EXTRA_MILLIS_PER_CLASS * classes.size());
            }
        });
        return a == null ? null : a.answers();
    }

    /**
     * The server's answers for the start-up pass, at most {@code maxBytes} of class bytes, waiting up to
     * {@code waitMillis} for the server to finish weaving them; null if the server is unavailable.
     */
    StartupAnswers startupAnswers(final long maxBytes, final int waitMillis) {
        return exchange(new Exchange<StartupAnswers>() {
            @Override
            StartupAnswers run(ServerConnection c) throws IOException {
                return c.startupAnswers(new StartupFetch(maxBytes, waitMillis), waitMillis);
            }
        });
    }

    /** One exchange on a connection of the pool (an anonymous class, not a lambda: see {@link TaperTransformer}). */
    private abstract static class Exchange<T> {
        abstract T run(ServerConnection c) throws IOException;
    }

    /**
     * Runs the exchange on a connection of the pool; null if the server is unavailable (a failure now is the
     * link's first: warned, and the link is dead) or every connection stayed busy.
     */
    private <T> T exchange(Exchange<T> e) {
        ServerConnection c;
        try {
            c = acquire();
        } catch (ServerBusyException busy) {
            return null;
        }
        if (c == null) {
            return null;
        }
        try {
            T answer = e.run(c);
            release(c);
            return answer;
        } catch (IOException | RuntimeException x) {
            discard(c);
            fail(x.getMessage() == null ? x.toString() : x.getMessage());
            return null;
        }
    }

    /** Says BYE on the idle connections (shutdown); later calls return null without warning. */
    void close() {
        synchronized (lock) {
            dead = true;
            for (ServerConnection c : idle) {
                c.bye();
            }
            idle.clear();
            lock.notifyAll();
        }
    }

    private ServerConnection acquire() throws ServerBusyException {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        synchronized (lock) {
            while (true) {
                if (dead) {
                    return null;
                }
                ServerConnection c = idle.pollFirst();
                if (c != null) {
                    return c;
                }
                if (open < MAX_CONNECTIONS) {
                    open++;
                    break;
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new ServerBusyException("all " + MAX_CONNECTIONS + " connections busy for " + timeoutMillis + " ms");
                }
                try {
                    lock.wait(Math.max(1, left / 1_000_000L));
                } catch (InterruptedException e) {
                    // The program interrupted a thread that was loading a class: keep the flag, skip weaving.
                    Thread.currentThread().interrupt();
                    throw new ServerBusyException("interrupted while waiting for a connection");
                }
            }
        }
        // Connect outside the lock: other threads keep using the idle connections meanwhile.
        try {
            HelloOk[] ok = new HelloOk[1];
            ServerConnection c = ServerConnection.open(socket, token, timeoutMillis, watchdog, ok);
            if (helloOk == null) {
                helloOk = ok[0];
                watchdog.serverPid(ok[0].serverPid());
            }
            stats.connectionOpened();
            return c;
        } catch (IOException | RuntimeException e) {
            synchronized (lock) {
                open--;
                lock.notifyAll();
            }
            fail(e.getMessage() == null ? e.toString() : e.getMessage());
            return null;
        }
    }

    private void release(ServerConnection c) {
        synchronized (lock) {
            if (dead) {
                open--;
                c.close();
            } else {
                idle.addFirst(c); // the most recently used connection is the warmest
            }
            lock.notifyAll();
        }
    }

    private void discard(ServerConnection c) {
        c.close();
        synchronized (lock) {
            open--;
            lock.notifyAll();
        }
    }

    private void fail(String reason) {
        boolean first;
        synchronized (lock) {
            first = !dead;
            dead = true;
            for (ServerConnection c : idle) {
                c.close();
                open--;
            }
            idle.clear();
            lock.notifyAll();
        }
        if (first) {
            stats.serverLost(reason);
            AgentWarnings.serverUnavailable(reason);
        }
    }
}
