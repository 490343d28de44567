package io.taper.api;

import io.taper.api.marker.BodyMarker;
import io.taper.api.marker.Marker;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A snippet that runs before each marked region (on entry to the region).
 *
 * <p>The annotated method must be {@code public static} in a public snippet class; each parameter carries
 * exactly one context annotation ({@link SiteId}, {@link Static}, {@link This}, {@link Arg},
 * {@link StackValue}, {@link LocalVar}, {@link SyntheticLocal}). Woven code pushes the values and calls
 * the snippet with a plain {@code invokestatic}.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Before {

    /** Where the snippet goes: the marker splits each matching method into marked regions. */
    Class<? extends Marker> marker() default BodyMarker.class;

    /** Marker arguments, e.g. {@code "getfield,putfield"} for {@link io.taper.api.marker.BytecodeMarker}. */
    String args() default "";

    /**
     * Methods to instrument, in DiSL's scope language: {@code [ret] [pkg.Class.]method[(params)]} with
     * {@code *} wildcards and {@code ..} for the remaining parameters, e.g.
     * {@code "java.util.*.get*(int, ..)"}.
     */
    String scope() default "*";

    /** Weave-time predicate over the static context of each marked region; {@link Guard.Always} accepts all. */
    Class<? extends Guard> guard() default Guard.Always.class;

    /**
     * When several snippets hit the same place: for {@code @Before}, lower order runs first; for the
     * after kinds, higher order runs first, so lower order encloses higher order (DiSL's rule).
     */
    int order() default 100;

    /**
     * The snippet group: methods naming the same group are variants of one another and share one site per
     * marked region; the deployment picks the variant per site. Default: {@code SimpleClassName.method}.
     */
    String group() default "";

    /** This method's variant name in its group; the default variant is the one named "" (or the first declared). */
    String variant() default "";

    /**
     * Name of a synthetic local (per method invocation) that receives this snippet's return value; later
     * snippets of the same invocation read it with {@link SyntheticLocal}. Empty: the snippet returns void.
     */
    String storeLocal() default "";
}
