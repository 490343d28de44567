package io.taper.weaver.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** DiSL's scope language. */
class ScopeTest {

    private static boolean m(String scope, String cls, String method, String desc) {
        return Scope.parse(scope).matches(cls, method, desc);
    }

    @Test
    void methodNamesAndWildcards() {
        assertTrue(m("*", "a/B", "run", "()V"));
        assertTrue(m("run", "a/B", "run", "()V"));
        assertFalse(m("run", "a/B", "runs", "()V"));
        assertTrue(m("get*", "a/B", "getX", "()I"));
        assertTrue(m("*init>", "a/B", "<init>", "()V"));
        assertTrue(m("*init>", "a/B", "<clinit>", "()V"));
        assertFalse(m("<init>", "a/B", "<clinit>", "()V"));
        assertTrue(m("*a*b*", "a/B", "xaybz", "()V"));
        assertFalse(m("*a*b*", "a/B", "xbya", "()V"));
    }

    @Test
    void classNames() {
        assertTrue(m("java.util.ArrayList.add", "java/util/ArrayList", "add", "(Ljava/lang/Object;)Z"));
        assertFalse(m("java.util.ArrayList.add", "java/util/LinkedList", "add", "(Ljava/lang/Object;)Z"));
        assertTrue(m("java.util.*.add", "java/util/concurrent/CopyOnWriteArrayList", "add", "(Ljava/lang/Object;)Z"));
        assertTrue(m("java.util.*List.*", "java/util/ArrayList", "size", "()I"));
        assertFalse(m("java.util.*List.*", "java/util/ArrayDeque", "size", "()I"));
        // no package: any package, and the default package
        assertTrue(m("ArrayList.size", "java/util/ArrayList", "size", "()I"));
        assertTrue(m("Main.main", "Main", "main", "([Ljava/lang/String;)V"));
        assertFalse(m("ArrayList.size", "java/util/MyArrayList", "size", "()I"));
        // [default]: the default package only
        assertTrue(m("[default].Main.main", "Main", "main", "([Ljava/lang/String;)V"));
        assertFalse(m("[default].Main.main", "x/Main", "main", "([Ljava/lang/String;)V"));
        // nested classes by binary name
        assertTrue(m("java.util.Map$Entry.*", "java/util/Map$Entry", "getKey", "()Ljava/lang/Object;"));
    }

    @Test
    void parametersAndReturnTypes() {
        String desc = "(IJLjava/lang/String;[I)Ljava/lang/String;";
        assertTrue(m("f(int, long, java.lang.String, int[])", "a/B", "f", desc));
        assertTrue(m("f(int, long, String, int[])", "a/B", "f", desc));
        assertTrue(m("f(int, ..)", "a/B", "f", desc));
        assertTrue(m("f(..)", "a/B", "f", "()V"));
        assertFalse(m("f()", "a/B", "f", desc));
        assertTrue(m("f()", "a/B", "f", "()V"));
        assertFalse(m("f(int, long)", "a/B", "f", desc));
        assertFalse(m("f(long, ..)", "a/B", "f", desc));
        assertTrue(m("f(*, *, *, *[])", "a/B", "f", desc));
        assertTrue(m("java.lang.String a.B.f", "a/B", "f", desc));
        assertTrue(m("String *", "a/B", "f", desc));
        assertFalse(m("int *", "a/B", "f", desc));
        assertTrue(m("int[] *", "a/B", "g", "()[I"));
        assertTrue(m("void *.run()", "a/B", "run", "()V"));
        assertTrue(m("* java.*.*(..)", "java/lang/String", "length", "()I"));
    }

    @Test
    void classPrefilter() {
        assertTrue(Scope.parse("java.util.*.*").mayMatchClass("java/util/HashMap"));
        assertFalse(Scope.parse("java.util.*.*").mayMatchClass("java/lang/String"));
        assertTrue(Scope.parse("size").mayMatchClass("anything/At/All"));
    }

    @Test
    void malformedScopes() {
        assertEquals("malformed scope \"\": empty", assertThrows(IllegalArgumentException.class,
            () -> Scope.parse("")).getMessage());
        assertEquals("malformed scope \"f(int\": misplaced parentheses", assertThrows(IllegalArgumentException.class,
            () -> Scope.parse("f(int")).getMessage());
        assertEquals("malformed scope \"f(.., int)\": '..' must be the last parameter",
            assertThrows(IllegalArgumentException.class, () -> Scope.parse("f(.., int)")).getMessage());
        assertEquals("malformed scope \"f(int,)\": bad parameter type ''", assertThrows(IllegalArgumentException.class,
            () -> Scope.parse("f(int,)")).getMessage());
        assertEquals("malformed scope \"a.\": bad class or method name", assertThrows(IllegalArgumentException.class,
            () -> Scope.parse("a.")).getMessage());
        assertEquals("malformed scope \"int a b c\": expected [returnType] [pkg.Class.]method[(params)]",
            assertThrows(IllegalArgumentException.class, () -> Scope.parse("int a b c")).getMessage());
    }
}
