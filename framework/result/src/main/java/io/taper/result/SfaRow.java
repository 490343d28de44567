package io.taper.result;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One row of a stationary-field-analysis result: an instance field and what the run concluded about it.
 *
 * @param className  the declaring class, dotted
 * @param category   {@link #DECLARED_FINAL}, {@link #UNDECLARED_FINAL} or {@link #NOT_FINAL}
 * @param verdict    {@link #STATIONARY} or {@link #NON_STATIONARY}
 * @param written    whether the field was written at all
 */
public record SfaRow(String className, String field, String descriptor, String category, String verdict,
                     boolean written) {

    public static final String CLASS = "class";
    public static final String FIELD = "field";
    public static final String DESCRIPTOR = "descriptor";
    public static final String CATEGORY = "category";
    public static final String VERDICT = "verdict";
    public static final String WRITTEN = "written";

    /** Declared {@code final} (the paper's dF). */
    public static final String DECLARED_FINAL = "dF";
    /** Not declared final, written only in constructors of its object (uF). */
    public static final String UNDECLARED_FINAL = "uF";
    /** Written after its object's construction (¬F). */
    public static final String NOT_FINAL = "nF";
    public static final String STATIONARY = "stationary";
    public static final String NON_STATIONARY = "non-stationary";
    /** Every category, in the paper's table order. */
    public static final List<String> CATEGORIES = List.of(DECLARED_FINAL, UNDECLARED_FINAL, NOT_FINAL);
    /** Every verdict, in the paper's table order. */
    public static final List<String> VERDICTS = List.of(STATIONARY, NON_STATIONARY);

    public SfaRow {
        if (!CATEGORIES.contains(category)) {
            throw new ResultFormatException("an SFA row's category is dF, uF or nF, not '" + category + "'");
        }
        if (!VERDICTS.contains(verdict)) {
            throw new ResultFormatException("an SFA row's verdict is stationary or non-stationary, not '" + verdict
                    + "'");
        }
    }

    /** The field as one string, descriptor included: {@code java.util.HashMap$Node.key:Ljava/lang/Object;}. */
    public String key() {
        return className + "." + field + ":" + descriptor;
    }

    /** Category and verdict, e.g. {@code uF stationary}. */
    public String outcome() {
        return category + " " + verdict;
    }

    public boolean stationary() {
        return verdict.equals(STATIONARY);
    }

    /** The row as written to {@code result.json}. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(CLASS, className);
        m.put(FIELD, field);
        m.put(DESCRIPTOR, descriptor);
        m.put(CATEGORY, category);
        m.put(VERDICT, verdict);
        m.put(WRITTEN, written);
        return m;
    }

    /**
     * A row of {@code result.json} as a map.
     *
     * @throws ResultFormatException naming what is missing or wrong
     */
    public static SfaRow of(Map<?, ?> row) {
        Object written = row.get(WRITTEN);
        if (!(written instanceof Boolean w)) {
            throw new ResultFormatException("an SFA row needs a boolean '" + WRITTEN + "': " + row);
        }
        return new SfaRow(text(row, CLASS), text(row, FIELD), text(row, DESCRIPTOR), text(row, CATEGORY),
                text(row, VERDICT), w);
    }

    private static String text(Map<?, ?> row, String key) {
        Object v = row.get(key);
        if (!(v instanceof String s)) {
            throw new ResultFormatException("an SFA row needs a string '" + key + "': " + row);
        }
        return s;
    }
}
