package io.taper.analysis.sfa.internal;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.commons.CodeSizeEvaluator;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.junit.jupiter.api.Test;

/**
 * {@link ReadyReadSites#marked} runs at every woven read site that is ready, so it must stay under HotSpot's
 * {@code MaxInlineSize} (35 bytes of bytecode): call sites that the JIT does not yet know to be hot inline only
 * methods that small, and a larger check stays a call in warm compiled code.
 */
class ReadyReadSitesSizeTest {

    static final int MAX_INLINE_SIZE = 35;

    @Test
    void theReadCheckFitsTheJitsInliningLimit() throws IOException {
        ClassNode cn = new ClassNode();
        try (InputStream in = ReadyReadSites.class.getResourceAsStream("ReadyReadSites.class")) {
            new ClassReader(in).accept(cn, 0);
        }
        MethodNode marked = cn.methods.stream()
                .filter(m -> m.name.equals("marked") && m.desc.equals("(Ljava/lang/Object;I)Z")).findFirst().orElseThrow();
        int size = codeSize(marked);
        assertTrue(size <= MAX_INLINE_SIZE, "marked is " + size + " bytes of bytecode");
        assertTrue(size > 10, "the measure counts bytes: " + size);
    }

    /** The method's bytecode length (its instructions as they are in the class file: no jumps need widening). */
    static int codeSize(MethodNode m) {
        CodeSizeEvaluator size = new CodeSizeEvaluator(null);
        m.instructions.accept(size);
        return size.getMinSize();
    }
}
