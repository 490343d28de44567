package io.taper.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.analysis.methodtime.MethodTimeStrategy;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code ./taper run --help} tells the truth about the options it lists. */
class RunHelpTest {

    @Test
    void methodTimesDefaultsAreTheStrategysOwn() {
        assertEquals(MethodTimeStrategy.DEFAULT_OPTIONS + " (how: retransform|switch|once; sampler: jfr|stacks)", RunCommand.METHOD_TIME_OPTIONS);
        String help = help();
        assertTrue(help.replaceAll("\\s+", " ").contains("method-time's options and defaults: period-ms=500,"),
                help);
    }

    @Test
    void aWrongModeNamesAllThree() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CommandLine cli = new CommandLine(new TaperCli());
        cli.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
        assertEquals(2, cli.execute("run", "--mode", "sometimes", "--", "-version"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("mode must be none, fixed or adaptive, got sometimes"),
                err.toString(StandardCharsets.UTF_8));
    }

    private static String help() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CommandLine cli = new CommandLine(new TaperCli());
        cli.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
        cli.execute("run", "--help");
        return out.toString(StandardCharsets.UTF_8);
    }
}
