package io.taper.api.marker;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * One region per basic block ({@link BasicBlocks}): {@code @Before} runs on every entry into the block,
 * jumps included; {@code @After} runs after its last instruction (before it if it is a jump or return).
 */
public class BasicBlockMarker implements Marker {

    /** Whether blocks also end after instructions that may throw. */
    protected boolean precise() {
        return false;
    }

    @Override
    public List<MarkedRegion> mark(ClassNode owner, MethodNode method, String args) {
        BasicBlocks blocks = BasicBlocks.of(method, precise());
        List<MarkedRegion> regions = new ArrayList<>(blocks.count());
        for (int b = 0; b < blocks.count(); b++) {
            regions.add(new MarkedRegion(blocks.first(b), blocks.last(b)));
        }
        return regions;
    }
}
