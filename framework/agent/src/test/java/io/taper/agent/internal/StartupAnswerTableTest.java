package io.taper.agent.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.taper.controller.ClassDeployment;
import io.taper.protocol.SameClassFile;
import io.taper.protocol.StartupAnswers;
import io.taper.protocol.WeaveStatus;
import io.taper.protocol.Woven;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** An answer is taken once, for the bootstrap loader's class with the answer's bytes and every site enabled. */
class StartupAnswerTableTest {

    private static byte[] jdkClass(String name) throws IOException {
        try (InputStream in = Object.class.getResourceAsStream("/" + name + ".class")) {
            return in.readAllBytes();
        }
    }

    private static StartupAnswers.Answer answer(String name, byte[] bytes) {
        return new StartupAnswers.Answer(name, SameClassFile.fingerprint(bytes),
            new Woven(0, WeaveStatus.WOVEN, "", new byte[] {1, 2, 3}, List.of()));
    }

    @Test
    void takesAnAnswerOnceForTheSameBytes() throws IOException {
        byte[] list = jdkClass("java/util/ArrayList");
        AgentStats stats = new AgentStats();
        StartupAnswerTable table = new StartupAnswerTable(stats);
        StartupAnswers.Answer a = answer("java/util/ArrayList", list);
        table.add(List.of(a));
        assertSame(a.answer(), table.take(0, "java/util/ArrayList", list, ClassDeployment.ALL_ENABLED));
        assertNull(table.take(0, "java/util/ArrayList", list, ClassDeployment.ALL_ENABLED), "once");
        assertNull(table.take(0, "java/util/HashMap", jdkClass("java/util/HashMap"), ClassDeployment.ALL_ENABLED));
        assertEquals(1, stats.startupAnswersUsed.get());
        assertEquals(0, stats.startupAnswersMismatched.get());
    }

    @Test
    void refusesOtherBytesLoadersAndDeployments() throws IOException {
        byte[] list = jdkClass("java/util/ArrayList");
        AgentStats stats = new AgentStats();
        StartupAnswerTable table = new StartupAnswerTable(stats);
        table.add(List.of(answer("java/util/ArrayList", list)));
        assertNull(table.take(3, "java/util/ArrayList", list, ClassDeployment.ALL_ENABLED), "another loader");
        assertNull(table.take(0, "java/util/ArrayList", list, new ClassDeployment(new int[] {7}, Map.of())),
            "a site disabled");
        assertNull(table.take(0, "java/util/ArrayList", list, new ClassDeployment(new int[0], Map.of(7, "entry"))),
            "a variant");
        byte[] other = list.clone();
        other[other.length - 3] ^= 1;
        assertNull(table.take(0, "java/util/ArrayList", other, ClassDeployment.ALL_ENABLED), "other bytes");
        assertEquals(1, stats.startupAnswersMismatched.get());
        assertNull(table.take(0, "java/util/ArrayList", list, ClassDeployment.ALL_ENABLED), "refused answers go");
        assertEquals(0, stats.startupAnswersUsed.get());
    }
}
