package io.taper.agent.internal;

import io.taper.protocol.CacheDirectories;
import io.taper.protocol.ServerClassArchive;
import io.taper.protocol.ServerCommandLine;
import io.taper.protocol.TaperConfig;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The server of an agent that starts its own ({@code server.jar} in its configuration), for JVMs no launcher starts:
 * test JVMs a build tool forks, each with the same {@code -javaagent} option. Each JVM gets its own server and its own
 * results directory, {@code OUT/jvm-PID}; the socket lives in a private directory and the token is made here. The
 * server stops when its stdin closes, that is when this JVM has exited.
 */
final class OwnServer {

    private static final long READY_TIMEOUT_SECONDS = 30;

    /** Held for the JVM's life: if the process object went away, its stdin would close and the server stop. */
    private static volatile Process server;

    private OwnServer() {
    }

    /** Whether the configuration asks the agent to start its own server. */
    static boolean requested(TaperConfig config) {
        String jar = config.get(TaperConfig.SERVER_JAR);
        return jar != null && !jar.isEmpty();
    }

    /**
     * Starts the server and waits for it; returns the configuration this JVM runs with (its socket, token, results
     * and work directories).
     *
     * @throws IOException if the server cannot be started or does not get ready; the program then runs uninstrumented
     */
    static TaperConfig start(TaperConfig config) throws IOException, InterruptedException {
        TaperConfig jvm = forThisJvm(config);
        Path work = jvm.work();
        Path sockets = Files.createTempDirectory("taper-", PosixFilePermissions.asFileAttribute(
            PosixFilePermissions.fromString("rwx------")));
        byte[] token = new byte[16];
        new SecureRandom().nextBytes(token);
        TaperConfig own = jvm.with(TaperConfig.SOCKET, sockets.resolve("server.sock").toString())
            .with(TaperConfig.TOKEN, HexFormat.of().formatHex(token));
        Path file = work.resolve("taper.properties");
        own.store(file);
        String java = serverJava(config);
        Process p = new ProcessBuilder(ServerCommandLine.of(java, config.get(TaperConfig.SERVER_JAR), file.toString(),
                archive(config, java)))
            .redirectError(work.resolve("server.stderr").toFile()).start();
        server = p;
        Files.writeString(work.resolve("server.pid"), Long.toString(p.pid()));
        CountDownLatch ready = new CountDownLatch(1);
        AgentThreads.daemon("taper-server-stdout", true, new StdoutDrain(p, work.resolve("server.stdout"), ready)).start();
        if (!ready.await(READY_TIMEOUT_SECONDS, TimeUnit.SECONDS) || !p.isAlive()) {
            p.destroyForcibly();
            throw new IOException("the agent's own server did not get ready (" + work.resolve("server.stderr") + ")");
        }
        return own;
    }

    /**
     * {@code config} for this JVM: its results in {@code OUT/jvm-PID}, its server's work files in
     * {@code OUT/jvm-PID/work} (made here), and its JDK for the server's start-up classes.
     */
    static TaperConfig forThisJvm(TaperConfig config) throws IOException {
        Path out = config.out().resolve("jvm-" + ProcessHandle.current().pid()).toAbsolutePath();
        Path work = out.resolve("work");
        Files.createDirectories(work);
        return config.with(TaperConfig.OUT, out.toString())
            .with(TaperConfig.WORK, work.toString())
            .with(TaperConfig.OBSERVED_JAVA_HOME, System.getProperty("java.home"));
    }

    /** The {@code java} that runs a server this agent starts: the configuration's, else this JVM's own. */
    static String serverJava(TaperConfig config) {
        String java = config.get(TaperConfig.SERVER_JAVA);
        return java == null || java.isEmpty() ? Path.of(System.getProperty("java.home"), "bin", "java").toString() : java;
    }

    /**
     * The class-data archive of a server this agent starts: one a launcher's server wrote is mapped; this agent writes
     * none (nobody would publish it).
     */
    static ServerClassArchive archive(TaperConfig config, String java) {
        if (config.cache().isEmpty()) {
            return ServerClassArchive.none();
        }
        return ServerClassArchive.plan(Path.of(java), Path.of(config.get(TaperConfig.SERVER_JAR)),
            CacheDirectories.classArchives(config.cache().get()), false);
    }

    /**
     * At this JVM's end, after its last result: closes the server's stdin (its signal to write its statistics and
     * stop) and waits for it, at most {@code millis}, so that the results directory is complete once this JVM is gone
     * (a build tool may read or delete it at once). Does nothing for a JVM whose server a launcher started.
     */
    static void stopAndWait(long millis) {
        Process p = server;
        if (p == null) {
            return;
        }
        server = null;   // a later attach starts a server of its own again
        try {
            p.getOutputStream().close();
            p.waitFor(millis, TimeUnit.MILLISECONDS);
        } catch (IOException e) {
            // already gone
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Copies the server's stdout to its log, and says when the readiness line went by. */
    private static final class StdoutDrain implements Runnable {
        private final Process process;
        private final Path log;
        private final CountDownLatch ready;

        StdoutDrain(Process process, Path log, CountDownLatch ready) {
            this.process = process;
            this.log = log;
            this.ready = ready;
        }

        @Override
        public void run() {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                 PrintWriter w = new PrintWriter(Files.newBufferedWriter(log, StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    if (line.startsWith(ServerCommandLine.READY)) {
                        ready.countDown();
                    }
                    w.println(line);
                    w.flush();
                }
            } catch (IOException e) {
                // the server's output is only a log
            } finally {
                ready.countDown();
            }
        }
    }
}
