package io.taper.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

/**
 * Where Taper's jars are: the repository root (set by the {@code ./taper} script as {@code taper.home}),
 * with each module's build output under its {@code target/}.
 */
public final class TaperHome {

    private final Path root;

    public TaperHome(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    /** From {@code -Dtaper.home}, else the current directory. */
    public static TaperHome locate() {
        String home = System.getProperty("taper.home");
        return new TaperHome(Paths.get(home == null || home.isBlank() ? "." : home));
    }

    public Path root() {
        return root;
    }

    public Path runtimeJar() {
        return required(root.resolve("framework/runtime/target/taper-runtime.jar"));
    }

    public Path agentJar() {
        return required(root.resolve("framework/agent/target/taper-agent.jar"));
    }

    public Path serverJar() {
        return required(root.resolve("instr-server/target/taper-server.jar"));
    }

    private static Path required(Path jar) {
        if (!Files.isRegularFile(jar)) {
            throw new LauncherException("missing " + jar + ": build Taper first (./taper builds it on first use, "
                    + "or run: mvn -DskipTests package)");
        }
        return jar;
    }

    /** Built-in analyses by name: every {@code analyses/*}{@code /target/taper-analysis-*.jar} with a descriptor. */
    public Map<String, Path> analyses() {
        Map<String, Path> found = new TreeMap<>();
        Path dir = root.resolve("analyses");
        if (!Files.isDirectory(dir)) {
            return found;
        }
        try (DirectoryStream<Path> modules = Files.newDirectoryStream(dir)) {
            for (Path module : modules) {
                Path target = module.resolve("target");
                if (!Files.isDirectory(target)) {
                    continue;
                }
                try (DirectoryStream<Path> jars = Files.newDirectoryStream(target, "taper-analysis-*.jar")) {
                    for (Path jar : jars) {
                        String name = analysisName(jar);
                        if (name != null) {
                            found.put(name, jar);
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new LauncherException("cannot list analyses in " + dir + ": " + e.getMessage());
        }
        return found;
    }

    /** The {@code name} in the jar's {@code META-INF/taper/analysis.properties}, or null if it has none. */
    public static String analysisName(Path jar) {
        Properties p = descriptor(jar);
        String name = p == null ? null : p.getProperty("name");
        return name == null || name.isBlank() ? null : name.trim();
    }

    /** The jar's {@code META-INF/taper/analysis.properties}, or null if it has none or cannot be read. */
    public static Properties descriptor(Path jar) {
        try (JarFile jf = new JarFile(jar.toFile())) {
            ZipEntry e = jf.getEntry("META-INF/taper/analysis.properties");
            if (e == null) {
                return null;
            }
            Properties p = new Properties();
            try (InputStream in = jf.getInputStream(e)) {
                p.load(in);
            }
            return p;
        } catch (IOException ex) {
            return null;
        }
    }

    /** Resolves an analysis by name (built-in) or treats the argument as a jar path. */
    public Path analysisJar(String nameOrJar) {
        Map<String, Path> known = analyses();
        Path jar = known.get(nameOrJar);
        if (jar != null) {
            return jar;
        }
        Path p = Paths.get(nameOrJar);
        boolean looksLikePath = nameOrJar.endsWith(".jar") || nameOrJar.contains("/") || nameOrJar.contains(java.io.File.separator);
        if (looksLikePath && !Files.exists(p)) {
            throw new LauncherException("analysis jar not found: " + p.toAbsolutePath());
        }
        if (looksLikePath && !Files.isRegularFile(p)) {
            throw new LauncherException("analysis jar " + p.toAbsolutePath() + " is not a file");
        }
        if (looksLikePath) {
            if (analysisName(p) == null) {
                throw new LauncherException(p + " has no META-INF/taper/analysis.properties with a name");
            }
            return p.toAbsolutePath();
        }
        throw new LauncherException("unknown analysis '" + nameOrJar + "'; known: " + String.join(", ", known.keySet())
                + " (or give the path of an analysis jar)");
    }
}
