package io.taper.launcher;

import com.sun.tools.attach.AgentInitializationException;
import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import io.taper.protocol.AttachState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

/** The Attach API as {@code taper attach} and {@code taper detach} use it: one-line errors, nothing else. */
final class JvmAttach {

    private JvmAttach() {
    }

    /** Refuses a process that does not run, or this very JVM (the Attach API refuses it too, less clearly). */
    static void checkTarget(long pid) {
        if (pid == ProcessHandle.current().pid()) {
            throw new LauncherException("PID " + pid + " is this command's own JVM");
        }
        if (!alive(pid)) {
            throw new LauncherException("no running process with PID " + pid);
        }
    }

    /** Whether the process has ended or ends within {@code millis} (a connection that broke may be its exit). */
    static boolean endsWithin(long pid, long millis) {
        Optional<ProcessHandle> p = ProcessHandle.of(pid);
        if (p.isEmpty()) {
            return true;
        }
        try {
            p.get().onExit().get(millis, java.util.concurrent.TimeUnit.MILLISECONDS);
            return true;
        } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
            return !p.get().isAlive();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return !p.get().isAlive();
        }
    }

    static boolean alive(long pid) {
        Optional<ProcessHandle> p = ProcessHandle.of(pid);
        return p.isPresent() && p.get().isAlive();
    }

    /**
     * Loads the agent into the JVM and returns once its {@code agentmain} has; the agent says how it went in its state
     * file. Every refusal becomes a one-line {@link LauncherException}.
     */
    static void loadAgent(long pid, Path agentJar, String args) {
        try {
            Api.loadAgent(pid, agentJar, args);
        } catch (NoClassDefFoundError e) {
            throw new LauncherException("this Java runtime has no jdk.attach module (" + System.getProperty("java.home")
                + "): run Taper with a full JDK");
        }
    }

    /** The Attach API's types, in a class of their own: a runtime without {@code jdk.attach} fails only here. */
    private static final class Api {
        private Api() {
        }

        static void loadAgent(long pid, Path agentJar, String args) {
            VirtualMachine vm;
            try {
                vm = VirtualMachine.attach(Long.toString(pid));
            } catch (AttachNotSupportedException e) {
                throw new LauncherException("cannot attach to " + pid + ": " + message(e)
                    + " (a JVM of another user, one started with -XX:+DisableAttachMechanism, or not a HotSpot JVM)");
            } catch (IOException e) {
                throw new LauncherException("cannot attach to " + pid + ": " + message(e));
            }
            try {
                vm.loadAgent(agentJar.toString(), args);
            } catch (AgentLoadException e) {
                throw new LauncherException("the JVM " + pid + " could not load the agent " + agentJar + ": " + message(e));
            } catch (AgentInitializationException e) {
                throw new LauncherException("the agent failed in the JVM " + pid + ": " + message(e));
            } catch (IOException e) {
                throw new LauncherException(endsWithin(pid, 2_000) ? "the JVM " + pid + " ended during the agent's load"
                    : "the JVM " + pid + " stopped answering during the agent's load: " + message(e));
            } finally {
                try {
                    vm.detach();
                } catch (IOException e) {
                    // the JVM is gone: what it did is in the state file
                }
            }
        }
    }

    /** Clears what an earlier attach left in OUT: its JVM's files and state, so nothing stale is read as this one's. */
    static void clearEarlier(Path dir, Path jvmDir) throws IOException {
        Files.deleteIfExists(dir.resolve(AttachState.FILE));
        Files.deleteIfExists(dir.resolve(DetachCommand.STATE_FILE));
        if (Files.isDirectory(jvmDir)) {
            try (Stream<Path> all = Files.walk(jvmDir)) {
                for (Path p : (Iterable<Path>) all.sorted(Comparator.reverseOrder())::iterator) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    private static String message(Exception e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
