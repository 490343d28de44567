package io.taper.examples;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Generates a deterministic text and counts its words: a short program with a hot loop, collections
 * and strings, so every analysis has something to say about it.
 */
public final class WordFrequencies {

    private static final String[] WORDS = {"taper", "adaptive", "instrumentation", "bytecode", "snippet",
        "marker", "scope", "guard", "site", "controller", "field", "method", "class", "server", "agent"};

    private final Map<String, Integer> counts = new HashMap<>();

    private WordFrequencies() {
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        WordFrequencies wf = new WordFrequencies();
        Random random = new Random(42);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < n; i++) {
            text.append(WORDS[random.nextInt(WORDS.length)]).append(i % 17 == 0 ? ". " : " ");
        }
        for (String sentence : text.toString().split("\\. ")) {
            wf.countSentence(sentence);
        }
        List<Map.Entry<String, Integer>> top = new ArrayList<>(wf.counts.entrySet());
        top.sort(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        for (Map.Entry<String, Integer> e : top.subList(0, 3)) {
            System.out.println(e.getKey() + " " + e.getValue());
        }
    }

    private void countSentence(String sentence) {
        for (String word : sentence.split(" ")) {
            if (!word.isEmpty()) {
                counts.merge(normalize(word), 1, Integer::sum);
            }
        }
    }

    private static String normalize(String word) {
        return word.toLowerCase();
    }
}
