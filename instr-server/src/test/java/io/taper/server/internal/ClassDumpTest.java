package io.taper.server.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ClassDumpTest {

    @Test
    void namesStayInsideTheDumpDirectory() {
        assertEquals("java/lang/String", ClassDump.safeName("java/lang/String"));
        assertEquals("_/_/etc/passwd", ClassDump.safeName("../../etc/passwd"));
        assertEquals("_/abs", ClassDump.safeName("/abs"));
        assertEquals("a/_/b", ClassDump.safeName("a/./b"));
        assertEquals("_unnamed_", ClassDump.safeName(""));
        assertEquals("p/Outer$Inner", ClassDump.safeName("p/Outer$Inner"));
    }
}
