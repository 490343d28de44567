package io.taper.server.internal;

import io.taper.result.Mode;
import io.taper.result.StartupPass;
import io.taper.protocol.TaperConfig;
import io.taper.weaver.AnalysisSpec;
import io.taper.weaver.ClassHierarchy;
import io.taper.weaver.PreparedJarCache;
import io.taper.weaver.SnippetPreparer;
import io.taper.weaver.Weaver;
import io.taper.weaver.TransformCache;
import io.taper.weaver.WovenClassCache;
import io.taper.api.ClassTransform;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads the run's analysis jar, prepares it for the observed JVM ({@code WORK/analysis-prepared.jar}: every
 * snippet wrapped in the bypass and failure isolation) and creates the weaver that serves it.
 */
public final class WeaverSetup {

    public static final String PREPARED_JAR = "analysis-prepared.jar";

    private static final Logger LOG = LoggerFactory.getLogger(WeaverSetup.class);

    private WeaverSetup() {
    }

    /**
     * Writes the boot shadow patch ({@link BootShadowPatch}) if the launcher asked for one and the analysis
     * has shadow fields. A failure only costs the patch: the launcher then starts the program without it.
     */
    static void bootShadows(TaperConfig config, String prefix, ServerStats stats) {
        Optional<Path> dir = config.bootShadowsDir();
        Optional<Path> javaHome = config.bootShadowsJavaHome();
        if (dir.isEmpty() || javaHome.isEmpty() || prefix == null) {
            return;
        }
        long start = System.nanoTime();
        try {
            int n = BootShadowPatch.ensure(javaHome.get(), prefix, dir.get());
            long ms = (System.nanoTime() - start) / 1_000_000;
            LOG.info("boot shadow patch {}: {} classes of java.base ({} ms)", dir.get(), n, ms);
            if (stats != null) {
                stats.onBootShadows(n, ms, null);
            }
        } catch (IOException | RuntimeException e) {
            LOG.warn("no boot shadow patch: {}", e.toString());
            if (stats != null) {
                stats.onBootShadows(-1, (System.nanoTime() - start) / 1_000_000, e.toString());
            }
        }
    }

    /**
     * The analysis's own class transformation, loaded from its {@code transform.jar} (with the analysis jar
     * behind it) by a loader whose parent is the server's, so that it shares the server's ASM and API.
     */
    static ClassTransform transform(AnalysisSpec spec, Path jar, TaperConfig config) throws IOException {
        java.util.List<Path> jars = spec.transformJars(jar);
        URL[] urls = new URL[jars.size()];
        for (int i = 0; i < urls.length; i++) {
            if (!Files.isRegularFile(jars.get(i))) {
                throw new IOException(spec.name() + ": transform jar " + jars.get(i) + " does not exist");
            }
            urls[i] = jars.get(i).toUri().toURL();
        }
        ClassLoader loader = new URLClassLoader(urls, WeaverSetup.class.getClassLoader());
        ClassTransform t;
        try {
            t = (ClassTransform) Class.forName(spec.transformClass(), true, loader).getConstructor().newInstance();
        } catch (ReflectiveOperationException | ClassCastException | LinkageError e) {
            throw new IOException(spec.name() + ": transform " + spec.transformClass() + " cannot be created from "
                + jars + ": " + e, e);
        }
        try {
            t.init(new ClassTransform.Context(config.mode() == Mode.ADAPTIVE, config.out(), config.asMap()));
        } catch (Exception e) {
            throw new IOException(spec.name() + ": transform " + spec.transformClass() + " failed to start: " + e, e);
        }
        return t;
    }

    /** Without warm-up (in-process servers of tests and tools). */
    public static PreparedAnalysis prepare(TaperConfig config) throws IOException {
        return prepare(config, 0, null);
    }

