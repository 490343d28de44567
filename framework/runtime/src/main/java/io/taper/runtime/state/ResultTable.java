package io.taper.runtime.state;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;
import java.util.function.IntSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The analysis result as a table: one row per slot, key columns from a mapper, value columns from state
 * stores. {@link #rows()} copies every value cell while the stores' {@link SnapshotGate}s are closed,
 * so no row shows half of a multi-cell update, then builds the row maps outside the gates.
 *
 * <pre>{@code
 * ResultTable table = ResultTable.over(methods::size)
 *         .key("method", methods)
 *         .column("calls", calls)
 *         .column("covered", covered)
 *         .where(row -> (Long) row.get("calls") > 0)
 *         .build();
 * }</pre>
 */
public final class ResultTable {

    private final IntSupplier size;
    private final List<String> keyNames;
    private final List<IntFunction<?>> keys;
    private final List<String> columnNames;
    private final List<SlotColumn> columns;
    private final Predicate<Map<String, Object>> filter;
    private final SnapshotGate[] gates;

    private ResultTable(Builder b) {
        size = b.size;
        keyNames = List.copyOf(b.keyNames);
        keys = List.copyOf(b.keys);
        columnNames = List.copyOf(b.columnNames);
        columns = List.copyOf(b.columns);
        filter = b.filter;
        Set<SnapshotGate> g = new LinkedHashSet<>();
        for (SlotColumn c : columns) {
            if (c.gate() != null) {
                g.add(c.gate());
            }
        }
        gates = g.toArray(new SnapshotGate[0]);
    }

    /** A table with slots {@code 0 .. size.getAsInt()-1} at the time of each snapshot. */
    public static Builder over(IntSupplier size) {
        return new Builder(size);
    }

    /** One map per kept row: key columns, then value columns, in the order they were added. */
    public List<Map<String, Object>> rows() {
        Object[][] values = copyValues();
        int n = values.length == 0 ? size.getAsInt() : values[0].length;
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int slot = 0; slot < n; slot++) {
            Map<String, Object> row = new LinkedHashMap<>();
            for (int k = 0; k < keys.size(); k++) {
                row.put(keyNames.get(k), keys.get(k).apply(slot));
            }
            for (int c = 0; c < columns.size(); c++) {
                row.put(columnNames.get(c), values[c][slot]);
            }
            if (filter == null || filter.test(row)) {
                rows.add(row);
            }
        }
        return rows;
    }

    private Object[][] copyValues() {
        Supplier<Object[][]> copy = () -> {
            int n = size.getAsInt();
            Object[][] v = new Object[columns.size()][n];
            for (int c = 0; c < v.length; c++) {
                SlotColumn col = columns.get(c);
                for (int slot = 0; slot < n; slot++) {
                    v[c][slot] = col.valueAt(slot);
                }
            }
            return v;
        };
        for (SnapshotGate g : gates) {
            Supplier<Object[][]> inner = copy;
            copy = () -> g.snapshot(inner);
        }
        return copy.get();
    }

    /** Builds a {@link ResultTable}. */
    public static final class Builder {
        private final IntSupplier size;
        private final List<String> keyNames = new ArrayList<>();
        private final List<IntFunction<?>> keys = new ArrayList<>();
        private final List<String> columnNames = new ArrayList<>();
        private final List<SlotColumn> columns = new ArrayList<>();
        private Predicate<Map<String, Object>> filter;

        private Builder(IntSupplier size) {
            this.size = size;
        }

        /** A key column computed from the slot. */
        public Builder key(String name, IntFunction<?> keyOfSlot) {
            keyNames.add(name);
            keys.add(keyOfSlot);
            return this;
        }

        /** A key column holding the mapper's key of the slot. */
        public Builder key(String name, KeySlots<?> slots) {
            return key(name, slots::key);
        }

        public Builder column(String name, SlotColumn column) {
            columnNames.add(name);
            columns.add(column);
            return this;
        }

        /** Keeps only the rows the predicate accepts (e.g. slots that saw an event). */
        public Builder where(Predicate<Map<String, Object>> keep) {
            filter = keep;
            return this;
        }

        public ResultTable build() {
            return new ResultTable(this);
        }
    }
}
