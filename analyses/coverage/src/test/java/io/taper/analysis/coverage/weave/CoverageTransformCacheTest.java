package io.taper.analysis.coverage.weave;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.analysis.coverage.CoverageResults;
import io.taper.api.ClassTransform;
import io.taper.weaver.TransformCache;
import io.taper.weaver.WovenClassCache;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.util.CheckClassAdapter;

/**
 * Coverage's results in the woven-class cache ({@link TransformCache}): a class a run finds there is byte for byte
 * what transforming it afresh with this run's slot writes; damaged and foreign entries are refused, counted and
 * written again; the other mode shares nothing.
 */
class CoverageTransformCacheTest {

    private static List<byte[]> classes;

    @TempDir
    Path out;
    @TempDir
    Path dir;

    private final List<CoverageTransform> transforms = new ArrayList<>();

    @BeforeAll
    static void read() throws IOException {
        classes = CoverageTransformTest.realClasses();
    }

    @AfterEach
    void closeTransforms() {
        transforms.forEach(CoverageTransform::close);
    }

    private CoverageTransform transform(boolean adaptive) throws Exception {
        CoverageTransform t = new CoverageTransform();
        t.init(new ClassTransform.Context(adaptive, out.resolve("run" + transforms.size()), Map.of()));
        transforms.add(t);
        return t;
    }

    private static ClassTransform.Request request(byte[] bytes) {
        return new ClassTransform.Request(1, new ClassReader(bytes).getClassName(), bytes, false);
    }

    /** Every class, in the given order, through the cache (or without it when {@code cache} is null). */
    private static List<ClassTransform.Woven> transformAll(CoverageTransform t, TransformCache cache, List<byte[]> order)
            throws Exception {
        List<ClassTransform.Woven> out = new ArrayList<>();
        for (byte[] b : order) {
            out.add(cache == null ? t.transform(request(b)) : cache.transform(t, request(b)));
        }
        return out;
    }

    private static long stat(WovenClassCache c, String key) {
        return ((Number) c.stats().get(key)).longValue();
    }

    /** The values of the class's own CONSTANT_Integer entries. */
    private static Set<Integer> intConstants(byte[] b) {
        ClassReader cr = new ClassReader(b);
        Set<Integer> values = new HashSet<>();
        for (int i = 1; i < cr.getItemCount(); i++) {
            int at = cr.getItem(i);
            if (at > 0 && b[at - 1] == 3) {
                values.add(cr.readInt(at));
            }
        }
        return values;
    }

    private void fill(boolean adaptive) throws Exception {
        try (WovenClassCache files = WovenClassCache.open(dir, WovenClassCache.DEFAULT_MAX_BYTES)) {
            CoverageTransform t = transform(adaptive);
            transformAll(t, TransformCache.of(files, "coverage-test", t), classes);
        }
    }

    @Test
    void aHitIsTheFreshTransformWithThisRunsSlot() throws Exception {
        for (boolean adaptive : new boolean[] {false, true}) {
            Path modeDir = dir.resolve("mode-" + adaptive);
            int storable = 0;
            int collisions = 0;
            Map<byte[], Integer> firstSlots = new java.util.IdentityHashMap<>();
            try (WovenClassCache files = WovenClassCache.open(modeDir, WovenClassCache.DEFAULT_MAX_BYTES)) {
                CoverageTransform first = transform(adaptive);
                List<ClassTransform.Woven> made = transformAll(first, TransformCache.of(files, "coverage-test", first), classes);
                for (int i = 0; i < classes.size(); i++) {
                    ClassTransform.Woven w = made.get(i);
                    if (w != null) {
                        firstSlots.put(classes.get(i), w.runNumbers()[0]);
                        boolean shared = intConstants(classes.get(i)).contains(w.runNumbers()[0]);
                        storable += shared ? 0 : 1;
                    }
                }
                files.close();
                assertEquals(storable, stat(files, "stores"), files.stats().toString());
                collisions = (int) stat(files, "notStorable");
            }
            assertTrue(storable > 150, "classes kept: " + storable + " of " + classes.size());

            // Another run meets the classes in the other order: other slots. Its hits are the fresh transform's bytes.
            List<byte[]> reversed = new ArrayList<>(classes);
            java.util.Collections.reverse(reversed);
            List<ClassTransform.Woven> fresh = transformAll(transform(adaptive), null, reversed);
            try (WovenClassCache files = WovenClassCache.open(modeDir, WovenClassCache.DEFAULT_MAX_BYTES)) {
                CoverageTransform second = transform(adaptive);
                List<ClassTransform.Woven> cached = transformAll(second, TransformCache.of(files, "coverage-test", second),
                    reversed);
                int moved = 0;
                int equivalent = 0;
                for (int i = 0; i < reversed.size(); i++) {
                    ClassTransform.Woven f = fresh.get(i);
                    ClassTransform.Woven c = cached.get(i);
                    if (f == null) {
                        assertEquals(null, c, "class " + i);
                        continue;
                    }
                    assertEquals(f.facts(), c.facts(), "class " + i);
                    assertArrayEquals(f.runNumbers(), c.runNumbers());
                    if (intConstants(reversed.get(i)).contains(f.runNumbers()[0])) {
                        // the fresh transform's slot shares the class's own constant; the hit's has an entry of its
                        // own: other bytes, the same code
                        equivalent++;
                        verify(c.bytes());
                    } else {
                        assertArrayEquals(f.bytes(), c.bytes(), "class " + i);
                    }
                    moved += f.runNumbers()[0] != firstSlots.get(reversed.get(i)) ? 1 : 0;
                }
                assertEquals(storable, stat(files, "hits"), files.stats().toString());
                assertEquals((long) storable, second.stats().get("classesFromCache"));
                assertEquals(0, stat(files, "corruptEntries"));
                assertTrue(moved > storable / 2, "classes whose slot moved: " + moved);
                assertTrue(equivalent + collisions < storable / 10, "equivalent " + equivalent + ", not kept " + collisions);
            }
        }
    }

