package io.taper.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Taper's own dependencies never clash with the observed program's (older) copies of them. */
class OwnLibrariesEndToEndTest {

    @TempDir
    Path tmp;

    @Test
    void programWithItsOwnAsmAndGsonRunsUnchanged() throws Exception {
        Path libs = TaperProcess.home().resolve("launcher/target/fixture-libs");
        String cp = String.join(File.pathSeparator, TaperProcess.fixtureClassPath(),
                libs.resolve("asm-9.2.jar").toString(), libs.resolve("gson-2.8.9.jar").toString());
        String expected = "methods 3\nasm from asm-9.2.jar\ngson {\"k\":1} from gson-2.8.9.jar\n";
        TaperProcess.Outcome none = TaperProcess.run(tmp.resolve("none"), "run", "--mode", "none",
                "--out", tmp.resolve("none").toString(), "--", "-cp", cp, "io.taper.e2e.fixtures.BundlesOwnLibraries");
        assertEquals(0, none.exitCode(), none.stderr());
        assertEquals(expected, none.stdout());
        TaperProcess.Outcome fixed = TaperProcess.run(tmp.resolve("fixed"), "run", "--analysis", "method-count",
                "--mode", "fixed", "--out", tmp.resolve("fixed").toString(), "--", "-Xverify:all", "-cp", cp,
                "io.taper.e2e.fixtures.BundlesOwnLibraries");
        assertEquals(0, fixed.exitCode(), fixed.stderr());
        assertEquals(expected, fixed.stdout());
        // the program's own ASM was woven like any other library: its ClassReader ran
        assertTrue(fixed.rows().stream().anyMatch(r -> "org.objectweb.asm.ClassReader".equals(r.get("class"))
                && "accept".equals(r.get("method"))), "ASM's ClassReader.accept counted");
    }
}
