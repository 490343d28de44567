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
            assertEquals(stored, cache.entries(space, Integer.MAX_VALUE));
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

    @Test
    void damagedAndForeignEntriesAreRefusedAndReplaced() throws IOException {
        fill();
        List<Path> entries;
        try (Stream<Path> s = Files.walk(dir)) {
            entries = s.filter(Files::isRegularFile).sorted().toList();
        }
        int n = entries.size();
        // a third flipped in the middle, a third cut short, a third swapped with a neighbour (an intact entry
        // of another key)
        for (int i = 0; i + 1 < n; i += 3) {
            byte[] b = Files.readAllBytes(entries.get(i));
            b[b.length / 2] ^= 0x5A;
            Files.write(entries.get(i), b);
            byte[] t = Files.readAllBytes(entries.get(i + 1));
            Files.write(entries.get(i + 1), java.util.Arrays.copyOf(t, t.length / 3));
        }
        for (int i = 2; i + 3 < n; i += 6) {
            byte[] a = Files.readAllBytes(entries.get(i));
            Files.write(entries.get(i), Files.readAllBytes(entries.get(i + 3)));
            Files.write(entries.get(i + 3), a);
        }
        List<WeaveResult> fresh = weaveAll(weaver(), CLASSES);
        long refused;
        try (WovenClassCache cache = WovenClassCache.open(dir, WovenClassCache.DEFAULT_MAX_BYTES)) {
            Weaver w = weaver();
            w.useCache(cache, "test-analysis");
            List<WeaveResult> cached = weaveAll(w, CLASSES);
            for (int i = 0; i < CLASSES.size(); i++) {
                assertArrayEquals(fresh.get(i).bytes(), cached.get(i).bytes(), "class " + i);
                assertEquals(fresh.get(i).sites(), cached.get(i).sites());
            }
            refused = stat(cache, "corruptEntries");
            int damaged = 0;
            for (int i = 0; i + 1 < n; i += 3) {
                damaged += 2;
            }
            int swapped = 0;
            for (int i = 2; i + 3 < n; i += 6) {
                swapped += 2;
            }
            assertEquals(damaged + swapped, refused);
            assertEquals(n - refused, stat(cache, "hits"));
        }
        // the refused entries were written again
        try (WovenClassCache cache = WovenClassCache.open(dir, WovenClassCache.DEFAULT_MAX_BYTES)) {
            Weaver w = weaver();
            w.useCache(cache, "test-analysis");
            weaveAll(w, CLASSES);
            assertEquals(n, stat(cache, "hits"));
            assertEquals(0, stat(cache, "corruptEntries"));
        }
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
        int[] ranges = io.taper.weaver.internal.ClassFileMethods.ranges(original);
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
