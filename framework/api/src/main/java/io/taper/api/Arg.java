package io.taper.api;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The method argument at this index (0 = first declared parameter, not counting {@code this}). A primitive
 * parameter receives the argument when the kinds match (int-like, long, float, double), a reference
 * parameter must be {@code Object}; otherwise, or if the index is out of range, the type's default value.
 * On the exceptional path the value is the one the argument had on entry.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface Arg {

    int value();
}
