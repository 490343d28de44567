package io.taper.sample.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ArithTest {

    @Test
    void gcdOfTwoNumbers() {
        assertEquals(6, Arith.gcd(48, -18));
        assertEquals(7, Arith.gcd(7, 0));
    }

    @Test
    void fibonacci() {
        assertEquals(55, Arith.fib(10));
        assertThrows(IllegalArgumentException.class, () -> Arith.fib(-1));
    }

    @Test
    void signsButNotZero() {
        assertEquals("positive", Arith.sign(3));
        assertEquals("negative", Arith.sign(-3));
    }

    @Test
    void primes() {
        assertTrue(Arith.isPrime(97));
        assertFalse(Arith.isPrime(91));
    }
}
