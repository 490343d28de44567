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
 * answer is taken only for the bootstrap loader's class whose bytes are those the server wove it from, up to the order
 * of their methods ({@link SameClassFile}), with every site enabled: it is then the answer a round trip would have
 * brought, its methods perhaps in another order.
 */
final class StartupAnswerTable {

    private final Map<String, StartupAnswers.Answer> byName;
    private final AgentStats stats;

    StartupAnswerTable(List<StartupAnswers.Answer> answers, AgentStats stats) {
        this.byName = new HashMap<>(answers.size() * 2);
        for (StartupAnswers.Answer a : answers) {
            byName.put(a.request().className(), a);
        }
        this.stats = stats;
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
        if (!SameClassFile.upToMethodOrder(a.request().classBytes(), bytes)) {
            stats.startupAnswersMismatched.incrementAndGet();
            return null;
        }
        stats.startupAnswersUsed.incrementAndGet();
        return a.answer();
    }
}
