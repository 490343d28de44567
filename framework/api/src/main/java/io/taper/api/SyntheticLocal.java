package io.taper.api;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A synthetic local of the current method invocation, written by a {@code @Before(storeLocal = ...)}
 * snippet earlier in the same invocation (DiSL's synthetic locals), e.g. an entry timestamp. The
 * parameter type must equal the writer's return type. Before any writer ran (or when its site is
 * disabled) the local holds the type's default value.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface SyntheticLocal {

    String value();
}
