package io.taper.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The observed JVM's options that decide the start-up classes' bytes, which name the kept start-up classes. */
class ClassOptionsTest {

    @Test
    void sharingVerificationAndPatchesBeforeTheMainClassCount() {
        assertEquals("", RunConfig.classOptions(List.of("-Xmx1g", "-cp", "share.jar", "Main", "-Xshare:off"), false));
        assertEquals("-Xshare:off -Xverify:all -XX:SharedArchiveFile=a.jsa --patch-module=java.base=p",
            RunConfig.classOptions(List.of("-Xshare:off", "-cp", "x.jar", "-Xverify:all",
                "-XX:SharedArchiveFile=a.jsa", "--patch-module", "java.base=p", "-jar", "app.jar", "-Xverify:none"), false));
        assertEquals("-XX:-BytecodeVerificationRemote boot-shadows",
            RunConfig.classOptions(List.of("-XX:-BytecodeVerificationRemote", "Main"), true));
    }
}
