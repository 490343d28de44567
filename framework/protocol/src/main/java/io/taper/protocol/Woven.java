package io.taper.protocol;

import io.taper.runtime.SiteInfo;
import java.util.List;

/**
 * WOVEN, server → agent: the answer to one WEAVE.
 *
 * @param requestId the WEAVE's request id
 * @param status    what happened
 * @param message   why it failed, or a note ("" if none)
 * @param bytes     the woven class file; empty unless {@code status == WOVEN}
 * @param sites     every site of the class, active or not (empty when FAILED)
 */
public record Woven(int requestId, WeaveStatus status, String message, byte[] bytes, List<SiteInfo> sites)
        implements Message {

    @Override
    public byte type() {
        return MessageType.WOVEN;
    }
}
