package io.taper.weaver.prepare;

import io.taper.api.Inlinable;
import io.taper.api.ManualBypass;
import io.taper.api.NoSiteSwitch;
import io.taper.api.OutOfLine;
import io.taper.runtime.Bypass;
import io.taper.api.After;
import io.taper.api.Arg;
import io.taper.api.Before;
import io.taper.api.SiteId;
import io.taper.weaver.testsupport.Events;

/** Snippets whose prepared (wrapped) form the preparer tests call directly. */
public class PreparedSubjects {

    @Before(storeLocal = "sum")
    public static long sum(@Arg(0) long a, @Arg(1) double b) {
        Events.record("sum body");
        return a + (long) b;
    }

    @Before
    public static void boom(@SiteId int site) {
        throw new IllegalStateException("boom " + site);
    }

    /** Calls another snippet from inside a snippet: the inner one must be bypassed. */
    @After
    public static void nested(@SiteId int site) {
        Events.record("nested body, inner returned " + sum(1, 2));
    }

    @Before(storeLocal = "name")
    public static String name() {
        return "n";
    }

    /** Enters the bypass itself: runs inside analysis code too, and sees whether it is. */
    @ManualBypass
    @Before(storeLocal = "manual")
    @NoSiteSwitch
    public static int manual(@SiteId int site) {
        if (site < 0) {
            throw new IllegalArgumentException("negative site");
        }
        int[] cell = Bypass.enterCell();
        if (cell == null) {
            return -1;
        }
        try {
            return site + (int) sum(0, 0);            // a nested bypassed snippet: skipped, returns 0
        } finally {
            Bypass.exit(cell);
        }
    }

    /** Small enough to be inlined into woven code: a check, and the rest out of line. */
    @Inlinable
    @ManualBypass
    @Before
    public static void quick(@SiteId int site) {
        if (site != 0) {
            slow(site);
        }
    }

    /** The JIT never inlines this one, although it is not a snippet. */
    @OutOfLine
    public static void slow(int site) {
        if (site < 0) {
            throw new IllegalArgumentException("negative site");
        }
        Events.record("slow " + site);
    }

    /** Not a snippet: left alone. */
    public static int helper() {
        return 42;
    }
}
