package io.taper.api.marker;

import java.util.List;
import java.util.Objects;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FrameNode;

/**
 * A region of one method that receives snippets.
 *
 * <ul>
 *   <li>{@code @Before} code goes immediately before {@link #start()}. A start that is an instruction
 *       after a label runs on every entry, jumps included; a start that is the label itself (e.g. the
 *       method's first node) runs only when control falls into it.</li>
 *   <li>Normal-exit code goes after each of {@link #ends()}, or immediately before an end that transfers
 *       control (jump, switch, return); an end that is {@code athrow} is an exceptional exit.</li>
 *   <li>Exceptional-exit code runs for exceptions thrown between {@code start} and
 *       {@link #exceptionEnd()} (inclusive) that no handler of the method catches first; null means the
 *       region has no exceptional exit.</li>
 * </ul>
 */
public final class MarkedRegion {

    private final AbstractInsnNode start;
    private final List<AbstractInsnNode> ends;
    private final AbstractInsnNode exceptionEnd;
    private final boolean wholeBody;

    /** A region from {@code start} to {@code end} (inclusive), exceptional exit covering the same range. */
    public MarkedRegion(AbstractInsnNode start, AbstractInsnNode end) {
        this(start, List.of(end), end, false);
    }

    /**
     * @param start        node before which {@code @Before} code goes; not a frame
     * @param ends         instructions (not labels, frames or line numbers) where the region exits normally
     * @param exceptionEnd last instruction covered by the exceptional exit, or null for none
     */
    public MarkedRegion(AbstractInsnNode start, List<AbstractInsnNode> ends, AbstractInsnNode exceptionEnd) {
        this(start, ends, exceptionEnd, false);
    }

    private MarkedRegion(AbstractInsnNode start, List<AbstractInsnNode> ends, AbstractInsnNode exceptionEnd,
                         boolean wholeBody) {
        this.start = Objects.requireNonNull(start, "start");
        if (start instanceof FrameNode) {
            throw new IllegalArgumentException("a region cannot start at a frame node");
        }
        this.ends = List.copyOf(ends);
        for (AbstractInsnNode e : this.ends) {
            if (e.getOpcode() < 0) {
                throw new IllegalArgumentException("region ends must be instructions, not labels/frames/lines");
            }
        }
        if (exceptionEnd != null && exceptionEnd.getOpcode() < 0) {
            throw new IllegalArgumentException("exceptionEnd must be an instruction");
        }
        this.exceptionEnd = exceptionEnd;
        this.wholeBody = wholeBody;
    }

    /** A region standing for the method as a whole: its sites report location -1. */
    public static MarkedRegion wholeBody(AbstractInsnNode start, List<AbstractInsnNode> ends,
                                         AbstractInsnNode exceptionEnd) {
        return new MarkedRegion(start, ends, exceptionEnd, true);
    }

    public AbstractInsnNode start() {
        return start;
    }

    public List<AbstractInsnNode> ends() {
        return ends;
    }

    public AbstractInsnNode exceptionEnd() {
        return exceptionEnd;
    }

    public boolean isWholeBody() {
        return wholeBody;
    }
}
