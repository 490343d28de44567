package io.taper.agent.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Loads every class of Taper's boot-class-path jars (the runtime, the prepared analysis) before the first class
 * is woven. Woven code calls into them, and none of them may be loaded for the first time inside a class-load
 * event: the JVM runs such events through JDK code ({@code sun.instrument.TransformerManager}, then the agent's
 * own calls into {@code String}) that is woven too, whose snippets would need the very class being loaded, a
 * {@code ClassCircularityError} that escapes the agent at every class load after it and, through the snippets
 * woven into {@code Throwable}'s constructors, can recurse without end. Which class a run would first load that
 * way depends on which thread first runs woven code, so only loading all of them first is safe.
 */
final class BootJarPreload {

    private BootJarPreload() {
    }

    /** Loads (not initialises) every class in the jar with the boot loader; returns how many. */
    static int preload(Path jar) throws IOException {
        return preload(jar, null, "");
    }

    /**
     * Loads (not initialises) the classes of the jar whose names start with {@code prefix} (internal form) with
     * {@code loader}; returns how many.
     */
    static int preload(Path jar, ClassLoader loader, String prefix) throws IOException {
        int n = 0;
        try (JarFile jf = new JarFile(jar.toFile())) {
            Enumeration<JarEntry> entries = jf.entries();
            while (entries.hasMoreElements()) {
                String name = entries.nextElement().getName();
                if (!name.endsWith(".class") || !name.startsWith(prefix) || name.startsWith("META-INF/")
                        || name.endsWith("module-info.class") || name.endsWith("package-info.class")) {
                    continue;
                }
                String binary = name.substring(0, name.length() - ".class".length()).replace('/', '.');
                try {
                    Class.forName(binary, false, loader);
                    n++;
                } catch (ClassNotFoundException | LinkageError e) {
                    // not visible to that loader after all (or refers to an optional JDK module): it loads later
                }
            }
        }
        return n;
    }
}
