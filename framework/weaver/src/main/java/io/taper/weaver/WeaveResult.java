package io.taper.weaver;

import io.taper.runtime.SiteInfo;
import java.util.List;

/**
 * The outcome of {@link Weaver#weave}.
 *
 * @param status    WOVEN: {@code bytes} is the woven class; UNCHANGED: nothing to weave (or every site
 *                  disabled, or every woven method fell back), {@code bytes} is the input; FAILED: the
 *                  class could not be woven, {@code bytes} is null and {@code error} says why
 * @param sites     every site of the class, active or not (disabled sites have active=false); sites of
 *                  methods that fell back are not listed
 * @param fallbacks methods that kept their original code, with the reason
 */
public record WeaveResult(Status status, byte[] bytes, List<SiteInfo> sites, List<Fallback> fallbacks, String error) {

    public enum Status { WOVEN, UNCHANGED, FAILED }

    static WeaveResult unchanged(byte[] bytes, List<SiteInfo> sites, List<Fallback> fallbacks) {
        return new WeaveResult(Status.UNCHANGED, bytes, List.copyOf(sites), List.copyOf(fallbacks), null);
    }

    static WeaveResult failed(String error) {
        return new WeaveResult(Status.FAILED, null, List.of(), List.of(), error);
    }
}
