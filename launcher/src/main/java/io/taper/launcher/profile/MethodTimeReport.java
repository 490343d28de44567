package io.taper.launcher.profile;

import io.taper.launcher.RunReport;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * After a method-time run: the top 30 methods by inclusive time on the console, and the call tree as
 * {@code OUT/method-time-flamegraph.html} (self-contained icicle graph), {@code OUT/method-time.collapsed}
 * (collapsed stacks, nanoseconds of own time per path, for other flame-graph tools) and
 * {@code OUT/method-time.speedscope.json} (the same paths as a speedscope profile).
 */
public final class MethodTimeReport implements RunReport {

    public static final int TOP = 30;
    public static final String FLAME_GRAPH = "method-time-flamegraph.html";
    public static final String COLLAPSED = "method-time.collapsed";
    public static final String SPEEDSCOPE = "method-time.speedscope.json";

    @Override
    public String analysis() {
        return MethodTimeProfile.ANALYSIS;
    }

    @Override
    public void write(Map<String, Object> result, Path out, PrintStream console) throws Exception {
        MethodTimeProfile profile = MethodTimeProfile.of(result, viewOf(result));
        TopMethodsTable.print(profile, TOP, console);
        try (Writer w = Files.newBufferedWriter(out.resolve(COLLAPSED), StandardCharsets.UTF_8)) {
            CollapsedStacks.write(profile, w);
        }
        String title = "Taper method-time (" + profile.mode() + ", " + profile.view().key() + " time): "
            + program(result);
        try (Writer w = Files.newBufferedWriter(out.resolve(SPEEDSCOPE), StandardCharsets.UTF_8)) {
            SpeedscopeProfile.write(profile, title, w);
        }
        try (Writer w = Files.newBufferedWriter(out.resolve(FLAME_GRAPH), StandardCharsets.UTF_8)) {
            FlameGraphHtml.write(profile, title, w);
        }
        console.printf("[taper] call tree: %s, %s, %s%n", out.resolve(FLAME_GRAPH), out.resolve(COLLAPSED),
            out.resolve(SPEEDSCOPE));
    }

    /** The view the run asked for ({@code launch.view}), running by default. */
    static ProfileView viewOf(Map<String, Object> result) {
        if (result.get("launch") instanceof Map<?, ?> launch && launch.get(VIEW) instanceof String v) {
            return ProfileView.parse(v);
        }
        return ProfileView.RUNNING;
    }

    /** The launch record's key of {@code ./taper run --view}. */
    public static final String VIEW = "view";

    /** The observed program's arguments as the launch recorded them. */
    private static String program(Map<String, Object> result) {
        if (result.get("launch") instanceof Map<?, ?> launch && launch.get("javaArgs") instanceof Iterable<?> args) {
            return String.join(" ", java.util.stream.StreamSupport.stream(args.spliterator(), false)
                    .map(String::valueOf).toList());
        }
        return "";
    }
}
