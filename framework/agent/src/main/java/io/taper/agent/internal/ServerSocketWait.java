package io.taper.agent.internal;

import io.taper.protocol.TaperConfig;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Premain's wait for a server that is starting while the program starts: the launcher overlaps the two JVMs'
 * start-ups and tells the agent how long to wait. The server makes its socket once it can serve; the launcher makes
 * the failure marker when the server will not come, and the connection that follows then fails as it would have.
 */
final class ServerSocketWait {

    private static final long POLL_MILLIS = 2;

    private ServerSocketWait() {
    }

    /** @return the nanoseconds waited */
    static long await(Path socket, int waitMillis) {
        if (waitMillis <= 0 || socket == null || Files.exists(socket)) {
            return 0;
        }
        long start = System.nanoTime();
        long deadline = start + waitMillis * 1_000_000L;
        Path failed = TaperConfig.serverFailedMarker(socket);
        while (!Files.exists(socket) && !Files.exists(failed) && System.nanoTime() - deadline < 0) {
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return System.nanoTime() - start;
    }
}
