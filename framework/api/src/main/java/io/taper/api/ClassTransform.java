package io.taper.api;

import java.nio.file.Path;
import java.util.Map;

/**
 * An analysis's own class transformation, run by the instrumentation server instead of snippet weaving, for
 * analyses whose probes must be a few bytecodes inline rather than snippet calls (coverage: a probe is an
 * array store). Named by {@code transform=} in the analysis's {@code analysis.properties}; its implementation
 * and the libraries it needs live in the jar named by {@code transform.jar} (next to the analysis jar), which
 * only the server loads, so nothing of it reaches the observed JVM's class path.
 *
 * <p>Instances are created once per server with a public no-argument constructor, then {@link #init} is called,
 * and {@link #transform} may be called from several threads at once. Taper's own classes, the analysis's
 * classes and {@code NeverWoven} classes never reach it.
 */
public interface ClassTransform {

    /**
     * What the run asked for.
     *
     * @param adaptive whether the run is adaptive (probes may remove themselves)
     * @param out      the run's output directory (the transform may write files of its own there)
     * @param options  the run's configuration, as key/value pairs
     */
    record Context(boolean adaptive, Path out, Map<String, String> options) {
    }

    /**
     * One class to transform.
     *
     * @param loaderTag    the agent's tag of the defining loader (0 = bootstrap)
     * @param className    internal name, or "" if the JVM did not say
     * @param bytes        the class as the JVM handed it over
     * @param retransform  whether the class was loaded before and is being retransformed
     * @param variants     per method ({@link #methodKey}) of the class, the variant the controller selected for it
     *                     (only methods the transform declared {@link Woven#variantMethods switchable}, and only
     *                     those whose variant is not the default)
     */
    record Request(int loaderTag, String className, byte[] bytes, boolean retransform, Map<String, String> variants) {

        public Request(int loaderTag, String className, byte[] bytes, boolean retransform) {
            this(loaderTag, className, bytes, retransform, Map.of());
        }

        /** The variant selected for a method, "" for the default. */
        public String variant(String methodName, String methodDesc) {
            String v = variants == null ? null : variants.get(methodKey(methodName, methodDesc));
            return v == null ? "" : v;
        }
    }

    /** How requests and answers name a method of the class: its name and descriptor. */
    static String methodKey(String methodName, String methodDesc) {
        return methodName + methodDesc;
    }

    /**
     * A transformed class.
     *
     * @param bytes the class file the JVM gets
     * @param facts what the analysis's code in the observed JVM needs to know about the class, keyed as the analysis
     *              likes: they reach it before the class is defined, as the static context of one site of the class
     *              ({@code io.taper.runtime.SiteRegistry}; method "", location -1), so woven code need not carry them
     * @param keptOriginal methods left as they were, each as "{@code Class.method(desc): reason}" (e.g. its woven
     *              code would exceed 64 KB): the server reports them as it reports the snippet weaver's
     * @param variantMethods methods ({name, descriptor}) whose weaving the controller may switch between variants: each
     *              gets a site of its own (location 0, snippet {@code "method"}, switchable by variant only), whose
     *              selected variant comes back in the {@link Request#variants} of the class's next weaving
     * @param runNumbers the numbers of this run the bytes carry (e.g. the slot of the class's counters), for a
     *              {@link Reusable} transform whose results a later run may take from the cache: see {@link #numbered}
     */
    record Woven(byte[] bytes, Map<String, String> facts, java.util.List<String> keptOriginal,
                 java.util.List<String[]> variantMethods, int[] runNumbers) {

        public Woven(byte[] bytes, Map<String, String> facts) {
            this(bytes, facts, java.util.List.of(), java.util.List.of());
        }

        public Woven(byte[] bytes, Map<String, String> facts, java.util.List<String> keptOriginal) {
            this(bytes, facts, keptOriginal, java.util.List.of());
        }

        public Woven(byte[] bytes, Map<String, String> facts, java.util.List<String> keptOriginal,
                     java.util.List<String[]> variantMethods) {
            this(bytes, facts, keptOriginal, variantMethods, new int[0]);
        }

        /**
         * The same class with the numbers this run allocated for it ({@link Reusable}): each is pushed by the
         * bytes only with {@code ldc} of a {@code CONSTANT_Integer} entry the transform added, and no other
         * constant of the class or of the transform has its value.
         */
        public Woven numbered(int... numbers) {
            return new Woven(bytes, facts, keptOriginal, variantMethods, numbers.clone());
        }

        /** The reason a method whose woven code is too large keeps its own, as the server words it. */
        public static String tooLarge(String className, String method, String desc, int codeSize) {
            return className + "." + method + desc + ": method would exceed 64 KB (code size " + codeSize + ")";
        }
    }

    /** Called once before the first {@link #transform}; an exception fails the server's start. */
    void init(Context context) throws Exception;

    /**
     * @return the transformed class, or null to leave the class unchanged; an exception fails this class only
     *         (the JVM gets it unchanged and the failure is counted)
     */
    Woven transform(Request request) throws Exception;

    /**
     * A transform whose results the server may keep in the woven-class cache, shared by runs: a later run gets a
     * class's cached bytes with its own run numbers written into them instead of transforming the class again.
     *
     * <p>The contract: a result depends only on the class bytes, the class name, whether the loader is the
     * bootstrap loader, the request's variants, {@link #cacheIdentity} and the result's {@link Woven#runNumbers};
     * a result whose numbers are not each in a constant pool entry of its own is not kept. Classes left unchanged
     * (null) are not kept.
     */
    interface Reusable {

        /** What else decides the results (the run's options, adaptive or not), as text: part of the cache key. */
        String cacheIdentity();

        /**
         * Whether a result stays right for the same class with its methods in another order: true when what the
         * transform numbers it names by method in its facts (then a class the JVM hands over with its methods
         * reordered, as HotSpot does when it retransforms a class, is a hit); false (the default) when something
         * outside the result numbers by file order (coverage: JaCoCo's analyser numbers probes in method order).
         */
        default boolean anyMethodOrder() {
            return false;
        }

        /**
         * This run's result for a class whose earlier result is cached, instead of {@link #transform}: do what
         * transforming it would do besides writing bytes (allocate its numbers, keep files, count it) and return
         * its facts and its numbers for this run (as many as the cached ones, in the same order; the bytes are
         * ignored: the server writes the numbers into the cached ones).
         *
         * @return the result, or null to have the class transformed afresh
         */
        Woven reuse(Request request, Woven cached) throws Exception;
    }

    /** Called once when the server stops, before its statistics are written: finish what is pending. */
    default void close() {
    }

    /** Figures for the server's statistics (classes transformed, skipped, ...); called when the server stops. */
    default Map<String, Object> stats() {
        return Map.of();
    }
}
