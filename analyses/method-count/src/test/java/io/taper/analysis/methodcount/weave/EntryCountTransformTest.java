package io.taper.analysis.methodcount.weave;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.analysis.methodcount.MethodTable;
import io.taper.api.ClassTransform;
import io.taper.runtime.state.ThreadCounters;
import io.taper.testing.WovenClassRun;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.util.CheckClassAdapter;

/**
 * The entry-count weave, bytes in and bytes out: the JDK's own classes woven and checked by ASM's verifier, and a
 * program's entry counts exact.
 */
class EntryCountTransformTest {

    @Test
    void jdkClassesWovenVerify() throws Exception {
        EntryCountTransform t = new EntryCountTransform();
        t.init(new ClassTransform.Context(false, null, Map.of()));
        FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        List<Path> classes;
        try (Stream<Path> s = Files.walk(jrt.getPath("/modules/java.base/java/util"))) {
            classes = s.filter(p -> p.toString().endsWith(".class")).limit(400).toList();
        }
        int checked = 0;
        for (Path p : classes) {
            byte[] original = Files.readAllBytes(p);
            String name = new ClassReader(original).getClassName();
            ClassTransform.Woven w = t.transform(new ClassTransform.Request(0, name, original, false));
            if (w == null) {
                continue;
            }
            StringWriter problems = new StringWriter();
            CheckClassAdapter.verify(new ClassReader(w.bytes()), getClass().getClassLoader(), false,
                new PrintWriter(problems));
            assertEquals("", problems.toString(), name);
            assertNotNull(MethodTable.fromFacts(w.facts()), name);
            checked++;
        }
        assertTrue(checked > 300, "classes checked: " + checked);
    }

    @Test
    void entriesAreCountedExactlyOnTheThreadThatMadeThem() throws Exception {
        ClassTransform.Woven w = weave(EntryFixture.class);
        MethodTable table = MethodTable.fromFacts(w.facts());
        long result = (Long) WovenClassRun.callOnThread(EntryFixture.class.getName(), w.bytes(), "entry-counts", "run",
            new Class<?>[] {int.class}, 50);
        assertEquals(EntryFixture.run(50), result, "the woven program computes what the original does");
        long[] c = new long[table.methods().size()];
        ThreadCounters.visit((threadName, id, slot, a) -> {
            if ("entry-counts".equals(threadName) && slot == table.slot()) {
                for (int i = 0; i < a.length && i < c.length; i++) {
                    c[i] += a[i];
                }
            }
        });
        Map<String, Long> counts = new TreeMap<>();
        for (int i = 0; i < c.length; i++) {
            if (c[i] > 0) {
                counts.put(table.methods().get(i)[0], c[i]);
            }
        }
        // run once; 50 objects (each constructor once), spin once per object, twice twice per object, wide once
        assertEquals(Map.of("run", 1L, "<init>", 50L, "spin", 50L, "twice", 100L, "wide", 50L), counts);
    }

    private static ClassTransform.Woven weave(Class<?> c) throws Exception {
        byte[] original = WovenClassRun.bytesOf(c);
        EntryCountTransform t = new EntryCountTransform();
        t.init(new ClassTransform.Context(false, null, Map.of()));
        return t.transform(new ClassTransform.Request(1, c.getName().replace('.', '/'), original, false));
    }
}
