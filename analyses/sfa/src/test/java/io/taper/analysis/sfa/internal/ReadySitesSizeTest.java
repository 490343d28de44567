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
 * {@link ReadySites#marked} and {@link ReadySites#unmarked} run at every woven read or write site that is
 * ready, so they must stay under HotSpot's
 * {@code MaxInlineSize} (35 bytes of bytecode): call sites that the JIT does not yet know to be hot inline only
 * methods that small, and a larger check stays a call in warm compiled code.
 */
class ReadySitesSizeTest {

    static final int MAX_INLINE_SIZE = 35;

    @Test
    void theReadAndWriteChecksFitTheJitsInliningLimit() throws IOException {
        ClassNode cn = new ClassNode();
        try (InputStream in = ReadySites.class.getResourceAsStream("ReadySites.class")) {
            new ClassReader(in).accept(cn, 0);
        }
        for (String check : new String[] {"marked", "unmarked"}) {
            MethodNode m = cn.methods.stream()
                    .filter(x -> x.name.equals(check) && x.desc.equals("(Ljava/lang/Object;I)Z")).findFirst().orElseThrow();
            int size = codeSize(m);
            assertTrue(size <= MAX_INLINE_SIZE, check + " is " + size + " bytes of bytecode");
            assertTrue(size > 10, "the measure counts bytes: " + size);
        }
    }

    /** The method's bytecode length (its instructions as they are in the class file: no jumps need widening). */
    static int codeSize(MethodNode m) {
        CodeSizeEvaluator size = new CodeSizeEvaluator(null);
        m.instructions.accept(size);
        return size.getMinSize();
    }
}
