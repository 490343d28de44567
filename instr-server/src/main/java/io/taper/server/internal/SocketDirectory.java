package io.taper.server.internal;

import java.io.IOException;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;

/**
 * The directory that holds the server's socket. The socket itself has no access control worth the name,
 * so the directory does it: it must be owned by this user and closed to everyone else ({@code rwx------}).
 * The per-run token is the second lock.
 */
public final class SocketDirectory {

    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");

    private SocketDirectory() {
    }

    /**
     * Creates the socket's directory ({@code 0700}) if it is missing, checks it otherwise, and removes a
     * stale socket file left by an earlier run.
     *
     * @throws IOException if the directory is open to others or owned by someone else, or if a regular
     *                     file sits where the socket goes
     */
    public static void prepare(Path socket) throws IOException {
        Path dir = socket.toAbsolutePath().getParent();
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
            // createDirectories applies the umask; set the permissions explicitly.
            Files.setPosixFilePermissions(dir, OWNER_ONLY);
        }
        PosixFileAttributeView view = Files.getFileAttributeView(dir, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
        Set<PosixFilePermission> perms = view.readAttributes().permissions();
        Set<PosixFilePermission> others = EnumSet.copyOf(perms);
        others.retainAll(EnumSet.complementOf(EnumSet.of(PosixFilePermission.OWNER_READ,
            PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE)));
        if (!others.isEmpty()) {
            throw new IOException("socket directory " + dir + " is open to others (" + PosixFilePermissions.toString(perms)
                + "); it must be rwx------");
        }
        String owner = view.getOwner().getName();
        String me = System.getProperty("user.name");
        if (me != null && !owner.equals(me)) {
            throw new IOException("socket directory " + dir + " is owned by " + owner + ", not by " + me);
        }
        if (Files.exists(socket, LinkOption.NOFOLLOW_LINKS)) {
            if (Files.isRegularFile(socket, LinkOption.NOFOLLOW_LINKS) || Files.isDirectory(socket, LinkOption.NOFOLLOW_LINKS)) {
                throw new IOException("cannot bind " + socket + ": a file or directory is in the way");
            }
            Files.delete(socket); // a socket left by a server that did not shut down
        }
    }

    /**
     * Binds the listener so that the socket's path appears only once it listens: bound under a hidden name in the
     * same directory, then renamed. An agent waits for the path and connects the moment it sees it; bound in place,
     * the path exists between the bind and the listen that follows it, and a connection there is refused (seen
     * when a loaded machine preempted the server between the two).
     */
    public static void bindListening(ServerSocketChannel listener, Path socket, int backlog) throws IOException {
        Path hidden = hiddenName(socket);
        Files.deleteIfExists(hidden);   // left by a server that died between the two steps
        listener.bind(UnixDomainSocketAddress.of(hidden), backlog);
        try {
            Files.move(hidden, socket, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            Files.deleteIfExists(hidden);
            throw e;
        }
    }

    /** The name the socket is bound under before it listens: one character longer, within the path limit. */
    static Path hiddenName(Path socket) {
        return socket.resolveSibling("." + socket.getFileName());
    }
}
