package io.taper.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TaperBuildTest {

    @Test
    void theSameJarsAreTheSameBuildAndARebuiltOneAnother(@TempDir Path tmp) throws Exception {
        Path agent = Files.writeString(tmp.resolve("taper-agent.jar"), "agent");
        Path runtime = Files.writeString(tmp.resolve("taper-runtime.jar"), "runtime");
        Files.setLastModifiedTime(agent, FileTime.fromMillis(1_000_000));
        Files.setLastModifiedTime(runtime, FileTime.fromMillis(2_000_000));
        String build = TaperBuild.of(List.of(agent, runtime));
        assertTrue(build.matches("[0-9a-f]{16}"), build);
        assertEquals(build, TaperBuild.of(List.of(agent, runtime)));
        Files.setLastModifiedTime(runtime, FileTime.fromMillis(2_000_001));
        assertNotEquals(build, TaperBuild.of(List.of(agent, runtime)));
        assertEquals("unknown", TaperBuild.of(List.of(agent, tmp.resolve("gone.jar"))));
    }
}
