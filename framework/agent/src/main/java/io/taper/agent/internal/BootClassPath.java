package io.taper.agent.internal;

import java.io.File;
import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.util.jar.JarFile;

/**
 * Appends Taper's jars (the runtime, the prepared analysis) to the boot class path, unless the JVM was
 * started with them there already ({@code -Xbootclasspath/a:}). Appending at run time makes HotSpot print
 * "Sharing is only supported for boot loader classes because bootstrap classpath has been appended" on
 * the program's stderr (with CDS on, the default), once per jar; a launcher that passes the jars on the
 * command line avoids that line and keeps class data sharing for the program's own classes.
 */
public final class BootClassPath {

    private BootClassPath() {
    }

    /** @return true if the jar was appended now, false if it was on the boot class path already */
    public static boolean appendIfAbsent(Instrumentation inst, Path jar) throws IOException {
        if (onCommandLine(jar)) {
            return false;
        }
        inst.appendToBootstrapClassLoaderSearch(new JarFile(jar.toFile()));
        return true;
    }

    static boolean onCommandLine(Path jar) {
        String appended = System.getProperty("jdk.boot.class.path.append");
        if (appended == null || appended.isEmpty()) {
            return false;
        }
        Path want = normalize(jar);
        for (String entry : appended.split(File.pathSeparator)) {
            if (!entry.isEmpty() && normalize(Path.of(entry)).equals(want)) {
                return true;
            }
        }
        return false;
    }

    private static Path normalize(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath().normalize();
        }
    }
}
