package io.taper.protocol;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * What the agent tells {@code taper attach} and {@code taper detach} through a file: the Attach API's {@code loadAgent}
 * returns when {@code agentmain} does, but carries no answer, so the agent writes its outcome (attached, detached or
 * failed, why, and the figures of the step) where the command named, and the command reads it once
 * {@code loadAgent} has returned.
 *
 * <p>The agent's side runs inside the observed JVM: plain {@link Properties}, no lambdas.
 */
public final class AttachState {

    /**
     * The agent's arguments: {@code attach=CONFIG_FILE} (the outcome goes to {@link #FILE} beside it) or
     * {@code detach=STATE_FILE}. One path each, whatever characters it holds.
     */
    public static final String ATTACH = "attach";
    public static final String DETACH = "detach";

    /** The file the agent writes an attach's outcome to, in the directory of its configuration file. */
    public static final String FILE = "attach-state.properties";

    /** Keys of the file. */
    public static final String KEY_STATE = "state";
    public static final String KEY_REASON = "reason";
    public static final String KEY_OUT = "out";
    public static final String KEY_MILLIS = "millis";
    public static final String KEY_LONGEST_STALL_MILLIS = "longestStallMillis";
    public static final String KEY_CLASSES = "classes";
    /** Of {@link #KEY_CLASSES}, those the bootstrap loader defined. */
    public static final String KEY_BOOTSTRAP_CLASSES = "bootstrapClasses";
    public static final String KEY_FAILED_CLASSES = "failedClasses";

    /** Values of {@link #KEY_STATE}. */
    public static final String ATTACHED = "attached";
    public static final String DETACHED = "detached";
    public static final String FAILED = "failed";

    private AttachState() {
    }

    /** The agent's arguments for an attach. */
    public static String attachArgs(Path config) {
        return ATTACH + "=" + config.toAbsolutePath();
    }

    /** The agent's arguments for a detach. */
    public static String detachArgs(Path state) {
        return DETACH + "=" + state.toAbsolutePath();
    }

    /** {verb, path} of the agent's arguments; the verb is null for arguments of neither form. */
    public static String[] parseArgs(String args) {
        if (args != null) {
            int eq = args.indexOf('=');
            String verb = eq < 0 ? args : args.substring(0, eq);
            if ((verb.equals(ATTACH) || verb.equals(DETACH)) && eq > 0 && eq < args.length() - 1) {
                return new String[] {verb, args.substring(eq + 1)};
            }
        }
        return new String[] {null, null};
    }

    /** Writes the state atomically (a reader never sees half of it). */
    public static void write(Path file, Map<String, String> values) throws IOException {
        Properties p = new Properties();
        for (Map.Entry<String, String> e : values.entrySet()) {
            if (e.getValue() != null) {
                p.setProperty(e.getKey(), e.getValue());
            }
        }
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            p.store(w, null);
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** The state, or an empty map if the file does not exist. */
    public static Map<String, String> read(Path file) throws IOException {
        Map<String, String> m = new LinkedHashMap<>();
        if (!Files.isRegularFile(file)) {
            return m;
        }
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        for (String k : p.stringPropertyNames()) {
            m.put(k, p.getProperty(k));
        }
        return m;
    }
}
