package io.taper.analysis.sfa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.analysis.sfa.internal.ConstructorStack;
import io.taper.analysis.sfa.internal.FieldEvents;
import io.taper.analysis.sfa.internal.FieldRows;
import io.taper.runtime.SiteInfo;
import io.taper.runtime.SiteRegistry;
import io.taper.weaver.AnalysisSpec;
import io.taper.weaver.Deployment;
import io.taper.weaver.WeaveRequest;
import io.taper.weaver.WeaveResult;
import io.taper.weaver.Weaver;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The snippets woven by the real weaver into the handcrafted cases ({@code fixtures.sfa}), loaded by
 * a class loader (so verified) and run in this JVM: the sites see the right receivers, the guards pick
 * the right snippets and the constructor stack is kept where the analysis needs it.
 */
class WovenCasesTest {

    static final String P = "fixtures.sfa.StationaryCases$";
    static List<SiteInfo> sites = new ArrayList<>();
    static long roundResult;

    /** Loads fixtures.sfa classes woven, everything else from the test class path. */
    static final class WeavingLoader extends ClassLoader {
        private final Weaver weaver;

        WeavingLoader(Weaver weaver) {
            super(WovenCasesTest.class.getClassLoader());
            this.weaver = weaver;
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith("fixtures.sfa.")) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c != null) {
                    return c;
                }
                String internal = name.replace('.', '/');
                byte[] original;
                try (InputStream in = getParent().getResourceAsStream(internal + ".class")) {
                    original = in.readAllBytes();
                } catch (IOException e) {
                    throw new ClassNotFoundException(name, e);
                }
                WeaveResult r = weaver.weave(new WeaveRequest(7, internal, original, Deployment.ALL_ENABLED));
                if (r.status() == WeaveResult.Status.FAILED) {
                    throw new ClassNotFoundException(name + ": " + r.error());
                }
                SiteRegistry.register(r.sites());
                sites.addAll(r.sites());
                byte[] b = r.status() == WeaveResult.Status.WOVEN ? r.bytes() : original;
                return defineClass(name, b, 0, b.length);
            }
        }
    }

    @BeforeAll
    static void weaveAndRun() throws Exception {
        Weaver weaver = Weaver.create(AnalysisSpec.of("sfa",
            List.of(FieldAccessSnippets.class, ConstructorSnippets.class), List.of()));
        Class<?> main = new WeavingLoader(weaver).loadClass("fixtures.sfa.StationaryCases");
        Method round = main.getDeclaredMethod("round");
        round.setAccessible(true);
        roundResult = (Long) round.invoke(null);
        roundResult += (Long) round.invoke(null);
    }

    @Test
    void theWovenProgramComputesWhatTheOriginalDoes() {
        assertEquals(2 * 8161L, roundResult);
        assertEquals(0, ConstructorStack.depth(), "every constructor frame pushed was popped");
    }

    @Test
    void everyCaseHasItsKnownAnswer() {
        List<String> rows = new ArrayList<>();
        for (Map<String, Object> r : FieldRows.of(FieldEvents.state().fields(), true)) {
            if (String.valueOf(r.get("class")).startsWith(P)) {
                rows.add(r.get("class") + " " + r.get("field") + " " + r.get("descriptor") + " " + r.get("category")
                    + " " + r.get("verdict"));
            }
        }
        assertEquals(List.of(
            P + "Account owner Ljava/lang/String; uF stationary",
            P + "Builder n I uF non-stationary",
            P + "Circle radius I dF non-stationary",
            P + "Config size I uF stationary",
            P + "Counter count I nF non-stationary",
            P + "Label text Ljava/lang/String; nF stationary",
            P + "Outer base I uF stationary",
            P + "Outer$Inner this$0 Lfixtures/sfa/StationaryCases$Outer; dF stationary",
            P + "Service port I nF stationary",
            P + "Stamp millis J uF stationary",
            P + "Stamp ratio D uF stationary"), rows);
    }

    @Test
    void finalFieldsGetTheirOwnSnippetsAndConstructorsAreBracketed() {
        assertTrue(has("sfa.readFinal", "fixtures/sfa/StationaryCases$Circle", "describe"));
        assertTrue(has("sfa.writeFinal", "fixtures/sfa/StationaryCases$Circle", "<init>"));
        assertTrue(has("sfa.read", "fixtures/sfa/StationaryCases$Counter", "inc"));
        assertTrue(has("sfa.write", "fixtures/sfa/StationaryCases$Counter", "inc"));
        assertTrue(has("sfa.constructorEnter", "fixtures/sfa/StationaryCases$Config", "<init>"));
        assertTrue(has("sfa.constructorExit", "fixtures/sfa/StationaryCases$Config", "<init>"));
        assertTrue(!has("sfa.readFinal", "fixtures/sfa/StationaryCases$Counter", "inc"));
        // Circle() only assigns its final field: no frame (ConstructorFrameMarker); Shape(), whose virtual
        // call reads it first, keeps its own, and radius is still non-stationary (everyCaseHasItsKnownAnswer).
        assertTrue(!has("sfa.constructorEnter", "fixtures/sfa/StationaryCases$Circle", "<init>"));
        assertTrue(has("sfa.constructorEnter", "fixtures/sfa/StationaryCases$Shape", "<init>"));
    }

    @Test
    void deadSitesAreExactlyTheSettledFieldsAccesses() {
        // Builder.n is uF and non-stationary: its second write, to this in the constructor after a read (an own
        // write), can change neither, and is dead too; a write of it anywhere else would stay, to see an nF.
        List<String> dead = new ArrayList<>();
        for (SiteInfo s : sites) {
            if (SiteRegistry.isDead(s.id())) {
                dead.add(s.className().substring(s.className().lastIndexOf('$') + 1) + "." + s.methodName()
                    + " " + s.snippet() + " " + s.staticContext().get("field.name"));
            }
        }
        dead.sort(null);
        assertEquals(List.of(
            "Account.<init> sfa.writeFresh owner",      // fresh writes: dead after their first event
            "Builder.<init> sfa.read n",
            "Builder.<init> sfa.writeFresh n",
            "Builder.<init> sfa.writeOwn n",
            "Circle.<init> sfa.writeFinal radius",
            "Circle.describe sfa.readFinal radius",
            "Counter.inc sfa.read count",
            "Counter.inc sfa.write count",
            "Inner.<init> sfa.writeFreshSettled this$0", // the outer instance, stored before Object.<init>: settled
            "Inner.get sfa.readSettled this$0",         // final, written only fresh: settled
            "Outer.<init> sfa.writeFresh base",
            "Stamp.<init> sfa.writeFresh millis",
            "Stamp.<init> sfa.writeFresh ratio",
            "fixtures/sfa/StationaryCases.round sfa.read count",
            "fixtures/sfa/StationaryCases.round sfa.read n"), dead);
    }

    private static boolean has(String snippet, String cls, String method) {
        for (SiteInfo s : sites) {
            if (s.snippet().equals(snippet) && s.className().equals(cls) && s.methodName().equals(method)) {
                return true;
            }
        }
        return false;
    }
}
