package io.taper.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;

/** The CLI leaves out picocli's java.time and java.sql converters: no option of any command may need one. */
class ExcludedConvertersTest {

    @Test
    void noOptionOfAnyCommandTakesATypeWhoseConverterIsLeftOut() {
        List<String> excluded = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        collect(new CommandLine(new TaperCli()).getCommandSpec(), excluded, seen);
        assertTrue(seen.contains("java.nio.file.Path"), "the walk reaches the options: " + seen);
        assertEquals(List.of(), excluded);
    }

    @Test
    void theExclusionMatchesExactlyThoseTwoPackages() {
        String[] regexes = TaperCli.CONVERTERS_EXCLUDED.split(",");
        for (String type : List.of("java.time.Duration", "java.time.ZoneId", "java.sql.Timestamp")) {
            assertTrue(List.of(regexes).stream().anyMatch(type::matches), type);
        }
        for (String type : List.of("java.nio.file.Path", "java.lang.String", "java.util.timeX")) {
            assertFalse(List.of(regexes).stream().anyMatch(type::matches), type);
        }
    }

    private static void collect(CommandSpec spec, List<String> excluded, List<String> seen) {
        for (ArgSpec arg : spec.args()) {
            List<Class<?>> types = new ArrayList<>(List.of(arg.auxiliaryTypes()));
            types.add(arg.type());
            for (Class<?> t : types) {
                String name = t.getName();
                seen.add(name);
                if (name.startsWith("java.time.") || name.startsWith("java.sql.")) {
                    excluded.add(spec.qualifiedName() + " " + arg.paramLabel() + ": " + name);
                }
            }
        }
        for (CommandLine sub : spec.subcommands().values()) {
            collect(sub.getCommandSpec(), excluded, seen);
        }
    }
}
