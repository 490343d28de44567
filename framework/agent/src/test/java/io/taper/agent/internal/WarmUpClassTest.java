package io.taper.agent.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Modifier;
import org.junit.jupiter.api.Test;

class WarmUpClassTest {

    @Test
    void theHandBuiltClassFileDefinesAndRuns() throws Exception {
        byte[] b = WarmUpClass.bytes();
        Class<?> c = new ClassLoader(null) {
            Class<?> define() {
                return defineClass(null, b, 0, b.length);
            }
        }.define();
        assertEquals("taper_warmup.WarmUp", c.getName());
        assertEquals(Modifier.PUBLIC | Modifier.STATIC, c.getMethod("run").getModifiers());
        c.getMethod("run").invoke(null);
    }
}
