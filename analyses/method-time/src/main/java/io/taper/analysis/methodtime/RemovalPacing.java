package io.taper.analysis.methodtime;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Which of the cheap methods a step removes now. Removing a method retransforms its whole class, and the
 * JVM then drops the compiled code of every method of that class and of every method that inlined one of
 * them: retransforming {@code java.lang.String} or {@code java.util.Arrays} sends most of the program
 * back to the interpreter, and in a program whose methods turn cheap a few at a time over the whole run the
 * same JDK classes are redefined again and again (the measurements are in the method-time result set).
 *
 * <p>So a cheap method goes at once only if it is hot (called at least the policy's hot rate since the
 * previous step), and with it every waiting method of the same class, whose class is retransformed
 * anyway. A method called less often costs little while it stays timed; it waits until some waiting
 * method has waited the {@linkplain #deferral deferral}, and then all waiting methods go together, in one
 * round of retransformation. A waiting method is still timed and its row still grows: deferral never loses a
 * call, it only removes later.
 */
final class RemovalPacing {

    private final RemovalPolicy policy;
    private long[] callsAtLastStep = new long[0];
    private long lastStepMillis = -1;
    private long[] waitingSince = new long[0];   // elapsed ms + 1 at which a cheap method began to wait; 0: not
    // written by the controller thread only, read for statistics from another
    private volatile long hot;
    private volatile long sameClass;
    private volatile long rounds;
    private volatile long inRounds;

    RemovalPacing(RemovalPolicy policy) {
        this.policy = policy;
    }

    /**
     * The methods to remove now, out of {@code cheap} (slots not removed yet that pass the policy's
     * thresholds), in {@code cheap}'s order; {@code calls} are every method's completed calls so far.
     */
    List<Integer> choose(List<Integer> cheap, long[] calls, long nowMillis) {
        grow(calls.length);
        long sinceMillis = lastStepMillis < 0 ? nowMillis : nowMillis - lastStepMillis;
        List<Integer> now = new ArrayList<>();
        if (policy.maxDeferMillis == 0) {
            now.addAll(cheap);
        } else {
            choosePaced(cheap, calls, nowMillis, sinceMillis, now);
        }
        for (int m : now) {
            waitingSince[m] = 0;
        }
        System.arraycopy(calls, 0, callsAtLastStep, 0, calls.length);
        lastStepMillis = nowMillis;
        return now;
    }

    private void choosePaced(List<Integer> cheap, long[] calls, long nowMillis, long sinceMillis, List<Integer> now) {
        Set<String> retransformed = new HashSet<>();
        long deferral = deferral(nowMillis);
        // a deferral shorter than the period would end before the next step anyway
        boolean round = deferral < policy.periodMillis;
        boolean[] chosen = new boolean[calls.length];
        for (int m : cheap) {
            long recent = calls[m] - callsAtLastStep[m];
            // a rate over the time since the last step; a first step measures from the start
            if (recent * 1000 >= policy.hotCallsPerSecond * Math.max(1, sinceMillis)) {
                chosen[m] = true;
                hot++;
                retransformed.add(classOf(m));
            } else {
                if (waitingSince[m] == 0) {
                    waitingSince[m] = nowMillis + 1;
                }
                round |= nowMillis + 1 - waitingSince[m] >= deferral;
            }
        }
        if (round && !cheap.isEmpty()) {
            rounds++;
        }
        for (int m : cheap) {
            if (chosen[m]) {
                now.add(m);
            } else if (round) {
                now.add(m);
                inRounds++;
            } else if (retransformed.contains(classOf(m))) {
                now.add(m);
                sameClass++;
            }
        }
    }

    /**
     * How long a waiting method waits at {@code nowMillis}: the policy's longest deferral, but no more than a
     * quarter of the time elapsed. Early in a run little code is compiled yet, so a retransformation throws
     * little away, and the many methods that turn cheap then are worth removing at once: on H2 a flat 5 s
     * kept them timed through the first rounds and cost more than the retransformations saved. Until the
     * deferral reaches the period (the first 2 s with the defaults), every cheap method goes at once.
     */
    long deferral(long nowMillis) {
        return Math.min(policy.maxDeferMillis, Math.max(0, nowMillis) / 4);
    }

    /** The method's class, with its loader's tag: what one retransformation re-weaves. */
    static String classOf(int m) {
        MethodKey k = MethodIds.method(m);
        return k.loaderTag + "/" + k.className;
    }

    private void grow(int methods) {
        if (callsAtLastStep.length < methods) {
            callsAtLastStep = Arrays.copyOf(callsAtLastStep, methods);
            waitingSince = Arrays.copyOf(waitingSince, methods);
        }
    }

    /** Removals so far by reason: hot, with a hot method of the same class, in a round of waiting methods. */
    long hotRemovals() {
        return hot;
    }

    long sameClassRemovals() {
        return sameClass;
    }

    long roundRemovals() {
        return inRounds;
    }

    /** Rounds of waiting methods taken together. */
    long rounds() {
        return rounds;
    }
}
