package io.taper.agent.internal;

import io.taper.controller.ClassDeployment;
import io.taper.controller.ClassDeployments;
import io.taper.protocol.HelloOk;
import io.taper.protocol.SameClassFile;
import io.taper.protocol.TaperConfig;
import io.taper.result.Mode;
import io.taper.result.StartupPass;
import io.taper.runtime.AnalysisResults;
import io.taper.runtime.Bypass;
import io.taper.runtime.state.ThreadCounters;
import io.taper.runtime.SiteRegistry;
import io.taper.runtime.SnippetFailures;
import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.util.List;

/**
 * premain after the runtime is on the boot class path: connect, put the prepared analysis on the boot
 * class path, warm up, install the transformer, retransform what is already loaded, drain the classes
 * that loaded meanwhile, start the controller, and register the result writer.
 */
public final class AgentStartup {

    /**
     * Threads for the start-up pass: while one waits for the server, another lets the JVM parse and
     * install its classes (measured on 2 cores: 1 thread clearly slowest, 2-4 about equal).
     */
    static final int STARTUP_THREADS = 3;

    private AgentStartup() {
    }

    /**
     * What an attached agent needs to detach: the transformer and the classes it changed, the result writer and its
     * shutdown hook, the retransformer. Null fields where start-up ended before them.
     */
    static final class Started {
        TaperConfig config;
        AgentStats stats;
        ClassLoaderTags tags;
        TaperTransformer transformer;
        BatchRetransformer batches;
        AgentResult result;
        Thread hook;
        String resultsClass;
        /** Set by an attach: retransformations weave class files for an analysis that needs them. */
        boolean attach;
    }

    /** premain's start-up: the handle is dropped, the JVM's end is the agent's. */
    public static void start(TaperConfig config, Instrumentation inst) {
        start(config, inst, new Started());
    }

    /** Starts the agent and fills {@code started} as it goes; an attach keeps it to detach later. */
    static void start(TaperConfig config, Instrumentation inst, Started started) {
        long t0 = System.nanoTime();
        if (config.threadCounters()) {
            ThreadCounters.enable();   // before the bypass below: premain's own work must not count as the program's
        }
        boolean bypass = Bypass.enter();
        AgentStats stats = new AgentStats();
        started.stats = stats;
        if (OwnServer.requested(config)) {
            TaperConfig joined = null;
            if (SharedServerSession.requested(config)) {
                try {
                    joined = SharedServerSession.open(config);
                } catch (IOException | RuntimeException e) {
                    // the program still runs observed, by a server of its own; the result says why
                    SharedServerSession.fellBack(String.valueOf(e.getMessage()));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    if (bypass) {
                        Bypass.exit();
                    }
                    return;
                }
            }
            try {
                config = joined != null ? joined : OwnServer.start(config);
            } catch (IOException | RuntimeException e) {
                AgentWarnings.agentDisabled("could not start its server: " + e.getMessage());
                if (bypass) {
                    Bypass.exit();
                }
                return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                if (bypass) {
                    Bypass.exit();
                }
                return;
            }
        }
        try {
            InternalExports.exportUnsafe(inst, Bypass.class);
            ServerLink link = new ServerLink(config, stats);
            ClassLoaderTags tags = new ClassLoaderTags();
            // Loads the tags' key class now, without tagging: the first class of a loader may reach the transformer
            // in a thread that holds a JDK lock, and loading an agent class there takes the agent jar's lock.
            tags.peek(ClassLoader.getSystemClassLoader());
            PendingClasses pending = new PendingClasses();
            AgentResult result = new AgentResult(config.analysisName(), config.mode(), build(config), config.out(), inst,
                stats, link);
            Thread hook = AgentThreads.exitHook("taper-agent-result", result);
            Runtime.getRuntime().addShutdownHook(hook);
            started.config = config;
            started.tags = tags;
            started.result = result;
            started.hook = hook;

            // The first UNIX-domain channel initialises the JDK's socket classes (a SecureRandom among them, some
            // 15 ms): done while the server may still be starting, not after the wait for it.
            ServerConnection.prepareChannels();
            long step = stats.premainStep("setUp", t0);
            stats.serverWaitNanos = ServerSocketWait.await(config.socket(), config.serverWaitMs());
            step = stats.premainStep("serverWait", step);
            HelloOk ok = link.connect();
            step = stats.premainStep("connect", step);
            if (ok != null) {
                BootClassPath.appendUnlessPresent(inst, Path.of(ok.preparedJar()), ok.resultsClass());
                BootJarPreload.preload(config.runtimeJar());
                BootJarPreload.preload(Path.of(ok.preparedJar()));
                // Initialised now: a snippet that fails because the heap is gone must find it ready (its
                // initialisation would then fail too, and every later failure with it).
                SnippetFailures.count();
                result.resultsClass(ok.resultsClass());
                started.resultsClass = ok.resultsClass();
                step = stats.premainStep("preload", step);
                warmUp(link);
                step = stats.premainStep("warmUp", step);
            }
            SkippedClasses skipped = SkippedClasses.of(config.classesSkip());
            TaperTransformer transformer = new TaperTransformer(link, tags, pending, stats, skipped);
            // Made before the transformer is installed: a JDK class premain loads after that waits for a round trip
            // (the read-write lock's five classes took 20 ms).
            BatchRetransformer batches = new BatchRetransformer(inst, stats);
            StartupRetransform startup = new StartupRetransform(inst, batches, stats, skipped);
            transformer.originalClassFiles(started.attach && config.classFilesOriginal());
            started.transformer = transformer;
            started.batches = batches;
            inst.addTransformer(transformer, true);

            Class<?>[] loadedNow = startup.loadedNow();
            step = stats.premainStep("candidates", step);
            boolean background = config.startupPass() == StartupPass.BACKGROUND;
            stats.startupPassTiming = config.startupPass().key();
            StartupPassRunner pass = new StartupPassRunner(link, startup, transformer, stats, loadedNow, t0);
            if (!link.available()) {
                List<Class<?>> loaded = pass.classes();
                stats.classesSeen.addAndGet(loaded.size());
                stats.classesUntransformed.addAndGet(loaded.size());
            } else if (background) {
                result.startupPass(pass);          // stopped at exit before the results are read
                pass.startBackground();
            } else {
                pass.run();
            }
            step = stats.premainStep("startupRetransform", step);
            QueueRetransformer queue = new QueueRetransformer(inst, pending, batches, link, stats);
            if (!background) {
                queue.drainNow(5);   // in the background, the pass's own queued loads go to the queue's thread
            }
            result.queue(queue);
            step = stats.premainStep("drain", step);
            // With the pass in the background, the JDK classes the controller and the snapshots load go to the queue
            // (retransformed beside the program, as the pass's classes are), not one round trip each before main.
            boolean queued = background && TaperTransformer.beginAgentWork();
            try {
                if (link.available()) {
                    queue.startBackground();
                    if (config.mode() == Mode.ADAPTIVE) {
                        preloadController();
                        InternalExports.exportManagement(inst, AgentStartup.class.getModule());
                    }
                    result.controller(ControllerHook.start(inst, config, tags, ok == null ? null : ok.resultsClass(),
                        stats, new BatchWeaveAhead(link, tags, transformer, BatchWeaveAhead.defaultBudgetBytes())));
                }
                step = stats.premainStep("controller", step);
                startSnapshots(config, result, ok == null ? null : ok.resultsClass());
                stats.premainStep("snapshots", step);
            } finally {
                TaperTransformer.endAgentWork(queued);
            }
        } catch (IOException | RuntimeException | LinkageError e) {
            // Reported in agent-result.json (the hook is registered first) and once on stderr.
            stats.agentError(e);
            AgentWarnings.agentDisabled("start-up failed: " + e);
        } finally {
            stats.premainNanos = System.nanoTime() - t0;
            if (bypass) {
                Bypass.exit();
            }
        }
    }

