package io.taper.runtime.control;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A strategy's argument as named options, {@code key=value} separated by commas
 * ({@code method-time:period-ms=500,min-calls=100}): the form for any strategy with more than one number, so that a
 * spec says what each value is and options can be left out in any order.
 */
public final class StrategyOptions {

    private final String strategy;
    private final Map<String, String> values;

    private StrategyOptions(String strategy, Map<String, String> values) {
        this.strategy = strategy;
        this.values = values;
    }

    /**
     * Parses {@code argument} against the strategy's options and their defaults.
     *
     * @param defaults every option the strategy takes, with its default, in the order {@code --help} lists them
     * @throws IllegalArgumentException for an unknown or repeated option or a part without {@code =}; the message
     *     lists the options and their defaults
     */
    public static StrategyOptions parse(String strategy, String argument, Map<String, String> defaults) {
        Map<String, String> values = new LinkedHashMap<>(defaults);
        Map<String, String> given = new LinkedHashMap<>();
        String a = argument == null ? "" : argument.trim();
        if (!a.isEmpty()) {
            for (String part : a.split(",", -1)) {
                int eq = part.indexOf('=');
                String key = eq < 0 ? "" : part.substring(0, eq).trim();
                if (eq < 0 || !defaults.containsKey(key)) {
                    throw new IllegalArgumentException(strategy + ": '" + part.trim() + "' is not one of its options "
                            + describe(defaults) + " (key=value, comma-separated)");
                }
                if (given.put(key, part.substring(eq + 1).trim()) != null) {
                    throw new IllegalArgumentException(strategy + ": option " + key + " is given twice");
                }
            }
        }
        values.putAll(given);
        return new StrategyOptions(strategy, values);
    }

    /** The options and their defaults as a spec would spell them: {@code a=1,b=2}. */
    public static String describe(Map<String, String> defaults) {
        StringBuilder b = new StringBuilder();
        for (Map.Entry<String, String> e : defaults.entrySet()) {
            b.append(b.length() == 0 ? "" : ",").append(e.getKey()).append('=').append(e.getValue());
        }
        return b.toString();
    }

    public String text(String key) {
        String v = values.get(key);
        if (v == null) {
            throw new IllegalArgumentException(strategy + " has no option " + key);
        }
        return v;
    }

    /** @throws IllegalArgumentException naming the option if it is not a whole number */
    public long whole(String key) {
        try {
            return Long.parseLong(text(key));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(strategy + ": " + key + " must be a whole number, got '" + text(key)
                    + "'");
        }
    }

    /** @throws IllegalArgumentException naming the option if it is not a number */
    public double number(String key) {
        try {
            return Double.parseDouble(text(key));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(strategy + ": " + key + " must be a number, got '" + text(key) + "'");
        }
    }
}
