package io.taper.agent.internal;

import io.taper.controller.ClassDeployment;
import io.taper.controller.ClassDeployments;
import io.taper.protocol.SameClassFile;
import io.taper.protocol.WeaveStatus;
import io.taper.protocol.Woven;
import io.taper.runtime.AgentTime;
import io.taper.runtime.Bypass;
import io.taper.runtime.SiteRegistry;
import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;

/**
 * Sends every class the JVM loads or retransforms to the server and returns the woven bytes.
 *
 * <p>Re-entrancy: the agent's own work (encoding, the socket, decoding) loads classes too. A thread that
 * is already inside the transformer, or is one of the agent's own threads, does not call the server
 * again: the class is queued ({@link PendingClasses}) and loads unmodified; a background thread
 * retransforms it moments later. Never throws: the JVM would swallow the exception anyway, and a
 * failure must be counted, not lost.
 */
final class TaperTransformer implements ClassFileTransformer {

    /**
     * Per thread: [0] non-zero while inside the transformer or for the agent's own threads; [1] non-zero while the
     * thread retransforms for the start-up pass (only its classes may take the pass's answers: in the background, the
     * program's threads and the controller retransform meanwhile).
     */
    private static final class InAgent extends ThreadLocal<int[]> {
        @Override
        protected int[] initialValue() {
            return new int[2];
        }
    }

    // A subclass, not withInitial(lambda): the agent avoids lambdas and indy string concatenation so
    // that premain does not bootstrap java.lang.invoke (tens of milliseconds and hundreds of classes).
    private static final InAgent IN_AGENT = new InAgent();

    private final ServerLink link;
    private final SkippedClasses skipped;
    private final ClassLoaderTags tags;
    private final PendingClasses pending;
    private final AgentStats stats;
    /**
     * The server's answers while premain's start-up pass runs, else null: the pass's retransformations are marked, and
     * may take an answer.
     */
    private volatile StartupAnswerTable startupAnswers;
    private volatile boolean passStopped;
    /** The server's answers for the controller's batch being retransformed now, else null. */
    private volatile AheadAnswerTable aheadAnswers;

    TaperTransformer(ServerLink link, ClassLoaderTags tags, PendingClasses pending, AgentStats stats) {
        this(link, tags, pending, stats, SkippedClasses.NONE);
    }

    TaperTransformer(ServerLink link, ClassLoaderTags tags, PendingClasses pending, AgentStats stats,
                     SkippedClasses skipped) {
        this.skipped = skipped;
        this.link = link;
        this.tags = tags;
        this.pending = pending;
        this.stats = stats;
    }

    /**
     * Whether retransformed classes are woven from their class files (an attach): for a class loaded before any agent
     * kept its bytes, HotSpot hands every retransformation the class it reconstitutes, whose methods and attributes may
     * come in another order; weaving the class file itself keeps what depends on that order (coverage's probe and
     * class ids) as a launched run has it, and every later weave of the class sees the same bytes as the first.
     */
    private volatile boolean originalClassFiles;

    /** An attach: retransformed classes are woven from their class files where those are the same class. */
    void originalClassFiles(boolean on) {
        originalClassFiles = on;
    }

    /**
     * The class file the loader finds for the class, if it is the class the JVM has (the same bytes, its methods and
     * attributes in any order: {@link SameClassFile#sameClassUpToOrder}); else the bytes the JVM handed over. Counted
     * either way.
     */
    private byte[] classFileOf(ClassLoader loader, String className, byte[] bytes) {
        byte[] file = null;
        try (java.io.InputStream in = loader.getResourceAsStream(className + ".class")) {
            if (in != null) {
                file = in.readAllBytes();
            }
        } catch (java.io.IOException | RuntimeException e) {
            file = null;
        }
        if (file != null && SameClassFile.sameClassUpToOrder(file, bytes)) {
            stats.classFilesRead.incrementAndGet();
            return file;
        }
        stats.classFilesNotFound.incrementAndGet();
        return bytes;
    }

    /** Loader tag and name of every class this transformer changed: what a detach puts back. */
    private final java.util.Set<String> woven = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private static String key(int loaderTag, String internalName) {
        return loaderTag + ":" + internalName;
    }

    /** Whether this transformer has changed the class with this loader tag and internal name. */
    boolean changed(int loaderTag, String internalName) {
        return woven.contains(key(loaderTag, internalName));
    }

    /** How many classes it has changed. */
    int changedCount() {
        return woven.size();
    }

    /** How many of them the bootstrap loader defined (the JDK's own, mostly). */
    int changedBootstrapCount() {
        int n = 0;
        for (String k : woven) {
            if (k.startsWith("0:")) {
                n++;
            }
        }
        return n;
    }

    /** The start-up pass begins with a table for the server's answers, or ends (null). */
    void startupPass(StartupAnswerTable answers) {
        startupAnswers = answers;
    }

    /**
     * The start-up pass is told to stop (the program ends): the classes its batch in progress has not reached yet stay
     * as they are, so that the batch ends at once.
     */
    void stopPass() {
        passStopped = true;
    }

