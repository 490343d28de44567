package io.taper.launcher;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks a {@code --controller} spec before anything runs, with the code the agent will use: the
 * controller's own strategy catalog, loaded from the agent jar next to the runtime, the analysis jar and the
 * user's strategy jars in a class loader of its own. An unknown name or an argument the strategy refuses
 * ({@code periodic:abc}, {@code periodic:-5}) is an error here, instead of a program that silently runs with
 * fixed instrumentation. A strategy that cannot even be created outside the observed JVM (it needs what only
 * the boot class path there gives) is left for the agent to judge.
 */
final class ControllerSpecCheck {

    private static final String CATALOG = "io.taper.controller.internal.StrategyCatalog";
    /** {@code io.taper.runtime.control.FixedStrategy.NAME} (the runtime is not on the launcher's class path). */
    static final String FIXED = "none";

    private ControllerSpecCheck() {
    }

    /** @throws LauncherException with the catalog's message if the spec is refused */
    static void check(String spec, Path agentJar, Path runtimeJar, Path analysisJar, List<Path> controllerPath) {
        for (Path p : controllerPath) {
            if (!Files.isRegularFile(p)) {
                throw new LauncherException("--controller-path: no such file: " + p);
            }
        }
        if (FIXED.equals(spec.trim())) {
            return;   // always known (every fixed run's spec): loading the catalog would only cost start-up time
        }
        List<URL> urls = new ArrayList<>();
        try {
            for (Path p : List.of(agentJar, runtimeJar, analysisJar)) {
                urls.add(p.toUri().toURL());
            }
        } catch (IOException e) {
            throw new LauncherException("cannot read " + e.getMessage());
        }
        StringBuilder userPath = new StringBuilder();
        for (Path p : controllerPath) {
            userPath.append(userPath.length() == 0 ? "" : File.pathSeparator).append(p.toAbsolutePath());
        }
        try (URLClassLoader loader = new URLClassLoader("taper-spec-check", urls.toArray(new URL[0]),
                ClassLoader.getPlatformClassLoader())) {
            Class<?> catalogType = Class.forName(CATALOG, true, loader);
            Object catalog = catalogType.getMethod("discover", ClassLoader.class, String.class)
                .invoke(null, loader, userPath.toString());
            Method create = catalogType.getMethod("create", String.class);
            try {
                create.invoke(catalog, spec);
            } catch (InvocationTargetException e) {
                Throwable why = e.getCause();
                if (why instanceof IllegalArgumentException && !(why.getCause() instanceof ReflectiveOperationException
                        || why.getCause() instanceof LinkageError)) {
                    throw new LauncherException("--controller " + spec + ": " + why.getMessage());
                }
                // could not be created here (a LinkageError, a class that needs the observed JVM): the agent judges
            }
        } catch (ReflectiveOperationException | LinkageError | IOException e) {
            // an agent jar without the catalog cannot check anything; the agent still reports a bad spec
        }
    }
}
