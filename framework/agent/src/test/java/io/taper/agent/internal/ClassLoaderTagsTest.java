package io.taper.agent.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URL;
import java.net.URLClassLoader;
import org.junit.jupiter.api.Test;

class ClassLoaderTagsTest {

    /** A loader that claims to equal every other: tags must still tell them apart. */
    static final class EqualsEveryone extends URLClassLoader {
        EqualsEveryone() {
            super(new URL[0], null);
        }

        @Override
        public boolean equals(Object o) {
            return true;
        }

        @Override
        public int hashCode() {
            return 1;
        }
    }

    @Test
    void bootIsZeroOthersCountUpByIdentity() {
        ClassLoaderTags tags = new ClassLoaderTags();
        ClassLoader a = new EqualsEveryone();
        ClassLoader b = new EqualsEveryone();
        assertEquals(0, tags.tagOf(null));
        assertEquals(1, tags.tagOf(a));
        assertEquals(2, tags.tagOf(b));
        assertEquals(1, tags.tagOf(a));
        assertEquals(2, tags.tagOf(b));
        assertEquals(-1, tags.peek(new EqualsEveryone()));
        assertEquals(2, tags.peek(b));
    }
}
