package io.taper.agent.internal;

import io.taper.protocol.HelloOk;
import io.taper.protocol.Message;
import io.taper.protocol.Messages;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A misbehaving server for the client's failure tests: it answers HELLO, then either never answers
 * (a hung server) or closes the connection at the first WEAVE (a server that died).
 */
final class SilentServer implements AutoCloseable {

    enum Mode { HANG, DIE }

    private final ServerSocketChannel listener;
    private final List<SocketChannel> accepted = new CopyOnWriteArrayList<>();

    SilentServer(Path socket, Mode mode) throws IOException {
        listener = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        listener.bind(UnixDomainSocketAddress.of(socket));
        Thread t = new Thread(() -> {
            try {
                while (true) {
                    SocketChannel ch = listener.accept();
                    accepted.add(ch);
                    Thread c = new Thread(() -> serve(ch, mode));
                    c.setDaemon(true);
                    c.start();
                }
            } catch (IOException closed) {
                // close()
            }
        });
        t.setDaemon(true);
        t.start();
    }

    private static void serve(SocketChannel ch, Mode mode) {
        try {
            InputStream in = Channels.newInputStream(ch);
            OutputStream out = Channels.newOutputStream(ch);
            Message hello = Messages.read(in);
            if (hello == null) {
                return;
            }
            Messages.write(out, new HelloOk("/nonexistent/prepared.jar", "", 1));
            Messages.read(in); // the first WEAVE
            if (mode == Mode.DIE) {
                ch.close();
                return;
            }
            Thread.sleep(Long.MAX_VALUE);
        } catch (IOException | InterruptedException e) {
            // test over
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
        for (SocketChannel ch : accepted) {
            ch.close();
        }
    }
}
