package io.taper.weaver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.taper.weaver.fork.Cases;
import io.taper.weaver.fork.ForkedRun;
import io.taper.weaver.fork.HandAssembled;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.util.CheckClassAdapter;
import validation.targets.InstructionKinds;

/**
 * The validation targets: every case's classes are woven and checked with {@link CheckClassAdapter}, then
 * run in a forked JVM with {@code -Xverify:all} (prepared snippets, so the per-thread bypass is real) and
 * the printed event sequences are compared exactly. When a JDK 25 is installed at the usual place the
 * forked run is repeated on it and must print the same.
 */
class ValidationTargetsTest {

    private static final Path JDK25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");
    private static Map<String, List<String>> events;
    private static final List<String> wovenClasses = new ArrayList<>();

    @BeforeAll
    static void weaveVerifyAndRun() throws Exception {
        for (Cases.Case c : Cases.ALL.values()) {
            Weaver weaver = Weaver.create(AnalysisSpec.of(c.id(), List.of(c.snippets()), List.of()));
            for (byte[] bytes : classesOf(c.target())) {
                WeaveResult r = weaver.weave(new WeaveRequest(1, null, bytes, Deployment.ALL_ENABLED));
                assertTrue(r.status() != WeaveResult.Status.FAILED, c.id() + ": " + r.error());
                if (r.status() == WeaveResult.Status.WOVEN) {
                    StringWriter sw = new StringWriter();
                    CheckClassAdapter.verify(new ClassReader(r.bytes()), ValidationTargetsTest.class.getClassLoader(),
                        false, new PrintWriter(sw));
                    assertEquals("", sw.toString(), c.id() + ": CheckClassAdapter on " + new ClassReader(bytes).getClassName());
                    wovenClasses.add(new ClassReader(bytes).getClassName());
                }
            }
        }
        Path work = Files.createDirectories(Path.of("target", "validation"));
        events = ForkedRun.run(work, Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            new ArrayList<>(Cases.ALL.keySet()));
    }

