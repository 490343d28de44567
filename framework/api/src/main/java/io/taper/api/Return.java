package io.taper.api;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The value being returned ({@code @After} on normal exit, {@code @AfterReturning}), when the placement
 * is at a return instruction; otherwise the default value. A reference parameter must be {@code Object}.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface Return {
}
