package io.taper.protocol;

import java.util.ArrayList;
import java.util.List;

/**
 * How a server process is started and how it says it is ready: the one command line of both the launcher's
 * servers and the ones an agent starts itself.
 */
public final class ServerCommandLine {

    /** The line a server prints on stdout, followed by its socket, once it accepts connections. */
    public static final String READY = "TAPER-SERVER-READY";

    private ServerCommandLine() {
    }

    /**
     * {@code java -jar SERVER_JAR --config CONFIG} with the server's JVM options: a small heap's collector, class data
     * sharing where the JDK has it, and the quick compiler only (a server's life is a run's start-up).
     */
    public static List<String> of(String java, String serverJar, String config) {
        return of(java, serverJar, config, ServerClassArchive.none());
    }

    /** {@link #of(String, String, String)} with the server's class-data-sharing archive mapped or written. */
    public static List<String> of(String java, String serverJar, String config, ServerClassArchive archive) {
        List<String> cmd = new ArrayList<>(List.of(java, "-XX:+UseSerialGC", "-Xshare:auto", "-XX:TieredStopAtLevel=1"));
        cmd.addAll(archive.options());
        cmd.addAll(List.of("-jar", serverJar, "--config", config));
        return cmd;
    }

    /**
     * {@code java -jar SERVER_JAR --shared DIR --idle-stop SECONDS}: the user's shared server, which lives across many
     * JVMs' runs, so it keeps HotSpot's optimising compiler.
     */
    public static List<String> shared(String java, String serverJar, java.nio.file.Path dir, long idleSeconds,
                                      ServerClassArchive archive) {
        List<String> cmd = new ArrayList<>(List.of(java, "-XX:+UseSerialGC", "-Xshare:auto"));
        cmd.addAll(archive.options());
        cmd.addAll(List.of("-jar", serverJar, "--shared", dir.toString(), "--idle-stop", Long.toString(idleSeconds)));
        return cmd;
    }
}
