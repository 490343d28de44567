package io.taper.result;

import java.util.Locale;

/**
 * When the agent weaves the classes the JVM loaded before it started (some 950 JDK classes): before the program's
 * {@code main} runs, or on a thread of its own while the program runs. The same type for {@code taper run
 * --startup-pass}, an analysis's default ({@code startup.pass} in its descriptor), the run configuration and
 * {@code result.json}.
 *
 * <p>{@link #EAGER} observes everything from {@code main} on, and costs every run the pass (0.8 to 1.8 s with a warm
 * cache on two cores, by analysis) before the program starts. {@link #BACKGROUND} starts the program at once; calls
 * into a start-up class are observed from the moment the pass reaches it, and a program that ends first leaves the rest
 * unwoven (counted: {@code startupPass.classesLeft}). The classes the program loads itself are woven at their load in
 * both.
 */
public enum StartupPass {
    /** Before {@code main}: every call from {@code main} on is observed. */
    EAGER,
    /** While the program runs: it starts at once, start-up classes are observed from when the pass reaches them. */
    BACKGROUND;

    /** The spelling on the command line, in descriptors, in the configuration and in {@code result.json}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The pass spelled {@code s} (any case).
     *
     * @throws IllegalArgumentException naming both if {@code s} is neither
     */
    public static StartupPass parse(String s) {
        if (s != null) {
            for (StartupPass p : values()) {
                if (p.key().equals(s.trim().toLowerCase(Locale.ROOT))) {
                    return p;
                }
            }
        }
        throw new IllegalArgumentException("the start-up pass must be eager or background, got " + s);
    }

    @Override
    public String toString() {
        return key();
    }
}
