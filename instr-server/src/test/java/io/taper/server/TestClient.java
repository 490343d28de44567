package io.taper.server;

import io.taper.protocol.Frame;
import io.taper.protocol.Frames;
import io.taper.protocol.Hello;
import io.taper.protocol.HelloOk;
import io.taper.protocol.Message;
import io.taper.protocol.Messages;
import io.taper.protocol.Weave;
import io.taper.protocol.Woven;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.Map;

/** A raw protocol client for tests: it can speak correctly or send anything. */
final class TestClient implements AutoCloseable {

    private final SocketChannel ch;
    private final InputStream in;
    private final OutputStream out;

    TestClient(Path socket) throws IOException {
        ch = SocketChannel.open(StandardProtocolFamily.UNIX);
        ch.connect(UnixDomainSocketAddress.of(socket));
        in = new BufferedInputStream(Channels.newInputStream(ch));
        out = Channels.newOutputStream(ch);
    }

    static TestClient greeted(Path socket, String token) throws IOException {
        return greeted(socket, token, 1234);
    }

    /** A client that says it is the agent of process {@code pid}. */
    static TestClient greeted(Path socket, String token, long pid) throws IOException {
        TestClient c = new TestClient(socket);
        c.send(new Hello(token, pid));
        Message m = c.receive();
        if (!(m instanceof HelloOk)) {
            throw new AssertionError("expected HELLO_OK, got " + m);
        }
        return c;
    }

    void send(Message m) throws IOException {
        Messages.write(out, m);
    }

    void sendRaw(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /** No more bytes from this side: the server sees the end of the stream. */
    void shutdownOutput() throws IOException {
        ch.shutdownOutput();
    }

    Message receive() throws IOException {
        return Messages.read(in);
    }

    /** The next frame, or null at the end of the stream. */
    Frame receiveFrame() throws IOException {
        return Frames.read(in);
    }

    Woven weave(int id, String name, byte[] bytes) throws IOException {
        return weaveAs(id, 0, name, bytes);
    }

    /** A first-load WEAVE of a class defined by the loader with this tag. */
    Woven weaveAs(int id, int loaderTag, String name, byte[] bytes) throws IOException {
        send(new Weave(id, loaderTag, name, false, new int[0], Map.of(), bytes));
        return (Woven) receive();
    }

    @Override
    public void close() throws IOException {
        ch.close();
    }
}
