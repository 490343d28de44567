package io.taper.agent.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.agent.AgentRun;
import io.taper.agent.testanalysis.SampleEntrySnippets;
import io.taper.controller.ClassDeployments;
import io.taper.protocol.TaperConfig;
import io.taper.runtime.SiteInfo;
import io.taper.runtime.SiteRegistry;
import io.taper.server.InstrumentationServer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The transformer's decisions, against a real server in this JVM (no Instrumentation needed). */
class TaperTransformerTest {

    @TempDir
    Path dir;

    private InstrumentationServer server;
    private AgentStats stats;
    private PendingClasses pending;
    private ServerLink link;
    private TaperTransformer transformer;

    @BeforeEach
    void start() throws IOException {
        AgentWarnings.resetForTests();
        TaperConfig config = AgentRun.config(dir, SampleEntrySnippets.class);
        server = InstrumentationServer.start(config);
        stats = new AgentStats();
        pending = new PendingClasses();
        link = new ServerLink(config, stats);
        assertNotNull(link.connect());
        transformer = new TaperTransformer(link, new ClassLoaderTags(), pending, stats);
    }

    @AfterEach
    void stop() {
        link.close();
        server.close();
    }

    private static byte[] bytesOf(String internalName) throws IOException {
        try (InputStream in = ClassLoader.getSystemResourceAsStream(internalName + ".class")) {
            return in.readAllBytes();
        }
    }

    private byte[] transform(String name, byte[] bytes) {
        return transformer.transform(null, getClass().getClassLoader(), name, null, null, bytes);
    }

    @Test
    void aProgramClassComesBackWovenAndItsSitesAreRegistered() throws IOException {
        byte[] original = bytesOf("sample/Twice");
        byte[] woven = transform("sample/Twice", original);
        assertNotNull(woven);
        assertTrue(woven.length > original.length);
        assertEquals(1, stats.classesSeen.get());
        assertEquals(1, stats.classesWoven.get());
        List<SiteInfo> sites = SiteRegistry.all().stream().filter(s -> s.className().equals("sample/Twice")).toList();
        assertEquals(List.of("<init>", "of"), sites.stream().map(SiteInfo::methodName).sorted().toList());
        int tag = new ClassLoaderTags().tagOf(getClass().getClassLoader()); // a fresh numbering starts at 1 too
        assertEquals(tag, sites.get(0).loaderTag());
        // the deployment now knows the class's sites: disabling one makes the next request carry it
        ClassDeployments.get().disable(sites.get(0).id());
        try {
            assertArrayEquals(new int[] {sites.get(0).id()},
                ClassDeployments.get().forClass(tag, "sample/Twice").disabledSites());
        } finally {
            ClassDeployments.get().enable(sites.get(0).id());
        }
    }

    @Test
    void aClassOutOfScopeIsUnchanged() throws IOException {
        assertNull(transform("java/util/TreeMap", bytesOf("java/util/TreeMap")));
        assertEquals(1, stats.classesUnchanged.get());
        assertEquals(0, stats.classesWoven.get());
    }

    @Test
    void aLoadCausedByTheAgentItselfIsQueuedNotSent() throws Exception {
        long requestsBefore = server.stats().timings().count();
        Thread t = new Thread(() -> {
            TaperTransformer.markAgentThread();
            assertNull(transform("sample/Twice", new byte[] {1, 2, 3}));
        });
        t.start();
        t.join();
        assertEquals(requestsBefore, server.stats().timings().count(), "nothing sent");
        assertEquals(1, stats.classesQueued.get());
        assertEquals(0, stats.classesSeen.get(), "seen when it is retransformed later");
        List<PendingClasses.Entry> queued = pending.drain();
        assertEquals(1, queued.size());
        assertEquals("sample/Twice", queued.get(0).internalName);
    }

    @Test
    void taperClassesAndObjectAreNeverSent() throws IOException {
        long requestsBefore = server.stats().timings().count();
        assertNull(transform("io/taper/agent/internal/Anything", new byte[] {1}));
        assertNull(transform("io/taper/runtime/Bypass", new byte[] {1}));
        assertNull(transform(null, new byte[] {1}));
        assertEquals(0, stats.classesSeen.get(), "Taper's own classes are not counted");
        assertNull(transform("java/lang/Object", bytesOf("java/lang/Object")));
        assertNull(transform("java/lang/ThreadLocal", bytesOf("java/lang/ThreadLocal")));
        assertEquals(2, stats.classesNeverWoven.get());
        assertEquals(requestsBefore, server.stats().timings().count(), "nothing sent");
    }

    @Test
    void aClassTheServerCannotWeaveLoadsUnmodifiedAndIsCounted() {
        assertNull(transform("sample/Broken", new byte[] {(byte) 0xca, (byte) 0xfe, 0, 0}));
        assertEquals(1, stats.classesFailed.get());
        @SuppressWarnings("unchecked")
        List<String> failures = (List<String>) stats.toMap(0, new long[3]).get("failures");
        assertEquals(1, failures.size());
        assertTrue(failures.get(0).startsWith("sample/Broken: "), failures.get(0));
    }

    @Test
    void onceTheServerIsGoneEveryClassIsUntransformed() throws IOException {
        server.close();
        assertNull(transform("sample/Twice", bytesOf("sample/Twice")));
        assertNull(transform("sample/Greeter", bytesOf("sample/Greeter")));
        assertEquals(2, stats.classesUntransformed.get());
        assertEquals(0, stats.classesWoven.get());
    }
}
