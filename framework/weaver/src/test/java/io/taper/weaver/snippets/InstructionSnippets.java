package io.taper.weaver.snippets;

import io.taper.api.After;
import io.taper.api.Before;
import io.taper.api.LocalVar;
import io.taper.api.StackValue;
import io.taper.api.Static;
import io.taper.api.StaticKey;
import io.taper.api.This;
import io.taper.weaver.testsupport.Events;

/**
 * Snippets before and after every instruction that read the top stack values with every parameter kind
 * (spilling every stack shape: long/double, uninitialised objects, deep stacks) and a few locals.
 */
public class InstructionSnippets {

    private static final String SCOPE = "validation.targets.*Kinds*.*";
    private static final String GEN_SCOPE = "validation.gen.*.*";

    @Before(marker = EveryInstructionMarker.class, scope = SCOPE)
    public static void before(@Static(StaticKey.OPCODE) int op, @StackValue(0) Object top, @StackValue(1) int second,
                              @StackValue(2) long third, @StackValue(0) double topDouble, @LocalVar(0) Object local0,
                              @LocalVar(1) long local1, @This Object self) {
        Events.opcode(op);
    }

    @After(marker = EveryInstructionMarker.class, scope = SCOPE)
    public static void after(@Static(StaticKey.OPCODE) int op, @StackValue(0) long top, @StackValue(1) Object second,
                             @StackValue(3) float fourth) {
        Events.opcode(op);
    }

    @Before(marker = EveryInstructionMarker.class, scope = GEN_SCOPE)
    public static void beforeGen(@Static(StaticKey.OPCODE) int op, @StackValue(0) Object top, @StackValue(1) long second,
                                 @StackValue(2) Object third, @StackValue(3) int fourth, @This Object self) {
        Events.opcode(op);
    }

    @After(marker = EveryInstructionMarker.class, scope = GEN_SCOPE)
    public static void afterGen(@Static(StaticKey.OPCODE) int op, @StackValue(0) Object top, @StackValue(2) double third) {
        Events.opcode(op);
    }
}
