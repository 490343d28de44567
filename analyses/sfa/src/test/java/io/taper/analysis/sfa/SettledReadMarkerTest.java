package io.taper.analysis.sfa;

import static org.junit.jupiter.api.Assertions.assertEquals;

import fixtures.repeated.Pair;
import fixtures.settled.SettledPoint;
import fixtures.settled.UnsettledFields;
import fixtures.settled.WithNest;
import io.taper.api.marker.MarkedRegion;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.MethodNode;

class SettledReadMarkerTest {

    @Test
    void privateFieldsWrittenOnlyFreshAreSettled() throws IOException {
        assertEquals(Set.of("x:I", "y:I", "label:Ljava/lang/String;"), SettledReadMarker.settledFields(read(SettledPoint.class)));
        assertEquals(Set.of("kept:I"), SettledReadMarker.settledFields(read(UnsettledFields.class)));
        assertEquals(Set.of(), SettledReadMarker.settledFields(read(WithNest.class)));
    }

    @Test
    void settledAndOtherPartitionTheReads() throws IOException {
        ClassNode point = read(SettledPoint.class);
        assertEquals("label x y", reads(point, "settled"));
        assertEquals("", reads(point, "other"));
        ClassNode unsettled = read(UnsettledFields.class);
        assertEquals("kept", reads(unsettled, "settled"));
        assertEquals("counter escaped lazy shared", reads(unsettled, "other"));
    }

    /**
     * The JDK's own String: its constructors branch and decode in static helpers, but never hand the string
     * on before they have assigned it, so its final value and coder are settled and only hash (written by
     * hashCode after reads) is not. This is what takes String's reads off the hot path.
     */
    @Test
    void theJdksStringValueAndCoderAreSettled() throws IOException {
        ClassNode string = new ClassNode();
        new ClassReader("java.lang.String").accept(string, 0);
        Set<String> settled = SettledReadMarker.settledFields(string);
        assertEquals(Set.of("value:[B", "coder:B"), settled);
    }

    /** Boxes extend Number, whose constructor keeps this to itself: their value is settled too. */
    @Test
    void theJdksBoxValuesAreSettled() throws IOException {
        for (String box : new String[] {"java.lang.Long", "java.lang.Integer"}) {
            ClassNode cn = new ClassNode();
            new ClassReader(box).accept(cn, 0);
            assertEquals(true, SettledReadMarker.settledFields(cn).contains(
                "value:" + (box.endsWith("Long") ? "J" : "I")), box);
        }
    }

    /**
     * A read of the same field of the same local's object, later in a stretch of code no jump enters and with no
     * store to the local between, gets no site of either kind; every other read keeps its site.
     */
    @Test
    void repeatedReadsGetNoSite() throws IOException {
        ClassNode pair = read(Pair.class);
        assertEquals(Map.of("square", "a", "mixed", "a a b", "loop", "a a a", "walk", "a a next",
            "fallThrough", "a b", "branches", "a b"), readsPerMethod(pair));
        assertEquals(18, getfields(pair), "four of the fixture's reads repeat one before them");
    }

    private static Map<String, String> readsPerMethod(ClassNode cn) {
        SettledReadMarker marker = new SettledReadMarker();
        Map<String, String> reads = new TreeMap<>();
        for (MethodNode m : cn.methods) {
            List<String> names = new ArrayList<>();
            for (String args : new String[] {"settled", "other"}) {
                for (MarkedRegion r : marker.mark(cn, m, args)) {
                    names.add(((FieldInsnNode) r.start()).name);
                }
            }
            if (!names.isEmpty()) {
                names.sort(null);
                reads.put(m.name, String.join(" ", names));
            }
        }
        return reads;
    }

    private static int getfields(ClassNode cn) {
        int n = 0;
        for (MethodNode m : cn.methods) {
            for (AbstractInsnNode i = m.instructions.getFirst(); i != null; i = i.getNext()) {
                n += i.getOpcode() == Opcodes.GETFIELD ? 1 : 0;
            }
        }
        return n;
    }

    private static String reads(ClassNode cn, String args) {
        SettledReadMarker marker = new SettledReadMarker();
        TreeSet<String> names = new TreeSet<>();
        for (MethodNode m : cn.methods) {
            for (MarkedRegion r : marker.mark(cn, m, args)) {
                names.add(((FieldInsnNode) r.start()).name);
            }
        }
        return String.join(" ", names);
    }

    private static ClassNode read(Class<?> c) throws IOException {
        try (InputStream in = c.getResourceAsStream(c.getSimpleName() + ".class")) {
            ClassNode cn = new ClassNode();
            new ClassReader(in).accept(cn, 0);
            return cn;
        }
    }
}
