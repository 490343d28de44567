package io.taper.server.internal;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** Named daemon threads, so a stuck connection never keeps the server process alive. */
public final class DaemonThreads implements ThreadFactory {

    private final String prefix;
    private final AtomicInteger next = new AtomicInteger(1);

    public DaemonThreads(String prefix) {
        this.prefix = prefix;
    }

    @Override
    public Thread newThread(Runnable r) {
        Thread t = new Thread(r, prefix + "-" + next.getAndIncrement());
        t.setDaemon(true);
        return t;
    }
}
