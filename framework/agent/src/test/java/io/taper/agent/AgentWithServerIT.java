package io.taper.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.agent.testanalysis.AllEntrySnippets;
import io.taper.agent.testanalysis.SampleEntrySnippets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The agent against a real server, in forked JVMs with {@code -Xverify:all}. */
class AgentWithServerIT {

    static final String OUTPUT = "hello from sample: {a=2, b=1, c=1} [1, 2] 42\n";

    @TempDir
    Path dir;

    @Test
    void theProgramsClassesAreWovenAndTheirSnippetsRun() throws Exception {
        AgentRun.Outcome o = AgentRun.run(dir, AgentRun.config(dir, SampleEntrySnippets.class), "3");
        assertEquals(3, o.jvm().exitCode());
        assertEquals(OUTPUT, o.jvm().stdout());
        assertEquals("", o.jvm().stderr());
        assertEquals("SampleEntrySnippets", o.agentResult().get("analysis"));
        assertEquals(List.of(
            Map.of("class", "sample.Greeter", "method", "main([Ljava/lang/String;)V", "entries", 1.0),
            Map.of("class", "sample.Twice", "method", "of(I)I", "entries", 1.0)), o.rows());
        assertEquals(2, o.stat("classesWoven"), "Greeter and Twice");
        assertEquals(0, o.stat("classesFailed"));
        assertEquals(0, o.stat("classesUntransformed"));
        assertEquals(o.stat("classesSeen"), o.stat("classesWoven") + o.stat("classesUnchanged"));
        assertTrue(o.stat("startupClasses") > 300, "the JDK classes loaded before premain: " + o.stat("startupClasses"));
        assertEquals(4, o.stat("sitesWoven"), "Greeter.<init>, Greeter.main, Twice.<init> and Twice.of");
        assertEquals(4, o.stat("sitesActive"));
    }

    @Test
    void everyJdkClassIsWovenAtStartUpAndTheProgramStillRuns() throws Exception {
        AgentRun.Outcome o = AgentRun.run(dir, AgentRun.config(dir, AllEntrySnippets.class));
        assertEquals(0, o.jvm().exitCode());
        assertEquals(OUTPUT, o.jvm().stdout());
        assertEquals("", o.jvm().stderr());
        assertTrue(o.stat("classesWoven") > 300, "woven: " + o.stat("classesWoven"));
        assertEquals(0, o.stat("classesFailed"), o.agentStats().toString());
        assertEquals(0, o.stat("retransformFailures"), o.agentStats().toString());
        // "b a c a": four merges, one of them into an existing key; JDK code counted like the program's
        assertTrue(o.rows().contains(Map.of("class", "java.util.TreeMap", "method", "merge(Ljava/lang/Object;"
            + "Ljava/lang/Object;Ljava/util/function/BiFunction;)Ljava/lang/Object;", "entries", 4.0)), "TreeMap.merge");
        assertTrue(o.rows().contains(Map.of("class", "java.util.TreeMap", "method", "mergeValue(Ljava/util/TreeMap$Entry;"
            + "Ljava/lang/Object;Ljava/util/function/BiFunction;)Ljava/lang/Object;", "entries", 1.0)), "TreeMap.mergeValue");
        assertTrue(o.rows().contains(Map.of("class", "sample.Twice", "method", "of(I)I", "entries", 1.0)), "Twice.of");
        System.out.println("[figures] agent: " + o.agentStats());
        System.out.println("[figures] server: " + o.serverStats());
    }
}
