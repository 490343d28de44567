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
     */
    record Woven(byte[] bytes, Map<String, String> facts, java.util.List<String> keptOriginal,
                 java.util.List<String[]> variantMethods) {

        public Woven(byte[] bytes, Map<String, String> facts) {
            this(bytes, facts, java.util.List.of(), java.util.List.of());
        }

        public Woven(byte[] bytes, Map<String, String> facts, java.util.List<String> keptOriginal) {
            this(bytes, facts, keptOriginal, java.util.List.of());
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

    /** Called once when the server stops, before its statistics are written: finish what is pending. */
    default void close() {
    }

    /** Figures for the server's statistics (classes transformed, skipped, ...); called when the server stops. */
    default Map<String, Object> stats() {
        return Map.of();
    }
}