    /** The agent's and the runtime's jars ({@link io.taper.protocol.TaperBuild}). */
    private static String build(TaperConfig config) {
        try {
            Path agentJar = Path.of(AgentStartup.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return io.taper.protocol.TaperBuild.of(List.of(agentJar, config.runtimeJar()));
        } catch (java.net.URISyntaxException | RuntimeException e) {
            return "unknown";
        }
    }

    /**
     * Loads the controller's classes now, in premain. Loaded at its first steps instead, they went into the class
     * loader's concurrent maps while the program's threads loaded classes through the same maps: a resize that the
     * controller's thread began and a program thread finished showed up in a field analysis's table as the
     * program's own (one adaptive SFA table differed from fixed at {@code ConcurrentHashMap.nextTable}).
     */
    private static void preloadController() {
        try {
            java.net.URL jar = AgentStartup.class.getProtectionDomain().getCodeSource().getLocation();
            ClassLoader loader = AgentStartup.class.getClassLoader();
            BootJarPreload.preload(Path.of(jar.toURI()), loader, "io/taper/controller/");
        } catch (IOException | java.net.URISyntaxException | RuntimeException e) {
            // then they load when first used
        }
    }

    /** The state budget, the exit reserve, and the thread that measures the state and writes snapshots. */
    private static void startSnapshots(TaperConfig config, AgentResult result, String resultsClass) {
        long maxHeap = Runtime.getRuntime().maxMemory();
        long reserve = ExitReserve.sizeFor(maxHeap);
        StateMeter meter = new StateMeter(config.stateMax().bytes(maxHeap), reserve);
        if (resultsClass != null && !resultsClass.isEmpty()) {
            try {
                meter.results((AnalysisResults) Class.forName(resultsClass, true, null).getDeclaredConstructor()
                    .newInstance());
            } catch (ReflectiveOperationException | ClassCastException | LinkageError e) {
                meter.failed("the results class " + resultsClass + " cannot measure its state: " + e);
            }
        }
        ExitReserve.holdAside(reserve);
        result.startSnapshots(meter, config.snapshotIntervalMs());
    }

    /**
     * One round trip before the transformer is installed, through the same code path as a real class
     * (deployment lookup, WEAVE, WOVEN decoding, site registry), so those classes are loaded now.
     */
    private static void warmUp(ServerLink link) {
        ClassDeployment d = ClassDeployments.get().forClass(0, WarmUpClass.NAME);
        try {
            link.weave(0, WarmUpClass.NAME, false, d, WarmUpClass.bytes());
        } catch (ServerBusyException e) {
            // cannot happen with one thread; the real classes will tell
        }
        SiteRegistry.register(List.of());
        // what the transformer checks a start-up answer with (CRC32C is not loaded before premain in every JVM)
        SameClassFile.fingerprint(WarmUpClass.bytes());
    }
}
