package io.taper.server.internal;

import io.taper.protocol.TaperConfig;
import java.io.IOException;

/** Loads and prepares the run's analysis with the weaver (framework/weaver). */
public final class WeaverSetup {

    private WeaverSetup() {
    }

    public static PreparedAnalysis prepare(TaperConfig config) throws IOException {
        throw new IOException("the weaver is not integrated yet");
    }
}
