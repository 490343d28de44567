package io.taper.result;

/**
 * The key names of {@code result.json} that more than one module uses: written by the agent, the controller, the
 * analyses and the launcher, read by the launcher's commands and the evaluation. Compile-time constants, so the
 * writers inside the observed JVM carry no reference to this class.
 *
 * <pre>{@code
 * {"format": 1, "analysis", "mode", "exitCode",
 *  "rows": [...], "summary": {...},
 *  "stats": {"wallMillis", "observedCpuMillis", "serverCpuMillis", "sitesWoven", "sitesActive", "sitesRemoved", ...,
 *            "controller": {"sitesSwitchedOff", "batches", "pauseMillis", "removals": [{"site", "atMillis"}], "audit", ...},
 *            "state": {"budgetBytes", "bytes", "peakBytes", "budgetReached", ...},
 *            "server": {...}, "programEnd": {...}, "results": {...}, "snapshots": {...}},
 *  "launch": {...}}
 * }</pre>
 */
public final class ResultKeys {

    public static final String FORMAT = "format";
    public static final String ANALYSIS = "analysis";
    public static final String MODE = "mode";
    public static final String EXIT_CODE = "exitCode";
    public static final String ROWS = "rows";
    public static final String SUMMARY = "summary";
    public static final String STATS = "stats";
    public static final String LAUNCH = "launch";
    /**
     * The Taper build that wrote the result ({@code io.taper.protocol.TaperBuild}); {@code taper merge} refuses to
     * join results of different builds.
     */
    public static final String BUILD = "build";

    private ResultKeys() {
    }

    /** Keys of {@code stats}: the run as the launcher and the agent measured it. */
    public static final class Stats {
        public static final String WALL_MILLIS = "wallMillis";
        public static final String OBSERVED_CPU_MILLIS = "observedCpuMillis";
        public static final String SERVER_CPU_MILLIS = "serverCpuMillis";
        /** Sites registered by the weaver, over the whole run. */
        public static final String SITES_WOVEN = "sitesWoven";
        /** Sites still woven at the end (not re-woven without). */
        public static final String SITES_ACTIVE = "sitesActive";
        /** Sites re-woven without: {@code sitesWoven - sitesActive}. */
        public static final String SITES_REMOVED = "sitesRemoved";
        public static final String RETRANSFORM_BATCHES = "retransformBatches";
        public static final String CONTROLLER = "controller";
        public static final String STATE = "state";
        public static final String SERVER = "server";
        public static final String PROGRAM_END = "programEnd";
        public static final String RESULTS = "results";
        public static final String SNAPSHOTS = "snapshots";
        public static final String AGENT_RESULT_MISSING = "agentResultMissing";
        public static final String SERVER_PROBLEM = "serverProblem";
        /** premain from its first line to the program's {@code main}. */
        public static final String PREMAIN_MILLIS = "premainMillis";
        /** premain's steps in order, milliseconds each. */
        public static final String PREMAIN_STEP_MILLIS = "premainStepMillis";
        /** The start-up pass over the classes loaded before premain. */
        public static final String STARTUP_RETRANSFORM_MILLIS = "startupRetransformMillis";
        /**
         * The start-up pass: when it ran ({@link #STARTUP_PASS_TIMING}, a {@link io.taper.result.StartupPass} key), the
         * classes it did not reach because the program ended first ({@link #STARTUP_PASS_CLASSES_LEFT}), and when it
         * ended, in milliseconds since premain began ({@link #STARTUP_PASS_END_MILLIS}, -1 if it did not reach every class
         * by the time the results were written).
         */
        public static final String STARTUP_PASS = "startupPass";
        public static final String STARTUP_PASS_TIMING = "timing";
        public static final String STARTUP_PASS_CLASSES_LEFT = "classesLeft";
        public static final String STARTUP_PASS_END_MILLIS = "endMillis";
        /**
         * The server's answers for the start-up pass, woven ahead from an earlier run's start-up classes: how many came
         * ({@link #STARTUP_ANSWERS_RECEIVED}), were taken ({@link #STARTUP_ANSWERS_USED}) and were refused because the
         * class's bytes were not the kept ones ({@link #STARTUP_ANSWERS_MISMATCHED}); and premain's wait for them.
         */
        public static final String STARTUP_ANSWERS = "startupAnswers";
        public static final String STARTUP_ANSWERS_RECEIVED = "received";
        public static final String STARTUP_ANSWERS_USED = "used";
        public static final String STARTUP_ANSWERS_MISMATCHED = "mismatched";
        public static final String STARTUP_ANSWERS_FETCH_MILLIS = "fetchMillis";
        /** Why the pass stopped taking answers early (a lot that could not be taken), when it did. */
        public static final String STARTUP_ANSWERS_PROBLEM = "problem";
        /**
         * The time the program's threads spent in Taper's transformer on their class loads after premain (the round
         * trip to the server, or a cached answer): {@code count, p50, p90, p99, max, mean, total}, in milliseconds.
         */
        public static final String CLASS_LOAD_WAIT_MILLIS = "classLoadWaitMillis";
        /** premain's wait for the socket of a server started alongside the program. */
        public static final String SERVER_WAIT_MILLIS = "serverWaitMillis";

