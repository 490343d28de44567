package io.taper.eval.workloads;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.mozilla.javascript.Context;
import org.mozilla.javascript.Function;
import org.mozilla.javascript.Scriptable;

/**
 * Rhino: a JavaScript interpreter running a bundled script ({@code rhino-bench.js}: an expression
 * language's parser and tree-walking evaluator, a search tree of objects, array sorting with closures,
 * strings, regular expressions and JSON) in interpreted mode, so script-level calls are deep Java
 * recursion through the interpreter loop, as in any interpreter of another language.
 * One unit is one call of the script's {@code run(unit)}.
 */
public final class RhinoWorkload {

    static final int CI_UNITS = 20;
    static final int FULL_UNITS = 600;

    private RhinoWorkload() {
    }

    public static void main(String[] args) {
        WorkloadMain.main(args, "rhino", CI_UNITS, FULL_UNITS, RhinoWorkload::run);
    }

    static String run(WorkloadSize size) throws IOException {
        String script = script();
        Context cx = Context.enter();
        try {
            // Interpreted, not compiled to classes: the interpreter loop is the program.
            cx.setInterpretedMode(true);
            cx.setLanguageVersion(Context.VERSION_ES6);
            Scriptable scope = cx.initStandardObjects();
            cx.evaluateString(scope, script, "rhino-bench.js", 1, null);
            Function run = (Function) scope.get("run", scope);
            Fingerprint f = new Fingerprint();
            for (int unit = 0; unit < size.units(); unit++) {
                Object result = run.call(cx, scope, scope, new Object[] {unit});
                f.add((long) Context.toNumber(result));
            }
            return "rhino units=" + size.units() + " checksum=" + f.hex();
        } finally {
            Context.exit();
        }
    }

    private static String script() throws IOException {
        try (InputStream in = RhinoWorkload.class.getResourceAsStream("rhino-bench.js")) {
            if (in == null) {
                throw new IllegalStateException("rhino-bench.js is missing from the evaluation jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
