package io.taper.agent.internal;

import io.taper.runtime.Bypass;

/**
 * Threads the agent owns. Each runs with the analysis bypass entered for its whole life, so woven JDK
 * code that agent work executes (collections, NIO, ...) is never counted as the program's.
 */
final class AgentThreads {

    private AgentThreads() {
    }

    /**
     * @param agentOnly true for threads that must never wait for the server themselves (the watchdog,
     *                  the shutdown hook): their own class loads are queued instead of sent
     */
    static Thread daemon(String name, boolean agentOnly, Runnable body) {
        Thread t = new Thread(new Body(body, agentOnly), name);
        t.setDaemon(true);
        return t;
    }

    /** A named class rather than a lambda (see {@link TaperTransformer}: no java.lang.invoke at start-up). */
    static final class Body implements Runnable {
        private final Runnable body;
        private final boolean agentOnly;

        Body(Runnable body, boolean agentOnly) {
            this.body = body;
            this.agentOnly = agentOnly;
        }

        @Override
        public void run() {
            if (agentOnly) {
                TaperTransformer.markAgentThread();
            }
            Bypass.enter();
            body.run();
        }
    }
}
