package io.taper.eval.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * What a request-serving workload reports besides its summary line: completed requests per time window,
 * printed on stdout as {@code throughput windowMillis=W requests=N1,N2,...}. A long-running server's cost
 * is its throughput once warm, so the report compares the steady state, the median window of the last
 * third of the run, rather than run time.
 */
public record Throughput(long windowMillis, List<Long> requests) {

    static final String PREFIX = "throughput ";

    public Throughput {
        if (windowMillis <= 0) {
            throw new IllegalArgumentException("windowMillis must be positive, got " + windowMillis);
        }
        requests = List.copyOf(requests);
    }

    /** Parses one {@code throughput ...} line; throws if the line is not one. */
    public static Throughput parse(String line) {
        if (!line.startsWith(PREFIX)) {
            throw new IllegalArgumentException("not a throughput line: " + line);
        }
        long window = -1;
        List<Long> counts = null;
        for (String part : line.substring(PREFIX.length()).trim().split("\\s+")) {
            int eq = part.indexOf('=');
            String key = eq < 0 ? part : part.substring(0, eq);
            String value = eq < 0 ? "" : part.substring(eq + 1);
            try {
                if (key.equals("windowMillis")) {
                    window = Long.parseLong(value);
                } else if (key.equals("requests")) {
                    counts = new ArrayList<>();
                    for (String n : value.split(",")) {
                        counts.add(Long.parseLong(n));
                    }
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("bad number in throughput line: " + line, e);
            }
        }
        if (window <= 0 || counts == null || counts.isEmpty()) {
            throw new IllegalArgumentException("throughput line needs windowMillis=W and requests=N,...: " + line);
        }
        return new Throughput(window, counts);
    }

    /** The last throughput line of a run's stdout, or null if it printed none (or a malformed one). */
    public static Throughput fromStdout(Path runDir) {
        try {
            List<String> lines = Files.readAllLines(runDir.resolve(ProcessRunner.STDOUT), StandardCharsets.UTF_8);
            for (int i = lines.size() - 1; i >= 0; i--) {
                String l = lines.get(i).strip();
                if (l.startsWith(PREFIX)) {
                    return parse(l);
                }
            }
        } catch (IOException | UncheckedIOException | IllegalArgumentException e) {
            // no stdout, not UTF-8, or a malformed line: the run has no throughput
        }
        return null;
    }

    /** Requests per second in window {@code i}. */
    public double perSecond(int i) {
        return requests.get(i) * 1000.0 / windowMillis;
    }

    /** Requests per second in steady state: the median window of the last third (at least one window). */
    public OptionalDouble steadyPerSecond() {
        int n = requests.size();
        int from = n - Math.max(1, n / 3);
        List<Double> tail = new ArrayList<>();
        for (int i = from; i < n; i++) {
            tail.add(perSecond(i));
        }
        tail.sort(null);
        int m = tail.size();
        return OptionalDouble.of(m % 2 == 1 ? tail.get(m / 2) : (tail.get(m / 2 - 1) + tail.get(m / 2)) / 2);
    }

    /**
     * The first window from which every window reaches {@code perSecond} requests per second, or empty if the
     * last one does not.
     */
    public OptionalInt reachesFrom(double perSecond) {
        int first = -1;
        for (int i = requests.size() - 1; i >= 0 && perSecond(i) >= perSecond; i--) {
            first = i;
        }
        return first < 0 ? OptionalInt.empty() : OptionalInt.of(first);
    }
}
