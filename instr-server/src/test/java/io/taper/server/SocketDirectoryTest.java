package io.taper.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.server.internal.SocketDirectory;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SocketDirectoryTest {

    @TempDir
    Path dir;

    @Test
    void createsTheDirectoryClosedToOthers() throws IOException {
        Path socket = dir.resolve("a/b/server.sock");
        SocketDirectory.prepare(socket);
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(socket.getParent())));
    }

    @Test
    void refusesADirectoryOthersCanOpen() throws IOException {
        Path open = Files.createDirectory(dir.resolve("open"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxr-xr-x"));
        IOException e = assertThrows(IOException.class, () -> SocketDirectory.prepare(open.resolve("s.sock")));
        assertEquals("socket directory " + open + " is open to others (rwxr-xr-x); it must be rwx------", e.getMessage());
    }

    @Test
    void theSocketsPathAppearsListeningAndTheHiddenNameIsGone() throws IOException {
        Path socket = dir.resolve("l/s.sock");
        SocketDirectory.prepare(socket);
        Path hidden = socket.resolveSibling(".s.sock");
        try (ServerSocketChannel stale = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            stale.bind(UnixDomainSocketAddress.of(hidden));   // left by a server that died between bind and rename
        }
        try (ServerSocketChannel listener = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            SocketDirectory.bindListening(listener, socket, 4);
            assertTrue(Files.exists(socket));
            assertFalse(Files.exists(hidden));
            try (SocketChannel client = SocketChannel.open(UnixDomainSocketAddress.of(socket));
                 SocketChannel accepted = listener.accept()) {
                client.write(ByteBuffer.wrap(new byte[] {42}));
                ByteBuffer in = ByteBuffer.allocate(1);
                assertEquals(1, accepted.read(in));
                assertEquals(42, in.get(0));
            }
        }
    }

    @Test
    void removesAStaleSocket() throws IOException {
        Path socket = dir.resolve("d/s.sock");
        SocketDirectory.prepare(socket);
        ServerSocketChannel old = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        old.bind(UnixDomainSocketAddress.of(socket));
        old.close(); // a socket file without a listener, as a killed server leaves it
        SocketDirectory.prepare(socket);
        assertFalse(Files.exists(socket));
    }

    @Test
    void refusesToRemoveARegularFile() throws IOException {
        Path socket = dir.resolve("d/s.sock");
        SocketDirectory.prepare(socket);
        Files.writeString(socket, "precious");
        IOException e = assertThrows(IOException.class, () -> SocketDirectory.prepare(socket));
        assertEquals("cannot bind " + socket + ": a file or directory is in the way", e.getMessage());
        assertEquals("precious", Files.readString(socket));
    }
}
