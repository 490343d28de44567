package io.taper.weaver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.taper.api.After;
import io.taper.api.AfterReturning;
import io.taper.api.AfterThrowing;
import io.taper.api.Arg;
import io.taper.api.Before;
import io.taper.api.Guard;
import io.taper.api.Return;
import io.taper.api.SiteId;
import io.taper.api.StackValue;
import io.taper.api.Static;
import io.taper.api.StaticContext;
import io.taper.api.StaticKey;
import io.taper.api.SyntheticLocal;
import io.taper.api.This;
import io.taper.api.Thrown;
import io.taper.api.marker.BytecodeMarker;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Malformed snippets are rejected when the analysis is loaded, naming Class.method and the rule broken. */
class SnippetDefinitionTest {

    private static final String P = "io.taper.weaver.SnippetDefinitionTest$";

    private static String rejection(Class<?>... snippets) {
        return assertThrows(SnippetDefinitionException.class,
            () -> Weaver.create(AnalysisSpec.of("bad", List.of(snippets), List.of()))).getMessage();
    }

    public static class NotStatic {
        @Before
        public void enter() {
        }
    }

    public static class NotPublic {
        @Before
        static void enter() {
        }
    }

    static class HiddenClass {
        @Before
        public static void enter() {
        }
    }

    public static class NoSnippets {
        public static void helper() {
        }
    }

    public static class TwoKinds {
        @Before
        @After
        public static void both() {
        }
    }

    public static class Unannotated {
        @Before
        public static void enter(@SiteId int site, long what) {
        }
    }

    public static class TwoAnnotations {
        @Before
        public static void enter(@SiteId @Arg(0) int site) {
        }
    }

    public static class SiteIdNotInt {
        @Before
        public static void enter(@SiteId long site) {
        }
    }

    public static class StaticWrongType {
        @Before
        public static void enter(@Static(StaticKey.FIELD_NAME) int name) {
        }
    }

    public static class ThisNotObject {
        @Before
        public static void enter(@This String self) {
        }
    }

    public static class ArgNotObject {
        @Before
        public static void enter(@Arg(0) String first) {
        }
    }

    public static class ReturnInBefore {
        @Before
        public static void enter(@Return int value) {
        }
    }

    public static class ThrownInAfterReturning {
        @AfterReturning
        public static void exit(@Thrown Throwable t) {
        }
    }

    public static class StackInAfterThrowing {
        @AfterThrowing
        public static void exit(@StackValue(0) int top) {
        }
    }

    public static class NegativeDepth {
        @Before
        public static void enter(@StackValue(-1) int top) {
        }
    }

    public static class ReturnsWithoutStoreLocal {
        @Before
        public static long enter() {
            return 0;
        }
    }

    public static class StoreLocalVoid {
        @Before(storeLocal = "t")
        public static void enter() {
        }
    }

    public static class NeverWritten {
        @After
        public static void exit(@SyntheticLocal("t0") long t0) {
        }
    }

    public static class WrongSyntheticType {
        @Before(storeLocal = "t0")
        public static long enter() {
            return 0;
        }

        @After
        public static void exit(@SyntheticLocal("t0") int t0) {
        }
    }

    public static class BadMarkerArgs {
        @Before(marker = BytecodeMarker.class, args = "getfield,getfeld")
        public static void enter() {
        }
    }

    public static class BadScope {
        @Before(scope = "java.lang.String.length(int")
        public static void enter() {
        }
    }

    public static class GuardWithoutDefaultConstructor implements Guard {
        public GuardWithoutDefaultConstructor(int x) {
        }

        @Override
        public boolean accept(StaticContext context) {
            return true;
        }
    }

    public static class BadGuard {
        @Before(guard = GuardWithoutDefaultConstructor.class)
        public static void enter() {
        }
    }

    public static class VariantsDiffer {
        @Before(group = "g")
        public static void full() {
        }

        @Before(group = "g", variant = "fast", scope = "java.*.*")
        public static void fast() {
        }
    }

    public static class DuplicateVariant {
        @Before(group = "g", variant = "v")
        public static void one() {
        }

        @Before(group = "g", variant = "v")
        public static void two() {
        }
    }

    @Test
    void methodsMustBePublicStatic() {
        assertEquals(P + "NotStatic.enter: snippet methods must be public static", rejection(NotStatic.class));
        assertEquals(P + "NotPublic.enter: snippet methods must be public static", rejection(NotPublic.class));
        assertEquals(P + "HiddenClass: snippet classes must be public", rejection(HiddenClass.class));
        assertEquals(P + "NoSnippets: no snippet methods (@Before, @After, @AfterReturning, @AfterThrowing)",
            rejection(NoSnippets.class));
        assertEquals(P + "TwoKinds.both: a snippet has exactly one of @Before, @After, @AfterReturning, @AfterThrowing",
            rejection(TwoKinds.class));
    }

