package io.taper.eval.workloads;

import java.util.Locale;

/**
 * How much work a driver does: a preset ({@code ci} or {@code full}) that picks a unit count, or an
 * explicit {@code --scale N} that overrides it. What a unit is depends on the driver (transactions,
 * documents, files).
 */
public record WorkloadSize(String preset, int units) {

    public WorkloadSize {
        if (units <= 0) {
            throw new IllegalArgumentException("units must be positive, got " + units);
        }
    }

    /** Parses {@code [--size ci|full] [--scale N]}; the default preset is {@code ci}. */
    public static WorkloadSize parse(String[] args, int ciUnits, int fullUnits) {
        String preset = "ci";
        Integer scale = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--size") && i + 1 < args.length) {
                preset = args[++i].toLowerCase(Locale.ROOT);
            } else if (a.equals("--scale") && i + 1 < args.length) {
                scale = parsePositive(args[++i]);
            } else {
                throw new IllegalArgumentException("unknown argument: " + a);
            }
        }
        int units = switch (preset) {
            case "ci" -> ciUnits;
            case "full" -> fullUnits;
            default -> throw new IllegalArgumentException("--size must be ci or full, got " + preset);
        };
        return new WorkloadSize(preset, scale != null ? scale : units);
    }

    private static int parsePositive(String s) {
        try {
            int n = Integer.parseInt(s);
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException ignored) {
            // falls through to the error below
        }
        throw new IllegalArgumentException("--scale must be a positive integer, got " + s);
    }
}
