package io.taper.controller;

import java.util.List;

/**
 * Has a batch's classes woven before the controller's {@code retransformClasses} call, so that the call (a pause for
 * the program while the JVM redefines them) does not wait on the server: the agent asks the server to weave the
 * batch at once, from the bytes it keeps of each class, and its transformer then takes those answers instead of a
 * round trip each.
 */
public interface AheadWeaving {

    /** Weaves nothing ahead: every class takes its round trip inside the call. */
    AheadWeaving NONE = new AheadWeaving() {
        @Override
        public int prepare(List<Class<?>> classes) {
            return 0;
        }

        @Override
        public int finish() {
            return 0;
        }
    };

    /**
     * Before the call: has the classes woven with the deployments they have now.
     *
     * @return how many answers are ready for the transformer
     */
    int prepare(List<Class<?>> classes);

    /**
     * After the call (or the calls of its halves, if it failed): drops the answers not taken.
     *
     * @return how many of the answers the transformer took
     */
    int finish();
}
