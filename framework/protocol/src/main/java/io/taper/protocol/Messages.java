package io.taper.protocol;

import io.taper.protocol.internal.PayloadReader;
import io.taper.protocol.internal.PayloadWriter;
import io.taper.protocol.internal.SiteCodec;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** Encodes {@link Message}s to payloads and decodes frames back to messages (layouts in ARCHITECTURE.md). */
public final class Messages {

    private static final byte[] EMPTY = new byte[0];

    private Messages() {
    }

    /** Writes the message as one frame and flushes. */
    public static void write(OutputStream out, Message m) throws IOException {
        Frames.write(out, m.type(), encode(m));
    }

    /**
     * Reads and decodes one message.
     *
     * @return the message, or null if the stream ended cleanly between frames
     * @throws FrameException on any framing or payload error
     */
    public static Message read(InputStream in) throws IOException {
        Frame f = Frames.read(in);
        return f == null ? null : decode(f);
    }

    /** The same, refusing a payload over {@code maxPayload} bytes before reading it. */
    public static Message read(InputStream in, int maxPayload) throws IOException {
        Frame f = Frames.read(in, maxPayload);
        return f == null ? null : decode(f);
    }

    /** The payload of a message (without the frame header). */
    public static byte[] encode(Message m) {
        if (m instanceof Hello h) {
            return new PayloadWriter(64).writeUtf(h.token()).writeLong(h.pid()).toByteArray();
        } else if (m instanceof HelloOk ok) {
            return new PayloadWriter(256).writeUtf(ok.preparedJar()).writeUtf(ok.resultsClass())
                .writeLong(ok.serverPid()).toByteArray();
        } else if (m instanceof Weave w) {
            PayloadWriter p = new PayloadWriter(w.classBytes().length + 128);
            writeWeave(p, w);
            return p.toByteArray();
        } else if (m instanceof Woven w) {
            PayloadWriter p = new PayloadWriter(w.bytes().length + 64 * w.sites().size() + 64);
            writeWoven(p, w);
            return p.toByteArray();
        } else if (m instanceof StartupFetch f) {
            return new PayloadWriter(16).writeLong(f.maxBytes()).writeInt(f.waitMillis()).toByteArray();
        } else if (m instanceof StartupAnswers a) {
            int size = 64;
            for (StartupAnswers.Answer e : a.answers()) {
                size += e.answer().bytes().length + 64 * e.answer().sites().size() + 192;
            }
            PayloadWriter p = new PayloadWriter(size).writeBoolean(a.complete()).writeInt(a.answers().size());
            for (StartupAnswers.Answer e : a.answers()) {
                writeStartupAnswer(p, e);
            }
            return p.toByteArray();
        } else if (m instanceof WeaveAhead a) {
            PayloadWriter p = new PayloadWriter(64 + 96 * a.classes().size()).writeInt(a.requestId())
                .writeInt(a.classes().size());
            for (Weave w : a.classes()) {
                writeWeave(p, w);
            }
            return p.toByteArray();
        } else if (m instanceof WovenAhead a) {
            int size = 64;
            for (WovenAhead.Answer e : a.answers()) {
                size += e.answer().bytes().length + 64 * e.answer().sites().size() + 192;
            }
            PayloadWriter p = new PayloadWriter(size).writeInt(a.requestId()).writeInt(a.answers().size());
            for (WovenAhead.Answer e : a.answers()) {
                p.writeInt(e.loaderTag()).writeUtf(e.className()).writeLong(e.fingerprint());
                writeWoven(p, e.answer());
            }
            return p.toByteArray();
        } else if (m instanceof SessionOpen o) {
            PayloadWriter p = new PayloadWriter(1024).writeUtf(o.token()).writeLong(o.pid()).writeInt(o.config().size());
            for (Map.Entry<String, String> e : o.config().entrySet()) {
                p.writeUtf(e.getKey()).writeUtf(e.getValue());
            }
            return p.toByteArray();
        } else if (m instanceof SessionOpened o) {
            return new PayloadWriter(256).writeUtf(o.socket()).writeUtf(o.token()).writeLong(o.serverPid()).toByteArray();
        } else if (m instanceof ErrorMessage e) {
            return new PayloadWriter(64).writeText(e.message()).toByteArray();
        } else if (m instanceof StatsReply s) {
            return s.json().getBytes(StandardCharsets.UTF_8);
        } else if (m instanceof StatsRequest || m instanceof Bye) {
            return EMPTY;
        }
        throw new IllegalArgumentException("not a protocol message: " + m);
    }

