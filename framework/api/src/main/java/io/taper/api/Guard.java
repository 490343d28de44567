package io.taper.api;

/**
 * A weave-time predicate: a snippet is woven into a marked region only if its guard accepts the region's
 * static context. Implementations need a public no-argument constructor and must be stateless (one
 * instance serves all classes, on several threads).
 */
public interface Guard {

    boolean accept(StaticContext context);

    /** The default guard: accepts every region. */
    final class Always implements Guard {
        @Override
        public boolean accept(StaticContext context) {
            return true;
        }
    }
}
