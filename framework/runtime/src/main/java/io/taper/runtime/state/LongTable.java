package io.taper.runtime.state;

/**
 * Rows of {@code width} long cells per slot, for values that belong together (a call count and a total
 * time). Every update runs inside the table's {@link SnapshotGate}, so
 * {@link #addPair} changes two cells atomically as far as any snapshot can tell. Never terminal.
 */
public final class LongTable implements TerminalSlots {

    private final String[] columns;
    private final int width;
    private final LongCells cells = new LongCells();
    private final SnapshotGate gate = new SnapshotGate();

    public LongTable(String... columns) {
        if (columns.length == 0) {
            throw new IllegalArgumentException("a table needs at least one column");
        }
        this.columns = columns.clone();
        this.width = columns.length;
    }

    public int width() {
        return width;
    }

    /** Adds to one cell. */
    public void add(int slot, int column, long delta) {
        int i = index(slot, column);
        gate.enter();
        try {
            cells.getAndAdd(i, delta);
        } finally {
            gate.exit();
        }
    }

    /** Adds to columns 0 and 1 of a row together (e.g. one call and its time). */
    public void addPair(int slot, long delta0, long delta1) {
        int i = index(slot, 0);
        index(slot, 1);
        gate.enter();
        try {
            cells.getAndAdd(i, delta0);
            cells.getAndAdd(i + 1, delta1);
        } finally {
            gate.exit();
        }
    }

    /** Raises one cell to {@code value} if it is lower (a maximum). */
    public void max(int slot, int column, long value) {
        int i = index(slot, column);
        gate.enter();
        try {
            for (long v = cells.get(i); v < value && !cells.compareAndSet(i, v, value); v = cells.get(i)) {
                // retry: another thread raised it meanwhile
            }
        } finally {
            gate.exit();
        }
    }

    public long get(int slot, int column) {
        return cells.get(index(slot, column));
    }

    /** One column of this table as a {@link SlotColumn} (for a {@link ResultTable}). */
    public SlotColumn column(int column) {
        if (column < 0 || column >= width) {
            throw new IndexOutOfBoundsException("column " + column + " of " + width);
        }
        return new SlotColumn() {
            @Override
            public Object valueAt(int slot) {
                return get(slot, column);
            }

            @Override
            public SnapshotGate gate() {
                return gate;
            }
        };
    }

    public String columnName(int column) {
        return columns[column];
    }

    public SnapshotGate gate() {
        return gate;
    }

    @Override
    public boolean isTerminal(int slot) {
        return false;
    }

    private int index(int slot, int column) {
        if (column < 0 || column >= width) {
            throw new IndexOutOfBoundsException("column " + column + " of " + width);
        }
        long i = (long) slot * width + column;
        if (slot < 0 || i > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("slot " + slot);
        }
        return (int) i;
    }
}
