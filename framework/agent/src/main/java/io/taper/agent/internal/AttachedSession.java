package io.taper.agent.internal;

import io.taper.controller.ClassDeployments;
import io.taper.protocol.AttachState;
import io.taper.protocol.TaperConfig;
import io.taper.runtime.AnalysisResults;
import io.taper.runtime.Bypass;
import io.taper.runtime.RuntimeReset;
import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An agent loaded into a running JVM ({@code taper attach}) and later taken out ({@code taper detach}). The attach is
 * premain's start-up with every class already loaded retransformed before {@code agentmain} returns; the detach stops
 * the agent's work as the JVM's end would, puts back the original code of every class the agent changed, writes the
 * last result, closes the server's session, ends the agent's threads and clears what stays loaded on the boot class
 * path (the runtime's and the analysis's tables), so that a second attach starts from zero.
 *
 * <p>Each step writes its outcome to a file the command named ({@link AttachState}): the Attach API carries no answer
 * back. A step that fails half-way puts back what it changed; nothing escapes into the program.
 */
public final class AttachedSession {

    /** How long a detach waits for the agent's threads to end. */
    static final long THREADS_END_MILLIS = 5_000;

    private static AttachedSession current;

    private final Instrumentation inst;
    private final AgentStartup.Started started;
    /** The attach's state file: a detach says there too that it happened, for the {@code taper attach} waiting. */
    private final Path attachState;

    private AttachedSession(Instrumentation inst, AgentStartup.Started started, Path attachState) {
        this.inst = inst;
        this.started = started;
        this.attachState = attachState;
    }

    /** {@code agentmain("attach=CONFIG")}: the outcome goes to {@link AttachState#FILE} beside the configuration. */
    public static synchronized void attach(TaperConfig config, Path stateFile, Instrumentation inst) {
        Map<String, String> state = new LinkedHashMap<>();
        if (current != null) {
            state.put(AttachState.KEY_STATE, AttachState.FAILED);
            state.put(AttachState.KEY_REASON, "Taper is attached to this JVM already (detach it first)");
            writeState(stateFile, state);
            return;
        }
        AgentThreads.reset();
        ExitReserve.reset();
        StallProbe probe = StallProbe.start();
        AgentStartup.Started s = new AgentStartup.Started();
        s.attach = true;
        AgentStartup.start(config, inst, s);
        AttachedSession session = new AttachedSession(inst, s, stateFile);
        long[] figures = probe.stop();
        String problem = s.stats == null ? "the agent did not start" : s.stats.agentError();
        if (problem == null && (s.transformer == null || s.resultsClass == null)) {
            problem = "the instrumentation server was unavailable";
        }
        if (problem == null && s.stats.serverLostReason() != null) {
            // some classes are woven, the rest never will be: put back what was changed rather than half a session
            problem = "the instrumentation server was lost during the attach: " + s.stats.serverLostReason();
        }
        if (s.stats != null) {
            s.stats.attach.put("attachMillis", figures[0]);
            s.stats.attach.put("attachLongestStallMillis", figures[1]);
        }
        if (problem != null) {
            // what the attach changed goes back; the result says why
            session.detachNow(new LinkedHashMap<String, String>());
            state.put(AttachState.KEY_STATE, AttachState.FAILED);
            state.put(AttachState.KEY_REASON, problem);
            writeState(stateFile, state);
            return;
        }
        current = session;
        state.put(AttachState.KEY_STATE, AttachState.ATTACHED);
        state.put(AttachState.KEY_OUT, String.valueOf(s.config.out()));
        state.put(AttachState.KEY_MILLIS, Long.toString(figures[0]));
        state.put(AttachState.KEY_LONGEST_STALL_MILLIS, Long.toString(figures[1]));
        state.put(AttachState.KEY_CLASSES, Integer.toString(s.transformer.changedCount()));
        state.put(AttachState.KEY_BOOTSTRAP_CLASSES, Integer.toString(s.transformer.changedBootstrapCount()));
        state.put(AttachState.KEY_FAILED_CLASSES, Long.toString(s.stats.retransformFailures.get()));
        writeState(stateFile, state);
    }