    private static void verify(byte[] b) {
        StringWriter sw = new StringWriter();
        CheckClassAdapter.verify(new ClassReader(b), CoverageTransformCacheTest.class.getClassLoader(), false,
            new PrintWriter(sw));
        assertEquals("", sw.toString());
    }

    @Test
    void damagedAndForeignEntriesAreRefusedCountedAndWrittenAgain() throws Exception {
        fill(true);
        List<Path> indexes;
        try (Stream<Path> s = Files.walk(dir)) {
            indexes = s.filter(p -> p.toString().endsWith(".idx")).toList();
        }
        assertEquals(1, indexes.size());
        Path idx = indexes.get(0);
        Path pack = idx.resolveSibling(idx.getFileName().toString().replace(".idx", ".pack"));
        DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(Files.readAllBytes(idx)));
        in.readInt();
        in.readInt();
        int n = in.readInt();
        byte[][] keys = new byte[n][32];
        long[] offsets = new long[n];
        int[] lengths = new int[n];
        for (int i = 0; i < n; i++) {
            in.readFully(keys[i]);
            offsets[i] = in.readLong();
            lengths[i] = in.readInt();
        }
        // every third entry flipped in its middle; every third pointed at its neighbour (an intact entry of another key)
        int damaged = 0;
        try (FileChannel ch = FileChannel.open(pack, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            for (int i = 0; i < n; i += 3) {
                ByteBuffer one = ByteBuffer.allocate(1);
                ch.read(one, offsets[i] + lengths[i] / 2);
                one.put(0, (byte) (one.get(0) ^ 0x5A)).rewind();
                ch.write(one, offsets[i] + lengths[i] / 2);
                damaged++;
            }
        }
        int foreign = 0;
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        java.io.DataOutputStream o = new java.io.DataOutputStream(b);
        o.writeInt(0x54574349);
        o.writeInt(1);
        o.writeInt(n);
        for (int i = 0; i < n; i++) {
            boolean pointed = i % 3 == 1 && i + 1 < n;
            foreign += pointed ? 1 : 0;
            o.write(keys[i]);
            o.writeLong(pointed ? offsets[i + 1] : offsets[i]);
            o.writeInt(pointed ? lengths[i + 1] : lengths[i]);
        }
        Files.write(idx, b.toByteArray());

        List<ClassTransform.Woven> fresh = transformAll(transform(true), null, classes);
        try (WovenClassCache files = WovenClassCache.open(dir, WovenClassCache.DEFAULT_MAX_BYTES)) {
            CoverageTransform t = transform(true);
            List<ClassTransform.Woven> cached = transformAll(t, TransformCache.of(files, "coverage-test", t), classes);
            for (int i = 0; i < classes.size(); i++) {
                if (fresh.get(i) == null) {
                    assertEquals(null, cached.get(i));
                } else {
                    assertArrayEquals(fresh.get(i).bytes(), cached.get(i).bytes(), "class " + i);
                    assertEquals(fresh.get(i).facts(), cached.get(i).facts());
                }
            }
            assertEquals(damaged + foreign, stat(files, "corruptEntries"), files.stats().toString());
            assertEquals(n - damaged - foreign, stat(files, "hits"));
            files.close();
            assertEquals(damaged + foreign, stat(files, "stores"), "the refused entries are written again");
        }
    }

    @Test
    void theOtherModeAndAnotherTransformShareNothing() throws Exception {
        fill(false);
        try (WovenClassCache files = WovenClassCache.open(dir, WovenClassCache.DEFAULT_MAX_BYTES)) {
            CoverageTransform adaptive = transform(true);
            TransformCache cache = TransformCache.of(files, "coverage-test", adaptive);
            CoverageTransform fixed = transform(false);
            assertNotEquals(cache.space(), TransformCache.of(files, "coverage-test", fixed).space());
            assertNotEquals(TransformCache.of(files, "coverage-test", fixed).space(),
                TransformCache.of(files, "another-build", fixed).space());
            ClassTransform.Woven w = null;
            for (int i = 0; w == null; i++) {
                w = cache.transform(adaptive, request(classes.get(i)));
            }
            assertEquals(0, stat(files, "hits"));
            assertEquals("0", w.facts().get(CoverageResults.SLOT));
        }
    }
}
