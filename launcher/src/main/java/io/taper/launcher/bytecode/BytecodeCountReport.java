package io.taper.launcher.bytecode;

import io.taper.launcher.RunReport;
import io.taper.launcher.profile.CollapsedStacks;
import io.taper.launcher.profile.FlameGraphHtml;
import io.taper.result.ResultKeys;
import io.taper.result.ResultKeys.BytecodeRow;
import io.taper.result.ResultKeys.MethodRow;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The top 30 methods by bytecodes executed in them, printed after a bytecode-count run: share of all, invocations,
 * bytecodes per invocation, and the share of invocations, field accesses and allocations among them. Rows with
 * extrapolated counts are marked. A {@code --contexts} run also gets its calling contexts drawn as
 * {@code OUT/bytecode-count-flamegraph.html} and {@code OUT/bytecode-count.collapsed} (also with {@code --no-reports}).
 */
public final class BytecodeCountReport implements RunReport {

    static final int TOP = 30;
    public static final String FLAME_GRAPH = "bytecode-count-flamegraph.html";
    /** Collapsed stacks: one line per calling context, its own bytecodes as the value. */
    public static final String COLLAPSED = "bytecode-count.collapsed";

    @Override
    public String analysis() {
        return "bytecode-count";
    }

    @Override
    @SuppressWarnings("unchecked")
    public void write(Map<String, Object> result, Path out, PrintStream console) throws IOException {
        List<Map<String, Object>> rows = new ArrayList<>((List<Map<String, Object>>) result.get(ResultKeys.ROWS));
        Map<String, Object> summary = (Map<String, Object>) result.getOrDefault(ResultKeys.SUMMARY, Map.of());
        print(rows, number(summary.get(BytecodeRow.TOTAL_BYTECODES)), String.valueOf(result.get(ResultKeys.MODE)),
            TOP, console);
        if (writeContexts(result, out)) {
            console.printf("[taper] calling contexts: %s, %s%n", out.resolve(FLAME_GRAPH), out.resolve(COLLAPSED));
        }
    }

    @Override
    public void writeData(Map<String, Object> result, Path out) throws IOException {
        writeContexts(result, out);
    }

    /** A {@code --contexts} run's flame graph and collapsed stacks; false for a run without contexts. */
    private static boolean writeContexts(Map<String, Object> result, Path out) throws IOException {
        ContextCountProfile profile = ContextCountProfile.of(result);
        if (profile == null) {
            return false;
        }
        try (Writer w = Files.newBufferedWriter(out.resolve(COLLAPSED), StandardCharsets.UTF_8)) {
            CollapsedStacks.write(profile, w);
        }
        try (Writer w = Files.newBufferedWriter(out.resolve(FLAME_GRAPH), StandardCharsets.UTF_8)) {
            FlameGraphHtml.write(profile, "Taper bytecode-count (" + result.get(ResultKeys.MODE)
                + ", bytecodes per calling context)", w);
        }
        return true;
    }

    static void print(List<Map<String, Object>> rows, long total, String mode, int n, PrintStream out) {
        rows.sort(Comparator.comparingLong((Map<String, Object> r) -> number(r.get(BytecodeRow.BYTECODES))).reversed()
            .thenComparing(r -> String.valueOf(r.get(MethodRow.CLASS)) + r.get(MethodRow.METHOD)));
        out.printf("[taper] bytecode-count %s: %,d bytecodes executed; top %d of %d methods%n", mode, total,
            Math.min(n, rows.size()), rows.size());
        out.printf("  %3s %15s %6s %13s %9s %6s %6s %6s  %s%n", "#", "bytecodes", "share", "invocations", "per call",
            "invoke", "field", "alloc", "method");
        double all = Math.max(1, total);
        for (int i = 0; i < Math.min(n, rows.size()); i++) {
            Map<String, Object> r = rows.get(i);
            long b = number(r.get(BytecodeRow.BYTECODES));
            long calls = number(r.get(MethodRow.INVOCATIONS));
            @SuppressWarnings("unchecked")
            Map<String, Object> kinds = (Map<String, Object>) r.getOrDefault(BytecodeRow.PER_KIND, Map.of());
            double per = Math.max(1, b);
            out.printf("  %3d %,15d %5.1f%% %,13d %9.1f %5.1f%% %5.1f%% %5.1f%%  %s.%s%s%s%n", i + 1, b, 100.0 * b / all,
                calls, calls == 0 ? 0.0 : (double) b / calls, 100.0 * number(kinds.get("invoke")) / per,
                100.0 * number(kinds.get("field")) / per, 100.0 * number(kinds.get("alloc")) / per,
                r.get(MethodRow.CLASS), r.get(MethodRow.METHOD), r.get(MethodRow.DESCRIPTOR),
                Boolean.TRUE.equals(r.get(BytecodeRow.EXTRAPOLATED)) ? " [extrapolated]" : "");
        }
    }

    private static long number(Object o) {
        return o instanceof Number x ? x.longValue() : 0;
    }
}
