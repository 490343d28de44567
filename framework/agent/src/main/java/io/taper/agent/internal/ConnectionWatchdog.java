package io.taper.agent.internal;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;

/**
 * Enforces the per-request timeout. A Unix domain {@code SocketChannel} has no read timeout, so one
 * daemon thread looks at the armed deadlines a few times per timeout and closes a connection whose
 * request is overdue; the blocked reader then fails at once. Arming costs one volatile write.
 */
final class ConnectionWatchdog {

    private final Set<ServerConnection> connections = ConcurrentHashMap.newKeySet();
    private final long tickNanos;
    private volatile boolean started;

    ConnectionWatchdog(int timeoutMillis) {
        this.tickNanos = Math.max(5, Math.min(100, timeoutMillis / 4)) * 1_000_000L;
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
            while (true) {
                LockSupport.parkNanos(tickNanos);
                long now = System.nanoTime();
                for (ServerConnection c : connections) {
                    c.closeIfOverdue(now);
                }
            }
        }
    }
}
