package io.taper.launcher;

import io.taper.protocol.AttachState;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code ./taper detach PID}: ends a {@code taper attach} session from elsewhere. */
@Command(name = "detach", mixinStandardHelpOptions = true,
        description = {"Takes Taper out of a JVM that 'taper attach' instrumented: every class Taper changed gets its "
            + "original code back, Taper's threads end, and the result is written (the waiting 'taper attach' then "
            + "writes the reports). Prints 'detached from PID'.",
            "Exit code: 0 detached, 1 it failed (the reason is printed)."})
public final class DetachCommand implements Callable<Integer> {

    /** The detach's state file inside an attach's OUT. */
    static final String STATE_FILE = "detach-state.properties";

    @Parameters(index = "0", paramLabel = "PID", description = "The process id of the attached JVM.")
    long pid;

    private final PrintStream stdout;
    private final PrintStream err;

    public DetachCommand() {
        this(System.out, System.err);
    }

    DetachCommand(PrintStream stdout, PrintStream err) {
        this.stdout = stdout;
        this.err = err;
    }

    @Override
    public Integer call() {
        Path state;
        try {
            JvmAttach.checkTarget(pid);
            state = Files.createTempFile("taper-detach-" + pid + "-", ".properties");
        } catch (LauncherException e) {
            err.println("taper detach: " + e.getMessage());
            return 1;
        } catch (IOException e) {
            err.println("taper detach: " + e);
            return 1;
        }
        try {
            Map<String, String> outcome = detach(pid, TaperHome.locate().agentJar(), state);
            if (!AttachState.DETACHED.equals(outcome.get(AttachState.KEY_STATE))) {
                err.println("taper detach: " + outcome.getOrDefault(AttachState.KEY_REASON, "the agent said nothing"));
                return 1;
            }
            stdout.println("detached from " + pid + ": " + outcome.get(AttachState.KEY_CLASSES) + " classes restored in "
                + outcome.get(AttachState.KEY_MILLIS) + " ms (longest stall "
                + outcome.get(AttachState.KEY_LONGEST_STALL_MILLIS) + " ms); result in "
                + outcome.get(AttachState.KEY_OUT));
            return 0;
        } finally {
            try {
                Files.deleteIfExists(state);
            } catch (IOException e) {
                // a temporary file
            }
        }
    }

    /** Loads the agent with {@code detach}; its outcome, or a failed one with the reason. */
    static Map<String, String> detach(long pid, Path agentJar, Path state) {
        Map<String, String> outcome = new LinkedHashMap<>();
        try {
            Files.deleteIfExists(state);
            JvmAttach.loadAgent(pid, agentJar, AttachState.detachArgs(state));
            outcome.putAll(AttachState.read(state));
            if (outcome.isEmpty()) {
                outcome.put(AttachState.KEY_STATE, AttachState.FAILED);
                outcome.put(AttachState.KEY_REASON, "the agent wrote nothing to " + state
                    + " (was Taper attached with this build?)");
            }
        } catch (LauncherException | IOException e) {
            outcome.put(AttachState.KEY_STATE, AttachState.FAILED);
            outcome.put(AttachState.KEY_REASON, e.getMessage());
        }
        return outcome;
    }
}
