package io.taper.eval.report;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.Set;

/**
 * One field of a stationary-field-analysis result row: its name, declared-final / undeclared-final /
 * not-final category and stationary verdict. Rows are read leniently (see the evaluation README for
 * the shape expected); a row whose category or verdict cannot be read has them null.
 */
record SfaField(String key, Category category, Boolean stationary) {

    /** The paper's dF, uF and ¬F. */
    enum Category {
        DF("dF"), UF("uF"), NF("¬F");

        final String label;

        Category(String label) {
            this.label = label;
        }
    }

    private static final Set<String> KEY = Set.of("key", "id");
    private static final Set<String> CLASS = Set.of("class", "classname", "owner", "declaringclass", "type");
    private static final Set<String> FIELD = Set.of("field", "fieldname", "name");
    private static final Set<String> CATEGORY = Set.of("category", "finality", "final", "kind", "classification");
    private static final Set<String> STATIONARY = Set.of("stationary", "verdict", "isstationary");

    boolean classified() {
        return category != null && stationary != null;
    }

    /** The classification as a short label, e.g. "stationary uF"; used to compare runs. */
    String verdict() {
        return (stationary == null ? "?" : stationary ? "stationary" : "non-stationary") + " "
                + (category == null ? "?" : category.label);
    }

    static SfaField of(JsonObject row) {
        return new SfaField(key(row), category(row), stationary(row));
    }

    private static String key(JsonObject row) {
        JsonElement k = JsonFields.field(row, KEY);
        if (k != null && k.isJsonPrimitive()) {
            return k.getAsString();
        }
        JsonElement c = JsonFields.field(row, CLASS);
        JsonElement f = JsonFields.field(row, FIELD);
        if (f != null && f.isJsonPrimitive()) {
            return c != null && c.isJsonPrimitive() ? c.getAsString() + "." + f.getAsString() : f.getAsString();
        }
        return row.toString();
    }

    private static Category category(JsonObject row) {
        JsonElement c = JsonFields.field(row, CATEGORY);
        if (c != null && c.isJsonPrimitive() && c.getAsJsonPrimitive().isString()) {
            String n = JsonFields.norm(c.getAsString().replace("¬", "n"));
            switch (n) {
                case "df", "declaredfinal", "final" -> {
                    return Category.DF;
                }
                case "uf", "undeclaredfinal", "effectivelyfinal" -> {
                    return Category.UF;
                }
                case "nf", "notfinal", "nonfinal" -> {
                    return Category.NF;
                }
                default -> {
                    return null;
                }
            }
        }
        // Or as booleans: declaredFinal / undeclaredFinal.
        Boolean declared = bool(JsonFields.field(row, Set.of("declaredfinal")));
        Boolean undeclared = bool(JsonFields.field(row, Set.of("undeclaredfinal", "effectivelyfinal")));
        if (declared == null && undeclared == null) {
            return null;
        }
        return Boolean.TRUE.equals(declared) ? Category.DF : Boolean.TRUE.equals(undeclared) ? Category.UF : Category.NF;
    }

    private static Boolean stationary(JsonObject row) {
        JsonElement s = JsonFields.field(row, STATIONARY);
        if (s == null || !s.isJsonPrimitive()) {
            return null;
        }
        if (s.getAsJsonPrimitive().isBoolean()) {
            return s.getAsBoolean();
        }
        return switch (JsonFields.norm(s.getAsString())) {
            case "stationary", "true", "yes" -> true;
            case "nonstationary", "notstationary", "false", "no" -> false;
            default -> null;
        };
    }

    private static Boolean bool(JsonElement e) {
        return e != null && e.isJsonPrimitive() && e.getAsJsonPrimitive().isBoolean() ? e.getAsBoolean() : null;
    }
}
