package io.taper.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class SameClassFileTest {

    private static byte[] jdkClass(String name) throws IOException {
        try (InputStream in = Object.class.getResourceAsStream("/" + name + ".class")) {
            return in.readAllBytes();
        }
    }

    /** The class file with its methods in reverse order, found by a walk of its own (two bytes name, two descriptor...). */
    private static byte[] methodsReversed(byte[] c) {
        int[] ranges = SameClassFile.methodRanges(c);
        int start = ranges[0] - 2;
        int count = (c[start] & 0xff) << 8 | (c[start + 1] & 0xff);
        assertEquals(2 * count, ranges.length);
        List<byte[]> methods = new ArrayList<>();
        int at = start + 2;
        for (int i = 0; i < count; i++) {
            assertEquals(ranges[2 * i], at, "method " + i + " starts where the walk of its own finds it");
            int attributes = (c[at + 6] & 0xff) << 8 | (c[at + 7] & 0xff);
            int end = at + 8;
            for (int k = 0; k < attributes; k++) {
                end += 6 + ((c[end + 2] & 0xff) << 24 | (c[end + 3] & 0xff) << 16 | (c[end + 4] & 0xff) << 8
                    | (c[end + 5] & 0xff));
            }
            assertEquals(ranges[2 * i + 1], end);
            methods.add(Arrays.copyOfRange(c, at, end));
            at = end;
        }
        Collections.reverse(methods);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(c, 0, start + 2);
        methods.forEach(out::writeBytes);
        out.write(c, at, c.length - at);
        return out.toByteArray();
    }

    @Test
    void theSameMethodsInAnotherOrderAreTheSameClassFile() throws IOException {
        for (String name : List.of("java/io/DataInputStream", "java/lang/String", "java/util/HashMap")) {
            byte[] c = jdkClass(name);
            byte[] reversed = methodsReversed(c);
            assertFalse(Arrays.equals(c, reversed), name);
            assertTrue(SameClassFile.upToMethodOrder(c, c.clone()), name);
            assertTrue(SameClassFile.upToMethodOrder(c, reversed), name);
            assertTrue(SameClassFile.upToMethodOrder(reversed, c), name);
            assertEquals(SameClassFile.fingerprint(c), SameClassFile.fingerprint(reversed), name);
        }
    }

    private static int u2(byte[] c, int at) {
        return (c[at] & 0xff) << 8 | (c[at + 1] & 0xff);
    }

    private static int u4(byte[] c, int at) {
        return (c[at] & 0xff) << 24 | (c[at + 1] & 0xff) << 16 | (c[at + 2] & 0xff) << 8 | (c[at + 3] & 0xff);
    }

    /** The constant pool index of the UTF-8 constant "Code", found by a walk of the test's own. */
    private static int codeIndex(byte[] c) {
        int at = 10;
        for (int i = 1; i < u2(c, 8); i++) {
            int tag = c[at] & 0xff;
            if (tag == 1 && new String(c, at + 3, u2(c, at + 1), java.nio.charset.StandardCharsets.UTF_8).equals("Code")) {
                return i;
            }
            at += tag == 1 ? 3 + u2(c, at + 1) : tag == 5 || tag == 6 ? 9 : tag == 7 || tag == 8 || tag == 16
                || tag == 19 || tag == 20 ? 3 : tag == 15 ? 4 : 5;
            i += tag == 5 || tag == 6 ? 1 : 0;
        }
        throw new AssertionError("no Code constant");
    }

    /**
     * The class file with its methods in reverse order and each Code attribute's own attributes (line numbers, local
     * variables, stack map) in reverse order too: what HotSpot's reconstitution of a loaded class may hand an agent.
     */
    private static byte[] methodsAndCodeAttributesReversed(byte[] c) {
        byte[] r = methodsReversed(c).clone();
        int code = codeIndex(r);
        int[] ranges = SameClassFile.methodRanges(r);
        for (int i = 0; i < ranges.length; i += 2) {
            int at = ranges[i] + 8;
            for (int k = 0; k < u2(r, ranges[i] + 6); k++) {
                int length = u4(r, at + 2);
                if (u2(r, at) == code) {
                    int sub = at + 6 + 8 + u4(r, at + 6 + 4);
                    sub += 2 + 8 * u2(r, sub);
                    int count = u2(r, sub);
                    List<byte[]> attributes = new ArrayList<>();
                    int a = sub + 2;
                    for (int j = 0; j < count; j++) {
                        int end = a + 6 + u4(r, a + 2);
                        attributes.add(Arrays.copyOfRange(r, a, end));
                        a = end;
                    }
                    Collections.reverse(attributes);
                    int w = sub + 2;
                    for (byte[] one : attributes) {
                        System.arraycopy(one, 0, r, w, one.length);
                        w += one.length;
                    }
                }
                at += 6 + length;
            }
        }
        return r;
    }

    /** The class file with one more UTF-8 constant after all of its pool's. */
    private static byte[] appendUtf8(byte[] c, String value) {
        int end = 10;
        for (int i = 1; i < u2(c, 8); i++) {
            int tag = c[end] & 0xff;
            end += tag == 1 ? 3 + u2(c, end + 1) : tag == 5 || tag == 6 ? 9 : tag == 7 || tag == 8 || tag == 16
                || tag == 19 || tag == 20 ? 3 : tag == 15 ? 4 : 5;
            i += tag == 5 || tag == 6 ? 1 : 0;
        }
        byte[] utf = value.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(c, 0, 8);
        int count = u2(c, 8) + 1;
        out.write(count >> 8);
        out.write(count);
        out.write(c, 10, end - 10);
        out.write(1);
        out.write(utf.length >> 8);
        out.write(utf.length);
        out.writeBytes(utf);
        out.write(c, end, c.length - end);
        return out.toByteArray();
    }

    @Test
    void theSameClassWithItsCodeAttributesInAnotherOrderIsTheSameClass() throws IOException {
        byte[] c;
        try (InputStream in = SameClassFileTest.class.getResourceAsStream("SameClassFileTest.class")) {
            c = in.readAllBytes();   // compiled with line numbers, local variables and stack maps
        }
        byte[] reordered = methodsAndCodeAttributesReversed(c);
        assertFalse(SameClassFile.upToMethodOrder(c, reordered), "not the same bytes up to the methods' order alone");
        assertTrue(SameClassFile.sameClassUpToOrder(c, reordered));
        assertTrue(SameClassFile.sameClassUpToOrder(reordered, c));
        // constants after all of the file's, as HotSpot appends for the methods it generates, and not the reverse
        byte[] appended = appendUtf8(c, "java/lang/AbstractMethodError");
        assertTrue(SameClassFile.sameClassUpToOrder(c, appended));
        assertFalse(SameClassFile.sameClassUpToOrder(appended, c));
        assertTrue(SameClassFile.sameClassUpToOrder(c, methodsReversed(c)));
        int[] ranges = SameClassFile.methodRanges(reordered);
        for (int at : new int[] {ranges[1] - 3, ranges[3] - 20, ranges[0] + 30}) {
            byte[] changed = reordered.clone();
            changed[at] ^= 1;     // inside a method: its code, or an attribute of it
            assertFalse(SameClassFile.sameClassUpToOrder(c, changed), "a byte at " + at);
        }
        byte[] constant = reordered.clone();
        constant[20] ^= 1;
        assertFalse(SameClassFile.sameClassUpToOrder(c, constant));
        assertFalse(SameClassFile.sameClassUpToOrder(c, Arrays.copyOf(c, c.length - 1)));
    }

    /** A class whose methods javac marks with the Deprecated attribute, which HotSpot does not reconstitute. */
    static final class Old {
        @Deprecated
        int first() {
            return 1;
        }

        @Deprecated
        int second() {
            return 2;
        }
    }

    /** The index of a UTF-8 constant. */
    private static int utf8Index(byte[] c, String value) {
        int at = 10;
        for (int i = 1; i < u2(c, 8); i++) {
            int tag = c[at] & 0xff;
            if (tag == 1 && new String(c, at + 3, u2(c, at + 1), java.nio.charset.StandardCharsets.UTF_8).equals(value)) {
                return i;
            }
            at += tag == 1 ? 3 + u2(c, at + 1) : tag == 5 || tag == 6 ? 9 : tag == 7 || tag == 8 || tag == 16
                || tag == 19 || tag == 20 ? 3 : tag == 15 ? 4 : 5;
            i += tag == 5 || tag == 6 ? 1 : 0;
        }
        throw new AssertionError("no constant " + value);
    }

    /** The class file without its methods' Deprecated attributes (six bytes each, and one off their count). */
    private static byte[] withoutDeprecated(byte[] c) {
        int deprecated = utf8Index(c, "Deprecated");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int[] ranges = SameClassFile.methodRanges(c);
        int copied = 0;
        for (int i = 0; i < ranges.length; i += 2) {
            int count = u2(c, ranges[i] + 6);
            int at = ranges[i] + 8;
            int kept = 0;
            ByteArrayOutputStream attributes = new ByteArrayOutputStream();
            for (int k = 0; k < count; k++) {
                int end = at + 6 + u4(c, at + 2);
                if (u2(c, at) != deprecated) {
                    attributes.write(c, at, end - at);
                    kept++;
                }
                at = end;
            }
            out.write(c, copied, ranges[i] + 6 - copied);
            out.write(kept >> 8);
            out.write(kept);
            out.writeBytes(attributes.toByteArray());
            copied = ranges[i + 1];
        }
        out.write(c, copied, c.length - copied);
        return out.toByteArray();
    }

    @Test
    void aReconstitutedClassLacksOnlyTheDeprecatedAttributes() throws IOException {
        byte[] c;
        try (InputStream in = Old.class.getResourceAsStream("SameClassFileTest$Old.class")) {
            c = in.readAllBytes();
        }
        byte[] reconstituted = withoutDeprecated(c);
        assertEquals(c.length - 12, reconstituted.length, "two Deprecated attributes fewer");
        assertTrue(SameClassFile.sameClassUpToOrder(c, reconstituted));
        assertTrue(SameClassFile.sameClassUpToOrder(c, methodsReversed(reconstituted)));
        byte[] changed = reconstituted.clone();
        changed[SameClassFile.methodRanges(changed)[1] - 3] ^= 1;
        assertFalse(SameClassFile.sameClassUpToOrder(c, changed));
    }

    @Test
    void anyOtherDifferenceIsAnotherClassFile() throws IOException {
        byte[] c = jdkClass("java/io/DataInputStream");
        byte[] reversed = methodsReversed(c);
        int methods = SameClassFile.methodRanges(c)[0] - 2;
        long fingerprint = SameClassFile.fingerprint(c);
        byte[] code = reversed.clone();
        code[code.length - 40] ^= 1;                   // a byte of a method (or of the class's attributes)
        assertFalse(SameClassFile.upToMethodOrder(c, code));
        assertNotEquals(fingerprint, SameClassFile.fingerprint(code));
        byte[] inMethod = c.clone();
        inMethod[methods + 40] ^= 1;                   // a byte inside the first method
        assertFalse(SameClassFile.upToMethodOrder(c, inMethod));
        assertNotEquals(fingerprint, SameClassFile.fingerprint(inMethod));
        byte[] constant = c.clone();
        constant[20] ^= 1;                             // the constant pool
        assertFalse(SameClassFile.upToMethodOrder(c, constant));
        assertNotEquals(fingerprint, SameClassFile.fingerprint(constant));
        byte[] beforeMethods = c.clone();
        beforeMethods[methods - 1] ^= 1;               // the last field's last byte
        assertFalse(SameClassFile.upToMethodOrder(c, beforeMethods));
        assertNotEquals(fingerprint, SameClassFile.fingerprint(beforeMethods));
        assertFalse(SameClassFile.upToMethodOrder(c, Arrays.copyOf(c, c.length - 1)));
        assertFalse(SameClassFile.upToMethodOrder(c, jdkClass("java/io/DataOutputStream")));
        assertNotEquals(fingerprint, SameClassFile.fingerprint(jdkClass("java/io/DataOutputStream")));
        byte[] garbage = new byte[c.length];
        Arrays.fill(garbage, (byte) 0x7f);
        assertFalse(SameClassFile.upToMethodOrder(garbage, c.clone()));
        byte[] truncatedPool = c.clone();
        truncatedPool[8] = (byte) 0xff;                // a constant pool count far past the end
        assertFalse(SameClassFile.upToMethodOrder(truncatedPool, c));
        assertEquals(null, SameClassFile.methodRanges(truncatedPool));
        // bytes that do not parse still get a fingerprint of their own
        assertEquals(SameClassFile.fingerprint(garbage), SameClassFile.fingerprint(garbage.clone()));
        assertNotEquals(SameClassFile.fingerprint(garbage), SameClassFile.fingerprint(truncatedPool));
    }
}
