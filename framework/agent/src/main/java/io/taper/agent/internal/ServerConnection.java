package io.taper.agent.internal;

import io.taper.protocol.Bye;
import io.taper.protocol.ErrorMessage;
import io.taper.protocol.Hello;
import io.taper.protocol.HelloOk;
import io.taper.protocol.Message;
import io.taper.protocol.MessageType;
import io.taper.protocol.Messages;
import io.taper.protocol.StartupAnswers;
import io.taper.protocol.StartupFetch;
import io.taper.protocol.Weave;
import io.taper.protocol.WeaveAhead;
import io.taper.protocol.WovenAhead;
import io.taper.protocol.Woven;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;

/**
 * One open connection to the server, used by one thread at a time (the {@link ServerLink} pool hands it
 * out). Every exchange has a deadline that the {@link ConnectionWatchdog} enforces.
 */
final class ServerConnection {

    private final SocketChannel channel;
    private final InputStream in;
    private final OutputStream out;
    private final int timeoutMillis;
    private final ConnectionWatchdog watchdog;
    /** System.nanoTime() by which the current exchange must be done; 0 between exchanges. */
    private volatile long deadline;
    private volatile boolean timedOut;
    /** Why the watchdog ended the current exchange early (the server cannot run), or null. */
    private volatile String endedBecause;

    private ServerConnection(SocketChannel channel, int timeoutMillis, ConnectionWatchdog watchdog) {
        this.channel = channel;
        this.in = new BufferedInputStream(Channels.newInputStream(channel), 1 << 16);
        this.out = new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 16);
        this.timeoutMillis = timeoutMillis;
        this.watchdog = watchdog;
    }

    /** Opens and closes an unconnected channel, so that the first connection finds the JDK's classes ready. */
    static void prepareChannels() {
        try {
            SocketChannel.open(StandardProtocolFamily.UNIX).close();
        } catch (IOException | RuntimeException e) {
            // the connection will say what is wrong
        }
    }

    /** Connects and says HELLO; the answer tells the agent what to put on the boot class path. */
    static ServerConnection open(Path socket, String token, int timeoutMillis, ConnectionWatchdog watchdog,
                                 HelloOk[] helloOk) throws IOException {
        SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
        ServerConnection c = new ServerConnection(ch, timeoutMillis, watchdog);
        watchdog.watch(c);
        boolean ok = false;
        try {
            c.arm();
            try {
                ch.connect(UnixDomainSocketAddress.of(socket));
            } catch (IOException e) {
                throw c.timedOut ? c.timeout() : new IOException("cannot connect to " + socket + ": " + e.getMessage(), e);
            } finally {
                c.deadline = 0;
            }
            Message reply = c.exchange(new Hello(token, ProcessId.current()));
            if (!(reply instanceof HelloOk)) {
                throw new IOException("expected HELLO_OK, got " + MessageType.name(reply.type()));
            }
            helloOk[0] = (HelloOk) reply;
            ok = true;
            return c;
        } finally {
            if (!ok) {
                c.close();
            }
        }
    }

    /** One WEAVE round trip. */
    Woven weave(Weave request) throws IOException {
        Message reply = exchange(request);
        if (!(reply instanceof Woven)) {
            throw new IOException("expected WOVEN, got " + MessageType.name(reply.type()));
        }
        Woven w = (Woven) reply;
        if (w.requestId() != request.requestId()) {
            throw new IOException("WOVEN for request " + w.requestId() + ", expected " + request.requestId());
        }
        return w;
    }

    /**
     * One WEAVE_AHEAD exchange, whose deadline also allows {@code extraMillis} for the server's weaving of all its
     * classes: a late answer only delays the controller, while a timeout would end the link.
     */
    WovenAhead weaveAhead(WeaveAhead request, int extraMillis) throws IOException {
        Message reply = exchange(request, extraMillis);
        if (!(reply instanceof WovenAhead)) {
            throw new IOException("expected WOVEN_AHEAD, got " + MessageType.name(reply.type()));
        }
        WovenAhead w = (WovenAhead) reply;
        if (w.requestId() != request.requestId()) {
            throw new IOException("WOVEN_AHEAD for request " + w.requestId() + ", expected " + request.requestId());
        }
        return w;
    }

    /** The STARTUP_FETCH exchange, whose deadline also allows the server's wait for its answers. */
    StartupAnswers startupAnswers(StartupFetch fetch, int waitMillis) throws IOException {
        Message reply = exchange(fetch, waitMillis);
        if (!(reply instanceof StartupAnswers)) {
            throw new IOException("expected STARTUP_ANSWERS, got " + MessageType.name(reply.type()));
        }
        return (StartupAnswers) reply;
    }

    /** Sends a message and reads the answer within the timeout; ERROR and end of stream are failures. */
    Message exchange(Message request) throws IOException {
        return exchange(request, 0);
    }

    private Message exchange(Message request, int extraMillis) throws IOException {
        arm();
        deadline += extraMillis * 1_000_000L;
        Message reply;
        try {
            Messages.write(out, request);
            reply = Messages.read(in);
        } catch (IOException e) {
            throw timedOut ? timeout() : e;
        } finally {
            deadline = 0;
        }
        if (reply == null) {
            throw new EOFException("the server closed the connection");
        }
        if (reply instanceof ErrorMessage) {
            throw new IOException("server error: " + ((ErrorMessage) reply).message());
        }
        return reply;
    }

    private void arm() {
        deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
    }

    private IOException timeout() {
        String why = endedBecause;
        return new IOException(why != null ? why : "no answer within " + timeoutMillis + " ms");
    }

    /** True if an exchange is under way and started more than {@code nanos} ago. */
    boolean waitingLongerThan(long now, long nanos) {
        long d = deadline;
        return d != 0 && now - (d - timeoutMillis * 1_000_000L) > nanos;
    }

    /** Called by the watchdog when the server cannot answer: ends the exchange under way, if any. */
    void closeIfArmed(String why) {
        if (deadline != 0) {
            endedBecause = why;
            timedOut = true;
            close();
        }
    }

    /** Called by the watchdog. */
    void closeIfOverdue(long now) {
        long d = deadline;
        if (d != 0 && now - d > 0) {
            timedOut = true;
            close();
        }
    }

    /** Says BYE (without waiting for anything) and closes. */
    void bye() {
        try {
            Messages.write(out, new Bye());
        } catch (IOException | RuntimeException ignored) {
            // closing anyway
        }
        close();
    }

    void close() {
        watchdog.forget(this);
        try {
            channel.close();
        } catch (IOException ignored) {
            // nothing left to do
        }
    }
}
