package io.taper.analysis.methodtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.taper.runtime.control.ControllerStrategy;
import java.io.InputStream;
import java.util.Properties;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/** The jar's descriptor: names, the default adaptive strategy spec, and the strategy's service entry. */
class AnalysisDescriptorTest {

    @Test
    void adaptiveModeDefaultsToThePapersPolicy() throws Exception {
        Properties p = new Properties();
        try (InputStream in = getClass().getResourceAsStream("/META-INF/taper/analysis.properties")) {
            p.load(in);
        }
        assertEquals("method-time", p.getProperty("name"));
        assertEquals(MethodTimeSnippets.class.getName(), p.getProperty("snippets"));
        assertEquals(MethodTimeResults.class.getName(), p.getProperty("results"));
        assertEquals("method-time:" + MethodTimeStrategy.DEFAULT_OPTIONS, p.getProperty("controller"));
        String spec = p.getProperty("controller");
        MethodTimeStrategy s = new MethodTimeStrategy();
        s.configure(spec.substring(spec.indexOf(':') + 1));
        assertEquals("period-ms=500,first-period-ms=100,min-calls=100,max-mean-ms=1.0,hot-calls-per-s=10000,"
                + "max-defer-ms=5000,sample-ms=10,how=switch,sampler=jfr", s.policy().toString());
    }

    @Test
    void theStrategyIsAServiceNamedMethodTime() {
        int found = 0;
        for (ControllerStrategy s : ServiceLoader.load(ControllerStrategy.class)) {
            if (s.name().equals(MethodTimeStrategy.NAME)) {
                assertEquals(MethodTimeStrategy.class, s.getClass());
                found++;
            }
        }
        assertEquals(1, found);
    }
}
