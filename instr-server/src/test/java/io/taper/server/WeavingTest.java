package io.taper.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.protocol.Weave;
import io.taper.protocol.WeaveStatus;
import io.taper.protocol.Woven;
import io.taper.runtime.SiteInfo;
import io.taper.server.testanalysis.EntryCounts;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.util.CheckClassAdapter;

/** WEAVE → weaver → WOVEN with the real weaver and the test analysis. */
class WeavingTest {

    @TempDir
    Path dir;

    /** Loads one class from given bytes, everything else from the test class path. */
    static final class OneClassLoader extends ClassLoader {
        private final String name;
        private final byte[] bytes;

        OneClassLoader(String name, byte[] bytes) {
            super(WeavingTest.class.getClassLoader());
            this.name = name;
            this.bytes = bytes;
        }

        @Override
        protected Class<?> loadClass(String n, boolean resolve) throws ClassNotFoundException {
            if (n.equals(name)) {
                synchronized (getClassLoadingLock(n)) {
                    Class<?> c = findLoadedClass(n);
                    return c != null ? c : defineClass(n, bytes, 0, bytes.length);
                }
            }
            return super.loadClass(n, resolve);
        }
    }

    private static String verify(byte[] bytes) {
        StringWriter out = new StringWriter();
        CheckClassAdapter.verify(new ClassReader(bytes), WeavingTest.class.getClassLoader(), false, new PrintWriter(out));
        return out.toString();
    }

    private static SiteInfo site(List<SiteInfo> sites, String method) {
        return sites.stream().filter(s -> s.methodName().equals(method)).findFirst().orElseThrow();
    }

    @Test
    void aClassInScopeIsWovenAndItsSnippetRuns() throws Exception {
        try (ServerFixture f = ServerFixture.start(dir, TestAnalyses.config(dir)); TestClient c = f.greetedClient()) {
            Woven w = c.weave(7, TestAnalyses.TARGET, TestAnalyses.targetBytes());
            assertEquals(7, w.requestId());
            assertEquals(WeaveStatus.WOVEN, w.status());
            assertEquals("", verify(w.bytes()));
            assertEquals(List.of("<init>", "calls", "greet", "twice"),
                w.sites().stream().map(SiteInfo::methodName).sorted().collect(Collectors.toList()));
            for (SiteInfo s : w.sites()) {
                assertEquals("sample/Target", s.className());
                assertEquals(0, s.loaderTag());
                assertTrue(s.active());
            }

            Class<?> woven = new OneClassLoader("sample.Target", w.bytes()).loadClass("sample.Target");
            Object target = woven.getConstructor().newInstance();
            assertEquals(6, woven.getMethod("twice", int.class).invoke(target, 3));
            woven.getMethod("twice", int.class).invoke(target, 4);
            assertEquals(2L, EntryCounts.get(site(w.sites(), "twice").id()));
            assertEquals(1L, EntryCounts.get(site(w.sites(), "<init>").id()));
            assertEquals(0L, EntryCounts.get(site(w.sites(), "greet").id()));
        }
    }

    @Test
    void reweavingWithADisabledSiteKeepsIdsAndLeavesThatSiteOut() throws IOException {
        try (ServerFixture f = ServerFixture.start(dir, TestAnalyses.config(dir)); TestClient c = f.greetedClient()) {
            Woven first = c.weave(1, TestAnalyses.TARGET, TestAnalyses.targetBytes());
            int twice = site(first.sites(), "twice").id();
            c.send(new Weave(2, 0, TestAnalyses.TARGET, true, new int[] {twice}, Map.of(), TestAnalyses.targetBytes()));
            Woven second = (Woven) c.receive();
            assertEquals(WeaveStatus.WOVEN, second.status());
            assertEquals("", verify(second.bytes()));
            assertEquals(first.sites().stream().map(SiteInfo::id).sorted().collect(Collectors.toList()),
                second.sites().stream().map(SiteInfo::id).sorted().collect(Collectors.toList()));
            assertFalse(site(second.sites(), "twice").active());
            assertTrue(site(second.sites(), "greet").active());
            assertNotEquals(first.bytes().length, second.bytes().length);
            assertEquals(1L, f.server.stats().toMap().get("retransformRequests"));
        }
    }

    @Test
    void aJdkClassOutOfScopeComesBackUnchanged() throws IOException {
        byte[] string = Files.readAllBytes(FileSystems.getFileSystem(URI.create("jrt:/"))
            .getPath("modules", "java.base", "java/lang/String.class"));
        try (ServerFixture f = ServerFixture.start(dir, TestAnalyses.config(dir)); TestClient c = f.greetedClient()) {
            Woven w = c.weave(3, "java/lang/String", string);
            assertEquals(WeaveStatus.UNCHANGED, w.status());
            assertEquals(0, w.bytes().length);
            assertEquals(List.of(), w.sites());
        }
    }

    @Test
    void theAnalysisIsPreparedIntoTheWorkDirectoryAndNamedInHelloOk() throws IOException {
        try (ServerFixture f = ServerFixture.start(dir, TestAnalyses.config(dir))) {
            TestClient c = new TestClient(f.socket());
            c.send(new io.taper.protocol.Hello(ServerFixture.TOKEN, 1));
            io.taper.protocol.HelloOk ok = (io.taper.protocol.HelloOk) c.receive();
            c.close();
            assertEquals(dir.resolve("work/analysis-prepared.jar").toAbsolutePath().toString(), ok.preparedJar());
            assertEquals(TestAnalyses.RESULTS, ok.resultsClass());
            assertEquals(ProcessHandle.current().pid(), ok.serverPid());
            assertTrue(Files.size(Path.of(ok.preparedJar())) > 0);
        }
    }

    @Test
    void dumpWritesOriginalLatestAndNumberedWeaves() throws IOException {
        Path dump = dir.resolve("dump");
        try (ServerFixture f = ServerFixture.start(dir, TestAnalyses.config(dir).with(io.taper.protocol.TaperConfig.DUMP, dump.toString()));
             TestClient c = f.greetedClient()) {
            Woven first = c.weave(1, TestAnalyses.TARGET, TestAnalyses.targetBytes());
            int twice = site(first.sites(), "twice").id();
            c.send(new Weave(2, 0, TestAnalyses.TARGET, true, new int[] {twice}, Map.of(), TestAnalyses.targetBytes()));
            Woven second = (Woven) c.receive();
            assertArrayEquals(TestAnalyses.targetBytes(), Files.readAllBytes(dump.resolve("sample/Target.orig.class")));
            assertArrayEquals(first.bytes(), Files.readAllBytes(dump.resolve("sample/Target.woven.1.class")));
            assertArrayEquals(second.bytes(), Files.readAllBytes(dump.resolve("sample/Target.woven.2.class")));
            assertArrayEquals(second.bytes(), Files.readAllBytes(dump.resolve("sample/Target.woven.class")));
            try (var files = Files.list(dump.resolve("sample"))) {
                assertEquals(List.of("Target.orig.class", "Target.woven.1.class", "Target.woven.2.class",
                    "Target.woven.class"), files.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList()));
            }
        }
    }
}
