package io.taper.agent.internal;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;

/**
 * Enforces the per-request timeout. A Unix domain {@code SocketChannel} has no read timeout, so one
 * daemon thread looks at the armed deadlines a few times per timeout and closes a connection whose
 * request is overdue; the blocked reader then fails at once. Arming costs one volatile write.
 *
 * <p>A server that cannot answer at all (stopped by a signal or a debugger, or gone) is not waited for:
 * once a request has waited {@link #HEALTH_CHECK_AFTER_MILLIS}, the watchdog looks at the server's process and
 * ends every armed request at once if it is not running.
 */
final class ConnectionWatchdog {

    /** A request older than this makes the watchdog look at the server's process. */
    static final long HEALTH_CHECK_AFTER_MILLIS = 200;

    private final Set<ServerConnection> connections = ConcurrentHashMap.newKeySet();
    private final long tickNanos;
    private volatile boolean started;
    private volatile long serverPid = -1;

    ConnectionWatchdog(int timeoutMillis) {
        this.tickNanos = Math.max(5, Math.min(100, timeoutMillis / 4)) * 1_000_000L;
    }

    /** The server's process id, from its HELLO_OK: from then on a server that cannot run ends requests early. */
    void serverPid(long pid) {
        serverPid = pid;
    }

    void watch(ServerConnection c) {
        connections.add(c);
        if (!started) {
            start();
        }
    }

    void forget(ServerConnection c) {
        connections.remove(c);
    }

    private synchronized void start() {
        if (started) {
            return;
        }
        started = true;
        AgentThreads.daemon("taper-watchdog", true, new Loop()).start();
    }

    private final class Loop implements Runnable {
        @Override
        public void run() {
            while (!AgentThreads.ending()) {
                LockSupport.parkNanos(tickNanos);
                long now = System.nanoTime();
                boolean waitedLong = false;
                for (ServerConnection c : connections) {
                    c.closeIfOverdue(now);
                    waitedLong |= c.waitingLongerThan(now, HEALTH_CHECK_AFTER_MILLIS * 1_000_000L);
                }
                String notRunning = waitedLong ? ServerHealth.notRunning(serverPid) : null;
                if (notRunning != null) {
                    for (ServerConnection c : connections) {
                        c.closeIfArmed(notRunning);
                    }
                }
            }
        }
    }
}
