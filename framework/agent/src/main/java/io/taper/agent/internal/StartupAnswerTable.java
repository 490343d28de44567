package io.taper.agent.internal;

import io.taper.controller.ClassDeployment;
import io.taper.protocol.SameClassFile;
import io.taper.protocol.StartupAnswers;
import io.taper.protocol.Woven;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The server's answers for the start-up pass ({@link StartupAnswers}), by class name, each taken at most once. An
 * answer is taken only for the bootstrap loader's class whose bytes have the fingerprint of those the server wove it
 * from ({@link SameClassFile#fingerprint}: the same class file, its methods in any order), with every site enabled: it
 * is then the answer a round trip would have brought, its methods perhaps in another order.
 */
final class StartupAnswerTable {

    private final Map<String, StartupAnswers.Answer> byName = new HashMap<>();
    private final AgentStats stats;

    StartupAnswerTable(AgentStats stats) {
        this.stats = stats;
    }

    /** Adds answers that came (a class's later answer replaces one not taken yet). */
    void add(List<StartupAnswers.Answer> answers) {
        synchronized (byName) {
            for (StartupAnswers.Answer a : answers) {
                byName.put(a.className(), a);
            }
        }
    }

    /** The answer for the class, or null if there is none to take (the class then takes a round trip). */
    Woven take(int loaderTag, String className, byte[] bytes, ClassDeployment deployment) {
        if (loaderTag != 0 || deployment.disabledSites().length != 0 || !deployment.variants().isEmpty()) {
            return null;
        }
        StartupAnswers.Answer a;
        synchronized (byName) {
            a = byName.remove(className);
        }
        if (a == null) {
            return null;
        }
        if (SameClassFile.fingerprint(bytes) != a.fingerprint()) {
            stats.startupAnswersMismatched.incrementAndGet();
            return null;
        }
        stats.startupAnswersUsed.incrementAndGet();
        return a.answer();
    }
}