    @Test
    void everyParameterHasOneContextAnnotationOfTheRightType() {
        assertEquals(P + "Unannotated.enter: parameter 1 (long) has no context annotation (@SiteId, @Static, @This,"
            + " @Arg, @StackValue, @LocalVar, @Return, @Thrown, @SyntheticLocal)", rejection(Unannotated.class));
        assertEquals(P + "TwoAnnotations.enter: parameter 0 has more than one context annotation",
            rejection(TwoAnnotations.class));
        assertEquals(P + "SiteIdNotInt.enter: parameter 0 (long): @SiteId must be int", rejection(SiteIdNotInt.class));
        assertEquals(P + "StaticWrongType.enter: parameter 0 (int): @Static(FIELD_NAME) must be String",
            rejection(StaticWrongType.class));
        assertEquals(P + "ThisNotObject.enter: parameter 0 (String): @This must be Object", rejection(ThisNotObject.class));
        assertEquals(P + "ArgNotObject.enter: parameter 0 (String): @Arg must be a primitive type or Object",
            rejection(ArgNotObject.class));
        assertEquals(P + "NegativeDepth.enter: parameter 0 (int): @StackValue depth must be >= 0",
            rejection(NegativeDepth.class));
    }

    @Test
    void dynamicContextMustBeAvailableToTheSnippetKind() {
        assertEquals(P + "ReturnInBefore.enter: parameter 0 (int): @Return is only available to @After and"
            + " @AfterReturning snippets", rejection(ReturnInBefore.class));
        assertEquals(P + "ThrownInAfterReturning.exit: parameter 0 (Throwable): @Thrown is only available to @After"
            + " and @AfterThrowing snippets", rejection(ThrownInAfterReturning.class));
        assertEquals(P + "StackInAfterThrowing.exit: parameter 0 (int): @StackValue is not available to @AfterThrowing"
            + " snippets (no operand stack on exceptional exit)", rejection(StackInAfterThrowing.class));
    }

    @Test
    void syntheticLocalsAreWrittenByBeforeSnippetsAndReadWithTheirType() {
        assertEquals(P + "ReturnsWithoutStoreLocal.enter: a snippet returns void unless it is @Before with storeLocal",
            rejection(ReturnsWithoutStoreLocal.class));
        assertEquals(P + "StoreLocalVoid.enter: storeLocal=\"t\" needs a non-void return type",
            rejection(StoreLocalVoid.class));
        assertEquals(P + "NeverWritten.exit: parameter 0 (long): @SyntheticLocal(\"t0\") is never written (no @Before"
            + " snippet has storeLocal=\"t0\")", rejection(NeverWritten.class));
        assertEquals(P + "WrongSyntheticType.exit: parameter 0 (int): @SyntheticLocal(\"t0\") must be long, the return"
            + " type of " + P + "WrongSyntheticType.enter", rejection(WrongSyntheticType.class));
    }

    @Test
    void markersScopesAndGuardsAreCheckedAtLoad() {
        assertEquals(P + "BadMarkerArgs.enter: marker BytecodeMarker rejects args \"getfield,getfeld\": unknown opcode"
            + " 'getfeld' in \"getfield,getfeld\" (expected mnemonics such as getfield,putfield)",
            rejection(BadMarkerArgs.class));
        assertEquals(P + "BadScope.enter: malformed scope \"java.lang.String.length(int\": misplaced parentheses",
            rejection(BadScope.class));
        String guard = rejection(BadGuard.class);
        assertEquals(P + "BadGuard.enter: guard " + P + "GuardWithoutDefaultConstructor cannot be instantiated (needs a"
            + " public no-argument constructor): java.lang.NoSuchMethodException: " + P
            + "GuardWithoutDefaultConstructor.<init>()", guard);
    }

    @Test
    void variantsOfAGroupShareEverythingButTheirBody() {
        assertEquals(P + "VariantsDiffer.fast: variant \"fast\" of group \"g\" has a different scope than " + P
            + "VariantsDiffer.full (variants share kind, marker, args, scope, guard, order and storeLocal)",
            rejection(VariantsDiffer.class));
        assertEquals(P + "DuplicateVariant.two: group \"g\" already has a variant named \"v\" (" + P
            + "DuplicateVariant.one)", rejection(DuplicateVariant.class));
    }

    @Test
    void excludesAreScopes() {
        SnippetDefinitionException e = assertThrows(SnippetDefinitionException.class, () -> Weaver.create(
            AnalysisSpec.of("bad", List.of(io.taper.weaver.snippets.DeploySnippets.class), List.of("a b c"))));
        assertEquals("bad: exclude: malformed scope \"a b c\": expected [returnType] [pkg.Class.]method[(params)]",
            e.getMessage());
    }
}
