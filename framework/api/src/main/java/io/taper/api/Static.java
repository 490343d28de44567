package io.taper.api;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A static-context value computed at weave time and folded to a constant. The parameter type must be
 * {@link StaticKey#javaType()} of the key ({@code String}, {@code int} or {@code boolean}).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface Static {

    StaticKey value();
}
