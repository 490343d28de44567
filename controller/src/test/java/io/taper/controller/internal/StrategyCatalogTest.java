package io.taper.controller.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.controller.TestJars;
import io.taper.runtime.control.ControllerStrategy;
import io.taper.runtime.control.FixedStrategy;
import io.taper.runtime.control.PeriodicRemoval;
import java.io.File;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StrategyCatalogTest {

    static final String USER_STRATEGY = """
            package org.example.strategies;

            import io.taper.runtime.control.ControlContext;
            import io.taper.runtime.control.ControllerStrategy;

            public final class EveryOther implements ControllerStrategy {
                private long period;
                public String name() { return "every-other"; }
                public void configure(String argument) { period = Long.parseLong(argument); }
                public long periodMillis() { return period; }
                public void step(ControlContext ctx) { }
            }
            """;

    @Test
    void builtInsAreAlwaysThere() {
        StrategyCatalog c = StrategyCatalog.discover(null);
        assertInstanceOf(FixedStrategy.class, c.create("none"));
        assertInstanceOf(FixedStrategy.class, c.create(""), "no spec means fixed instrumentation");
        ControllerStrategy p = c.create("periodic:250");
        assertInstanceOf(PeriodicRemoval.class, p);
        assertEquals(250, p.periodMillis());
        assertNotSame(c.create("periodic:1"), c.create("periodic:1"), "a fresh instance per run");
    }

    @Test
    void strategiesListedOnTheClassPathAreFound() {
        // src/test/resources lists ScriptedStrategy, as an analysis jar on the boot class path would
        StrategyCatalog c = StrategyCatalog.discover("");
        assertTrue(c.names().contains("scripted"), c.names().toString());
        assertEquals("scripted", c.create("scripted").name());
    }

    @Test
    void anUnknownNameIsAClearErrorListingTheKnownNames() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> StrategyCatalog.discover(null).create("nosuch:5"));
        assertEquals("unknown controller strategy 'nosuch'; known: none, periodic:<ms>, scripted", e.getMessage());
    }

    @Test
    void aBadArgumentIsRejectedByTheStrategy() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> StrategyCatalog.discover(null).create("periodic:soon"));
        assertEquals("periodic:<ms> needs a number of milliseconds, got 'soon'", e.getMessage());
    }

    @Test
    void aUserStrategyIsLoadedFromItsOwnJar(@TempDir Path dir) throws Exception {
        Path jar = TestJars.compile(dir, "user-strategy.jar",
                Map.of("org.example.strategies.EveryOther", USER_STRATEGY),
                Map.of("META-INF/services/io.taper.runtime.control.ControllerStrategy",
                        "org.example.strategies.EveryOther\n"));
        StrategyCatalog c = StrategyCatalog.discover(dir.resolve("missing.jar") + File.pathSeparator + jar);
        ControllerStrategy s = c.create("every-other:40");
        assertEquals("org.example.strategies.EveryOther", s.getClass().getName());
        assertEquals(40, s.periodMillis());
        assertInstanceOf(URLClassLoader.class, s.getClass().getClassLoader(), "loaded from the user jar");
        assertEquals(List.of("none", "periodic:<ms>", "scripted", "every-other"), c.names());
        assertEquals(List.of("controller.path entry " + dir.resolve("missing.jar") + " is not a file"), c.problems());
    }

    @Test
    void aBrokenProviderIsReportedNotThrown(@TempDir Path dir) throws Exception {
        Path jar = TestJars.compile(dir, "broken.jar", Map.of(),
                Map.of("META-INF/services/io.taper.runtime.control.ControllerStrategy", "org.example.Missing\n"));
        StrategyCatalog c = StrategyCatalog.discover(jar.toString());
        assertEquals(List.of("none", "periodic:<ms>", "scripted"), c.names());
        assertEquals(1, c.problems().size());
        assertTrue(c.problems().get(0).contains("org.example.Missing"), c.problems().get(0));
    }
}
