package sample;

import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListSet;

/** The observed program of the agent tests: prints, loads a few classes after start-up, exits with a code. */
public final class Greeter {

    private Greeter() {
    }

    public static void main(String[] args) {
        TreeMap<String, Integer> words = new TreeMap<>();
        for (String w : "b a c a".split(" ")) {
            words.merge(w, 1, Integer::sum);
        }
        ConcurrentSkipListSet<Integer> counts = new ConcurrentSkipListSet<>(words.values());
        System.out.println("hello from sample: " + words + " " + counts + " " + Twice.of(21));
        int code = args.length > 0 ? Integer.parseInt(args[0]) : 0;
        if (code != 0) {
            System.exit(code);
        }
    }
}