    /** The target class and its nested classes (from test-classes), or a hand-assembled class. */
    private static List<byte[]> classesOf(String target) throws Exception {
        byte[] assembled = HandAssembled.all().get(target);
        if (assembled != null) {
            return List.of(assembled);
        }
        Path dir = ForkedRunAccess.testClasses().resolve(target.substring(0, target.lastIndexOf('.')).replace('.', '/'));
        String simple = target.substring(target.lastIndexOf('.') + 1);
        List<byte[]> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files.sorted()::iterator) {
                String n = f.getFileName().toString();
                if (n.equals(simple + ".class") || n.startsWith(simple + "$")) {
                    out.add(Files.readAllBytes(f));
                }
            }
        }
        return out;
    }

    @Test
    void everyCaseWovenAndVerified() {
        assertEquals(List.of("validation/targets/TryCatchFinally", "validation/targets/Constructors$Base",
            "validation/targets/Constructors$Child", "validation/targets/Constructors$Inner",
            "validation/targets/Constructors", "validation/targets/Synchronized", "validation/targets/Switches",
            "validation/targets/Lambdas", "validation/targets/WideLocals", "validation/targets/BypassTarget",
            "validation/targets/InstructionKinds$Square", "validation/targets/InstructionKinds",
            "validation/gen/Big", "validation/gen/StackShapes", "validation/gen/StackShapes", "validation/gen/Old",
            "validation/gen/Old"), wovenClasses);
        assertEquals(new ArrayList<>(Cases.ALL.keySet()), new ArrayList<>(events.keySet()));
    }

    @Test
    void tryCatchFinally() {
        assertEquals(List.of(
            "> run",
            "> normal", "< normal 2", "after normal thrown=null",
            "> throwsInside", "! throwsInside IllegalStateException(neg)",
            "after throwsInside thrown=IllegalStateException(neg)",
            "catch run IllegalStateException(neg)",
            "> catchesInside", "catch catchesInside IllegalArgumentException(inner)", "< catchesInside 7",
            "after catchesInside thrown=null",
            "> finallyReturn", "< finallyReturn 1", "after finallyReturn thrown=null",
            "> nested", "catch nested UnsupportedOperationException(deep)",
            "> helper", "< helper 0", "after helper thrown=null",
            "catch nested UnsupportedOperationException(deep)", "< nested 0", "after nested thrown=null",
            "> escapes", "catch escapes IllegalStateException(a)",
            "> helper", "< helper 0", "after helper thrown=null",
            "! escapes IllegalStateException(a)", "after escapes thrown=IllegalStateException(a)",
            "catch run IllegalStateException(a)",
            "< run 0", "after run thrown=null"), events.get("exits"));
    }

    @Test
    void constructorsBeforeAndAfterSuper() {
        assertEquals(List.of(
            // new Child("ab")
            "enter Constructors$Child(Ljava/lang/String;)V this=null",
            "enter Constructors$Base(I)V this=null",
            "init Constructors$Base(I)V this=Constructors$Child",
            "put v receiver=Constructors$Child value=null",
            "done Constructors$Base(I)V this=Constructors$Child thrown=null",
            "init Constructors$Child(Ljava/lang/String;)V this=Constructors$Child",
            "put name receiver=Constructors$Child value=ab",
            "done Constructors$Child(Ljava/lang/String;)V this=Constructors$Child thrown=null",
            // new Child(): this("dflt")
            "enter Constructors$Child()V this=null",
            "enter Constructors$Child(Ljava/lang/String;)V this=null",
            "enter Constructors$Base(I)V this=null",
            "init Constructors$Base(I)V this=Constructors$Child",
            "put v receiver=Constructors$Child value=null",
            "done Constructors$Base(I)V this=Constructors$Child thrown=null",
            "init Constructors$Child(Ljava/lang/String;)V this=Constructors$Child",
            "put name receiver=Constructors$Child value=dflt",
            "done Constructors$Child(Ljava/lang/String;)V this=Constructors$Child thrown=null",
            "init Constructors$Child()V this=Constructors$Child",
            "done Constructors$Child()V this=Constructors$Child thrown=null",
            // new Child(-1): throws after super()
            "enter Constructors$Child(I)V this=null",
            "enter Constructors$Base(I)V this=null",
            "init Constructors$Base(I)V this=Constructors$Child",
            "put v receiver=Constructors$Child value=null",
            "done Constructors$Base(I)V this=Constructors$Child thrown=null",
            "init Constructors$Child(I)V this=Constructors$Child",
            "done Constructors$Child(I)V this=Constructors$Child thrown=IllegalArgumentException(fail)",
            // new Constructors().new Inner(): this$0 is written before super(), on an uninitialised receiver
            "enter Constructors()V this=null",
            "init Constructors()V this=Constructors",
            "done Constructors()V this=Constructors thrown=null",
            "enter Constructors$Inner(Lvalidation/targets/Constructors;)V this=null",
            "put this$0 receiver=null value=Constructors",
            "init Constructors$Inner(Lvalidation/targets/Constructors;)V this=Constructors$Inner",
            "put k receiver=Constructors$Inner value=null",
            "done Constructors$Inner(Lvalidation/targets/Constructors;)V this=Constructors$Inner thrown=null"),
            events.get("constructors"));
    }

    @Test
    void synchronizedMethodsAndBlocks() {
        assertEquals(List.of(
            "> syncMethod (synchronized)", "< syncMethod thrown=null",
            "> syncBlock", "monitorenter Object", "monitorexit Object", "< syncBlock thrown=null",
            "> syncThrows", "monitorenter Object", "monitorexit Object",
            "< syncThrows thrown=IllegalStateException(in sync)",
            "holdsLock=false counter=3"), events.get("monitors"));
    }

    @Test
    void switches() {
        assertEquals(List.of(
            "tableswitch 2", "< table 12", "tableswitch 9", "< table -1",
            "lookupswitch 500", "< lookup 2", "lookupswitch 7", "< lookup 0",
            // string switch: on hashCode ("bb".hashCode() = 3136), then on the case index
            "lookupswitch 3136", "lookupswitch 1", "< strings 2",
            "lookupswitch 3904", "lookupswitch -1", "< strings 0",
            // enum switch: on javac's $SwitchMap$ index
            "lookupswitch 2", "< enums 3"), events.get("switches"));
    }

    @Test
    void lambdasAndInvokedynamic() {
        assertEquals(List.of(
            "indy get -> lambda", "indy applyAsInt -> lambda", "indy apply -> lambda",
            "> lambda$run$0()Ljava/lang/String; arg0=0",
            "> lambda$run$1(II)I arg0=40",
            "indy makeConcatWithConstants -> results hi 42 3",
            "results hi 42 3"), events.get("lambdas"));
    }

    @Test
    void longAndDoubleLocalsAndSyntheticLocal() {
        assertEquals(List.of(
            "> mix 1099511627776 2.5 3 7",
            "ladd 1099511627776 + 7 b=2.5 c=3 t0=101",
            "dmul = 7.5 below=null sum=1099511627783",
            "dadd null 0 left=1.099511627783E12",
            "< mix t0=101 return=1.0995116277905E12 d=7"), events.get("wide"));
    }

    @Test
    void bypassAndSnippetFailures() {
        // "> inner" appears once: the call from inside the snippet (outer's) triggers nothing
        assertEquals(List.of("> run", "> outer", "> inner", "> boom", "boom body ran", "> outer",
            "snippet failures=1 first=java.lang.IllegalStateException: snippet bug"), events.get("bypass"));
    }

    @Test
    void everyInstructionKindKeepsItsSemantics() {
        assertEquals(List.of(
            "checksum=" + InstructionKinds.compute(),
            "opcodes=aconst_null,iconst_m1,iconst_0,iconst_1,iconst_2,iconst_3,iconst_4,iconst_5,lconst_0,"
                + "lconst_1,fconst_0,fconst_1,fconst_2,dconst_0,dconst_1,bipush,sipush,ldc,iload,lload,fload,dload,"
                + "aload,iaload,laload,faload,daload,aaload,baload,caload,saload,istore,lstore,fstore,dstore,astore,"
                + "iastore,lastore,fastore,dastore,aastore,bastore,castore,sastore,pop,pop2,dup,dup_x1,dup_x2,dup2,"
                + "dup2_x1,dup2_x2,iadd,ladd,fadd,dadd,isub,lsub,fsub,dsub,imul,lmul,fmul,dmul,idiv,ldiv,fdiv,ddiv,"
                + "irem,lrem,frem,drem,ineg,lneg,fneg,dneg,ishl,lshl,ishr,lshr,iushr,lushr,iand,land,ior,lor,ixor,"
                + "lxor,iinc,i2l,i2f,i2d,l2i,l2f,l2d,f2i,f2l,f2d,d2i,d2l,d2f,i2b,i2c,i2s,lcmp,fcmpl,fcmpg,dcmpl,"
                + "dcmpg,ifeq,ifne,iflt,ifge,ifgt,ifle,if_icmpeq,if_icmpne,if_icmplt,if_icmpge,if_icmpgt,if_icmple,"
                + "if_acmpeq,if_acmpne,goto,tableswitch,lookupswitch,ireturn,lreturn,freturn,dreturn,areturn,return,"
                + "getstatic,putstatic,getfield,putfield,invokevirtual,invokespecial,invokestatic,invokeinterface,"
                + "invokedynamic,new,newarray,anewarray,arraylength,athrow,checkcast,instanceof,monitorenter,"
                + "monitorexit,multianewarray,ifnull,ifnonnull"), events.get("instructions"));
    }

    @Test
    void handAssembledStackShapes() throws Exception {
        Class<?> plain = new ClassLoader(getClass().getClassLoader()) {
            Class<?> define() {
                byte[] b = HandAssembled.all().get(HandAssembled.SHAPES);
                return defineClass(HandAssembled.SHAPES, b, 0, b.length);
            }
        }.define();
        Method shapes = plain.getMethod("shapes", int.class);
        assertEquals(List.of("shapes(1)=" + shapes.invoke(null, 1), "shapes(0)=" + shapes.invoke(null, 0),
            "opcodes=aconst_null,iconst_m1,iconst_0,iconst_1,iconst_2,iconst_3,iconst_4,iconst_5,lconst_1,bipush,"
                + "ldc,iload,aload,istore,astore,pop,pop2,dup,dup_x2,dup2,dup2_x1,dup2_x2,swap,iadd,ladd,isub,imul,"
                + "idiv,iinc,i2l,l2i,ifeq,goto,ireturn,return,putfield,invokevirtual,invokespecial,invokestatic,new"),
            events.get("stack-shapes"));
        assertEquals("shapes(1)=2248", events.get("stack-shapes").get(0));
    }

    @Test
    void handAssembledExitsAndSyntheticLocals() {
        assertEquals(List.of(
            "> run",
            "> shapes", "bb shapes 0", "bb shapes 1",
            "> <init>", "bb <init> 0", "< <init> entered=3 this=StackShapes arg0=0 return=0 thrown=null",
            "bb shapes 3", "bb shapes 5", "< shapes entered=2 this=null arg0=1 return=2248 thrown=null",
            "shapes(1)=2248",
            // 12 / 0 throws out of block 3 into the method's own handler (block 4), which comes first
            "> shapes", "bb shapes 0", "bb shapes 2",
            "> <init>", "bb <init> 0", "< <init> entered=5 this=StackShapes arg0=0 return=0 thrown=null",
            "bb shapes 4", "bb shapes 5", "< shapes entered=4 this=null arg0=0 return=945 thrown=null",
            "shapes(0)=945",
            "bb run 0", "< run entered=1 this=null arg0=0 return=0 thrown=null"), events.get("stack-shapes-exits"));
    }

    @Test
    void methodNear64KbFallsBack() {
        assertEquals(List.of("bb run 0", "bb small 0", "small=10",
            "huge=" + expectedHuge(),
            "fallback huge(I)I: method would exceed 64 KB (code size 134876)"), events.get("big"));
    }

    /** Big.huge(0) by hand: each repetition adds 1, then 2 more when the value is a multiple of 3. */
    private static int expectedHuge() {
        int x = 0;
        for (int r = 0; r < HandAssembled.BIG_REPETITIONS; r++) {
            x++;
            if (x % 3 == 0) {
                x += 2;
            }
        }
        return x;
    }

    @Test
    void java5ClassWithoutFrames() {
        assertEquals(List.of(
            "> run",
            "> loop", "bb loop 0",
            "bb loop 1", "bb loop 2", "bb loop 1", "bb loop 2", "bb loop 1", "bb loop 2", "bb loop 1", "bb loop 2",
            "bb loop 1", "bb loop 3", "< loop entered=2 this=null arg0=4 return=6 thrown=null", "loop(4)=6",
            "> divide", "bb divide 1", "< divide entered=3 this=null arg0=6 return=-1 thrown=null", "divide(6,0)=-1",
            "> divide", "bb divide 0", "< divide entered=4 this=null arg0=6 return=2 thrown=null", "divide(6,3)=2",
            "> fail", "bb fail 0 thrown=IllegalStateException(old)",
            "< fail entered=5 this=null arg0=9 return=0 thrown=IllegalStateException(old)",
            "bb run 1", "bb run 2", "< run entered=1 this=null arg0=0 return=0 thrown=null"), events.get("old"));
        assertEquals(List.of("loop(4)=6", "divide(6,0)=-1", "divide(6,3)=2",
            "opcodes=iconst_m1,iconst_0,iconst_3,iconst_4,bipush,ldc,iload,istore,pop,dup,iadd,idiv,iinc,if_icmpge,"
                + "goto,ireturn,return,invokevirtual,invokespecial,invokestatic,new,athrow"),
            events.get("old-instructions"));
    }

    @Test
    void sameEventsOnJdk25() throws Exception {
        if (!Files.isExecutable(JDK25)) {
            System.out.println("no JDK 25 at " + JDK25 + ": forked run on " + System.getProperty("java.version") + " only");
            return;
        }
        Path work = Files.createDirectories(Path.of("target", "validation-jdk25"));
        assertEquals(events, ForkedRun.run(work, JDK25.toString(), new ArrayList<>(Cases.ALL.keySet())));
    }

    /** Where the test classes are (for reading target class files). */
    private static final class ForkedRunAccess {
        static Path testClasses() throws Exception {
            return Path.of(ValidationTargetsTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        }
    }
}
