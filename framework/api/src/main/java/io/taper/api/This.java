package io.taper.api;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The receiver ({@code Object}); null in static methods and while {@code this} is not initialised yet
 * (in a constructor before its {@code super()}/{@code this()} call).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface This {
}
