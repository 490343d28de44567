package io.taper.weaver.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.runtime.SiteInfo;
import io.taper.weaver.AnalysisSpec;
import io.taper.weaver.ClassHierarchy;
import io.taper.weaver.Deployment;
import io.taper.weaver.WeaveRequest;
import io.taper.weaver.WeaveResult;
import io.taper.weaver.Weaver;
import io.taper.weaver.WovenClassCache;
import io.taper.weaver.jdk.JdkSnippets;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.util.CheckClassAdapter;

/**
 * The woven-class cache on real classes (java.util of the running JDK, a snippet at every basic block and field
 * access): a hit is byte for byte the class a fresh weave with the same ids writes, with the same site table, also
 * when this weaver's ids differ from those of the weave that made the entry; damaged and foreign entries are
 * refused and woven afresh; a hit whose hierarchy answers changed is woven afresh.
 */
class WovenClassCacheTest {

    private static final List<byte[]> CLASSES = new ArrayList<>();

    @TempDir
    Path dir;

    @BeforeAll
    static void readJavaUtil() throws IOException {
        FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        Path root = jrt.getPath("/modules/java.base/java/util");
        try (Stream<Path> files = Files.list(root)) {
            for (Path p : (Iterable<Path>) files.sorted()::iterator) {
                if (p.toString().endsWith(".class")) {
                    CLASSES.add(Files.readAllBytes(p));
                }
            }
        }
        assertTrue(CLASSES.size() > 300, "java.util classes: " + CLASSES.size());
    }

    /** A weaver that knows every class beforehand, so that its hierarchy answers do not depend on the order. */
    private static Weaver weaver() {
        ClassHierarchy known = new ClassHierarchy();
        CLASSES.forEach(known::add);
        return Weaver.create(AnalysisSpec.of("jdk", List.of(JdkSnippets.class), List.of()), known, false, true);
    }

    private static List<WeaveResult> weaveAll(Weaver w, List<byte[]> classes) {
        List<WeaveResult> out = new ArrayList<>();
        for (byte[] c : classes) {
            out.add(w.weave(new WeaveRequest(3, null, c, Deployment.ALL_ENABLED)));
        }
        return out;
    }

    private static long stat(WovenClassCache c, String key) {
        return ((Number) c.stats().get(key)).longValue();
    }