        private Stats() {
        }
    }

    /** Keys of {@code launch}: the run as the launcher started it. */
    public static final class Launch {
        public static final String OBSERVED_PID = "observedPid";
        /** A merged result's inputs ({@code taper merge}), the files read, in order. */
        public static final String MERGED_FROM = "mergedFrom";
        /** When the observed JVM ended, in milliseconds since the epoch. */
        public static final String ENDED_AT_EPOCH_MILLIS = "endedAtEpochMillis";
        /** From the server's start to its socket ready. */
        public static final String SERVER_START_MILLIS = "serverStartMillis";
        /** The launcher's own part of the start-up: from its main class to the program's JVM started. */
        public static final String PROGRAM_STARTED_AFTER_MILLIS = "programStartedAfterMillis";
        /** The server's class-data-sharing archive: {@code mapped: FILE}, {@code writes: FILE} or {@code none}. */
        public static final String SERVER_CLASS_ARCHIVE = "serverClassArchive";
        /** True when the program started while the server started. */
        public static final String SERVER_STARTED_ALONGSIDE = "serverStartedAlongside";
        /** The shared server a run opened its session on ({@code taper run --server shared}): dir, pid, started; or why not. */
        public static final String SHARED_SERVER = "sharedServer";
        /** The run's start-up pass, a {@link io.taper.result.StartupPass} key. */
        public static final String STARTUP_PASS = "startupPass";

        private Launch() {
        }
    }

    /** Keys of {@code stats.controller}: what the controller of an adaptive run did. */
    public static final class Controller {
        public static final String STRATEGY = "strategy";
        /** Sites switched off where they stand (their class not re-woven). */
        public static final String SITES_SWITCHED_OFF = "sitesSwitchedOff";
        /** The controller's retransformation batches (not the agent's start-up ones). */
        public static final String BATCHES = "batches";
        /** Time inside the controller's {@code retransformClasses} calls, all batches. */
        public static final String PAUSE_MILLIS = "pauseMillis";
        /** Per call, the {@code median} and {@code max} of its time in milliseconds. */
        public static final String PAUSE_MILLIS_PER_BATCH = "pauseMillisPerBatch";
        /**
         * Time the JVM stood at safepoints during those calls, all batches (HotSpot's counter, in whole milliseconds:
         * the part of a call that stops the program; a collection that fell in a call counts too). Absent where the
         * counter cannot be read.
         */
        public static final String STOPPED_MILLIS = "stoppedMillis";
        /** Per call, the {@code median} and {@code max} of {@link #STOPPED_MILLIS}. */
        public static final String STOPPED_MILLIS_PER_BATCH = "stoppedMillisPerBatch";
        /**
         * The batches' classes woven before their calls: {@code classes} (asked), {@code ready} (answers before
         * the call), {@code used} (taken by the transformer), {@code millis} (the time it took, outside the pauses).
         */
        public static final String AHEAD = "ahead";
        public static final String AHEAD_CLASSES = "classes";
        public static final String AHEAD_READY = "ready";
        public static final String AHEAD_USED = "used";
        public static final String AHEAD_MILLIS = "millis";
        /** One {@code {site, atMillis}} object per site taken out, in time order. */
        public static final String REMOVALS = "removals";
        public static final String SITE = "site";
        public static final String AT_MILLIS = "atMillis";
        public static final String AUDIT = "audit";
        /**
         * The cost model's re-weaving of classes to drop switched-off code: {@code policy}, {@code classesRewoven},
         * {@code sitesDropped}, {@code costMillisPerClass}, each decision to re-weave with its inputs
         * ({@code rewoven[]}) and the nearest decisions not to ({@code keptNearest[]}).
         */
        public static final String REWEAVE = "reweave";
        public static final String CLASSES_REWOVEN = "classesRewoven";

