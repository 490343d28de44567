package io.taper.protocol;

import io.taper.result.Mode;
import io.taper.result.StartupPass;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The one configuration of a run, written by the launcher as {@code RUN/taper.properties} and read by the
 * server ({@code --config FILE}) and the agent ({@code -javaagent:taper-agent.jar=FILE}). One name per
 * option (the keys below, as in ARCHITECTURE.md); an unknown key is an error, so a misspelt option cannot
 * be silently ignored. Values are checked when the file is loaded; a getter for a required key that is
 * absent throws. Immutable: {@link #with} returns a copy.
 */
public final class TaperConfig {

    public static final String SOCKET = "socket";
    public static final String TOKEN = "token";
    public static final String ANALYSIS_NAME = "analysis.name";
    public static final String ANALYSIS_JAR = "analysis.jar";
    public static final String RUNTIME_JAR = "runtime.jar";
    public static final String MODE = "mode";
    public static final String CONTROLLER = "controller";
    public static final String CONTROLLER_PATH = "controller.path";
    /** Optional: classes per retransformClasses call of the controller (default: one call per step). */
    public static final String CONTROLLER_BATCH_SIZE = "controller.batch.size";
    /** Optional: when the controller re-weaves a class to drop switched-off code, see {@link #isReweavePolicy}. */
    public static final String CONTROLLER_REWEAVE = "controller.reweave";
    /** What {@link #CONTROLLER_REWEAVE} takes. */
    public static final String REWEAVE_POLICIES = "expected model, model:SHARE (0 < SHARE <= 1) or never";
    /**
     * Classes the analysis never transforms, so the agent does not send them (no round trip, no start-up
     * retransformation): comma-separated, {@code bootstrap} for the bootstrap loader's classes, else package prefixes
     * in internal form ({@code java/}). From the analysis's {@code classes.skip}.
     */
    public static final String CLASSES_SKIP = "classes.skip";
    /** The entry of {@link #CLASSES_SKIP} that names the bootstrap loader's classes. */
    public static final String SKIP_BOOTSTRAP = "bootstrap";
    /**
     * Optional, {@code true} when the analysis's woven code counts into {@code io.taper.runtime.state.ThreadCounters}:
     * the agent then keeps its own work's counts aside (which costs a lock at every class it is handed), else it does
     * not. From the analysis's {@code thread.counters}.
     */
    public static final String THREAD_COUNTERS = "thread.counters";
    /**
     * Whether the observed JVM's {@code java.lang.Thread} has the counters' field (its {@code java.base} patched by
     * the launcher): counting transforms then weave code that reads it.
     */
    public static final String THREAD_FIELD = "thread.field";
    /**
     * Optional, {@code true} when the analysis's results depend on the class file as it was loaded, not only on the
     * class (coverage: its probe and class ids follow the file's order of methods): a retransformation of a class
     * loaded before an attach is then woven from the class file its loader finds, where that is the same class. From
     * the analysis's {@code class.files.original}.
     */
    public static final String CLASS_FILES_ORIGINAL = "class.files.original";
    /**
     * The server jar, for an agent that starts its own server (no launcher: test JVMs forked by a build tool). Its
     * results then go to {@code OUT/jvm-PID}, one directory per JVM, and it makes the socket and token itself.
     */
    public static final String SERVER_JAR = "server.jar";
    /**
     * Optional, with {@link #SERVER_JAR}: the directory of the user's shared server ({@link SharedServerPaths}). The
     * agent joins the server running there, or starts it, and opens a session of its own on it instead of starting
     * a server for itself (it does that only if the shared server cannot be reached or started).
     */
    public static final String SERVER_SHARED = "server.shared";
    /** Seconds a shared server that the agent starts keeps running without a session before it stops. */
    public static final String SERVER_IDLE_SECONDS = "server.idle.seconds";
    /** The {@code java} that runs an agent-started server (default: the observed JVM's own). */
    public static final String SERVER_JAVA = "server.java";
    /**
     * Optional: the server's woven-class cache, a directory shared by runs and concurrent servers, or {@value #OFF}
     * (also the meaning when absent).
     */
    public static final String CACHE = "cache";
    /** The value of {@link #CACHE} that turns the cache off. */
    public static final String OFF = "off";
    /**
     * Optional: milliseconds the agent waits for the server's socket to appear, for a launcher that starts the
     * program while its server starts (0, the default: the server is up before the program starts). The wait ends
     * at once when {@link #serverFailedMarker} appears.
     */
    public static final String SERVER_WAIT_MS = "server.wait.ms";
    /** The analysis's own options, comma-separated (bytecode-count: {@code precise}); the analysis validates them. */
    public static final String ANALYSIS_OPTIONS = "analysis.options";
    public static final String OUT = "out";
    public static final String WORK = "work";
    public static final String DUMP = "dump";
    public static final String TIMEOUT_MS = "timeout.ms";
    /** "true" for an audit of removals: removed sites keep running, checked (see {@code io.taper.runtime.Audit}). */
    public static final String AUDIT = "audit";
    /** Milliseconds between the agent's snapshots of the results ({@code 0}: only at exit). */
    public static final String SNAPSHOT_INTERVAL_MS = "snapshot.interval.ms";
    /** The budget of the analysis's state in the observed JVM ({@link StateSize}). */
    public static final String STATE_MAX = "state.max";
    /** Where the server writes (or finds) the observed JDK's start-up classes with the analysis's shadow fields. */
    public static final String BOOT_SHADOWS_DIR = "boot.shadows.dir";
    /** The observed JVM's java.home, whose {@code java.base} the boot shadows are made from. */
    public static final String BOOT_SHADOWS_JAVA_HOME = "boot.shadows.java.home";
    /**
     * Optional: the observed JVM's java.home. With a cache, the server keeps the classes of the agent's start-up pass
     * per observed JDK and weaves them before the next run's agent asks ({@code StartupFetch}).
     */
    public static final String OBSERVED_JAVA_HOME = "observed.java.home";
    /**
     * Optional: the observed JVM's options that change the class bytes its agent is handed (class-data sharing,
     * verification, patched modules), space-separated: start-up classes are kept per JDK and these options.
     */
    public static final String OBSERVED_CLASS_OPTIONS = "observed.class.options";
    /**
     * Optional: when the agent weaves the classes loaded before it ({@link StartupPass}, default {@code eager}: an
     * agent whose launcher did not say keeps the behaviour that observes every call from {@code main} on).
     */
    public static final String STARTUP_PASS = "startup.pass";
    /** The file in the boot shadows directory that the server writes last: the launcher patches only with it. */
    public static final String BOOT_SHADOWS_COMPLETE = "COMPLETE";

    public static final Set<String> KEYS = Set.of(SOCKET, TOKEN, ANALYSIS_NAME, ANALYSIS_JAR, RUNTIME_JAR, MODE,
        CONTROLLER, CONTROLLER_PATH, CONTROLLER_BATCH_SIZE, CONTROLLER_REWEAVE, OUT, WORK, DUMP, TIMEOUT_MS, AUDIT, BOOT_SHADOWS_DIR,
        BOOT_SHADOWS_JAVA_HOME, SNAPSHOT_INTERVAL_MS, STATE_MAX, CLASSES_SKIP, THREAD_COUNTERS, THREAD_FIELD,
        SERVER_JAR, SERVER_SHARED, SERVER_IDLE_SECONDS, SERVER_JAVA, CACHE, SERVER_WAIT_MS, ANALYSIS_OPTIONS, OBSERVED_JAVA_HOME,
        OBSERVED_CLASS_OPTIONS, STARTUP_PASS, CLASS_FILES_ORIGINAL);

    public static final int DEFAULT_TIMEOUT_MS = 5000;
    public static final int DEFAULT_SNAPSHOT_INTERVAL_MS = 5000;

    private final Map<String, String> values;

    private TaperConfig(Map<String, String> values) {
        this.values = Collections.unmodifiableMap(new TreeMap<>(values));
    }

    /** An empty configuration, to be filled with {@link #with}. */
    public static TaperConfig empty() {
        return new TaperConfig(Map.of());
    }

    /** Validates the values and builds the configuration. */
    public static TaperConfig of(Map<String, String> values) {
        for (Map.Entry<String, String> e : values.entrySet()) {
            validate(e.getKey(), e.getValue());
        }
        return new TaperConfig(values);
    }

    /** Reads a properties file (UTF-8). */
    public static TaperConfig load(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        Map<String, String> m = new TreeMap<>();
        for (String k : p.stringPropertyNames()) {
            m.put(k, p.getProperty(k).trim());
        }
        try {
            return of(m);
        } catch (TaperConfigException e) {
            throw new TaperConfigException(e.key(), file + ": " + e.getMessage());
        }
    }

    /** Writes the configuration as a sorted properties file (UTF-8), atomically (temp file + rename). */
    public void store(Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = PrivatePaths.tempSibling(file.toAbsolutePath());
        try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW,
                StandardOpenOption.WRITE)) {
            w.write("# Taper run configuration (io.taper.protocol.TaperConfig)\n");
            for (Map.Entry<String, String> e : values.entrySet()) {
                w.write(e.getKey() + "=" + escape(e.getValue()) + "\n");
            }
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** A copy with {@code key} set to {@code value} (validated), or removed if value is null. */
    public TaperConfig with(String key, String value) {
        Map<String, String> m = new TreeMap<>(values);
        if (value == null) {
            if (!KEYS.contains(key)) {
                throw unknownKey(key);
            }
            m.remove(key);
        } else {
            validate(key, value);
            m.put(key, value);
        }
        return new TaperConfig(m);
    }

    /** All set keys and their raw values, sorted by key. */
    public Map<String, String> asMap() {
        return values;
    }

    /** The raw value, or null. */
    public String get(String key) {
        return values.get(key);
    }

    public Path socket() {
        return path(SOCKET, required(SOCKET));
    }

    public String token() {
        return required(TOKEN);
    }

    public String analysisName() {
        return required(ANALYSIS_NAME);
    }

    public Path analysisJar() {
        return path(ANALYSIS_JAR, required(ANALYSIS_JAR));
    }

    public Path runtimeJar() {
        return path(RUNTIME_JAR, required(RUNTIME_JAR));
    }

    /** Defaults to {@link Mode#FIXED}; never {@link Mode#NONE}, which runs no agent. */
    public Mode mode() {
        String v = values.get(MODE);
        return v == null ? Mode.FIXED : parseMode(v);
    }

    /** {@link #STARTUP_PASS}; defaults to {@link StartupPass#EAGER}. */
    public StartupPass startupPass() {
        String v = values.get(STARTUP_PASS);
        return v == null ? StartupPass.EAGER : parseStartupPass(v);
    }

    /** The strategy spec; defaults to "none". */
    public String controller() {
        String v = values.get(CONTROLLER);
        return v == null || v.isEmpty() ? "none" : v;
    }

    /** Jars with user strategies (path-separator separated); empty if not set. */
    public List<Path> controllerPath() {
        String v = values.get(CONTROLLER_PATH);
        List<Path> paths = new ArrayList<>();
        if (v != null) {
            for (String s : v.split(java.io.File.pathSeparator)) {
                if (!s.isBlank()) {
                    paths.add(path(CONTROLLER_PATH, s.trim()));
                }
            }
        }
        return paths;
    }

    /** Classes per retransformClasses call of the controller; 0 when not set (one call per step). */
    public int controllerBatchSize() {
        String v = values.get(CONTROLLER_BATCH_SIZE);
        return v == null ? 0 : parsePositive(CONTROLLER_BATCH_SIZE, v, "");
    }

    /** {@link #CLASS_FILES_ORIGINAL}: whether the analysis weaves class files as they were loaded. */
    public boolean classFilesOriginal() {
        return Boolean.parseBoolean(values.getOrDefault(CLASS_FILES_ORIGINAL, "false").trim());
    }

    /** {@link #THREAD_COUNTERS}: whether the analysis counts into the per-thread counters. */
    public boolean threadCounters() {
        return Boolean.parseBoolean(values.getOrDefault(THREAD_COUNTERS, "false").trim());
    }

    /** {@link #CLASSES_SKIP}'s entries (empty if none). */
    public java.util.List<String> classesSkip() {
        String v = values.get(CLASSES_SKIP);
        java.util.List<String> out = new java.util.ArrayList<>();
        if (v != null) {
            for (String e : v.split(",")) {
                if (!e.isBlank()) {
                    out.add(e.trim());
                }
            }
        }
        return out;
    }

    public Path out() {
        return path(OUT, required(OUT));
    }

    public Path work() {
        return path(WORK, required(WORK));
    }

    public Optional<Path> bootShadowsDir() {
        String v = values.get(BOOT_SHADOWS_DIR);
        return v == null || v.isEmpty() ? Optional.empty() : Optional.of(path(BOOT_SHADOWS_DIR, v));
    }

    public Optional<Path> bootShadowsJavaHome() {
        String v = values.get(BOOT_SHADOWS_JAVA_HOME);
        return v == null || v.isEmpty() ? Optional.empty() : Optional.of(path(BOOT_SHADOWS_JAVA_HOME, v));
    }

    public Optional<Path> observedJavaHome() {
        String v = values.get(OBSERVED_JAVA_HOME);
        return v == null || v.isEmpty() ? Optional.empty() : Optional.of(path(OBSERVED_JAVA_HOME, v));
    }

    /** {@link #OBSERVED_CLASS_OPTIONS}, "" when not set. */
    public String observedClassOptions() {
        String v = values.get(OBSERVED_CLASS_OPTIONS);
        return v == null ? "" : v;
    }

    /** How long the agent waits for the server's socket; 0 when not set. */
    public int serverWaitMs() {
        String v = values.get(SERVER_WAIT_MS);
        return v == null ? 0 : parseNonNegative(SERVER_WAIT_MS, v);
    }

    /** The file a launcher creates next to the socket when its server will not come: agents stop waiting. */
    public static Path serverFailedMarker(Path socket) {
        return socket.resolveSibling(socket.getFileName() + ".failed");
    }

    /** The woven-class cache directory, or empty when the cache is off. */
    public Optional<Path> cache() {
        String v = values.get(CACHE);
        return v == null || v.isEmpty() || OFF.equals(v) ? Optional.empty() : Optional.of(path(CACHE, v));
    }

    public Optional<Path> dump() {
        String v = values.get(DUMP);
        return v == null || v.isEmpty() ? Optional.empty() : Optional.of(path(DUMP, v));
    }

    /** True for an audit of removals ({@value #AUDIT}{@code =true}); false when not set. */
    public boolean audit() {
        return "true".equals(values.get(AUDIT));
    }

    /** Per-request timeout on the agent side; defaults to {@value #DEFAULT_TIMEOUT_MS}. */
    public int timeoutMs() {
        String v = values.get(TIMEOUT_MS);
        return v == null ? DEFAULT_TIMEOUT_MS : parseTimeout(v);
    }

    /** Milliseconds between result snapshots, 0 for none; defaults to {@value #DEFAULT_SNAPSHOT_INTERVAL_MS}. */
    public int snapshotIntervalMs() {
        String v = values.get(SNAPSHOT_INTERVAL_MS);
        return v == null ? DEFAULT_SNAPSHOT_INTERVAL_MS : parseNonNegative(SNAPSHOT_INTERVAL_MS, v);
    }

    /** The state budget; defaults to {@value StateSize#DEFAULT} of the max heap. */
    public StateSize stateMax() {
        String v = values.get(STATE_MAX);
        return StateSize.parse(v == null ? StateSize.DEFAULT : v);
    }

    @Override
    public String toString() {
        Map<String, String> shown = new TreeMap<>(values);
        shown.computeIfPresent(TOKEN, (k, v) -> "<" + v.length() + " chars>");
        return "TaperConfig" + shown;
    }

    private String required(String key) {
        String v = values.get(key);
        if (v == null || v.isEmpty()) {
            throw new TaperConfigException(key, "taper config: missing required key '" + key + "'");
        }
        return v;
    }

    private static void validate(String key, String value) {
        if (!KEYS.contains(key)) {
            throw unknownKey(key);
        }
        if (value == null) {
            throw new TaperConfigException(key, "taper config: key '" + key + "' has no value");
        }
        switch (key) {
            case MODE:
                parseMode(value);
                break;
            case STARTUP_PASS:
                parseStartupPass(value);
                break;
            case TIMEOUT_MS:
                parseTimeout(value);
                break;
            case CONTROLLER_BATCH_SIZE:
                parsePositive(key, value, "expected a positive whole number of classes");
                break;
            case SNAPSHOT_INTERVAL_MS:
            case SERVER_WAIT_MS:
            case SERVER_IDLE_SECONDS:
                parseNonNegative(key, value);
                break;
            case CONTROLLER_REWEAVE:
                if (!isReweavePolicy(value)) {
                    throw bad(key, value, REWEAVE_POLICIES);
                }
                break;
            case STATE_MAX:
                try {
                    StateSize.parse(value);
                } catch (IllegalArgumentException e) {
                    throw new TaperConfigException(key, "taper config: key '" + key + "': " + e.getMessage());
                }
                break;
            case TOKEN:
                if (!isHex(value, 16)) {
                    throw bad(key, value, "expected at least 16 hex digits");
                }
                break;
            case SOCKET:
            case ANALYSIS_JAR:
            case RUNTIME_JAR:
            case OUT:
            case WORK:
            case DUMP:
                if (!value.isEmpty()) {
                    path(key, value);
                }
                break;
            default:
                break;
        }
    }

    /** By hand, not a regex: the agent loads this at premain, where every class loaded costs start-up time. */
    private static boolean isHex(String v, int minLength) {
        if (v.length() < minLength) {
            return false;
        }
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F')) {
                return false;
            }
        }
        return true;
    }

    private static Mode parseMode(String v) {
        Mode m;
        try {
            m = Mode.parse(v);
        } catch (IllegalArgumentException e) {
            throw bad(MODE, v, e.getMessage());
        }
        if (!m.instrumented()) {
            throw bad(MODE, v, "an instrumented run is fixed or adaptive; mode none runs no agent");
        }
        return m;
    }

    private static StartupPass parseStartupPass(String v) {
        try {
            return StartupPass.parse(v);
        } catch (IllegalArgumentException e) {
            throw bad(STARTUP_PASS, v, e.getMessage());
        }
    }

    private static int parseTimeout(String v) {
        return parsePositive(TIMEOUT_MS, v, "expected a positive whole number of milliseconds");
    }

    private static int parsePositive(String key, String v, String expected) {
        try {
            int n = Integer.parseInt(v.trim());
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw bad(key, v, expected);
    }

    private static int parseNonNegative(String key, String v) {
        try {
            int n = Integer.parseInt(v.trim());
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw bad(key, v, "expected a whole number of milliseconds, 0 or more");
    }

    private static Path path(String key, String v) {
        try {
            return Path.of(v);
        } catch (InvalidPathException e) {
            throw bad(key, v, "not a valid path (" + e.getReason() + ")");
        }
    }

    private static TaperConfigException bad(String key, String value, String expected) {
        return new TaperConfigException(key, "taper config: key '" + key + "' has bad value '" + value + "': " + expected);
    }

    /** {@code model}, {@code model:SHARE} with 0 &lt; SHARE &le; 1, or {@code never} (any case). */
    public static boolean isReweavePolicy(String value) {
        String v = value == null ? "" : value.trim().toLowerCase(java.util.Locale.ROOT);
        if (v.equals("model") || v.equals("never")) {
            return true;
        }
        if (!v.startsWith("model:")) {
            return false;
        }
        try {
            double share = Double.parseDouble(v.substring("model:".length()));
            return share > 0 && share <= 1;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static TaperConfigException unknownKey(String key) {
        return new TaperConfigException(key, "taper config: unknown key '" + key + "' (known keys: "
            + String.join(", ", new TreeSet<>(KEYS)) + ")");
    }

    /** Escapes a value so that {@link Properties#load(Reader)} reads it back unchanged. */
    private static String escape(String v) {
        StringBuilder b = new StringBuilder(v.length() + 8);
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            switch (c) {
                case '\\': b.append("\\\\"); break;
                case '\n': b.append("\\n"); break;
                case '\r': b.append("\\r"); break;
                case '\t': b.append("\\t"); break;
                case '\f': b.append("\\f"); break;
                case ' ':
                    b.append(i == 0 ? "\\ " : " ");
                    break;
                default: b.append(c);
            }
        }
        return b.toString();
    }
}
