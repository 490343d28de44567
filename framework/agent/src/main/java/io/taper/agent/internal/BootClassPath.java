package io.taper.agent.internal;

import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.util.jar.JarFile;

/**
 * Appends Taper's jars (the runtime, the prepared analysis) to the boot class path, unless the JVM was
 * started with them there already ({@code -Xbootclasspath/a:}). Appending at run time makes HotSpot print
 * "Sharing is only supported for boot loader classes because bootstrap classpath has been appended" on
 * the program's stderr (whenever class data sharing is on, the default), once per jar; a launcher that
 * passes the jars on the command line avoids that line and keeps class data sharing for the program.
 */
public final class BootClassPath {

    private BootClassPath() {
    }

    /**
     * @param probeClass a class the jar holds; if the bootstrap loader finds it already, the jar is there
     * @return true if the jar was appended now, false if it was on the boot class path already
     */
    public static boolean appendUnlessPresent(Instrumentation inst, Path jar, String probeClass) throws IOException {
        if (probeClass != null && !probeClass.isEmpty() && bootLoaderHas(probeClass)) {
            return false;
        }
        // the JVM opens the jar itself and keeps only its name from this one: closed, no descriptor stays behind
        try (JarFile file = new JarFile(jar.toFile())) {
            inst.appendToBootstrapClassLoaderSearch(file);
        }
        return true;
    }

    /**
     * Whether the bootstrap loader finds the class. The JVM's own record of {@code -Xbootclasspath/a}
     * ({@code jdk.boot.class.path.append}) is not visible to Java code, so ask the loader; the class is
     * loaded, not initialised.
     */
    static boolean bootLoaderHas(String binaryName) {
        try {
            Class.forName(binaryName, false, null);
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
