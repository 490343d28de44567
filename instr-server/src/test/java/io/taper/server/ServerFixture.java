package io.taper.server;

import io.taper.protocol.TaperConfig;
import io.taper.server.internal.PreparedAnalysis;
import io.taper.server.internal.ServerStats;
import java.io.IOException;
import java.nio.file.Path;

/** A server on a fresh socket under a test's temporary directory. */
final class ServerFixture implements AutoCloseable {

    static final String TOKEN = "00112233445566778899aabbccddeeff";

    final Path dir;
    final TaperConfig config;
    final InstrumentationServer server;

    private ServerFixture(Path dir, TaperConfig config, InstrumentationServer server) {
        this.dir = dir;
        this.config = config;
        this.server = server;
    }

    static TaperConfig config(Path dir) {
        return TaperConfig.empty()
            .with(TaperConfig.SOCKET, dir.resolve("sock/server.sock").toString())
            .with(TaperConfig.TOKEN, TOKEN)
            .with(TaperConfig.OUT, dir.resolve("out").toString())
            .with(TaperConfig.WORK, dir.resolve("work").toString());
    }

    static ServerFixture start(Path dir, TaperConfig config, PreparedAnalysis analysis) throws IOException {
        return new ServerFixture(dir, config, InstrumentationServer.start(config, analysis, new ServerStats()));
    }

    /** The real thing: the entry analysis jar, prepared and woven by the weaver. */
    static ServerFixture start(Path dir, TaperConfig config) throws IOException {
        return new ServerFixture(dir, config, InstrumentationServer.start(config));
    }

    Path socket() {
        return server.socketPath();
    }

    TestClient greetedClient() throws IOException {
        return TestClient.greeted(socket(), TOKEN);
    }

    @Override
    public void close() {
        server.close();
    }
}
