package io.taper.launcher.sfa;

import java.util.Map;

/**
 * One row of an SFA result: a field and what the run concluded about it.
 *
 * @param category {@code dF}, {@code uF} or {@code nF} (¬F)
 * @param verdict  {@code stationary} or {@code non-stationary}
 */
public record SfaField(String className, String field, String descriptor, String category, String verdict) {

    /** The field as one string: {@code java.util.HashMap$Node.key:Ljava/lang/Object;}. */
    public String key() {
        return className + "." + field + ":" + descriptor;
    }

    /** Category and verdict, e.g. {@code uF stationary}. */
    public String outcome() {
        return category + " " + verdict;
    }

    /** A row of result.json; throws IllegalArgumentException naming what is missing. */
    public static SfaField of(Map<?, ?> row) {
        return new SfaField(text(row, "class"), text(row, "field"), text(row, "descriptor"), text(row, "category"),
            text(row, "verdict"));
    }

    private static String text(Map<?, ?> row, String key) {
        Object v = row.get(key);
        if (!(v instanceof String s)) {
            throw new IllegalArgumentException("an SFA row needs a string '" + key + "': " + row);
        }
        return s;
    }
}
