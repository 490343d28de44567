package io.taper.e2e.sfa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.e2e.TaperProcess;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The snapshots the agent writes while the program runs must not reach into the program: resolving SFA's rows by
 * reflection ({@code getDeclaredFields}) loads the types of a class's fields through the class's own loader, which
 * the program would see asked for classes it never uses (and which could refuse, log or deadlock). The program here
 * loads a class through a loader that records what it is asked for, and reports whether anyone asked it for the
 * type of a field the program never touches; snapshots are taken every 100 ms meanwhile.
 */
class SnapshotTransparencyTest {

    static final String MAIN = "io.taper.e2e.fixtures.LoadsThroughItsOwnLoader";

    @TempDir
    Path tmp;

    @Test
    @SuppressWarnings("unchecked")
    void snapshotsAskNoClassLoaderForAnything() throws Exception {
        TaperProcess.Outcome o = TaperProcess.run(tmp, "run", "--analysis", "sfa", "--mode", "fixed", "--out",
                tmp.toString(), "--snapshot-interval", "100", "-q", "--", "-cp", TaperProcess.fixtureClassPath(),
                MAIN, "1500");
        assertEquals(0, o.exitCode(), o.stderr());
        assertEquals("used: true, the unused field's type asked for: false\n", o.stdout());
        Map<String, Object> snapshots = (Map<String, Object>) o.stats().get("snapshots");
        assertTrue(((Number) snapshots.get("written")).longValue() >= 1, "snapshots were taken: " + snapshots);
        assertEquals(0L, ((Number) snapshots.get("failed")).longValue(), snapshots.toString());
        List<String> holder = o.rows().stream()
            .filter(r -> (MAIN + "$Holder").equals(r.get("class")))
            .map(r -> r.get("field") + " " + r.get("descriptor") + " " + r.get("category") + " " + r.get("verdict"))
            .collect(Collectors.toList());
        assertEquals(List.of("count I nF non-stationary"), holder);
    }
}
