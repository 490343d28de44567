package io.taper.agent;

import io.taper.testing.ForkedJvm;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.Gson;
import io.taper.agent.testanalysis.SampleEntrySnippets;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shaded agent jar: Taper's packages only, and a program with its own copy of a library is unaffected. */
class AgentJarIT {

    @TempDir
    Path dir;

    @Test
    void holdsOnlyTaperPackagesAndNoRuntime() throws Exception {
        List<String> foreign = new ArrayList<>();
        try (JarFile jar = new JarFile(AgentJvm.agentJar().toFile())) {
            for (JarEntry e : Collections.list(jar.entries())) {
                String n = e.getName();
                boolean ours = n.startsWith("io/taper/agent/") || n.startsWith("io/taper/protocol/")
                    || n.startsWith("io/taper/controller/") || n.startsWith("io/taper/result/") || n.startsWith("META-INF/")
                    || n.equals("io/") || n.equals("io/taper/");
                if (!ours) {
                    foreign.add(n);
                }
            }
            assertEquals(List.of(), foreign, "third-party classes are relocated under io/taper/agent/shaded/, "
                + "the runtime stays out (it goes on the boot class path)");
            assertTrue(jar.getEntry("io/taper/agent/shaded/gson/Gson.class") != null, "Gson is relocated");
            Attributes main = jar.getManifest().getMainAttributes();
            assertEquals("io.taper.agent.TaperAgent", main.getValue("Premain-Class"));
            assertEquals("true", main.getValue("Can-Retransform-Classes"));
            assertEquals("false", main.getValue("Can-Redefine-Classes"));
        }
    }

    @Test
    void aProgramWithItsOwnGsonRunsUnchanged() throws Exception {
        String gsonJar = Path.of(Gson.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        String cp = AgentJvm.testClasses() + File.pathSeparator + gsonJar;
        ForkedJvm.Result plain = AgentJvm.runWithClasspath(dir, List.of(), null, cp, "sample.UsesGson");
        AgentRun.Outcome taper = AgentRun.runWithClasspath(dir, AgentRun.config(dir, SampleEntrySnippets.class), cp,
            "sample.UsesGson");
        assertEquals("{\"a\":1,\"b\":2} com.google.gson.Gson true\n", plain.stdout());
        assertEquals(plain.stdout(), taper.jvm().stdout());
        assertEquals("", taper.jvm().stderr());
        assertEquals(0, taper.jvm().exitCode());
        assertEquals(1, taper.stat("classesWoven"), "sample.UsesGson");
    }
}
