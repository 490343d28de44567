package io.taper.api.marker;

/**
 * Basic blocks that also end after every instruction that may throw ({@link Instructions#mayThrow}), so
 * that a block's instructions either all run or the block is left by its last one: exact counts of
 * executed bytecodes even when exceptions fly.
 */
public class PreciseBasicBlockMarker extends BasicBlockMarker {

    @Override
    protected boolean precise() {
        return true;
    }
}
