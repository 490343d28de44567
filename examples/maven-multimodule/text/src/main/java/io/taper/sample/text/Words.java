package io.taper.sample.text;

import io.taper.sample.core.Arith;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Splits and shapes words. */
public final class Words {

    private Words() {
    }

    public static List<String> split(String s) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        for (char c : s.toCharArray()) {
            if (Character.isLetterOrDigit(c)) {
                cur.append(c);
            } else if (cur.length() > 0) {
                out.add(cur.toString());
                cur.setLength(0);
            }
        }
        if (cur.length() > 0) {
            out.add(cur.toString());
        }
        return out;
    }

    public static String capitalize(String w) {
        if (w.isEmpty()) {
            return w;
        }
        return w.substring(0, 1).toUpperCase(Locale.ROOT) + w.substring(1);
    }

    /** Words whose length is a prime number. */
    public static List<String> primeLength(String s) {
        List<String> out = new ArrayList<>();
        for (String w : split(s)) {
            if (Arith.isPrime(w.length())) {
                out.add(w);
            }
        }
        return out;
    }

    public static String kind(String w) {
        switch (w.length()) {
            case 0:
                return "empty";
            case 1:
                return "letter";
            default:
                return w.chars().allMatch(Character::isDigit) ? "number" : "word";
        }
    }
}
