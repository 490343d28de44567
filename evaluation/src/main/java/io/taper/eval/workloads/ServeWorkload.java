package io.taper.eval.workloads;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * A multi-threaded request-serving program under client load: a Jetty server (a pool of up to 32
 * request threads) serves a generated product catalogue ({@link CatalogHandler}: item pages, word
 * searches, category statistics, and a cart that each request updates), and a load generator in a
 * separate, uninstrumented JVM ({@link LoadClient}) keeps {@value #CONNECTIONS} connections busy for
 * a fixed time. Throughput, not run time, is what the run measures: the driver prints the client's
 * requests per one-second window as a {@code throughput} line, then its summary line, whose checksum
 * covers a fixed sequence of requests the client checks after the load (so it is the same in every run).
 * One unit is one second of load.
 */
public final class ServeWorkload {

    static final int CI_UNITS = 3;
    static final int FULL_UNITS = 45;

    static final int CONNECTIONS = 8;

    private ServeWorkload() {
    }

    public static void main(String[] args) {
        WorkloadMain.main(args, "serve", CI_UNITS, FULL_UNITS, ServeWorkload::run);
    }

    static String run(WorkloadSize size) throws Exception {
        QueuedThreadPool threads = new QueuedThreadPool(32, 8);
        threads.setName("serve");
        Server server = new Server(threads);
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        server.setHandler(new CatalogHandler(new Catalog(5000, 23L)));
        server.start();
        try {
            LoadClient.Outcome outcome = load(connector.getLocalPort(), size.units());
            System.out.println(outcome.throughputLine());
            return "serve seconds=" + size.units() + " connections=" + CONNECTIONS + " verified="
                    + outcome.verified() + " checksum=" + outcome.checksum();
        } finally {
            server.stop();
        }
    }

    /** Runs the load generator in its own JVM (no agent: the observed program is the server) and reads its report. */
    private static LoadClient.Outcome load(int port, int seconds) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>(List.of(java, "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-cp", System.getProperty("java.class.path"), LoadClient.class.getName(),
                Integer.toString(port), Integer.toString(seconds), Integer.toString(CONNECTIONS)));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT);
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        Process client = pb.start();
        List<String> lines = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(client.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                lines.add(line);
            }
        }
        int exit = client.waitFor();
        if (exit != 0) {
            throw new IllegalStateException("the load client exited with " + exit + ": " + lines);
        }
        return LoadClient.Outcome.parse(lines);
    }
}