        private Controller() {
        }
    }

    /** Keys of {@code stats.state}: the size of the analysis's state in the observed JVM. */
    public static final class State {
        public static final String BUDGET_BYTES = "budgetBytes";
        public static final String BYTES = "bytes";
        public static final String PEAK_BYTES = "peakBytes";
        public static final String BUDGET_REACHED = "budgetReached";

        private State() {
        }
    }

    /** Keys of a coverage row: one class that ran. */
    public static final class CoverageRow {
        /** Internal name. */
        public static final String CLASS = "class";
        /** JaCoCo's class id (CRC64 of the original class file), 16 hex digits. */
        public static final String CLASS_ID = "classId";
        /** One character per probe in JaCoCo's order: '1' fired, '0' did not. */
        public static final String PROBES = "probes";
        /** The jar in a run's output where the server keeps the woven classes' original class files. */
        public static final String CLASSES_JAR = "coverage-classes.jar";

        private CoverageRow() {
        }
    }

    /** Keys of {@code taper coverage-diff --json}: where two coverage results disagree. */
    public static final class CoverageDiff {
        public static final String CLASSES_COMPARED = "classesCompared";
        public static final String LINES_COMPARED = "linesCompared";
        public static final String CLASSES_DIFFERING = "classesDiffering";
        public static final String LINES_DIFFERING = "linesDiffering";
        /** The first differences, one line of text each. */
        public static final String CLASSES = "classes";
        public static final String LINES = "lines";

        private CoverageDiff() {
        }
    }

    /** Keys of a method row (method-count, method-time). */
    public static final class MethodRow {
        public static final String CLASS = "class";
        public static final String METHOD = "method";
        public static final String DESCRIPTOR = "descriptor";
        public static final String LOADER = "loader";
        /** method-count: method entries. */
        public static final String ENTRIES = "entries";
        /** method-time: completed calls. */
        public static final String INVOCATIONS = "invocations";
        /** method-time: the method's id, which the call tree's nodes refer to. */
        public static final String ID = "id";
        public static final String INCLUSIVE_NANOS = "inclusiveNanos";
        /** method-time: measured inclusive time plus the estimate for the time after the method's removal. */
        public static final String ESTIMATED_INCLUSIVE_NANOS = "estimatedInclusiveNanos";
        public static final String EXCLUSIVE_NANOS = "exclusiveNanos";
        public static final String MEAN_NANOS = "meanNanos";
        public static final String OPEN_FRAMES = "openFrames";
        /**
         * method-time: the most activations of the method open at once on one thread (recursion, folded onto the
         * outermost activation's context: 1 when it never re-entered itself).
         */
        public static final String MAX_RECURSION = "maxRecursion";
        /**
         * method-time: the part of the inclusive time the method's thread spent waiting (parked, blocked on a monitor,
         * sleeping, waiting: what {@code Thread.getState()} reports, sampled), and of the exclusive time.
         */
        public static final String WAITING_NANOS = "waitingNanos";
        public static final String SELF_WAITING_NANOS = "selfWaitingNanos";
        /** method-time: estimated inclusive time minus waiting time, what the default view ranks by. */
        public static final String RUNNING_NANOS = "runningNanos";
        public static final String REMOVED = "removed";
        public static final String REMOVED_AT_MILLIS = "removedAtMillis";

        private MethodRow() {
        }
    }

