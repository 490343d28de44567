package io.taper.sample.app;

import io.taper.sample.core.Arith;
import io.taper.sample.text.Words;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** A summary of a text: its words by kind, and a checksum. */
public final class Summary {

    private final Map<String, List<String>> byKind;
    private final long checksum;

    public Summary(String text) {
        List<String> words = Words.split(text);
        byKind = words.stream().collect(Collectors.groupingBy(Words::kind, TreeMap::new, Collectors.toList()));
        long c = 0;
        for (String w : words) {
            c = c * 31 + Arith.gcd(w.length(), 12);
        }
        checksum = c;
    }

    public int count(String kind) {
        List<String> l = byKind.get(kind);
        return l == null ? 0 : l.size();
    }

    public long checksum() {
        return checksum;
    }

    public String render() {
        StringBuilder sb = new StringBuilder();
        byKind.forEach((k, v) -> sb.append(k).append(": ").append(String.join(" ", v)).append('\n'));
        return sb.toString();
    }

    public static void main(String[] args) {
        System.out.print(new Summary(String.join(" ", args)).render());
    }
}
