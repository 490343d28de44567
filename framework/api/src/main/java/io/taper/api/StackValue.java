package io.taper.api;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An operand-stack value at the marked instruction: {@code 0} is the top value, {@code 1} the one below
 * (counted in values, so a long is one). {@code @Before} sees the stack before the region's first
 * instruction, the after kinds see it after the region's last instruction (or before it when that
 * instruction transfers control: a jump, switch or return). E.g. for {@code putfield} in {@code @Before}:
 * {@code @StackValue(0)} is the value, {@code @StackValue(1)} the receiver. A reference parameter must be
 * {@code Object}; a missing value, a kind mismatch or an uninitialised object gives the default value
 * (null, 0, false).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface StackValue {

    int value();
}
