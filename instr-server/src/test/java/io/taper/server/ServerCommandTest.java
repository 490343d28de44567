package io.taper.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The launchers' command line, taken without picocli's model, means what picocli makes of it; any other goes to picocli. */
class ServerCommandTest {

    private static List<Object> fields(ServerCommand c) {
        return java.util.Arrays.asList(c.config, c.dump, c.warmUpMillis, c.ignoreStdin);
    }

    @Test
    void theLaunchersLineIsWhatPicocliMakesOfIt() {
        String[] line = {"--config", "/tmp/run/work/taper.properties"};
        ServerCommand parsed = new ServerCommand();
        new CommandLine(parsed).parseArgs(line);
        ServerCommand fast = ServerCommand.launchedAs(line);
        assertEquals(fields(parsed), fields(fast));
        assertEquals(List.of(Path.of("/tmp/run/work/taper.properties"), 1000L, false),
            List.of(fast.config, fast.warmUpMillis, fast.ignoreStdin));
    }

    @Test
    void everyOtherLineIsLeftToPicocli() {
        for (String[] line : List.of(new String[] {"--help"}, new String[] {"--config"}, new String[] {},
                new String[] {"--config", "c", "--dump", "d"}, new String[] {"--config", "--dump"},
                new String[] {"--config", ""}, new String[] {"--dump", "d"})) {
            assertNull(ServerCommand.launchedAs(line), String.join(" ", line));
        }
    }
}
