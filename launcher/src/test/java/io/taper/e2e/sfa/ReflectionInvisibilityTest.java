package io.taper.e2e.sfa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.e2e.TaperProcess;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shadow fields SFA adds are invisible to the program: what reflection, serialisation and method
 * handles report of woven classes (the program's own and patched {@code java.util} and {@code java.lang.reflect}
 * ones) is exactly what
 * they report uninstrumented, in fixed and adaptive mode, while a lookup by the shadow's name shows that
 * the field is there.
 */
class ReflectionInvisibilityTest {

    static final String MAIN = "io.taper.e2e.fixtures.ReflectsOnItself";

    @TempDir
    Path tmp;

    @Test
    void reflectionSerializationAndLookupsSeeTheUninstrumentedClasses() throws Exception {
        TaperProcess.Outcome none = run("none", "none");
        String plain = none.stdout();
        assertTrue(plain.endsWith("shadow field present: false\n"), plain + none.stderr());
        assertTrue(plain.contains("Account fields [int version, private String owner, protected long balance, "
            + "transient int cached] methods 2 all fields 0\n"), plain);
        assertTrue(plain.contains(", protected InvocationHandler h, ") && plain.contains("Proxy serialVersionUID"), plain);
        String expected = plain.replace("shadow field present: false", "shadow field present: true");
        for (String mode : new String[] {"fixed", "adaptive"}) {
            TaperProcess.Outcome sfa = run("sfa", mode);
            assertEquals(0, sfa.exitCode(), sfa.stderr());
            assertEquals(expected, sfa.stdout(), mode);
        }
    }

    private TaperProcess.Outcome run(String analysis, String mode) throws Exception {
        Path out = tmp.resolve(analysis + "-" + mode);
        String[] args = analysis.equals("none")
            ? new String[] {"run", "--mode", "none", "--out", out.toString(), "--", "-cp", TaperProcess.fixtureClassPath(), MAIN}
            : new String[] {"run", "--analysis", analysis, "--mode", mode, "--out", out.toString(), "-q", "--",
                "-Xverify:all", "-cp", TaperProcess.fixtureClassPath(), MAIN};
        return TaperProcess.run(out, args);
    }
}
