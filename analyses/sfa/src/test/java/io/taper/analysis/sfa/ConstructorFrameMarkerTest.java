package io.taper.analysis.sfa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.taper.api.marker.AfterInitBodyMarker;
import io.taper.api.marker.MarkedRegion;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Which javac-compiled constructors keep their frame: exactly those whose body after the initialising
 * call may reach an event that asks whether the object is being built.
 */
class ConstructorFrameMarkerTest {

    static int counter;

    static void register(Object o) {
    }

    abstract static class Base {
        Base() {
        }
    }

    /** Like Long(long) and Number(): only assigns its own final fields, or delegates. */
    static final class Boxed extends Base {
        final long value;
        final String name;

        Boxed(long value) {
            this.value = value;
            this.name = "boxed";
        }

        Boxed() {
            this(0L);
        }
    }

    /** Arithmetic, branches, a switch and a primitive array on the way to its final fields. */
    static final class Computes extends Base {
        final int v;
        final int[] w;

        Computes(int x) {
            int t = x > 0 ? x * 2 : -x;
            switch (x) {
                case 1 -> t += 3;
                case 7 -> t -= 1;
                default -> t ^= 5;
            }
            v = t;
            int[] a = new int[(x & 7) + 1];
            a[0] = (int) (x / 3L);
            w = a;
        }
    }

    /** A fresh write of a non-final field (a direct subclass of Object). */
    static final class Fresh {
        int a;

        Fresh(int a) {
            this.a = a;
        }
    }

    /**
     * A non-final field of this written after a super constructor: an own write, which happens while the object is
     * being built whoever asks, so it does not ask.
     */
    static final class WritesNonFinal extends Base {
        int n;

        WritesNonFinal(int n) {
            this.n = n;
        }
    }

    /** A non-final field of another object written in a constructor: the write asks who is being built. */
    static final class WritesOthers extends Base {
        int n;

        WritesOthers(WritesOthers other) {
            other.n = 1;
        }
    }

    static final class Calls extends Base {
        final int v;

        Calls() {
            register(this);
            v = 1;
        }
    }

    /** Reads its own final field: the read asks. */
    static final class Reads extends Base {
        final int a;
        final int b;

        Reads(int x) {
            a = x;
            b = a + 1;
        }
    }

    static final class ReadsStatic extends Base {
        final int v;

        ReadsStatic() {
            v = counter;
        }
    }

    static final class Allocates extends Base {
        final Object o;

        Allocates() {
            o = new Object();
        }
    }

    static final class StoresReference extends Base {
        final Object[] a;

        StoresReference(Object x) {
            a = new Object[1];
        }
    }

    static final class ChecksType extends Base {
        final String s;

        ChecksType(Object x) {
            s = (String) x;
        }
    }

    /** An exception caught here could let the body go on after the JVM built the exception object. */
    static final class Catches extends Base {
        final int v;

        Catches(int[] xs) {
            int t;
            try {
                t = xs[0];
            } catch (RuntimeException e) {
                t = 0;
            }
            v = t;
        }
    }

    /** Like String's: static helpers and other objects on every path, this never passed on. */
    static final class DecodesInHelpers {
        final char[] value;
        final byte coder;
        int hash;

        DecodesInHelpers(char[] chars, int from) {
            if (chars.length == from) {
                this.value = new char[0];
                this.coder = 0;
                return;
            }
            char[] copy = java.util.Arrays.copyOfRange(chars, from, chars.length);
            this.coder = copy.length > 1 ? (byte) 2 : 1;
            this.value = copy;
            register(copy);
        }
    }

    /** A direct subclass of Object that passes this on, on one path. */
    static final class EscapesOnOnePath {
        final int v;

        EscapesOnOnePath(boolean c) {
            if (c) {
                register(this);
            }
            v = 1;
        }
    }

    /** A direct subclass of Object that reads a field of its own and then writes it: the write asks. */
    static final class ReadsThenWrites {
        int n;

        ReadsThenWrites(int[] xs) {
            for (int x : xs) {
                n = n + x;
            }
        }
    }

    @Test
    void constructorsWhoseObjectNobodyElseHoldsLoseTheirFrame() throws IOException {
        assertEquals("", bracketed(DecodesInHelpers.class));
        assertEquals("(Z)V", bracketed(EscapesOnOnePath.class));
        assertEquals("([I)V", bracketed(ReadsThenWrites.class));
    }

    @Test
    void constructorsThatNeverAskLoseTheirFrame() throws IOException {
        assertEquals("", bracketed(Base.class));
        assertEquals("", bracketed(Boxed.class));
        assertEquals("", bracketed(Computes.class));
        assertEquals("", bracketed(Fresh.class));
        assertEquals("", bracketed(WritesNonFinal.class));
    }

    @Test
    void constructorsThatMayAskKeepIt() throws IOException {
        assertEquals("(L" + WritesOthers.class.getName().replace('.', '/') + ";)V", bracketed(WritesOthers.class));
        assertEquals("()V", bracketed(Calls.class));
        assertEquals("(I)V", bracketed(Reads.class));
        assertEquals("()V", bracketed(ReadsStatic.class));
        assertEquals("()V", bracketed(Allocates.class));
        assertEquals("(Ljava/lang/Object;)V", bracketed(StoresReference.class));
        assertEquals("(Ljava/lang/Object;)V", bracketed(ChecksType.class));
        assertEquals("([I)V", bracketed(Catches.class));
    }

    @Test
    void otherwiseMarksWhatAfterInitBodyMarkerMarks() throws IOException {
        ConstructorFrameMarker marker = new ConstructorFrameMarker();
        AfterInitBodyMarker plain = new AfterInitBodyMarker();
        // constructors that keep their frame, and methods other than constructors (static ones here)
        for (Class<?> c : List.of(Calls.class, Catches.class, ConstructorFrameMarkerTest.class)) {
            ClassNode cn = read(c);
            for (MethodNode m : cn.methods) {
                if (c == ConstructorFrameMarkerTest.class && m.name.equals("<init>")) {
                    continue;                               // an empty body: no frame
                }
                List<MarkedRegion> mine = marker.mark(cn, m, "");
                List<MarkedRegion> theirs = plain.mark(cn, m, "");
                assertEquals(theirs.size(), mine.size(), c.getSimpleName() + "." + m.name);
                for (int i = 0; i < mine.size(); i++) {
                    assertSame(theirs.get(i).start(), mine.get(i).start());
                    assertEquals(theirs.get(i).ends(), mine.get(i).ends());
                }
            }
        }
    }

    /** Descriptors of the class's constructors that get a frame. */
    private static String bracketed(Class<?> c) throws IOException {
        ClassNode cn = read(c);
        ConstructorFrameMarker marker = new ConstructorFrameMarker();
        TreeSet<String> descs = new TreeSet<>();
        for (MethodNode m : cn.methods) {
            if (m.name.equals("<init>") && !marker.mark(cn, m, "").isEmpty()) {
                descs.add(m.desc);
            }
        }
        return String.join(" ", descs);
    }

    private static ClassNode read(Class<?> c) throws IOException {
        try (InputStream in = c.getResourceAsStream(c.getName().substring(c.getName().lastIndexOf('.') + 1) + ".class")) {
            ClassNode cn = new ClassNode();
            new ClassReader(in).accept(cn, 0);
            return cn;
        }
    }
}