    /**
     * One answer of a STARTUP_ANSWERS payload, encoded on its own (a server encodes each as it is woven) for
     * {@link #writeStartupAnswers}.
     */
    public static byte[] encodeStartupAnswer(StartupAnswers.Answer a) {
        PayloadWriter p = new PayloadWriter(a.answer().bytes().length + 64 * a.answer().sites().size() + 192);
        writeStartupAnswer(p, a);
        return p.toByteArray();
    }

    private static void writeStartupAnswer(PayloadWriter p, StartupAnswers.Answer a) {
        p.writeUtf(a.className()).writeLong(a.fingerprint());
        writeWoven(p, a.answer());
    }

    /** Writes a STARTUP_ANSWERS frame of answers encoded by {@link #encodeStartupAnswer}, and flushes. */
    public static void writeStartupAnswers(OutputStream out, boolean complete, java.util.List<byte[]> encoded)
            throws IOException {
        int size = 5;
        for (byte[] e : encoded) {
            size += e.length;
        }
        byte[] payload = new byte[size];
        payload[0] = (byte) (complete ? 1 : 0);
        payload[1] = (byte) (encoded.size() >>> 24);
        payload[2] = (byte) (encoded.size() >>> 16);
        payload[3] = (byte) (encoded.size() >>> 8);
        payload[4] = (byte) encoded.size();
        int at = 5;
        for (byte[] e : encoded) {
            System.arraycopy(e, 0, payload, at, e.length);
            at += e.length;
        }
        Frames.write(out, MessageType.STARTUP_ANSWERS, payload);
    }

    private static void writeWeave(PayloadWriter p, Weave w) {
        p.writeInt(w.requestId()).writeInt(w.loaderTag()).writeUtf(w.className()).writeBoolean(w.retransform())
            .writeBoolean(w.startup());
        p.writeInt(w.disabledSites().length);
        for (int id : w.disabledSites()) {
            p.writeInt(id);
        }
        p.writeInt(w.variants().size());
        for (Map.Entry<Integer, String> e : w.variants().entrySet()) {
            p.writeInt(e.getKey()).writeUtf(e.getValue());
        }
        p.writeByteArray(w.classBytes());
    }

    private static void writeWoven(PayloadWriter p, Woven w) {
        p.writeInt(w.requestId()).writeByte(w.status().code()).writeText(w.message()).writeByteArray(w.bytes());
        SiteCodec.write(p, w.sites());
    }

    /** Decodes a frame's payload according to its type. */
    public static Message decode(Frame f) throws MalformedMessageException {
        String what = MessageType.name(f.type());
        PayloadReader r = new PayloadReader(what, f.payload());
        Message m;
        switch (f.type()) {
            case MessageType.HELLO:
                m = new Hello(r.readUtf(), r.readLong());
                break;
            case MessageType.HELLO_OK:
                m = new HelloOk(r.readUtf(), r.readUtf(), r.readLong());
                break;
            case MessageType.WEAVE:
                m = decodeWeave(r);
                break;
            case MessageType.WOVEN:
                m = decodeWoven(r, what);
                break;
            case MessageType.ERROR:
                m = new ErrorMessage(r.readUtf());
                break;
            case MessageType.STATS:
                m = new StatsRequest();
                break;
            case MessageType.STATS_REPLY:
                m = new StatsReply(new String(r.readRemaining(), StandardCharsets.UTF_8));
                break;
            case MessageType.BYE:
                m = new Bye();
                break;
            case MessageType.STARTUP_FETCH:
                m = new StartupFetch(r.readLong(), r.readInt());
                break;
            case MessageType.STARTUP_ANSWERS:
                m = decodeStartupAnswers(r, what);
                break;
            case MessageType.WEAVE_AHEAD:
                m = decodeWeaveAhead(r);
                break;
            case MessageType.WOVEN_AHEAD:
                m = decodeWovenAhead(r, what);
                break;
            case MessageType.SESSION_OPEN:
                m = decodeSessionOpen(r);
                break;
            case MessageType.SESSION_OPENED:
                m = new SessionOpened(r.readUtf(), r.readUtf(), r.readLong());
                break;
            default:
                throw new MalformedMessageException("unknown message type " + f.type());
        }
        r.expectEnd();
        return m;
    }

