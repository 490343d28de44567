package io.taper.analysis.bytecodecount.weave;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.analysis.bytecodecount.ClassLayout;
import io.taper.api.ClassTransform;
import io.taper.api.ThreadCounterCode;
import io.taper.runtime.state.ContextCounters;
import io.taper.runtime.state.ThreadCounters;
import io.taper.testing.WovenClassRun;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.util.CheckClassAdapter;

/**
 * The block-count weave, bytes in and bytes out: the JDK's own classes woven and checked by ASM's verifier, and a
 * program's counts checked against a reference taken by another route: a counter at every instruction.
 */
class BlockCountTransformTest {

    private static BlockCountTransform transform(String options) {
        BlockCountTransform t = new BlockCountTransform();
        t.init(new ClassTransform.Context(false, null, Map.of(BlockCountTransform.OPTIONS, options)));
        return t;
    }

    /** A transform for a JVM whose {@code Thread} has the counters' field. */
    private static BlockCountTransform throughField(String options) {
        BlockCountTransform t = new BlockCountTransform();
        t.init(new ClassTransform.Context(false, null, Map.of(BlockCountTransform.OPTIONS, options,
            ThreadCounterCode.FIELD_OPTION, "true")));
        return t;
    }

    @Test
    void jdkClassesWovenVerify() throws Exception {
        int checked = 0;
        for (String options : List.of("", "precise", "contexts", "precise,contexts", "field", "field,precise")) {
            BlockCountTransform t = options.startsWith("field") ? throughField(options.replaceFirst("field,?", ""))
                : transform(options);
            FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
            List<Path> classes;
            try (Stream<Path> s = Files.walk(jrt.getPath("/modules/java.base/java/util"))) {
                classes = s.filter(p -> p.toString().endsWith(".class")).limit(400).toList();
            }
            for (Path p : classes) {
                byte[] original = Files.readAllBytes(p);
                String name = new ClassReader(original).getClassName();
                ClassTransform.Woven w = t.transform(new ClassTransform.Request(0, name, original, false));
                if (w == null) {
                    continue;   // interfaces without code
                }
                StringWriter problems = new StringWriter();
                CheckClassAdapter.verify(new ClassReader(w.bytes()), getClass().getClassLoader(), false,
                    new PrintWriter(problems));
                assertEquals("", problems.toString(), name + " (" + options + ")");
                ClassLayout layout = ClassLayout.fromFacts(w.facts());
                assertNotNull(layout, name);
                assertEquals(options.startsWith("field"), layout.base() >= 0, name + " (" + options + ")");
                if (layout.base() >= 0) {
                    assertEquals(layout.size(), w.runNumbers().length, name);
                    assertEquals(layout.base(), w.runNumbers()[0], name);
                }
                checked++;
            }
            assertEquals(0L, t.stats().get("methodsTooLarge"));
        }
        assertTrue(checked > 1200, "classes checked: " + checked);
    }

    /** Bytecodes per method of ReferenceWorkload, counted on a thread of its own by a transform of these options. */
    private static Map<String, Long> counts(BlockCountTransform t, String thread) throws Exception {
        String name = ReferenceWorkload.class.getName();
        byte[] original = WovenClassRun.bytesOf(ReferenceWorkload.class);
        ClassTransform.Woven w = t.transform(new ClassTransform.Request(1, name.replace('.', '/'), original, false));
        ClassLayout layout = ClassLayout.fromFacts(w.facts());
        long result = (Long) WovenClassRun.callOnThread(name, w.bytes(), thread, "run", new Class<?>[0]);
        assertEquals(ReferenceWorkload.run(), result, "the woven program computes what the original does");
        long[] c = new long[layout.size()];
        int[] arrays = {0};
        ThreadCounters.visit((threadName, id, slot, a) -> {
            if (thread.equals(threadName) && slot == layout.slot()) {
                arrays[0]++;
                for (int i = 0; i < a.length; i++) {
                    c[i] += a[i];
                }
            }
        });
        // with contexts, each context's array holds its method's counters from its base on
        boolean[] on = {false};
        ContextCounters.visit(new ContextCounters.Visitor() {
            @Override
            public void thread(String threadName, long threadId, long[] figures) {
                on[0] = thread.equals(threadName);
                if (on[0]) {
                    assertEquals(0, figures[1] + figures[2], "no unmatched exit, no discarded frame");
                }
            }

            @Override
            public void node(int node, int parent, int slot, int base, long[] a) {
                if (on[0] && slot == layout.slot()) {
                    arrays[0]++;
                    for (int i = 0; i < a.length; i++) {
                        c[base + i] += a[i];
                    }
                }
            }
        });
        assertTrue(arrays[0] >= 1, thread);
        long[] all = layout.derived(c);
        Map<String, Long> out = new TreeMap<>();
        for (ClassLayout.Method m : layout.methods()) {
            long b = 0;
            for (int i = 0; i < m.blocks(); i++) {
                b += all[m.firstBlockCounter() + i] * m.lengths()[i];
            }
            out.put(m.name() + m.desc(), b);
        }
        return out;
    }

    @Test
    void preciseBlockCountsEqualACounterAtEveryInstruction() throws Exception {
        Map<String, Long> reference = counts(new BlockCountTransform(BasicBlocks.Cut.EVERY_INSTRUCTION), "reference");
        Map<String, Long> precise = counts(transform("precise"), "precise");
        Map<String, Long> blocks = counts(transform(""), "blocks");
        assertEquals(reference, precise);
        assertTrue(reference.get("execute([II)I") > 30_000, reference.toString());
        // Without precise, a block left by an exception counts whole: only the methods that catch or throw differ
        Map<String, Long> differ = new HashMap<>();
        reference.forEach((m, n) -> {
            if (!n.equals(blocks.get(m))) {
                differ.put(m, blocks.get(m) - n);
            }
        });
        // (execute's division and guarded's call to check throw mid-block; check's athrow ends its block)
        assertEquals(java.util.Set.of("guarded(I)I", "execute([II)I"), differ.keySet(), differ.toString());
        differ.values().forEach(d -> assertTrue(d > 0, "over-counted, never under: " + differ));
    }

    @Test
    void countsPerCallingContextSumToTheCountsPerMethod() throws Exception {
        assertEquals(counts(transform("precise"), "precise-flat"), counts(transform("precise,contexts"), "precise-ctx"));
        assertEquals(counts(transform(""), "blocks-flat"), counts(transform("contexts"), "blocks-ctx"));
    }
}
