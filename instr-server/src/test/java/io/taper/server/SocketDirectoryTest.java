package io.taper.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.taper.server.internal.SocketDirectory;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
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
