package io.taper.agent.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.taper.controller.ClassDeployment;
import io.taper.protocol.SameClassFile;
import io.taper.protocol.WeaveStatus;
import io.taper.protocol.Woven;
import io.taper.protocol.WovenAhead;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** An answer woven ahead is taken once, for the class's loader, bytes and deployment it was woven with. */
class AheadAnswerTableTest {

    private static final ClassDeployment ONE_OFF = new ClassDeployment(new int[] {4}, Map.of(5, "entry"));

    private static byte[] jdkClass(String name) throws IOException {
        try (InputStream in = Object.class.getResourceAsStream("/" + name + ".class")) {
            return in.readAllBytes();
        }
    }

    private static WovenAhead.Answer answer(int tag, String name, byte[] bytes) {
        return new WovenAhead.Answer(tag, name, SameClassFile.fingerprint(bytes),
            new Woven(0, WeaveStatus.WOVEN, "", new byte[] {1, 2, 3}, List.of()));
    }

    @Test
    void takesAnAnswerOnceForTheSameLoaderBytesAndDeployment() throws IOException {
        byte[] list = jdkClass("java/util/ArrayList");
        AheadAnswerTable table = new AheadAnswerTable();
        WovenAhead.Answer a = answer(2, "java/util/ArrayList", list);
        table.add(a, ONE_OFF);
        assertEquals(3, table.bytes());
        assertNull(table.take(0, "java/util/ArrayList", list, ONE_OFF), "another loader's class");
        assertSame(a.answer(), table.take(2, "java/util/ArrayList", list,
            new ClassDeployment(new int[] {4}, Map.of(5, "entry"))));
        assertNull(table.take(2, "java/util/ArrayList", list, ONE_OFF), "once");
        assertEquals(1, table.used());
        assertEquals(0, table.bytes());
    }

    @Test
    void otherBytesOrAnotherDeploymentTakeTheRoundTrip() throws IOException {
        byte[] list = jdkClass("java/util/ArrayList");
        AheadAnswerTable table = new AheadAnswerTable();
        table.add(answer(0, "java/util/ArrayList", list), ONE_OFF);
        table.add(answer(0, "java/util/HashMap", jdkClass("java/util/HashMap")), ONE_OFF);
        table.add(answer(0, "java/util/LinkedList", jdkClass("java/util/LinkedList")), ONE_OFF);
        assertNull(table.take(0, "java/util/ArrayList", jdkClass("java/util/Vector"), ONE_OFF), "other bytes");
        assertNull(table.take(0, "java/util/HashMap", jdkClass("java/util/HashMap"), ClassDeployment.ALL_ENABLED),
            "a site switched back on since");
        assertNull(table.take(0, "java/util/LinkedList", jdkClass("java/util/LinkedList"),
            new ClassDeployment(new int[] {4}, Map.of())), "a variant changed since");
        assertEquals(0, table.used());
        assertEquals(0, table.size(), "each answer is gone after its one chance");
    }
}
