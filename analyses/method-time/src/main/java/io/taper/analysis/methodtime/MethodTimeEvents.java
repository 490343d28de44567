package io.taper.analysis.methodtime;

import io.taper.api.OutOfLine;
import io.taper.runtime.Bypass;

/**
 * What the inlinable {@link MethodTimeSnippets} hand on when there is something to record: they test only
 * the switch and the token, and these methods stay out of line so the woven method keeps just that test.
 * Each enters the per-thread bypass itself: inside analysis code, calls are not the program's.
 */
final class MethodTimeEvents {

    private MethodTimeEvents() {
    }

    /** Pushes the method's frame; returns its token, or 0 inside analysis code (nothing pushed). */
    @OutOfLine
    static int enter(int site) {
        int[] cell = Bypass.enterCell();
        if (cell == null) {
            return 0;
        }
        try {
            ThreadProfile p = ThreadProfiles.current();
            return p.enter(MethodIds.methodOf(site), System.nanoTime());
        } finally {
            Bypass.exit(cell);
        }
    }

    /** Pops the frame whose entry returned {@code frame} (a positive token). */
    @OutOfLine
    static void exit(int site, int frame) {
        long now = System.nanoTime();
        int[] cell = Bypass.enterCell();
        if (cell == null) {
            return;
        }
        try {
            ThreadProfiles.current().exit(MethodIds.methodOf(site), frame, now);
        } finally {
            Bypass.exit(cell);
        }
    }
}
