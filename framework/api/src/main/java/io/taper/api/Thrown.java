package io.taper.api;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The exception leaving the region ({@code @After}, {@code @AfterThrowing}); null on normal exit. The
 * parameter type must be {@code Throwable} or {@code Object}.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface Thrown {
}
