package io.taper.launcher.merge;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Rows of several results joined by what they describe (a method, a field, a class version): the first run's order,
 * then each later run's new rows. Figures an analysis does not join itself join as {@link Figures#join} does.
 */
final class RowTable {

    private final List<String> keyFields;
    private final Map<String, Map<String, Object>> rows = new LinkedHashMap<>();

    RowTable(String... keyFields) {
        this.keyFields = List.of(keyFields);
    }

    /** The key of a row: its key fields' values, as written. */
    String key(Map<String, Object> row) {
        StringBuilder b = new StringBuilder();
        for (String f : keyFields) {
            b.append(row.get(f)).append('\u0000');
        }
        return b.toString();
    }

    /** An analysis's own rules for some of a row's figures, applied after the default join. */
    interface Rules {
        /**
         * @param before the merged row so far, null for a key seen first
         * @param row    the row added
         * @param merged the default join of the two, to correct
         */
        void apply(Map<String, Object> before, Map<String, Object> row, Map<String, Object> merged);
    }

    /**
     * Adds a row: a copy if its key is new, else joined into the row there.
     *
     * @return the merged row it is part of (one object per key for the table's life)
     */
    Map<String, Object> add(Map<String, Object> row, Rules rules) {
        String k = key(row);
        Map<String, Object> had = rows.get(k);
        Map<String, Object> merged = had == null ? Figures.joinMaps(new LinkedHashMap<>(), row) : Figures.joinMaps(had, row);
        for (String f : keyFields) {
            merged.put(f, row.get(f));
        }
        rules.apply(had, row, merged);
        if (had == null) {
            rows.put(k, merged);
            return merged;
        }
        had.clear();             // the same object stays the key's row: callers keep it (ids, call trees)
        had.putAll(merged);
        return had;
    }

    /** The merged row of a key, or null. */
    Map<String, Object> get(Map<String, Object> row) {
        return rows.get(key(row));
    }

    List<Map<String, Object>> rows() {
        return new ArrayList<>(rows.values());
    }
}
