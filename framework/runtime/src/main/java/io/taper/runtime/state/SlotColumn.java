package io.taper.runtime.state;

/** A store that can show one slot's value as a JSON-shaped cell of a result row. */
public interface SlotColumn {

    /** The value of this slot: a String, Number or Boolean. */
    Object valueAt(int slot);

    /** The gate that makes multi-cell updates of this store atomic with respect to a snapshot; null if none. */
    default SnapshotGate gate() {
        return null;
    }
}
