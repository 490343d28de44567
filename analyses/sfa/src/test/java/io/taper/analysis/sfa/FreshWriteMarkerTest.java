package io.taper.analysis.sfa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.taper.api.marker.MarkedRegion;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.MethodNode;

/** Which javac-compiled constructor writes are fresh: exactly those no code can have seen the object before. */
class FreshWriteMarkerTest {

    static void register(Object o) {
    }

    static final class Plain {
        int x;
        int y;

        Plain(int x) {
            this.x = x;
            this.y = x + 1;
        }
    }

    static final class Increment {
        int c;

        Increment() {
            this.c++;                               // dup of this, then a read
        }
    }

    static final class EscapesFirst {
        int f;

        EscapesFirst() {
            register(this);
            this.f = 1;
        }
    }

    static final class EscapesBetween {
        int f;
        int g;

        EscapesBetween() {
            this.f = 1;
            register(this);
            this.g = 2;
        }
    }

    /** Not fresh (this escaped first), and final: the final-write snippet's, not an own write. */
    static final class FinalAfterEscape {
        final int f;

        FinalAfterEscape() {
            register(this);
            this.f = 1;
        }
    }

    /** One write to another object of the class, one to this after it (not fresh: Base() ran first). */
    static final class WritesOther extends Base {
        int n;

        WritesOther(WritesOther o) {
            o.n = 1;
            this.n = 2;
        }
    }

    static final class Delegating {
        int f;

        Delegating(int v) {
            this(v, 0);
        }

        Delegating(int v, int w) {
            this.f = v + w;
        }
    }

    static class Base {
        int b;

        Base() {
            this.b = 1;
        }
    }

    static final class Derived extends Base {
        int d;

        Derived() {
            super();
            this.d = 2;                             // Base() ran first and could have read d
        }
    }

    static final class Branching {
        int f;
        int g;

        Branching(boolean c) {
            this.f = c ? 1 : 2;
            this.g = 3;
        }
    }

    static final class Peer {
        Peer(Object o) {
        }
    }

    static final class PassedOn {
        Object list;
        Object other;
        int z;

        PassedOn() {
            this.list = new ArrayList<String>();
            this.other = new Peer(this);
            this.z = 1;
        }
    }

    static final class ReadsOwnField {
        int a;
        int b;

        ReadsOwnField() {
            this.a = 1;
            int t = this.a;
            this.b = t;
        }
    }

    static final class ReadsThenWritesOwnField {
        int a;

        ReadsThenWritesOwnField() {
            this.a = 1;
            this.a = this.a + 1;                    // a read of a comes first
        }
    }

    /** Its super constructor may read anything, but the outer instance is stored before it runs. */
    class InnerOfASubclass extends Base {
        int k;

        InnerOfASubclass() {
            super();
            this.k = 1;
        }
    }

    static final class Guarded {
        int a;
        int b;

        Guarded() {
            this.a = 1;
            try {
                this.b = Integer.parseInt("2");
            } catch (NumberFormatException e) {
                this.b = 0;
            }
        }
    }

    static final class Wide {
        long l;
        double d;
        Object self;

        Wide(long l) {
            this.l = l;
            this.d = 0.5;
            this.self = this;                       // this as the value: stops the scan
        }
    }

    /** A read on one branch makes the write after the join ordinary; the other field stays fresh. */
    static final class ReadsOnOneBranch {
        int a;
        int b;

        ReadsOnOneBranch(boolean c) {
            int t = 0;
            if (c) {
                t = this.a;
            }
            this.a = t + 1;
            this.b = 2;
        }
    }

    /** Escapes on one branch only: every write after the join may follow a read by someone else. */
    static final class EscapesOnOneBranch {
        int a;
        int b;

        EscapesOnOneBranch(boolean c) {
            this.a = 1;
            if (c) {
                register(this);
            }
            this.b = 2;
        }
    }

    /** In a loop, the read of one iteration comes before the write of the next. */
    static final class LoopReadsThenWrites {
        int sum;
        int n;

        LoopReadsThenWrites(int[] values) {
            this.n = values.length;
            for (int v : values) {
                this.sum = v;
                register(Integer.valueOf(this.sum));
            }
        }
    }

