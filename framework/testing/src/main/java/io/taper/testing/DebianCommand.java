package io.taper.testing;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A command-line tool a test checks Taper's output with (e.g. {@code lcov}), from Debian: installed once with
 * {@code apt-get} when it is missing and this process runs as root; otherwise the test fails and says how to get it.
 */
public final class DebianCommand {

    private DebianCommand() {
    }

    /** The executable {@code command}, from the Debian package {@code debianPackage} if it must be installed. */
    public static synchronized Path executable(String command, String debianPackage)
            throws IOException, InterruptedException {
        Path p = onPath(command);
        if (p == null && onPath("apt-get") != null && "root".equals(System.getProperty("user.name"))) {
            // the package lists may be missing or stale on a fresh machine: read them again if the first try fails
            for (List<String> step : List.of(List.of("apt-get", "install", "-y", "-qq", debianPackage),
                    List.of("apt-get", "update", "-qq"), List.of("apt-get", "install", "-y", "-qq", debianPackage))) {
                Process apt = new ProcessBuilder(step).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                if (!apt.waitFor(10, TimeUnit.MINUTES)) {
                    apt.destroyForcibly();
                }
                p = onPath(command);
                if (p != null) {
                    break;
                }
            }
        }
        if (p == null) {
            throw new AssertionError("no " + command + " to check the output with: install Debian's package (apt-get"
                + " install " + debianPackage + ")");
        }
        return p;
    }

    private static Path onPath(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path p = Path.of(dir, name);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }
}