    /** Weaves every class into a fresh cache and returns the number of entries written. */
    private long fill() {
        try (WovenClassCache cache = WovenClassCache.open(dir, WovenClassCache.DEFAULT_MAX_BYTES)) {
            Weaver w = weaver();
            w.useCache(cache, "test-analysis");
            List<WeaveResult> rs = weaveAll(w, CLASSES);
            assertEquals(0, stat(cache, "hits"));
            assertEquals(CLASSES.size(), stat(cache, "misses"));
            cache.close();
            long woven = rs.stream().filter(r -> r.status() == WeaveResult.Status.WOVEN).count();
            assertEquals(woven, stat(cache, "stores") + stat(cache, "notStorable"));
            return stat(cache, "stores");
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aHitIsTheFreshWeaveWithThisWeaversIds() throws IOException {
        long stored = fill();
        assertTrue(stored > 300, "entries " + stored);
        // Another order, so another allocation of ids: the cached classes must move to them.
        List<byte[]> reversed = new ArrayList<>(CLASSES);
        Collections.reverse(reversed);
        List<WeaveResult> fresh = weaveAll(weaver(), reversed);
        List<WeaveResult> first = weaveAll(weaver(), CLASSES);
        try (WovenClassCache cache = WovenClassCache.open(dir, WovenClassCache.DEFAULT_MAX_BYTES)) {
            Weaver w = weaver();
            String space = w.useCache(cache, "test-analysis");
            assertEquals(stored, cache.entries(space));
            List<WeaveResult> cached = weaveAll(w, reversed);
            // an id that equals an integer constant of the class would share its entry in a fresh weave: that
            // class is woven afresh (the ids of java.util's weave reach the size of such constants)
            long refused = stat(cache, "relocationsRefused");
            assertEquals(stored, stat(cache, "hits") + refused, cache.stats().toString());
            assertTrue(refused <= stored / 100, "relocations refused: " + refused);
            assertEquals(0, stat(cache, "corruptEntries") + stat(cache, "factMismatches"));
            int moved = 0;
            for (int i = 0; i < reversed.size(); i++) {
                WeaveResult f = fresh.get(i);
                WeaveResult c = cached.get(i);
                assertEquals(f.status(), c.status());
                assertArrayEquals(f.bytes(), c.bytes(), "class " + i);
                assertEquals(f.sites(), c.sites());
                WeaveResult before = first.get(reversed.size() - 1 - i);
                if (!ids(before).equals(ids(c))) {
                    moved++;
                }
                if (c.status() == WeaveResult.Status.WOVEN) {
                    StringWriter sw = new StringWriter();
                    CheckClassAdapter.verify(new ClassReader(c.bytes()), null, false, new PrintWriter(sw));
                    assertEquals("", sw.toString(), "CheckClassAdapter on class " + i);
                }
            }
            assertTrue(moved > stored / 2, "classes whose ids moved: " + moved);
        }
    }

    private static List<Integer> ids(WeaveResult r) {
        return r.sites().stream().map(SiteInfo::id).toList();
    }

    /** One entry of a pack, as its index gives it. */
    private record Located(Path pack, byte[] key, long offset, int length) {
    }

    /** Reads every index of the cache (the format the store documents: magic, version, count, key/offset/length). */
    private List<Located> index() throws IOException {
        List<Located> out = new ArrayList<>();
        List<Path> indexes;
        try (Stream<Path> s = Files.walk(dir)) {
            indexes = s.filter(p -> p.toString().endsWith(".idx")).sorted().toList();
        }
        for (Path idx : indexes) {
            java.io.DataInputStream in = new java.io.DataInputStream(new java.io.ByteArrayInputStream(Files.readAllBytes(idx)));
            assertEquals(0x54574349, in.readInt());
            assertEquals(1, in.readInt());
            int n = in.readInt();
            Path pack = idx.resolveSibling(idx.getFileName().toString().replace(".idx", ".pack"));
            for (int i = 0; i < n; i++) {
                byte[] key = new byte[32];
                in.readFully(key);
                out.add(new Located(pack, key, in.readLong(), in.readInt()));
            }
        }
        return out;
    }

    private static void writeIndex(Path idx, List<Located> entries) throws IOException {
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        java.io.DataOutputStream out = new java.io.DataOutputStream(b);
        out.writeInt(0x54574349);
        out.writeInt(1);
        out.writeInt(entries.size());
        for (Located e : entries) {
            out.write(e.key);
            out.writeLong(e.offset);
            out.writeInt(e.length);
        }
        Files.write(idx, b.toByteArray());
    }

    @Test
    void damagedAndForeignEntriesAreRefusedAndReplaced() throws IOException {
        fill();
        List<Located> entries = index();
        int n = entries.size();
        Path pack = entries.get(0).pack;
        // a third flipped in the middle; a third pointed at their neighbour's entry (an intact entry of another key)
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(pack,
                java.nio.file.StandardOpenOption.READ, java.nio.file.StandardOpenOption.WRITE)) {
            for (int i = 0; i < n; i += 3) {
                Located e = entries.get(i);
                java.nio.ByteBuffer one = java.nio.ByteBuffer.allocate(1);
                ch.read(one, e.offset + e.length / 2);
                one.put(0, (byte) (one.get(0) ^ 0x5A)).rewind();
                ch.write(one, e.offset + e.length / 2);
            }
        }
        List<Located> rewritten = new ArrayList<>(entries);
        int foreign = 0;
        for (int i = 1; i + 1 < n; i += 3) {
            Located e = entries.get(i);
            Located other = entries.get(i + 1);
            rewritten.set(i, new Located(pack, e.key, other.offset, other.length));
            foreign++;
        }
        writeIndex(pack.resolveSibling(pack.getFileName().toString().replace(".pack", ".idx")), rewritten);
        int damaged = (n + 2) / 3;

        List<WeaveResult> fresh = weaveAll(weaver(), CLASSES);
        try (WovenClassCache cache = WovenClassCache.open(dir, WovenClassCache.DEFAULT_MAX_BYTES)) {
            Weaver w = weaver();
            w.useCache(cache, "test-analysis");
            List<WeaveResult> cached = weaveAll(w, CLASSES);
            for (int i = 0; i < CLASSES.size(); i++) {
                assertArrayEquals(fresh.get(i).bytes(), cached.get(i).bytes(), "class " + i);
                assertEquals(fresh.get(i).sites(), cached.get(i).sites());
            }
            assertEquals(damaged + foreign, stat(cache, "corruptEntries"), cache.stats().toString());
            assertEquals(n - damaged - foreign, stat(cache, "hits"));
            cache.close();
            assertEquals(damaged + foreign, stat(cache, "stores"), "the refused entries are written again");
        }
        // the newer pack's entries win
        try (WovenClassCache cache = WovenClassCache.open(dir, WovenClassCache.DEFAULT_MAX_BYTES)) {
            Weaver w = weaver();
            w.useCache(cache, "test-analysis");
            weaveAll(w, CLASSES);
            assertEquals(n, stat(cache, "hits"));
            assertEquals(0, stat(cache, "corruptEntries"));
        }
    }

    @Test
    void aDamagedIndexCostsItsPackOnly() throws IOException {
        long stored = fill();
        List<Path> indexes;
        try (Stream<Path> s = Files.walk(dir)) {
            indexes = s.filter(p -> p.toString().endsWith(".idx")).toList();
        }
        assertEquals(1, indexes.size());
        byte[] idx = Files.readAllBytes(indexes.get(0));
        Files.write(indexes.get(0), java.util.Arrays.copyOf(idx, idx.length - 7));   // cut inside the last entry
        try (WovenClassCache cache = WovenClassCache.open(dir, WovenClassCache.DEFAULT_MAX_BYTES)) {
            Weaver w = weaver();
            String space = w.useCache(cache, "test-analysis");
            assertEquals(0, cache.entries(space));
            assertEquals(1, stat(cache, "corruptEntries"));
            List<WeaveResult> rs = weaveAll(w, CLASSES);
            assertEquals(0, stat(cache, "hits"));
            cache.close();
            assertEquals(stored, stat(cache, "stores"));
            assertEquals(weaveAll(weaver(), CLASSES).stream().map(WeaveResult::sites).toList(),
                rs.stream().map(WeaveResult::sites).toList());
        }
    }

    @Test
    void aCacheOverItsBoundLosesItsOldestPacksDownTo80Percent() throws Exception {
        // four packs, a quarter of the classes each, from four caches that closed one after the other
        int quarter = CLASSES.size() / 4;
        for (int q = 0; q < 4; q++) {
            try (WovenClassCache cache = WovenClassCache.open(dir, WovenClassCache.DEFAULT_MAX_BYTES)) {
                Weaver w = weaver();
                w.useCache(cache, "test-analysis");
                weaveAll(w, CLASSES.subList(q * quarter, (q + 1) * quarter));
            }
        }
        List<Path> packs;
        try (Stream<Path> s = Files.walk(dir)) {
            packs = s.filter(p -> p.toString().endsWith(".pack")).sorted().toList();
        }
        assertEquals(4, packs.size());
        long[] sizes = new long[4];
        long total = 0;
        for (int i = 0; i < 4; i++) {
            Files.setLastModifiedTime(packs.get(i), java.nio.file.attribute.FileTime.fromMillis(1_000_000L * (i + 1)));
            sizes[i] = Files.size(packs.get(i));
            total += sizes[i];
        }
        long bound = total * 3 / 5;   // 80 % of it holds two packs: the two oldest go
        Files.deleteIfExists(dir.resolve(".pruned"));   // as if the last walk were long ago
        try (WovenClassCache cache = WovenClassCache.open(dir, bound)) {
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (!cache.stats().containsKey("packsPruned") && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertEquals(2L, ((Number) cache.stats().get("packsPruned")).longValue(), cache.stats().toString());
            for (int i = 0; i < 4; i++) {
                assertEquals(i >= 2, Files.exists(packs.get(i)), "pack " + i);
                assertEquals(i >= 2, Files.exists(packs.get(i).resolveSibling(
                    packs.get(i).getFileName().toString().replace(".pack", ".idx"))), "index " + i);
            }
            assertTrue(sizes[2] + sizes[3] <= bound * 8 / 10, "what is left fits");
            Weaver w = weaver();
            String space = w.useCache(cache, "test-analysis");
            assertTrue(cache.entries(space) > 0 && cache.entries(space) < CLASSES.size(), "the newer half is served");
        }
        // a second open within the hour does not walk again
        try (WovenClassCache cache = WovenClassCache.open(dir, 1)) {
            Thread.sleep(200);
            assertFalse(cache.stats().containsKey("packsPruned"), cache.stats().toString());
        }
    }

    @Test
    void theBoundCountsEveryFileAndRemovesTheOldestOfAnyKind() throws Exception {
        long stored = fill();   // one pack with its index, written now
        long pack = 0;
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                pack += Files.size(p);
            }
        }
        int unit = (int) pack;
        // what else lives in the directory, older than the pack: an entry of an older cache format, a prepared jar and
        // two class-data-sharing archives; a space directory left empty long ago
        Path legacy = file("0123/ab/0123abcd", unit, 1);
        Path prepared = file("prepared/0a1b.jar", unit, 2);
        Path archive = file("cds/server-0a1b.jsa", unit / 2, 3);
        Path recent = file("cds/server-2c3d.jsa", unit / 4, System.currentTimeMillis() / 1000 - 60);
        Path empty = Files.createDirectories(dir.resolve("4567"));
        Files.setLastModifiedTime(empty, java.nio.file.attribute.FileTime.fromMillis(5_000));
        Files.deleteIfExists(dir.resolve(".pruned"));
        long total = pack + unit + unit + unit / 2 + unit / 4;
        // 80 % of the bound holds the pack and the two newest other files: the two oldest go, the rest stays
        long kept = pack + unit / 2 + unit / 4;
        long bound = kept * 10 / 8 + 10;
        try (WovenClassCache cache = WovenClassCache.open(dir, bound)) {
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (!cache.stats().containsKey("filesPruned") && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            Map<String, Object> stats = cache.stats();
            assertEquals(total, ((Number) stats.get("bytesAtOpen")).longValue(), stats.toString());
            assertEquals(1L, ((Number) stats.get("packsAtOpen")).longValue(), stats.toString());
            assertEquals(2L, ((Number) stats.get("filesPruned")).longValue(), stats.toString());
            assertEquals(0L, ((Number) stats.get("packsPruned")).longValue(), stats.toString());
        }
        assertFalse(Files.exists(legacy));
        assertFalse(Files.exists(prepared));
        assertTrue(Files.exists(archive), "80 % of the bound holds it");
        assertTrue(Files.exists(recent));
        assertFalse(Files.exists(empty), "an empty directory that nobody wrote to for an hour goes");
        try (WovenClassCache cache = WovenClassCache.open(dir, WovenClassCache.DEFAULT_MAX_BYTES)) {
            Weaver w = weaver();
            String space = w.useCache(cache, "test-analysis");
            assertEquals(stored, cache.entries(space), "the pack is whole");
        }
    }

    /** A file of {@code size} bytes under the cache directory, last modified at {@code seconds} since the epoch. */
    private Path file(String name, int size, long seconds) throws IOException {
        Path f = dir.resolve(name);
        Files.createDirectories(f.getParent());
        Files.write(f, new byte[size]);
        Files.setLastModifiedTime(f, java.nio.file.attribute.FileTime.fromMillis(seconds * 1000));
        return f;
    }

    @Test
    void anotherAnalysisOrOtherOptionsDoNotShareEntries() throws IOException {
        fill();
        try (WovenClassCache cache = WovenClassCache.open(dir, WovenClassCache.DEFAULT_MAX_BYTES)) {
            Weaver other = weaver();
            other.useCache(cache, "another-analysis");
            weaveAll(other, CLASSES.subList(0, 50));
            Weaver unswitched = Weaver.create(AnalysisSpec.of("jdk", List.of(JdkSnippets.class), List.of()),
                new ClassHierarchy(), false, false);
            assertNotEquals(other.useCache(cache, "test-analysis"), unswitched.useCache(cache, "test-analysis"));
            weaveAll(unswitched, CLASSES.subList(0, 50));
            assertEquals(0, stat(cache, "hits"));
        }
    }

    /**
     * HotSpot hands a retransformed class over with its methods in an order that varies from run to run: the same
     * class with its methods reversed (constant pool unchanged) is a hit, and gets the same sites as a fresh weave
     * of the reversed bytes.
     */
    @Test
    void theSameClassWithItsMethodsInAnotherOrderIsAHit() throws IOException {
        byte[] original = CLASSES.stream().filter(c -> new ClassReader(c).getClassName().equals("java/util/ArrayList"))
            .findFirst().orElseThrow();
        ClassReader reader = new ClassReader(original);
        // the method_info structures reversed in place, byte for byte, as HotSpot's reconstitution may order them
        int[] ranges = io.taper.protocol.SameClassFile.methodRanges(original);
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        out.write(original, 0, ranges[0]);
        for (int i = ranges.length - 2; i >= 0; i -= 2) {
            out.write(original, ranges[i], ranges[i + 1] - ranges[i]);
        }
        out.write(original, ranges[ranges.length - 1], original.length - ranges[ranges.length - 1]);
        byte[] reversed = out.toByteArray();
        assertTrue(java.util.Arrays.equals(original, 0, reader.header, reversed, 0, reader.header), "same constant pool");
        assertFalse(java.util.Arrays.equals(original, reversed), "methods in another order");
        try (WovenClassCache cache = WovenClassCache.open(dir, WovenClassCache.DEFAULT_MAX_BYTES)) {
            Weaver w = weaver();
            w.useCache(cache, "order");
            // ids past ArrayList's own integer constants (10 is one): small ids would share their entries
            weaveAll(w, CLASSES.subList(0, 60));
            w.weave(new WeaveRequest(0, null, original, Deployment.ALL_ENABLED));
            cache.close();
            assertTrue(stat(cache, "stores") > 30, cache.stats().toString());
        }
        try (WovenClassCache cache = WovenClassCache.open(dir, WovenClassCache.DEFAULT_MAX_BYTES)) {
            Weaver w = weaver();
            w.useCache(cache, "order");
            weaveAll(w, CLASSES.subList(0, 60));
            long hits = stat(cache, "hits");
            WeaveResult hit = w.weave(new WeaveRequest(0, null, reversed, Deployment.ALL_ENABLED));
            assertEquals(hits + 1, stat(cache, "hits"));
            Weaver plain = weaver();
            weaveAll(plain, CLASSES.subList(0, 60));
            WeaveResult fresh = plain.weave(new WeaveRequest(0, null, reversed, Deployment.ALL_ENABLED));
            assertEquals(key(fresh.sites()), key(hit.sites()));
            StringWriter sw = new StringWriter();
            CheckClassAdapter.verify(new ClassReader(hit.bytes()), null, false, new PrintWriter(sw));
            assertEquals("", sw.toString());
        }
    }

    /** Sites without their ids, in a fixed order. */
    private static java.util.Set<String> key(List<SiteInfo> sites) {
        java.util.Set<String> out = new java.util.TreeSet<>();
        for (SiteInfo s : sites) {
            out.add(s.methodName() + s.methodDesc() + "@" + s.location() + " " + s.snippet() + " "
                + new java.util.TreeMap<>(s.staticContext()));
        }
        return out;
    }

    /** {@code Reader.read()} reads {@code Holder.value}: whether that field is final is part of the weave. */
    @Test
    void aHitWhoseHierarchyAnswerChangedIsWovenAfresh() throws IOException {
        byte[] reader = readerClass();
        ClassHierarchy finalHolder = new ClassHierarchy();
        finalHolder.add(holderClass(true));
        ClassHierarchy plainHolder = new ClassHierarchy();
        plainHolder.add(holderClass(false));
        AnalysisSpec spec = AnalysisSpec.of("jdk", List.of(JdkSnippets.class), List.of());
        try (WovenClassCache cache = WovenClassCache.open(dir, WovenClassCache.DEFAULT_MAX_BYTES)) {
            Weaver w = Weaver.create(spec, finalHolder, false, true);
            w.useCache(cache, "facts");
            WeaveResult a = w.weave(new WeaveRequest(0, null, reader, Deployment.ALL_ENABLED));
            assertEquals("true", finality(a));
        }
        try (WovenClassCache cache = WovenClassCache.open(dir, WovenClassCache.DEFAULT_MAX_BYTES)) {
            Weaver same = Weaver.create(spec, copyOf(holderClass(true)), false, true);
            same.useCache(cache, "facts");
            assertEquals("true", finality(same.weave(new WeaveRequest(0, null, reader, Deployment.ALL_ENABLED))));
            assertEquals(1, stat(cache, "hits"));
            Weaver changed = Weaver.create(spec, plainHolder, false, true);
            changed.useCache(cache, "facts");
            WeaveResult b = changed.weave(new WeaveRequest(0, null, reader, Deployment.ALL_ENABLED));
            assertEquals("false", finality(b));
            assertEquals(1, stat(cache, "factMismatches"));
            assertEquals(1, stat(cache, "hits"));
        }
    }

    private static ClassHierarchy copyOf(byte[] holder) {
        ClassHierarchy h = new ClassHierarchy();
        h.add(holder);
        return h;
    }

    private static String finality(WeaveResult r) {
        return r.sites().stream().map(SiteInfo::staticContext).filter(m -> m.containsKey("field.final"))
            .map(m -> m.get("field.final")).findFirst().orElseThrow();
    }

    private static byte[] holderClass(boolean isFinal) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "cache/Holder", null, "java/lang/Object", null);
        cw.visitField(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC | (isFinal ? Opcodes.ACC_FINAL : 0), "value", "I",
            null, null).visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    private static byte[] readerClass() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "cache/Reader", null, "java/lang/Object", null);
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "read", "()I", null, null);
        mv.visitCode();
        mv.visitFieldInsn(Opcodes.GETSTATIC, "cache/Holder", "value", "I");
        mv.visitInsn(Opcodes.IRETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    @SuppressWarnings("unused")
    private static Map<String, Object> unused() {
        return Map.of();
    }
}
