package io.taper.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.taper.result.StartupPass;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** A run's start-up pass: the command line's, else the analysis descriptor's, else background. */
class StartupPassChoiceTest {

    private static Properties descriptor(String pass) {
        Properties p = new Properties();
        p.setProperty("name", "x");
        if (pass != null) {
            p.setProperty("startup.pass", pass);
        }
        return p;
    }

    @Test
    void theCommandLineWinsThenTheDescriptorThenBackground() {
        assertEquals(StartupPass.BACKGROUND, RunConfig.startupPass(StartupPass.BACKGROUND, descriptor("eager")));
        assertEquals(StartupPass.EAGER, RunConfig.startupPass(null, descriptor(" eager ")));
        assertEquals(StartupPass.BACKGROUND, RunConfig.startupPass(null, descriptor(null)));
        assertEquals(StartupPass.BACKGROUND, RunConfig.startupPass(null, descriptor("")));
    }

    @Test
    void aDescriptorWithAnotherValueIsNamed() {
        LauncherException e = assertThrows(LauncherException.class,
            () -> RunConfig.startupPass(null, descriptor("soon")));
        assertEquals("the analysis descriptor's startup.pass: the start-up pass must be eager or background, got soon",
            e.getMessage());
    }
}