    /** Static calls and other objects' fields on every path, this never passed on: like String's. */
    static final class DecodesInHelpers {
        static final DecodesInHelpers EMPTY = new DecodesInHelpers(new char[0], 0);
        final char[] value;
        final byte coder;

        DecodesInHelpers(char[] chars, int from) {
            if (chars.length == from) {
                this.value = EMPTY == null ? new char[0] : EMPTY.value;
                this.coder = 0;
                return;
            }
            char[] copy = java.util.Arrays.copyOfRange(chars, from, chars.length);
            switch (copy.length) {
                case 1:
                    this.coder = 1;
                    break;
                default:
                    this.coder = 2;
            }
            this.value = copy;
        }
    }

    /** A value that is this on one path and another object on the other is passed on: an escape. */
    static final class PassesThisOrOther {
        int a;
        int b;

        PassesThisOrOther(Object other, boolean c) {
            this.a = 1;
            register(c ? this : other);
            this.b = 2;
        }
    }

    /** A box: Number's constructor keeps this to itself, so the write after super() is fresh. */
    static final class Box extends Number {
        final long v;

        Box(long v) {
            super();
            this.v = v;
        }

        @Override
        public int intValue() {
            return (int) v;
        }

        @Override
        public long longValue() {
            return v;
        }

        @Override
        public float floatValue() {
            return v;
        }

        @Override
        public double doubleValue() {
            return v;
        }
    }

    enum Planet {
        SMALL(1), LARGE(9);

        final int mass;

        Planet(int mass) {
            this.mass = mass;
        }
    }

    record Pair(int left, int right) {
    }

    class Inner {
        int k;

        Inner() {
            this.k = 1;                             // after the this$0 write before Object.<init>, fresh too
        }
    }

    @Test
    void freshWritesOfEachConstructorShape() throws IOException {
        assertEquals("x y", fresh(Plain.class));
        assertEquals("", fresh(Increment.class));
        assertEquals("", fresh(EscapesFirst.class));
        assertEquals("f", fresh(EscapesBetween.class));
        assertEquals("f", fresh(Delegating.class));
        assertEquals("b", fresh(Base.class));
        assertEquals("", fresh(Derived.class));
        assertEquals("f g", fresh(Branching.class));
        assertEquals("list", fresh(PassedOn.class));
        assertEquals("a b", fresh(ReadsOwnField.class));     // reading a says nothing about b
        assertEquals("a", fresh(ReadsThenWritesOwnField.class));
        assertEquals("this$0", fresh(InnerOfASubclass.class));
        assertEquals("a b", fresh(Guarded.class));         // both writes of b, in the try and the handler
        assertEquals("b", fresh(ReadsOnOneBranch.class));
        assertEquals("a", fresh(EscapesOnOneBranch.class));
        assertEquals("n", fresh(LoopReadsThenWrites.class));
        assertEquals("coder value", fresh(DecodesInHelpers.class));
        assertEquals("a", fresh(PassesThisOrOther.class));
        assertEquals("d l", fresh(Wide.class));
        assertEquals("k this$0", fresh(Inner.class));      // the outer instance: before Object.<init>
        assertEquals("v", fresh(Box.class));
        assertEquals("mass", fresh(Planet.class));
        assertEquals("left right", fresh(Pair.class));
    }

    @Test
    void ownWritesAreTheOtherWritesToThisInAConstructorButOwnFinalOnes() throws IOException {
        assertEquals("", marked(Plain.class, "own"));
        assertEquals("", marked(Increment.class, "own"));         // through a dup: not surely this
        assertEquals("f", marked(EscapesFirst.class, "own"));
        assertEquals("g", marked(EscapesBetween.class, "own"));
        assertEquals("", marked(Delegating.class, "own"));
        assertEquals("d", marked(Derived.class, "own"));
        assertEquals("a", marked(ReadsThenWritesOwnField.class, "own"));
        assertEquals("sum", marked(LoopReadsThenWrites.class, "own"));
        assertEquals("b", marked(PassesThisOrOther.class, "own"));
        assertEquals("", marked(FinalAfterEscape.class, "own"));
        assertEquals("f", marked(FinalAfterEscape.class, "other"));
        assertEquals("n", marked(WritesOther.class, "own"));
        assertEquals("n", marked(WritesOther.class, "other"));     // o.n
        ClassNode cn = read(WritesOther.class);
        MethodNode init = cn.methods.stream().filter(m -> m.name.equals("<init>")).findFirst().orElseThrow();
        assertEquals(1, new FreshWriteMarker().mark(cn, init, "own").size());
        assertEquals(1, new FreshWriteMarker().mark(cn, init, "other").size());
    }