    private static SessionOpen decodeSessionOpen(PayloadReader r) throws MalformedMessageException {
        String token = r.readUtf();
        long pid = r.readLong();
        int n = r.readCount("config", 4);
        Map<String, String> config = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            config.put(r.readUtf(), r.readUtf());
        }
        return new SessionOpen(token, pid, config);
    }

    private static Weave decodeWeave(PayloadReader r) throws MalformedMessageException {
        int requestId = r.readInt();
        int loaderTag = r.readInt();
        String className = r.readUtf();
        boolean retransform = r.readBoolean();
        boolean startup = r.readBoolean();
        int n = r.readCount("disabled sites", 4);
        int[] disabled = new int[n];
        for (int i = 0; i < n; i++) {
            disabled[i] = r.readInt();
        }
        int v = r.readCount("variants", 6);
        Map<Integer, String> variants = v == 0 ? Map.of() : new LinkedHashMap<>();
        for (int i = 0; i < v; i++) {
            variants.put(r.readInt(), r.readUtf());
        }
        byte[] bytes = r.readByteArray("class bytes");
        return new Weave(requestId, loaderTag, className, retransform, disabled, variants, bytes, startup);
    }

    private static StartupAnswers decodeStartupAnswers(PayloadReader r, String what) throws MalformedMessageException {
        boolean complete = r.readBoolean();
        // an answer takes at least a name's length, a fingerprint and an answer's fixed fields
        int n = r.readCount("startup answers", 25);
        java.util.List<StartupAnswers.Answer> answers = new java.util.ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            answers.add(new StartupAnswers.Answer(r.readUtf(), r.readLong(), decodeWoven(r, what)));
        }
        return new StartupAnswers(answers, complete);
    }

    private static WeaveAhead decodeWeaveAhead(PayloadReader r) throws MalformedMessageException {
        int requestId = r.readInt();
        // a request takes at least its ints, booleans, an empty name and empty lists
        int n = r.readCount("classes to weave ahead", 24);
        java.util.List<Weave> classes = new java.util.ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            classes.add(decodeWeave(r));
        }
        return new WeaveAhead(requestId, classes);
    }

    private static WovenAhead decodeWovenAhead(PayloadReader r, String what) throws MalformedMessageException {
        int requestId = r.readInt();
        // an answer takes at least a tag, a name's length, a fingerprint and an answer's fixed fields
        int n = r.readCount("answers woven ahead", 29);
        java.util.List<WovenAhead.Answer> answers = new java.util.ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            answers.add(new WovenAhead.Answer(r.readInt(), r.readUtf(), r.readLong(), decodeWoven(r, what)));
        }
        return new WovenAhead(requestId, answers);
    }

    private static Woven decodeWoven(PayloadReader r, String what) throws MalformedMessageException {
        int requestId = r.readInt();
        byte code = r.readByte();
        WeaveStatus status = WeaveStatus.of(code);
        if (status == null) {
            throw new MalformedMessageException(what + ": unknown status " + code);
        }
        String message = r.readUtf();
        byte[] bytes = r.readByteArray("woven bytes");
        return new Woven(requestId, status, message, bytes, SiteCodec.read(r));
    }
}
