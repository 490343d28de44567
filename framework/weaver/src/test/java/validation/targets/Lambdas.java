package validation.targets;

import io.taper.weaver.testsupport.Events;
import java.util.function.Function;
import java.util.function.IntUnaryOperator;
import java.util.function.Supplier;

/** Lambdas (synthetic methods, capturing and not), method references, string concatenation: invokedynamic. */
public class Lambdas {

    public static void run() {
        Supplier<String> s = () -> "hi";
        int base = 40;
        IntUnaryOperator add = x -> x + base;
        Function<String, Integer> len = String::length;
        Events.record("results " + s.get() + " " + add.applyAsInt(2) + " " + len.apply("abc"));
    }
}
