package validation.targets;

import io.taper.weaver.testsupport.Events;

/** Woven code called from inside a snippet must trigger no snippet (per-thread bypass); a throwing snippet is harmless. */
public class BypassTarget {

    public static void run() {
        Events.callback = BypassTarget::inner;
        outer();
        inner();
        Events.callback = null;
        boom();
        outer();
    }

    static void outer() {
    }

    static void inner() {
    }

    static void boom() {
        Events.record("boom body ran");
    }
}
