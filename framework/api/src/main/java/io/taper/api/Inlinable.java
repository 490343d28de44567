package io.taper.api;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On a {@link ManualBypass} snippet method: the JIT may inline the snippet's wrapper into the woven method.
 * Every other wrapper is kept out of line, because inlining a whole analysis into every woven method
 * multiplies compiled code; a snippet whose common case is a couple of loads and a compare pays more for
 * the call than for the check. Its body does that check and hands everything else to an {@link OutOfLine}
 * method. Without {@link ManualBypass} the annotation is ignored (the bypass's lookups are not small).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Inlinable {
}
