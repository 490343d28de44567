package io.taper.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class HiddenMembersTest {

    /** Declares a field named like Taper's but not synthetic: the program's own, so it stays. */
    static final class Named {
        int value;
        int $taper$lookalike;
    }

    @Test
    void arraysWithoutTapersMembersComeBackAsTheyAre() {
        Field[] fields = Named.class.getDeclaredFields();
        assertSame(fields, HiddenMembers.fields(fields));
        Method[] methods = String.class.getDeclaredMethods();
        assertSame(methods, HiddenMembers.methods(methods));
        assertEquals(null, HiddenMembers.fields(null));
    }

    @Test
    void onlySyntheticMembersWithThePrefixAreTapers() throws Exception {
        assertEquals(false, HiddenMembers.isTapers(Named.class.getDeclaredField("$taper$lookalike")));
        // javac's own synthetic members (a nest's access, an enum's $VALUES) are the program's
        Field values = Thread.State.class.getDeclaredField("$VALUES");
        assertEquals(true, values.isSynthetic());
        assertEquals(false, HiddenMembers.isTapers(values));
        assertEquals(List.of("value", "$taper$lookalike"),
            Arrays.stream(HiddenMembers.fields(Named.class.getDeclaredFields())).map(Field::getName).sorted(
                (a, b) -> a.equals("value") ? -1 : 1).toList());
    }
}
