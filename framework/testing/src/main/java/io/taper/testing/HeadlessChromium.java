package io.taper.testing;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real browser for tests of the HTML reports a person opens: Debian's {@code chromium}, run headless to load a page
 * and give back the DOM after its scripts ran. On a machine without it, as root with {@code apt-get}, it is installed
 * once (the package the tests name); otherwise the test fails and says how to install it.
 */
public final class HeadlessChromium {

    private static final List<String> NAMES = List.of("chromium", "chromium-browser", "google-chrome");
    private static Path found;

    private HeadlessChromium() {
    }

    /** The browser's executable, installed with apt-get if it is missing and this process may. */
    public static synchronized Path executable() throws IOException, InterruptedException {
        if (found == null) {
            Path p = onPath();
            found = p != null ? p : DebianCommand.executable("chromium", "chromium");
        }
        return found;
    }

    private static Path onPath() {
        for (String n : NAMES) {
            Path p = onPathNamed(n);
            if (p != null) {
                return p;
            }
        }
        return null;
    }

    private static Path onPathNamed(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path p = Path.of(dir, name);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    /**
     * The page's DOM after load ({@code --dump-dom}), as the browser serialises it.
     *
     * @param page a local HTML file
     */
    public static String dumpDom(Path page) throws IOException, InterruptedException {
        return dumpDom(page, "");
    }

    /**
     * The page's DOM after load, opened with a fragment ({@code #...}, without the '#'; "" for none), which pages
     * that read their address take as their first state.
     */
    public static String dumpDom(Path page, String fragment) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory("taper-chromium");
        Path out = profile.resolve("dom.html");
        Process p = new ProcessBuilder(executable().toString(), "--headless", "--no-sandbox", "--disable-gpu",
            "--user-data-dir=" + profile, "--virtual-time-budget=5000", "--dump-dom", page.toUri() + (fragment.isEmpty() ? "" : "#" + fragment))
            .redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("chromium did not finish loading " + page + " in 120 s");
        }
        String dom = Files.readString(out, StandardCharsets.UTF_8);
        if (p.exitValue() != 0 || dom.isBlank()) {
            throw new AssertionError("chromium could not load " + page + " (exit " + p.exitValue() + ")");
        }
        return dom;
    }
}