    /**
     * Keys of a bytecode-count row (one method that ran; class, method, descriptor and loader as in {@link MethodRow},
     * invocations as method-time's), and of its summary.
     */
    public static final class BytecodeRow {
        /** Basic blocks the method has (as woven: {@code precise} splits more). */
        public static final String BLOCKS = "blocks";
        /** Bytecode instructions executed in the method itself (not in its callees). */
        public static final String BYTECODES = "bytecodes";
        /** Executed instructions per kind: an object keyed by {@link #KINDS}. */
        public static final String PER_KIND = "perKind";
        /**
         * The instruction kinds, comma-separated, in the order woven facts and tables list them (a constant, so that
         * code in the observed JVM has it inlined): local loads and stores (with {@code iinc}), array element
         * accesses, field accesses, invocations, allocations (objects and arrays), branches (jumps and switches), and
         * the rest.
         */
        public static final String KINDS = "load,store,array,field,invoke,alloc,branch,other";
        /** Whether part of the counts is extrapolated (the method ran with an entry-only counter for a while). */
        public static final String EXTRAPOLATED = "extrapolated";
        /** Summary: every thread's bytecodes (extrapolated ones included), and per thread ({@link #THREADS}). */
        public static final String TOTAL_BYTECODES = "bytecodes";
        /** Summary: the part of the total adaptive mode extrapolated (methods that ran with an entry-only counter). */
        public static final String EXTRAPOLATED_BYTECODES = "extrapolatedBytecodes";
        public static final String THREADS = "threads";
        /** A per-thread entry's name; the threads that ended before the end of the run share one entry. */
        public static final String THREAD = "thread";
        public static final String EXITED_THREADS = "(exited threads)";
        public static final String PRECISE = "precise";
        /**
         * Summary of a {@code --contexts} run: figures of the threads' calling-context trees (keyed as below); the
         * call tree itself is under {@link MethodTimeSummary#CALL_TREE}, in method-time's format with inclusive
         * bytecodes for nanoseconds, and rows carry {@link MethodRow#ID}.
         */
        public static final String CONTEXTS = "contexts";
        /** Calling contexts over all threads' trees, and those exported in the call tree (the rest too small). */
        public static final String CONTEXT_COUNT = "contexts";
        public static final String CONTEXTS_EXPORTED = "exported";
        /**
         * Bytecodes counted in flattened contexts (a full tree, or the state budget reached): their methods' counts
         * stay exact, their paths are lost.
         */
        public static final String FLATTENED_BYTECODES = "flattenedBytecodes";
        /** Exits whose frame was not on the shadow stack, and frames popped below a missed exit. */
        public static final String UNMATCHED_EXITS = "unmatchedExits";
        public static final String DISCARDED_FRAMES = "discardedFrames";
        /** Entries deeper than the shadow stack keeps (counted in their context, not pushed). */
        public static final String TOO_DEEP = "tooDeep";

        private BytecodeRow() {
        }
    }

    /** Keys of a method-time result's {@code summary}. */
    public static final class MethodTimeSummary {
        /** All threads' observed time: the call tree's top-level total. */
        public static final String OBSERVED_NANOS = "observedNanos";
        public static final String CALL_TREE = "callTree";
        /**
         * {@code [parent, method id, calls, nanos, waiting nanos]} per exported call-tree node (bytecode-count's
         * contexts: inclusive bytecodes for nanos, 0 waiting). The root's children are threads: method id
         * {@link #THREAD_METHOD}{@code - i} names {@link #THREAD_NAMES}{@code [i]}; {@link #FLATTENED_METHOD} is a
         * thread's flattened contexts.
         */
        public static final String NODES = "nodes";
        public static final String THREAD_NAMES = "threads";
        /** A thread node's method id is this minus the index of its name in {@link #THREAD_NAMES}. */
        public static final int THREAD_METHOD = -10;
        /** The method id of the node that holds a thread's flattened contexts. */
        public static final int FLATTENED_METHOD = -2;
        /** Time in calls whose calling context was flattened (a full tree or the state budget): its paths are lost. */
        public static final String FLATTENED_NANOS = "flattenedNanos";
        /** Cuts of full calling-context trees (their coldest contexts flattened), and the time those contexts held. */
        public static final String CONTEXT_CUTS = "contextCuts";
        public static final String CUT_NANOS = "cutNanos";
        /** The time the program's threads spent cutting their trees, taken out of the calls they were in. */
        public static final String CUT_PAUSE_NANOS = "cutPauseNanos";
        /** The time the agent spent on the program's threads weaving the classes they loaded, taken out of their calls. */
        public static final String AGENT_NANOS = "agentNanos";
        /** Per thread profile (a live thread, or a group of finished ones): name, threads, observed, waiting. */
        public static final String THREADS = "threadTimes";
        public static final String THREAD = "thread";
        public static final String THREAD_COUNT = "threads";

        private MethodTimeSummary() {
        }
    }

    /** Keys of {@code profile-accuracy}'s JSON: one object per compared result under {@code results}. */
    public static final class Accuracy {
        public static final String RESULTS = "results";
        public static final String MATCH = "match";
        public static final String SAD = "sad";
        public static final String MAD = "mad";

        private Accuracy() {
        }
    }
}
