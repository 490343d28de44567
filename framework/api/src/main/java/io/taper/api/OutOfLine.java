package io.taper.api;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On a method of an analysis: the JIT never inlines it (the analysis jar is prepared with HotSpot's
 * {@code DontInline}, honoured on the boot class path, where the launcher puts it). For the slow path of
 * an {@link Inlinable} snippet, so that only the snippet's check is copied into woven code.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface OutOfLine {
}
