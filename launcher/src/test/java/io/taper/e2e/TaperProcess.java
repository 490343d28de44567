package io.taper.e2e;

import com.google.gson.Gson;
import com.google.gson.reflect.TypeToken;
import io.taper.testing.ForkedJvm;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;

/**
 * Runs {@code ./taper ...} as a real process (the CLI from this module's class path, so the test needs no
 * packaged CLI jar) and captures its output. The launcher in turn forks the server and the observed JVM.
 */
public final class TaperProcess {

    /** What a run printed and returned. */
    public record Outcome(int exitCode, String stdout, String stderr, Path out) {

        public Map<String, Object> result() throws IOException {
            return readJson(out.resolve("result.json"));
        }

        @SuppressWarnings("unchecked")
        public List<Map<String, Object>> rows() throws IOException {
            return (List<Map<String, Object>>) result().get("rows");
        }

        @SuppressWarnings("unchecked")
        public Map<String, Object> stats() throws IOException {
            return (Map<String, Object>) result().get("stats");
        }
    }

    private TaperProcess() {
    }

    public static Path home() {
        return Paths.get(System.getProperty("taper.home", "..")).toAbsolutePath().normalize();
    }

    /** The directory holding this module's compiled test fixtures, for the observed JVM's class path. */
    public static String fixtureClassPath() {
        return home().resolve("launcher/target/test-classes").toString();
    }

    /** The bundled example programs (also fixtures shared with the analyses' own tests). */
    public static String examplesClassPath() {
        return home().resolve("examples/target/classes").toString();
    }

    public static Outcome run(Path out, String... cliArgs) throws IOException, InterruptedException {
        Files.createDirectories(out);
        ForkedJvm.Result r = ForkedJvm.of("-Dtaper.home=" + home(), "-cp", System.getProperty("java.class.path"),
                "io.taper.launcher.TaperCli").add(cliArgs).timeoutSeconds(180)
                .run(out.toAbsolutePath().getParent(), out.getFileName().toString());
        return new Outcome(r.exitCode(), r.stdout(), r.stderr(), out);
    }

    public static Map<String, Object> readJson(Path file) throws IOException {
        return new Gson().fromJson(Files.readString(file, StandardCharsets.UTF_8),
                new TypeToken<Map<String, Object>>() { }.getType());
    }
}