    @Test
    void freshOwnAndOtherPartitionThePutfields() throws IOException {
        FreshWriteMarker marker = new FreshWriteMarker();
        for (Class<?> c : List.of(Plain.class, EscapesBetween.class, PassedOn.class, Guarded.class, Inner.class,
                ReadsOnOneBranch.class, LoopReadsThenWrites.class, DecodesInHelpers.class, Increment.class,
                EscapesFirst.class, Derived.class, FinalAfterEscape.class, WritesOther.class)) {
            ClassNode cn = read(c);
            for (MethodNode m : cn.methods) {
                int putfields = 0;
                for (var n = m.instructions.getFirst(); n != null; n = n.getNext()) {
                    putfields += n.getOpcode() == org.objectweb.asm.Opcodes.PUTFIELD ? 1 : 0;
                }
                int fresh = marker.mark(cn, m, "fresh").size();
                int settled = marker.mark(cn, m, "settled").size();
                int own = marker.mark(cn, m, "own").size();
                int other = marker.mark(cn, m, "other").size();
                assertEquals(putfields, fresh + settled + own + other, c.getSimpleName() + "." + m.name);
            }
        }
    }

    /** Confirmed on the running JDK's bytes, not assumed: each of their constructors keeps this to itself. */
    @Test
    void numberEnumAndRecordAreLocalSuperClasses() {
        assertEquals(java.util.Set.of("java/lang/Object", "java/lang/Number", "java/lang/Enum", "java/lang/Record"),
            FreshWriteAnalysis.LOCAL_SUPERS);
        assertEquals(false, FreshWriteAnalysis.allConstructorsKeepThisLocal("java/util/ArrayList",
            FreshWriteAnalysis.LOCAL_SUPERS));         // its super class AbstractList is not on the list
        assertEquals(false, FreshWriteAnalysis.allConstructorsKeepThisLocal("java/lang/Thread",
            FreshWriteAnalysis.LOCAL_SUPERS));         // Object subclass whose constructors hand this on
    }

    @Test
    void rejectsOtherArguments() {
        assertThrows(IllegalArgumentException.class, () -> new FreshWriteMarker().checkArgs("putfield"));
    }

    /** Fresh writes of settled fields go to their own group: the field's whole class writes it only fresh. */
    @Test
    void freshWritesOfSettledFieldsAreTheirOwnGroup() throws IOException {
        assertEquals("coder value", marked(DecodesInHelpers.class, "settled"));   // final, written fresh only
        assertEquals("", marked(DecodesInHelpers.class, "fresh"));
        assertEquals("", marked(Plain.class, "settled"));    // package-private: another class may write x, y
        assertEquals("x y", marked(Plain.class, "fresh"));
        assertEquals("v", marked(Box.class, "settled"));
        assertEquals("this$0", marked(Inner.class, "settled"));             // final, synthetic
        assertEquals("k", marked(Inner.class, "fresh"));
    }

    private static String fresh(Class<?> c) throws IOException {
        TreeSet<String> names = new TreeSet<>(List.of((marked(c, "fresh") + " " + marked(c, "settled")).trim().split(" +")));
        names.remove("");
        return String.join(" ", names);
    }

    private static String marked(Class<?> c, String args) throws IOException {
        ClassNode cn = read(c);
        FreshWriteMarker marker = new FreshWriteMarker();
        TreeSet<String> names = new TreeSet<>();
        for (MethodNode m : cn.methods) {
            for (MarkedRegion r : marker.mark(cn, m, args)) {
                names.add(((FieldInsnNode) r.start()).name);
            }
        }
        return String.join(" ", names);
    }

    private static ClassNode read(Class<?> c) throws IOException {
        try (InputStream in = c.getResourceAsStream(c.getSimpleName().isEmpty() ? null
                : c.getName().substring(c.getName().lastIndexOf('.') + 1) + ".class")) {
            ClassNode cn = new ClassNode();
            new ClassReader(in).accept(cn, 0);
            return cn;
        }
    }
}
