package io.taper.server.internal;

import io.taper.protocol.Bye;
import io.taper.protocol.ErrorMessage;
import io.taper.protocol.FrameException;
import io.taper.protocol.Hello;
import io.taper.protocol.HelloOk;
import io.taper.protocol.Message;
import io.taper.protocol.MessageType;
import io.taper.protocol.Messages;
import io.taper.protocol.StatsReply;
import io.taper.protocol.StartupFetch;
import io.taper.protocol.StatsRequest;
import io.taper.protocol.Weave;
import io.taper.protocol.WeaveAhead;
import io.taper.protocol.WeaveStatus;
import io.taper.protocol.Woven;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves one agent connection: HELLO with the run's token first, then WEAVE/STATS until BYE or the end
 * of the stream. Anything malformed is answered with ERROR (best effort) and the connection is closed;
 * other connections are not affected.
 */
public final class ConnectionHandler implements Runnable {

    private static final Logger LOG = LoggerFactory.getLogger(ConnectionHandler.class);

    private final SocketChannel channel;
    private final int id;
    private final byte[] token;
    private final HelloOk helloOk;
    private final WeaveHandler engine;
    private final ClassDump dump;
    private final ServerStats stats;
    private final Supplier<String> statsJson;
    private final Runnable onClose;
    private final StartupReplay startup;
    private final AheadWeaving ahead;
    private volatile boolean greeted;
    private long agentPid;

    /**
     * @param startup the start-up classes woven ahead and kept for the next run
     * @param ahead   the classes' bytes kept for the controller's batches, woven ahead on request
     */
    public ConnectionHandler(SocketChannel channel, int id, String token, HelloOk helloOk, WeaveHandler engine,
                             ClassDump dump, ServerStats stats, Supplier<String> statsJson, Runnable onClose,
                             StartupReplay startup, AheadWeaving ahead) {
        this.startup = startup;
        this.ahead = ahead;
        this.channel = channel;
        this.id = id;
        this.token = token.getBytes(StandardCharsets.UTF_8);
        this.helloOk = helloOk;
        this.engine = engine;
        this.dump = dump;
        this.stats = stats;
        this.statsJson = statsJson;
        this.onClose = onClose;
    }

    /** The order in which connections were accepted. */
    public int id() {
        return id;
    }

    /** True once the peer sent a HELLO with the right token (the server closes silent connections). */
    public boolean greeted() {
        return greeted;
    }

    /** Closes the connection from another thread (server shutdown, HELLO deadline); the reader then ends. */
    public void close() {
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing is all we wanted
        }
    }

    @Override
    public void run() {
        stats.onConnection();
        try {
            InputStream in = new BufferedInputStream(Channels.newInputStream(channel), 1 << 16);
            OutputStream out = new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 16);
            if (handshake(in, out)) {
                serve(in, out);
            }
        } catch (FrameException e) {
            LOG.warn("connection {}: {}; closing it", id, e.getMessage());
            stats.onProtocolError(e.getMessage());
            // The stream position is lost: answer (if the peer still listens) and close.
            sendQuietly(new ErrorMessage(e.getMessage()));
        } catch (IOException e) {
            LOG.debug("connection {} ended: {}", id, e.toString());
        } catch (RuntimeException | Error e) {
            LOG.error("connection {}: unexpected failure; closing it", id, e);
            stats.onProtocolError("internal error: " + e);
        } finally {
            close();
            onClose.run();
        }
    }

    private boolean handshake(InputStream in, OutputStream out) throws IOException {
        // before the token is checked, nobody gets to send (or make the server wait for) a large frame
        Message first = Messages.read(in, io.taper.protocol.Frames.MAX_HANDSHAKE_PAYLOAD);
        if (first == null) {
            return false;
        }
        if (!(first instanceof Hello hello)) {
            reject(out, "first message must be HELLO, got " + MessageType.name(first.type()));
            return false;
        }
        // Constant time, so the token cannot be guessed byte by byte from response times.
        if (!MessageDigest.isEqual(token, hello.token().getBytes(StandardCharsets.UTF_8))) {
            reject(out, "wrong token");
            return false;
        }
        greeted = true;
        agentPid = hello.pid();
        LOG.info("connection {}: agent pid {}", id, hello.pid());
        Messages.write(out, helloOk);
        return true;
    }

    private void reject(OutputStream out, String why) throws IOException {
        LOG.warn("connection {} rejected: {}", id, why);
        stats.onRejected(why);
        Messages.write(out, new ErrorMessage(why));
    }

    private void serve(InputStream in, OutputStream out) throws IOException {
        while (true) {
            Message m = Messages.read(in);
            if (m == null || m instanceof Bye) {
                return;
            }
            if (m instanceof Weave w) {
                if (w.startup()) {
                    startup.record(w);
                }
                Woven answer = answer(w);
                ahead.keep(agentPid, w, answer);
                Messages.write(out, answer);
            } else if (m instanceof WeaveAhead a) {
                ahead.answer(agentPid, a, this::answer, out);
            } else if (m instanceof StartupFetch f) {
                long pid = agentPid;
                startup.answer(f, out, (name, bytes) -> ahead.keep(pid, 0, name, bytes));
            } else if (m instanceof StatsRequest) {
                Messages.write(out, new StatsReply(statsJson.get()));
            } else {
                String why = "unexpected " + MessageType.name(m.type()) + " from an agent";
                LOG.warn("connection {}: {}; closing it", id, why);
                stats.onProtocolError(why);
                Messages.write(out, new ErrorMessage(why));
                return;
            }
        }
    }

    /** The answer to a WEAVE, counted before it is sent: anyone who has it also sees it in the statistics. */
    private Woven answer(Weave w) {
        long t0 = System.nanoTime();
        Woven answer = weave(w);
        stats.onWeave(answer.status(), w.className(), answer.message(), w.classBytes().length,
            answer.bytes().length, answer.sites().size(), w.retransform(), System.nanoTime() - t0);
        return answer;
    }

    private Woven weave(Weave w) {
        WeaveHandler.Outcome o = engine.weave(w);
        if (o.status() == WeaveStatus.FAILED) {
            LOG.warn("weave failed for {} (loader {}): {}", w.className(), w.loaderTag(), o.message());
        }
        if (dump != null) {
            try {
                dump.write(w.className(), w.classBytes(), o.status() == WeaveStatus.WOVEN ? o.bytes() : w.classBytes());
            } catch (IOException | RuntimeException e) {
                stats.onDumpError();
                LOG.warn("cannot dump {}: {}", w.className(), e.toString());
            }
        }
        return new Woven(w.requestId(), o.status(), o.message(), o.status() == WeaveStatus.WOVEN ? o.bytes() : new byte[0],
            o.sites());
    }

    private void sendQuietly(Message m) {
        if (!channel.isOpen()) {
            return;
        }
        try {
            Messages.write(Channels.newOutputStream(channel), m);
        } catch (IOException | RuntimeException ignored) {
            // the peer is gone or broken; closing is all that is left
        }
    }
}
