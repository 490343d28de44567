package io.taper.launcher.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** Matching keys (shared with JFR) and readable frame names. */
class MethodNamesTest {

    @Test
    void keysUseTheBinaryClassNameAndTheDescriptor() {
        assertEquals("java.lang.String.indexOf(I)I", MethodNames.key("java.lang.String", "indexOf", "(I)I"));
    }

    @Test
    void framesShowSimpleParameterTypesWithoutSeparators() {
        assertEquals("a.B$C.run(int,String[][],long,Map)",
                MethodNames.frame("a.B$C", "run", "(I[[Ljava/lang/String;JLjava/util/Map;)V"));
        assertEquals("a.B.<init>()", MethodNames.frame("a.B", "<init>", "()V"));
        assertEquals("boolean,byte,char,short,float,double", MethodNames.parameters("(ZBCSFD)V"));
    }

    @Test
    void malformedDescriptorsAreShownAsTheyAre() {
        assertNull(MethodNames.parameters("(Ljava/lang/String)V"));
        assertNull(MethodNames.parameters("(Q)V"));
        assertNull(MethodNames.parameters("x"));
        assertEquals("a.B.m(Lx_y)", MethodNames.frame("a.B", "m", "(Lx y)"));
    }
}
