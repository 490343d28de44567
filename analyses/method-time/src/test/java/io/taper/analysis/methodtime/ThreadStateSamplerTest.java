package io.taper.analysis.methodtime;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;

import java.lang.reflect.Constructor;
import org.junit.jupiter.api.Test;

/** The thread-state sampler on profiles the thread bean cannot look up. */
class ThreadStateSamplerTest {

    @Test
    void aProfileWithoutAThreadIdIsLeftOutRatherThanEndingTheSampler() throws Exception {
        // seen with a thousand threads in a small heap: the bean threw for id 0 and the sampler thread died
        Constructor<ThreadProfile> c = ThreadProfile.class.getDeclaredConstructor(String.class, long.class,
            Thread.class, int.class, int.class);
        c.setAccessible(true);
        ThreadProfile noId = c.newInstance("no id", 0L, Thread.currentThread(), 1, 64);
        ThreadProfile running = ThreadProfile.of(Thread.currentThread(), 64);
        assertDoesNotThrow(() -> ThreadStateSampler.sample(new ThreadProfile[] {noId, running}, 1_000_000));
    }
}
