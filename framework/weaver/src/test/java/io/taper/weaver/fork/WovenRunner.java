package io.taper.weaver.fork;

import io.taper.runtime.SnippetFailures;
import io.taper.weaver.AnalysisSpec;
import io.taper.weaver.Deployment;
import io.taper.weaver.Fallback;
import io.taper.weaver.WeaveResult;
import io.taper.weaver.Weaver;
import io.taper.weaver.testsupport.Events;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.util.Printer;

/**
 * Main class of the forked JVM (run with -Xverify:all and the prepared snippet jar first on the class
 * path): for each case, weaves the target through an {@link InstrumentingLoader}, calls its run(), and
 * prints the events between {@code ### <case>} and {@code ### end}.
 */
public final class WovenRunner {

    public static void main(String[] args) throws Exception {
        Map<String, byte[]> assembled = HandAssembled.all();
        for (String id : args) {
            Cases.Case c = Cases.ALL.get(id);
            System.out.println("### " + id);
            long failuresBefore = SnippetFailures.count();
            try {
                Weaver weaver = Weaver.create(AnalysisSpec.of(id, List.of(c.snippets()), List.of()));
                InstrumentingLoader loader = new InstrumentingLoader(WovenRunner.class.getClassLoader(), weaver,
                    c.target(), assembled, Deployment.ALL_ENABLED);
                Class<?> target = loader.loadClass(c.target());
                target.getMethod("run").invoke(null);
                for (String e : Events.drain()) {
                    System.out.println(e);
                }
                StringBuilder ops = new StringBuilder();
                for (int op : Events.drainOpcodes()) {
                    ops.append(ops.length() == 0 ? "" : ",").append(Printer.OPCODES[op].toLowerCase());
                }
                if (ops.length() > 0) {
                    System.out.println("opcodes=" + ops);
                }
                for (WeaveResult r : loader.results) {
                    for (Fallback f : r.fallbacks()) {
                        System.out.println("fallback " + f.methodName() + f.methodDesc() + ": " + f.reason());
                    }
                }
                long failures = SnippetFailures.count() - failuresBefore;
                if (failures > 0) {
                    System.out.println("snippet failures=" + failures + " first=" + SnippetFailures.first());
                }
            } catch (Throwable t) {
                System.out.println("ERROR " + t);
                t.printStackTrace(System.out);
            }
            System.out.println("### end");
        }
    }

    private WovenRunner() {
    }
}