    /** A controller batch's call begins with the answers woven ahead for it, or ends (null). */
    void aheadAnswers(AheadAnswerTable answers) {
        aheadAnswers = answers;
    }

    /**
     * Begins the agent's own work on a thread that is not the agent's (premain's): the classes it loads meanwhile are
     * queued, never sent, as inside the transformer (a class first loaded by the work that the server's answer needs
     * in turn would be circular). Returns whether it began, for {@link #endAgentWork}.
     */
    static boolean beginAgentWork() {
        int[] depth = IN_AGENT.get();
        if (depth[0] != 0) {
            return false;
        }
        depth[0] = 1;
        return true;
    }

    static void endAgentWork(boolean began) {
        if (began) {
            IN_AGENT.get()[0] = 0;
        }
    }

    /** The calling thread begins ({@code true}) or ends retransforming for the start-up pass. */
    static void passThread(boolean on) {
        IN_AGENT.get()[1] = on ? 1 : 0;
    }

    /** Marks the calling thread as agent-owned for good: its class loads are queued, never sent. */
    static void markAgentThread() {
        IN_AGENT.get()[0] = 1;
    }

    @Override
    public byte[] transform(Module module, ClassLoader loader, String className, Class<?> redefined,
                            ProtectionDomain domain, byte[] bytes) {
        if (className == null || NotSent.isTaper(className)) {
            // Taper's own classes (including the shaded ones) are never woven; checked by name before
            // NeverWoven is consulted, since loading NeverWoven itself passes through here.
            return null;
        }
        int[] depth = IN_AGENT.get();
        boolean onPass = redefined != null && depth[1] != 0;
        if (onPass && passStopped) {
            return null;                       // left as loaded: counted in startupPass.classesLeft
        }
        if (depth[0] != 0) {
            stats.classesQueued.incrementAndGet();
            pending.add(loader, className, redefined);
            return null;
        }
        depth[0] = 1;
        long start = System.nanoTime();
        boolean bypass = Bypass.enter();
        try {
            byte[] woven = weave(loader, className, redefined, bytes, onPass);
            if (onPass) {
                stats.startupClassesReached.incrementAndGet();
            }
            return woven;
        } catch (Throwable t) {
            stats.failed(className, "agent: " + t);
            return null;
        } finally {
            long spent = System.nanoTime() - start;
            if (bypass) {
                // only outside analysis code: inside it, the analysis's own state may be half updated
                AgentTime.spent(spent);
                Bypass.exit();
            }
            if (redefined == null && stats.premainNanos != 0) {
                stats.classLoadWait(spent);   // what the program feels of Taper on its class loads
            }
            depth[0] = 0;
        }
    }

    private byte[] weave(ClassLoader loader, String className, Class<?> redefined, byte[] bytes, boolean onPass) {
        stats.classesSeen.incrementAndGet();
        if (NotSent.matches(className)) {
            stats.classesNeverWoven.incrementAndGet();
            stats.classesUnchanged.incrementAndGet();
            return null;
        }
        if (skipped.skips(loader, className)) {
            stats.classesSkipped.incrementAndGet();
            stats.classesUnchanged.incrementAndGet();
            return null;
        }
        if (!link.available()) {
            stats.classesUntransformed.incrementAndGet();
            return null;
        }
        int tag = tags.tagOf(loader);
        ClassDeployments deployments = ClassDeployments.get();
        ClassDeployment deployment = deployments.forClass(tag, className);
        if (redefined != null && loader != null && originalClassFiles) {
            bytes = classFileOf(loader, className, bytes);
        }
        StartupAnswerTable answers = onPass ? startupAnswers : null;
        boolean startup = answers != null;
        Woven w = startup ? answers.take(tag, className, bytes, deployment) : null;
        AheadAnswerTable ahead = redefined != null && !startup ? aheadAnswers : null;
        if (ahead != null) {
            w = ahead.take(tag, className, bytes, deployment);
        }
        try {
            if (w == null) {
                w = link.weave(tag, className, redefined != null, startup, deployment, bytes);
            }
        } catch (ServerBusyException e) {
            stats.classesSeen.decrementAndGet(); // it will be seen again when retransformed
            stats.classesQueued.incrementAndGet();
            pending.add(loader, className, redefined);
            return null;
        }
        if (w == null) {
            stats.classesUntransformed.incrementAndGet();
            return null;
        }
        if (w.status() == WeaveStatus.FAILED) {
            stats.failed(className, w.message());
            return null;
        }
        if (!w.sites().isEmpty() || w.status() == WeaveStatus.WOVEN) {
            deployments.onWoven(tag, className, w.sites());
            SiteRegistry.register(w.sites());
        }
        if (w.status() == WeaveStatus.WOVEN) {
            woven.add(key(tag, className));
            stats.classesWoven.incrementAndGet();
            stats.bytesWoven.addAndGet(w.bytes().length);
            return w.bytes();
        }
        // UNCHANGED: null keeps the original bytes, which also removes earlier weaving on a retransform.
        stats.classesUnchanged.incrementAndGet();
        return null;
    }
}
