package io.taper.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.runtime.SiteInfo;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MessagesTest {

    private static Message roundTrip(Message m) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Messages.write(out, m);
        ByteArrayInputStream in = new ByteArrayInputStream(out.toByteArray());
        Message back = Messages.read(in);
        assertEquals(-1, in.read(), "one message, one frame");
        return back;
    }

    @Test
    void helloRoundTrips() throws IOException {
        assertEquals(new Hello("00ff00ff00ff00ff", 4242L), roundTrip(new Hello("00ff00ff00ff00ff", 4242L)));
    }

    @Test
    void helloOkRoundTrips() throws IOException {
        HelloOk ok = new HelloOk("/tmp/w/analysis-prepared.jar", "a.b.Results", 77L);
        assertEquals(ok, roundTrip(ok));
    }

    @Test
    void weaveRoundTripsEveryField() throws IOException {
        Map<Integer, String> variants = new LinkedHashMap<>();
        variants.put(12, "cheap");
        variants.put(3, "élan"); // non-ASCII survives modified UTF-8
        byte[] bytes = {(byte) 0xca, (byte) 0xfe, (byte) 0xba, (byte) 0xbe, 0, 0, 0, 61};
        Weave w = (Weave) roundTrip(new Weave(9, 4, "java/lang/String", true, new int[] {5, 12, 3}, variants, bytes));
        assertEquals(9, w.requestId());
        assertEquals(4, w.loaderTag());
        assertEquals("java/lang/String", w.className());
        assertTrue(w.retransform());
        assertArrayEquals(new int[] {5, 12, 3}, w.disabledSites());
        assertEquals(List.of(12, 3), List.copyOf(w.variants().keySet()));
        assertEquals(variants, w.variants());
        assertArrayEquals(bytes, w.classBytes());
        assertFalse(w.startup());
        Weave s = (Weave) roundTrip(new Weave(10, 0, "java/lang/Object", true, new int[0], Map.of(), bytes, true));
        assertTrue(s.startup());
    }

    @Test
    void startupFetchAndAnswersRoundTrip() throws IOException {
        assertEquals(new StartupFetch(48L << 20, 3000), roundTrip(new StartupFetch(48L << 20, 3000)));
        SiteInfo site = new SiteInfo(4, 0, "java/util/List", "of", "()Ljava/util/List;", 0, "S.onEntry", "", true,
            Map.of());
        StartupAnswers.Answer woven = new StartupAnswers.Answer("java/util/List", 0x1234_5678_9abc_def0L,
            new Woven(0, WeaveStatus.WOVEN, "", new byte[] {4, 5, 6, 7}, List.of(site)));
        StartupAnswers.Answer unchanged = new StartupAnswers.Answer("java/lang/Thread", -1L,
            new Woven(0, WeaveStatus.UNCHANGED, "", new byte[0], List.of()));
        StartupAnswers back = (StartupAnswers) roundTrip(new StartupAnswers(List.of(woven, unchanged), false));
        assertEquals(2, back.answers().size());
        assertFalse(back.complete());
        StartupAnswers.Answer a = back.answers().get(0);
        assertEquals("java/util/List", a.className());
        assertEquals(0x1234_5678_9abc_def0L, a.fingerprint());
        assertArrayEquals(new byte[] {4, 5, 6, 7}, a.answer().bytes());
        assertEquals(List.of(site), a.answer().sites());
        assertEquals(WeaveStatus.UNCHANGED, back.answers().get(1).answer().status());
        assertEquals(-1L, back.answers().get(1).fingerprint());
        // answers encoded one by one (as a server does while it weaves) make the same frame
        ByteArrayOutputStream parts = new ByteArrayOutputStream();
        Messages.writeStartupAnswers(parts, false,
            List.of(Messages.encodeStartupAnswer(woven), Messages.encodeStartupAnswer(unchanged)));
        ByteArrayOutputStream whole = new ByteArrayOutputStream();
        Messages.write(whole, new StartupAnswers(List.of(woven, unchanged), false));
        assertArrayEquals(whole.toByteArray(), parts.toByteArray());
        StartupAnswers none = (StartupAnswers) roundTrip(new StartupAnswers(List.of(), true));
        assertEquals(List.of(), none.answers());
        assertTrue(none.complete());
    }

    @Test
    void weaveAheadAndItsAnswersRoundTrip() throws IOException {
        Weave first = new Weave(0, 3, "p/C", true, new int[] {7, 9}, Map.of(8, "entry"), new byte[0]);
        Weave second = new Weave(0, 0, "java/lang/String", true, new int[0], Map.of(), new byte[0]);
        WeaveAhead asked = (WeaveAhead) roundTrip(new WeaveAhead(41, List.of(first, second)));
        assertEquals(41, asked.requestId());
        assertEquals(2, asked.classes().size());
        Weave a = asked.classes().get(0);
        assertEquals(3, a.loaderTag());
        assertEquals("p/C", a.className());
        assertTrue(a.retransform());
        assertArrayEquals(new int[] {7, 9}, a.disabledSites());
        assertEquals(Map.of(8, "entry"), a.variants());
        assertEquals(0, a.classBytes().length);
        assertEquals("java/lang/String", asked.classes().get(1).className());

        SiteInfo site = new SiteInfo(7, 3, "p/C", "m", "()V", 0, "S.onEntry", "", false, Map.of());
        WovenAhead.Answer woven = new WovenAhead.Answer(3, "p/C", 0x0fed_cba9_8765_4321L,
            new Woven(0, WeaveStatus.WOVEN, "", new byte[] {1, 2}, List.of(site)));
        WovenAhead.Answer failed = new WovenAhead.Answer(0, "java/lang/String", 5L,
            new Woven(0, WeaveStatus.FAILED, "bad", new byte[0], List.of()));
        WovenAhead back = (WovenAhead) roundTrip(new WovenAhead(41, List.of(woven, failed)));
        assertEquals(41, back.requestId());
        assertEquals(2, back.answers().size());
        WovenAhead.Answer w = back.answers().get(0);
        assertEquals(3, w.loaderTag());
        assertEquals("p/C", w.className());
        assertEquals(0x0fed_cba9_8765_4321L, w.fingerprint());
        assertArrayEquals(new byte[] {1, 2}, w.answer().bytes());
        assertEquals(List.of(site), w.answer().sites());
        assertEquals(WeaveStatus.FAILED, back.answers().get(1).answer().status());
        assertEquals("bad", back.answers().get(1).answer().message());
        assertEquals(List.of(), ((WovenAhead) roundTrip(new WovenAhead(1, List.of()))).answers());
    }

    @Test
    void wovenRoundTripsSitesWithStaticContext() throws IOException {
        SiteInfo a = new SiteInfo(1, 0, "p/C", "m", "(I)V", 7, "S.onEntry", "", true, Map.of("mid", "p/C.m(I)V"));
        SiteInfo b = new SiteInfo(2, 3, "p/C", "<init>", "()V", -1, "S.onExit", "fast", false, Map.of());
        SiteInfo c = new SiteInfo(3, 3, "p/C", "n", "()V", 2, "S.onEntry", "", true, Map.of(), true);
        Woven w = (Woven) roundTrip(new Woven(9, WeaveStatus.WOVEN, "", new byte[] {1, 2, 3}, List.of(a, b, c)));
        assertEquals(9, w.requestId());
        assertEquals(WeaveStatus.WOVEN, w.status());
        assertEquals("", w.message());
        assertArrayEquals(new byte[] {1, 2, 3}, w.bytes());
        assertEquals(List.of(a, b, c), w.sites());
        assertEquals(List.of(false, false, true), w.sites().stream().map(SiteInfo::switchable).toList());
    }

    @Test
    void wovenFailureCarriesItsMessageCutToAUtfField() throws IOException {
        String huge = "x".repeat(100_000);
        Woven w = (Woven) roundTrip(new Woven(1, WeaveStatus.FAILED, huge, new byte[0], List.of()));
        assertEquals(WeaveStatus.FAILED, w.status());
        assertEquals("x".repeat(8192) + "...", w.message());
        assertEquals(List.of(), w.sites());
    }

    @Test
    void smallMessagesRoundTrip() throws IOException {
        assertEquals(new ErrorMessage("wrong token"), roundTrip(new ErrorMessage("wrong token")));
        assertEquals(new StatsRequest(), roundTrip(new StatsRequest()));
        assertEquals(new StatsReply("{\"requests\":3,\"ü\":1}"), roundTrip(new StatsReply("{\"requests\":3,\"ü\":1}")));
        assertEquals(new Bye(), roundTrip(new Bye()));
    }

    @Test
    void unknownTypeIsMalformed() {
        MalformedMessageException e = assertThrows(MalformedMessageException.class,
            () -> Messages.decode(new Frame((byte) 42, new byte[0])));
        assertEquals("unknown message type 42", e.getMessage());
    }

    @Test
    void shortPayloadIsMalformed() {
        MalformedMessageException e = assertThrows(MalformedMessageException.class,
            () -> Messages.decode(new Frame(MessageType.HELLO, new byte[] {0, 2, 'a'})));
        assertEquals("HELLO: payload too short", e.getMessage());
    }

    @Test
    void trailingBytesAreMalformed() {
        MalformedMessageException e = assertThrows(MalformedMessageException.class,
            () -> Messages.decode(new Frame(MessageType.BYE, new byte[] {1})));
        assertEquals("BYE: 1 unexpected trailing payload bytes", e.getMessage());
    }

    @Test
    void aClassByteCountLargerThanThePayloadIsMalformedWithoutAllocating() {
        byte[] ok = Messages.encode(new Weave(1, 0, "A", false, new int[0], Map.of(), new byte[4]));
        // Replace the final "count 4 + 4 bytes" by "count 2^31-1 + 4 bytes".
        ByteBuffer.wrap(ok).putInt(ok.length - 8, Integer.MAX_VALUE);
        MalformedMessageException e = assertThrows(MalformedMessageException.class,
            () -> Messages.decode(new Frame(MessageType.WEAVE, ok)));
        assertEquals("WEAVE: class bytes count 2147483647 does not fit the 4 payload bytes left", e.getMessage());
    }

    @Test
    void aSiteTableNamesEachStringOnceAndTheDecodedSitesShareThem() throws IOException {
        SiteInfo a = new SiteInfo(1, 0, "p/C", "m", "(I)V", 7, "S.onEntry", "", true, Map.of("mid", "p/C.m(I)V"));
        SiteInfo b = new SiteInfo(2, 0, "p/C", "m", "(I)V", 9, "S.onEntry", "", true, Map.of("mid", "p/C.m(I)V"));
        byte[] payload = Messages.encode(new Woven(4, WeaveStatus.WOVEN, "", new byte[0], List.of(a, b)));
        // request id, status, message, bytes, site count, then 7 strings: p/C, m, (I)V, S.onEntry, "", mid, p/C.m(I)V
        ByteBuffer buf = ByteBuffer.wrap(payload);
        int strings = buf.getInt(4 + 1 + 2 + 4 + 4);
        assertEquals(7, strings);
        Woven w = (Woven) roundTrip(new Woven(4, WeaveStatus.WOVEN, "", new byte[0], List.of(a, b)));
        assertEquals(List.of(a, b), w.sites());
        assertSame(w.sites().get(0).className(), w.sites().get(1).className());
        assertSame(w.sites().get(0).staticContext().get("mid"), w.sites().get(1).staticContext().get("mid"));
    }

    @Test
    void aSiteStringIndexOutsideTheTableIsMalformed() {
        SiteInfo a = new SiteInfo(1, 0, "p/C", "m", "(I)V", 7, "S.onEntry", "", true, Map.of());
        byte[] payload = Messages.encode(new Woven(4, WeaveStatus.WOVEN, "", new byte[0], List.of(a)));
        // the site's class index follows its id and loader tag, after the table's 5 strings
        int table = 4 + 1 + 2 + 4 + 4 + 4;
        int afterStrings = table + 2 + 3 + 2 + 1 + 2 + 4 + 2 + 9 + 2 + 0;
        ByteBuffer.wrap(payload).putInt(afterStrings + 8, 5);
        MalformedMessageException e = assertThrows(MalformedMessageException.class,
            () -> Messages.decode(new Frame(MessageType.WOVEN, payload)));
        assertEquals("WOVEN: site string 5 outside the table of 5", e.getMessage());
    }

    @Test
    void aNegativeSiteCountIsMalformed() {
        byte[] ok = Messages.encode(new Woven(1, WeaveStatus.UNCHANGED, "", new byte[0], List.of()));
        ByteBuffer.wrap(ok).putInt(ok.length - 4, -5);
        MalformedMessageException e = assertThrows(MalformedMessageException.class,
            () -> Messages.decode(new Frame(MessageType.WOVEN, ok)));
        assertEquals("WOVEN: sites count -5 does not fit the 0 payload bytes left", e.getMessage());
    }

    @Test
    void anUnknownStatusIsMalformed() {
        byte[] ok = Messages.encode(new Woven(1, WeaveStatus.UNCHANGED, "", new byte[0], List.of()));
        ok[4] = 9;
        MalformedMessageException e = assertThrows(MalformedMessageException.class,
            () -> Messages.decode(new Frame(MessageType.WOVEN, ok)));
        assertEquals("WOVEN: unknown status 9", e.getMessage());
    }

    @Test
    void aBooleanOtherThanZeroOrOneIsMalformed() {
        byte[] ok = Messages.encode(new Weave(1, 0, "A", false, new int[0], Map.of(), new byte[0]));
        ok[4 + 4 + 3] = 2; // request id, tag, UTF "A" (2 + 1), then the retransform flag
        MalformedMessageException e = assertThrows(MalformedMessageException.class,
            () -> Messages.decode(new Frame(MessageType.WEAVE, ok)));
        assertEquals("WEAVE: boolean byte 2 is neither 0 nor 1", e.getMessage());
    }

    @Test
    void invalidModifiedUtf8IsMalformed() {
        byte[] payload = {0, 2, (byte) 0xff, (byte) 0xff, 0, 0, 0, 0, 0, 0, 0, 1};
        MalformedMessageException e = assertThrows(MalformedMessageException.class,
            () -> Messages.decode(new Frame(MessageType.HELLO, payload)));
        assertTrue(e.getMessage().startsWith("HELLO: bad modified UTF-8 string"), e.getMessage());
    }

    @Test
    void everyTruncationOfAValidWeaveIsRejected() {
        byte[] ok = Messages.encode(new Weave(3, 1, "p/Q", true, new int[] {4}, Map.of(4, "v"), new byte[] {1, 2}));
        for (int len = 0; len < ok.length; len++) {
            byte[] cut = Arrays.copyOf(ok, len);
            assertThrows(MalformedMessageException.class, () -> Messages.decode(new Frame(MessageType.WEAVE, cut)),
                "payload cut to " + len + " bytes");
        }
    }
}
