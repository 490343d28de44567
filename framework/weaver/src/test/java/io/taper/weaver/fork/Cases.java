package io.taper.weaver.fork;

import io.taper.weaver.snippets.BigSnippets;
import io.taper.weaver.snippets.BypassSnippets;
import io.taper.weaver.snippets.ConstructorSnippets;
import io.taper.weaver.snippets.ExitSnippets;
import io.taper.weaver.snippets.GenExitSnippets;
import io.taper.weaver.snippets.InstructionSnippets;
import io.taper.weaver.snippets.LambdaSnippets;
import io.taper.weaver.snippets.MonitorSnippets;
import io.taper.weaver.snippets.SwitchSnippets;
import io.taper.weaver.snippets.WideSnippets;
import java.util.LinkedHashMap;
import java.util.Map;

/** The validation cases: an analysis (snippet class) woven into a target, whose static run() is called. */
public final class Cases {

    public record Case(String id, Class<?> snippets, String target) {
    }

    public static final Map<String, Case> ALL = new LinkedHashMap<>();

    static {
        add("exits", ExitSnippets.class, "validation.targets.TryCatchFinally");
        add("constructors", ConstructorSnippets.class, "validation.targets.Constructors");
        add("monitors", MonitorSnippets.class, "validation.targets.Synchronized");
        add("switches", SwitchSnippets.class, "validation.targets.Switches");
        add("lambdas", LambdaSnippets.class, "validation.targets.Lambdas");
        add("wide", WideSnippets.class, "validation.targets.WideLocals");
        add("bypass", BypassSnippets.class, "validation.targets.BypassTarget");
        add("instructions", InstructionSnippets.class, "validation.targets.InstructionKinds");
        add("big", BigSnippets.class, HandAssembled.BIG);
        add("stack-shapes", InstructionSnippets.class, HandAssembled.SHAPES);
        add("stack-shapes-exits", GenExitSnippets.class, HandAssembled.SHAPES);
        add("old", GenExitSnippets.class, HandAssembled.OLD);
        add("old-instructions", InstructionSnippets.class, HandAssembled.OLD);
    }

    private static void add(String id, Class<?> snippets, String target) {
        ALL.put(id, new Case(id, snippets, target));
    }

    private Cases() {
    }
}
