package io.taper.runtime;

/**
 * Time the agent spends on a program's thread: weaving a class the thread is loading (the round trip to the
 * weaving server included). It is Taper's time, not the program's; an analysis that times the program's calls
 * listens and takes it out of the calls open on that thread (class loading would otherwise look many times
 * slower than in an uninstrumented run).
 */
public final class AgentTime {

    /** Told, on the thread that spent it, how long the agent just took there. */
    public interface Listener {
        void spent(long nanos);
    }

    private static volatile Listener listener;

    private AgentTime() {
    }

    /** Sets the one listener (the last one set wins); null for none. */
    public static void listen(Listener l) {
        listener = l;
    }

    /** The agent spent {@code nanos} on the calling thread, outside analysis code. */
    public static void spent(long nanos) {
        Listener l = listener;
        if (l != null && nanos > 0) {
            try {
                l.spent(nanos);
            } catch (Throwable t) {
                SnippetFailures.record(t);     // analysis code failing: counted, the class still loads
            }
        }
    }
}
