package io.taper.e2e.attach;

import io.taper.e2e.TaperProcess;
import io.taper.e2e.fixtures.AttachPhases;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A running {@link AttachPhases} JVM that a test drives phase by phase, and the {@code taper attach} commands it runs
 * against it (real processes: the CLI from this module's class path, as {@link TaperProcess} runs it).
 */
final class AttachedProgram implements AutoCloseable {

    private final Path dir;
    private final Process program;
    private final StringBuilder programOut = new StringBuilder();
    private int phase;

    AttachedProgram(Path dir, List<String> jvmOptions) throws IOException, InterruptedException {
        this.dir = dir;
        Files.createDirectories(dir);
        List<String> cmd = new ArrayList<>(List.of(java()));
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", TaperProcess.fixtureClassPath(), AttachPhases.class.getName(), dir.toString()));
        program = new ProcessBuilder(cmd).redirectError(dir.resolve("program.stderr").toFile()).start();
        Thread reader = new Thread(() -> drain(program, programOut), "program-stdout");
        reader.setDaemon(true);
        reader.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!programOut().contains("ready") && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        if (!programOut().contains("ready")) {
            throw new IOException("the fixture did not start: " + Files.readString(dir.resolve("program.stderr")));
        }
    }

    long pid() {
        return program.pid();
    }

    String programOut() {
        synchronized (programOut) {
            return programOut.toString();
        }
    }

    String programErr() throws IOException {
        return Files.readString(dir.resolve("program.stderr"));
    }

    /** Runs one phase ({@code count N}, {@code record}) and returns what the program said after it. */
    Map<String, String> phase(String command) throws IOException, InterruptedException {
        int n = phase++;
        go(n, command);
        Path done = dir.resolve("done" + n);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(done)) {
            if (System.nanoTime() > deadline || !program.isAlive()) {
                throw new IOException("phase " + n + " (" + command + ") did not end: " + programErr());
            }
            Thread.sleep(5);
        }
        Map<String, String> m = new LinkedHashMap<>();
        for (String line : Files.readAllLines(done)) {
            int eq = line.indexOf('=');
            m.put(line.substring(0, eq), line.substring(eq + 1));
        }
        Path record = dir.resolve("record" + n + ".class");
        if (Files.exists(record)) {
            m.put("record", record.toString());
        }
        return m;
    }

    /** Writes the command whole before the program can see its file: the program polls for it. */
    private void go(int n, String command) throws IOException {
        Path tmp = dir.resolve("go" + n + ".tmp");
        Files.writeString(tmp, command);
        Files.move(tmp, dir.resolve("go" + n), java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    /** Sends a command the program ends on, without waiting for a phase's end. */
    void sendLast(String command) throws IOException {
        go(phase++, command);
    }

    /** Waits for the program's end; its exit code. */
    int waitForExit() throws IOException, InterruptedException {
        if (!program.waitFor(60, TimeUnit.SECONDS)) {
            throw new IOException("the fixture did not end");
        }
        return program.exitValue();
    }

    /** Ends the program; its exit code. */
    int stop() throws IOException, InterruptedException {
        go(phase++, "stop");
        if (!program.waitFor(60, TimeUnit.SECONDS)) {
            throw new IOException("the fixture did not stop");
        }
        return program.exitValue();
    }

    /** A {@code taper attach PID ...} running in the background until it has printed its attach line (or ended). */
    Attach attach(Path out, String... options) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(java(), "-Dtaper.home=" + TaperProcess.home(), "-cp",
            System.getProperty("java.class.path"), "io.taper.launcher.TaperCli", "attach", Long.toString(pid()),
            "--out", out.toString()));
        cmd.addAll(List.of(options));
        Process p = new ProcessBuilder(cmd).start();
        Attach a = new Attach(p);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!a.stdout().contains("attached to ") && p.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        return a;
    }

    /** Loads a test agent into the program through the Attach API. */
    void loadAgent(Path jar) throws Exception {
        loadAgent(jar, null);
    }

    /** Loads an agent with these arguments through the Attach API; returns when its agentmain has. */
    void loadAgent(Path jar, String args) throws Exception {
        com.sun.tools.attach.VirtualMachine vm = com.sun.tools.attach.VirtualMachine.attach(Long.toString(pid()));
        try {
            vm.loadAgent(jar.toString(), args);
        } finally {
            vm.detach();
        }
    }

    /** {@code taper detach PID}. */
    TaperProcess.Outcome detach() throws IOException, InterruptedException {
        return TaperProcess.run(dir.resolve("detach-" + phase), "detach", Long.toString(pid()));
    }

    @Override
    public void close() {
        program.destroyForcibly();
    }

    /** A background {@code taper attach}. */
    static final class Attach {
        private final Process process;
        private final StringBuilder out = new StringBuilder();
        private final StringBuilder err = new StringBuilder();

        Attach(Process process) {
            this.process = process;
            for (Object[] s : new Object[][] {{out, process.getInputStream()}, {err, process.getErrorStream()}}) {
                Thread t = new Thread(() -> drain((java.io.InputStream) s[1], (StringBuilder) s[0]), "attach-output");
                t.setDaemon(true);
                t.start();
            }
        }

        String stdout() {
            synchronized (out) {
                return out.toString();
            }
        }

        String stderr() {
            synchronized (err) {
                return err.toString();
            }
        }

        /** Waits for the command to end; its exit code. */
        int waitFor() throws InterruptedException, IOException {
            if (!process.waitFor(120, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException("taper attach did not end: " + stdout() + stderr());
            }
            Thread.sleep(50);   // the output's last lines
            return process.exitValue();
        }
    }

    private static void drain(Process p, StringBuilder to) {
        drain(p.getInputStream(), to);
    }

    private static void drain(java.io.InputStream in, StringBuilder to) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                synchronized (to) {
                    to.append(line).append('\n');
                }
            }
        } catch (IOException e) {
            // the process ended
        }
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
