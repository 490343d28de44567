package io.taper.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CacheDirectoriesTest {

    @TempDir
    Path tmp;
    private String home;

    @BeforeEach
    void ownHome() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        assumeTrue(xdg == null || xdg.isBlank(), "the user's cache is $XDG_CACHE_HOME here");
        home = System.getProperty("user.home");
        System.setProperty("user.home", tmp.resolve("home").toString());
    }

    @AfterEach
    void restoreHome() {
        System.setProperty("user.home", home);
    }

    @Test
    void classArchivesAreTheUsersWhateverCacheARunUses() {
        Path own = tmp.resolve("home/.cache/taper/woven/cds");
        assertEquals(tmp.resolve("home/.cache/taper/woven"), CacheDirectories.defaultWoven());
        assertEquals(own, CacheDirectories.classArchives(tmp.resolve("a-fresh-cache")));
        assertTrue(Files.isDirectory(own));
    }

    @Test
    void aUserDirectoryThatCannotBeMadeLeavesTheArchivesInTheRunsCache() throws Exception {
        Files.createDirectories(tmp.resolve("home"));
        Files.writeString(tmp.resolve("home/.cache"), "a file where the directory would be");
        assertEquals(tmp.resolve("run-cache/cds"), CacheDirectories.classArchives(tmp.resolve("run-cache")));
    }
}