    /**
     * @param warmUpMillis time to spend warming the weaver up before serving (0: none)
     * @param stats        receives the warm-up's figures (may be null)
     */
    public static PreparedAnalysis prepare(TaperConfig config, long warmUpMillis, ServerStats stats) throws IOException {
        Path jar = config.analysisJar();
        if (!Files.isRegularFile(jar)) {
            throw new IOException("analysis jar " + jar + " does not exist");
        }
        Path work = config.work();
        Files.createDirectories(work);
        Path prepared = work.resolve(PREPARED_JAR);
        Optional<Path> cacheDir = config.cache();
        if (cacheDir.isPresent()) {
            try {
                PreparedJarCache.copy(jar, cacheDir.get(), prepared);   // prepared once per analysis and weaver
            } catch (IOException | RuntimeException e) {
                LOG.warn("prepared jar not from the cache: {}", e.toString());
                SnippetPreparer.prepare(jar, prepared);
            }
        } else {
            SnippetPreparer.prepare(jar, prepared);
        }
        // The weaver reads the snippets from the original jar: it needs their bodies, not the wrappers.
        AnalysisSpec spec = AnalysisSpec.fromJar(jar);
        String results = spec.properties().getProperty("results", "").trim();
        if (spec.transformClass() != null) {
            ClassTransform transform = transform(spec, jar, config);
            TransformWeaveHandler handler = transformHandler(spec, jar, config, transform, stats);
            if (stats != null) {
                stats.onTransform(handler::stats);
            }
            return new PreparedAnalysis(conforming(handler, stats, config), prepared, results);
        }
        ClassHierarchy hierarchy = new ClassHierarchy();
        // An adaptive run's sites sit behind their switches: the controller removes a site at once by switching it off.
        Weaver weaver = Weaver.create(spec, hierarchy, config.audit(), config.mode() == Mode.ADAPTIVE);
        WovenClassCache cache = openCache(config, stats, c -> {
            weaver.useCache(c, WovenClassCache.digest(jar));
            return c;
        });
        if (cache != null && warmUpMillis > 0 && cache.entries(weaver.cacheSpace()) >= WARM_CACHE_ENTRIES) {
            // Most of the start-up will be served from the cache, which needs no compiled weaver: no waiting for one.
            if (stats != null) {
                stats.onWarmUpSkipped("the cache holds at least " + WARM_CACHE_ENTRIES + " classes of this analysis");
            }
        } else if (warmUpMillis > 0 && config.startupPass() == StartupPass.BACKGROUND) {
            // No burst of start-up classes to be ready for: the program's own loads come first, and they warm it up.
            if (stats != null) {
                stats.onWarmUpSkipped("the start-up pass runs beside the program");
            }
        } else {
            long[] warm = WeaverWarmUp.run(spec, warmUpMillis);
            if (stats != null) {
                stats.onWarmUp(warm[0], warm[1]);
            }
        }
        bootShadows(config, weaver.shadowFieldPrefix(), stats);
        return new PreparedAnalysis(conforming(new FrameworkWeaveHandler(weaver, hierarchy, cache), stats, config),
            prepared, results);
    }

    /**
     * Every answer held to HotSpot's oop-map rules ({@link ConformingWeaveHandler}); with the run's cache, classes that
     * passed in an earlier run are not checked again.
     */
    private static WeaveHandler conforming(WeaveHandler woven, ServerStats stats, TaperConfig config) {
        ConformingWeaveHandler h = new ConformingWeaveHandler(woven, config.cache().map(OopMapVerdicts::open)
            .orElse(null));
        if (stats != null) {
            stats.onOopMapCheck(h::stats);
        }
        return h;
    }

    /** The transform's handler, with the woven-class cache when the transform's results may be kept in it. */
    private static TransformWeaveHandler transformHandler(AnalysisSpec spec, Path jar, TaperConfig config,
                                                          ClassTransform transform, ServerStats stats) {
        TransformWeaveHandler cached = transform instanceof ClassTransform.Reusable
            ? openCache(config, stats, files -> new TransformWeaveHandler(transform, spec.ownClasses(),
                TransformCache.of(files, transformIdentity(spec, jar), transform), files))
            : null;
        return cached != null ? cached : new TransformWeaveHandler(transform, spec.ownClasses());
    }

    /** The analysis jar's and the transform jars' digests. */
    private static String transformIdentity(AnalysisSpec spec, Path jar) throws IOException {
        StringBuilder identity = new StringBuilder(WovenClassCache.digest(jar));
        for (Path p : spec.transformJars(jar)) {
            identity.append('|').append(WovenClassCache.digest(p));
        }
        return identity.toString();
    }

    /** Entries of this analysis in the cache from which the server starts without warming its weaver up. */
    static final int WARM_CACHE_ENTRIES = 200;

    /** What a run makes of its opened woven-class cache (the weaver's use of it, a transform's handler). */
    private interface CacheUse<T> {
        T apply(WovenClassCache cache) throws IOException;
    }

    /**
     * The run's woven-class cache, opened and put to {@code use}; null when it is off or cannot be opened or used (then
     * the run weaves without it, and the problem is in the server's statistics).
     */
    private static <T> T openCache(TaperConfig config, ServerStats stats, CacheUse<T> use) {
        Optional<Path> dir = config.cache();
        if (dir.isEmpty()) {
            return null;
        }
        try {
            WovenClassCache cache = WovenClassCache.open(dir.get(), WovenClassCache.DEFAULT_MAX_BYTES);
            T used = use.apply(cache);
            if (stats != null) {
                stats.onCache(cache::stats);
            }
            return used;
        } catch (IOException | RuntimeException e) {
            LOG.warn("no woven-class cache: {}", e.toString());
            if (stats != null) {
                stats.onCacheProblem(dir.get() + ": " + e);
            }
            return null;
        }
    }
}