    /** {@code agentmain("detach=STATE")}: the outcome goes to that file. */
    public static synchronized void detach(Path stateFile) {
        Map<String, String> state = new LinkedHashMap<>();
        AttachedSession session = current;
        if (session == null) {
            state.put(AttachState.KEY_STATE, AttachState.FAILED);
            state.put(AttachState.KEY_REASON, "Taper is not attached to this JVM");
            writeState(stateFile, state);
            return;
        }
        current = null;
        String problem = session.detachNow(state);
        if (problem != null) {
            state.put(AttachState.KEY_STATE, AttachState.FAILED);
            state.put(AttachState.KEY_REASON, problem);
        } else {
            state.put(AttachState.KEY_STATE, AttachState.DETACHED);
        }
        state.put(AttachState.KEY_OUT, String.valueOf(session.started.config == null ? "" : session.started.config.out()));
        writeState(stateFile, state);
        if (!session.attachState.equals(stateFile)) {
            writeState(session.attachState, state);
        }
    }

    /**
     * Takes the agent out: the result's last write with the classes restored first, the threads' end and the state's
     * reset. Fills {@code state} with the figures; returns a problem, or null.
     */
    private String detachNow(Map<String, String> state) {
        boolean bypass = Bypass.enter();
        StallProbe probe = StallProbe.start();
        try {
            AgentStartup.Started s = started;
            if (s.hook != null) {
                try {
                    Runtime.getRuntime().removeShutdownHook(s.hook);
                } catch (IllegalStateException e) {
                    // the JVM is ending: its shutdown hook writes the result, and nothing needs restoring after it
                    return "the JVM is shutting down: its result is written at its end";
                }
            }
            Restore restore = new Restore();
            if (s.result != null) {
                s.result.detach(restore);
            } else {
                restore.run();
            }
            List<String> left = AgentThreads.endAll(THREADS_END_MILLIS);
            resetState(s.resultsClass);
            long[] figures = probe.stop();
            state.put(AttachState.KEY_MILLIS, Long.toString(figures[0]));
            state.put(AttachState.KEY_LONGEST_STALL_MILLIS, Long.toString(figures[1]));
            state.put(AttachState.KEY_CLASSES, Integer.toString(restore.restored));
            state.put(AttachState.KEY_FAILED_CLASSES, Integer.toString(restore.failed));
            if (restore.failed > 0) {
                return restore.failed + " classes kept their woven code: their retransformation back failed";
            }
            if (!left.isEmpty()) {
                return "Taper's threads " + left + " did not end within " + THREADS_END_MILLIS + " ms";
            }
            return null;
        } catch (RuntimeException | LinkageError e) {
            probe.stop();
            return "the detach failed: " + e;
        } finally {
            if (bypass) {
                Bypass.exit();
            }
        }
    }

    /** Removes the transformer and retransforms every class it changed, so the JVM runs the original code again. */
    private final class Restore implements Runnable {
        int restored;
        int failed;

        @Override
        public void run() {
            AgentStartup.Started s = started;
            if (s.transformer == null) {
                return;
            }
            long t0 = System.nanoTime();
            inst.removeTransformer(s.transformer);
            List<Class<?>> back = new ArrayList<>();
            for (Class<?> c : inst.getAllLoadedClasses()) {
                if (c.isArray() || c.isPrimitive() || c.isHidden()) {
                    continue;
                }
                if (s.transformer.changed(s.tags.tagOf(c.getClassLoader()), c.getName().replace('.', '/'))
                        && inst.isModifiableClass(c)) {
                    back.add(c);
                }
            }
            restored = s.batches.retransform(back, StartupRetransform.BATCH_SIZE);
            failed = back.size() - restored;
            s.stats.attach.put("classesRestored", (long) restored);
            s.stats.attach.put("classesNotRestored", (long) failed);
            s.stats.attach.put("restoreMillis", (System.nanoTime() - t0) / 1_000_000L);
        }
    }

    /**
     * Clears what stays loaded once the agent is out: the analysis's tables, the runtime's, and the deployment the
     * controller kept. A method still running in its woven form at the detach finishes its call there and may count
     * into the cleared tables; nothing reports them until a later attach, whose own counts start from zero.
     */
    private static void resetState(String resultsClass) {
        if (resultsClass != null && !resultsClass.isEmpty()) {
            try {
                ((AnalysisResults) Class.forName(resultsClass, true, null).getDeclaredConstructor().newInstance())
                    .reset();
            } catch (ReflectiveOperationException | ClassCastException | LinkageError e) {
                // its state stays: the next attach's results class is the same one, and clears it then
            }
        }
        RuntimeReset.resetAll();
        ClassDeployments.get().clear();
    }

    private static void writeState(Path file, Map<String, String> state) {
        try {
            AttachState.write(file, state);
        } catch (IOException | RuntimeException e) {
            AgentWarnings.agentDisabled("cannot write " + file + ": " + e);
        }
    }
}
