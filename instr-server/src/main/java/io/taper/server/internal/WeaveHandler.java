package io.taper.server.internal;

import io.taper.protocol.Weave;
import io.taper.protocol.WeaveStatus;
import io.taper.runtime.SiteInfo;
import java.util.List;

/** What the connection handler needs from weaving: one WEAVE request in, one outcome out, never an exception. */
public interface WeaveHandler {

    /**
     * @param status  WOVEN, UNCHANGED or FAILED
     * @param bytes   the woven class file (empty unless WOVEN)
     * @param sites   the class's sites (empty when FAILED)
     * @param message why it failed, or a note ("" if none)
     */
    record Outcome(WeaveStatus status, byte[] bytes, List<SiteInfo> sites, String message) {
    }

    /** Weaves one class; a class that cannot be parsed or woven comes back FAILED with the reason. */
    Outcome weave(Weave request);

    /** The server stops: no request follows. */
    default void close() {
    }
}
