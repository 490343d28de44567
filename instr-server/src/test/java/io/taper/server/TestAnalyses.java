package io.taper.server;

import io.taper.protocol.WeaveStatus;
import io.taper.server.internal.PreparedAnalysis;
import io.taper.server.internal.WeaveEngine;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/** Analyses for server tests. TEMPORARY engine until the weaver lands. */
final class TestAnalyses {

    static final String TARGET = "sample/Target";

    private TestAnalyses() {
    }

    static byte[] targetBytes() {
        try (InputStream in = TestAnalyses.class.getResourceAsStream("/" + TARGET + ".class")) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static PreparedAnalysis methodCount(Path dir) {
        WeaveEngine e = w -> {
            byte[] b = w.classBytes();
            if (b.length < 4 || (b[0] & 0xff) != 0xca) {
                return new WeaveEngine.Outcome(WeaveStatus.FAILED, new byte[0], List.of(), "not a class file");
            }
            return new WeaveEngine.Outcome(WeaveStatus.WOVEN, b, List.of(), "");
        };
        return new PreparedAnalysis(e, dir.resolve("prepared.jar"), "x.Results");
    }
}
