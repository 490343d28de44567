package io.taper.api;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On a {@link ManualBypass} snippet method: the snippet's wrapper and body are always inlined into the woven
 * method (HotSpot's {@code ForceInline}, honoured on the boot class path, where the launcher puts the prepared
 * jar). Every other wrapper is kept out of line, because inlining a whole analysis into every woven method
 * multiplies compiled code; a snippet whose common case is a couple of loads and a compare pays more for
 * the call than for the check. Its body does that check and hands everything else to an {@link OutOfLine}
 * method; what the check calls should be forced inline as well. Forced, a step costs the inlining budget of a
 * compilation that inlines the woven method one byte instead of its bytecode, so the program's own callees
 * keep their room. Without {@link ManualBypass} the annotation is ignored (the bypass's lookups are not small).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Inlinable {
}
