package io.taper.agent.internal;

import io.taper.controller.AheadWeaving;
import io.taper.controller.ClassDeployment;
import io.taper.controller.ClassDeployments;
import io.taper.protocol.Weave;
import io.taper.protocol.WovenAhead;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The agent's {@link AheadWeaving}: asks the server to weave a controller batch's classes, {@value #LOT} per request
 * (each woven by the server's threads at once), and hands the answers to the transformer for the batch's call. The
 * answers held stay within {@link #budgetBytes}; classes past it take their round trips in the call.
 */
final class BatchWeaveAhead implements AheadWeaving {

    /** Classes per WEAVE_AHEAD request. */
    static final int LOT = 64;

    private final ServerLink link;
    private final ClassLoaderTags tags;
    private final TaperTransformer transformer;
    private final long budgetBytes;
    private AheadAnswerTable table;

    BatchWeaveAhead(ServerLink link, ClassLoaderTags tags, TaperTransformer transformer, long budgetBytes) {
        this.link = link;
        this.tags = tags;
        this.transformer = transformer;
        this.budgetBytes = budgetBytes;
    }

    /** The default budget: 1/32 of the heap, at most 32 MiB. */
    static long defaultBudgetBytes() {
        return Math.min(32L << 20, Runtime.getRuntime().maxMemory() / 32);
    }

    @Override
    public int prepare(List<Class<?>> classes) {
        AheadAnswerTable t = new AheadAnswerTable();
        table = t;
        if (!link.available()) {
            return 0;
        }
        boolean began = TaperTransformer.beginAgentWork();
        try {
            ClassDeployments deployments = ClassDeployments.get();
            for (int from = 0; from < classes.size() && t.bytes() < budgetBytes; from += LOT) {
                List<Class<?>> lot = classes.subList(from, Math.min(classes.size(), from + LOT));
                List<Weave> asked = new ArrayList<>(lot.size());
                Map<String, ClassDeployment> byName = new HashMap<>();
                for (Class<?> c : lot) {
                    int tag = tags.tagOf(c.getClassLoader());
                    String name = c.getName().replace('.', '/');
                    ClassDeployment d = deployments.current(tag, name);
                    asked.add(new Weave(0, tag, name, true, d.disabledSites(), d.variants(), new byte[0]));
                    byName.put(AheadAnswerTable.key(tag, name), d);
                }
                List<WovenAhead.Answer> answers = link.weaveAhead(asked);
                if (answers == null) {
                    break;
                }
                for (WovenAhead.Answer a : answers) {
                    ClassDeployment d = byName.get(AheadAnswerTable.key(a.loaderTag(), a.className()));
                    if (d != null) {
                        t.add(a, d);
                    }
                }
            }
        } finally {
            TaperTransformer.endAgentWork(began);
        }
        transformer.aheadAnswers(t);
        return t.size();
    }

    @Override
    public int finish() {
        transformer.aheadAnswers(null);
        AheadAnswerTable t = table;
        table = null;
        return t == null ? 0 : t.used();
    }
}
