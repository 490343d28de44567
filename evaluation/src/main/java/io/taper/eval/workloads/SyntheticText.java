package io.taper.eval.workloads;

import java.util.Random;

/**
 * Deterministic pseudo-natural text: a generated vocabulary sampled with a Zipf-like distribution, so
 * indexes, documents and pages have realistic word-frequency skew without bundling a corpus.
 */
final class SyntheticText {

    private static final String[] SYLLABLES = {
        "ka", "lo", "mi", "ne", "ru", "ta", "vo", "shi", "pe", "dra", "qua", "zen", "or", "el", "ith",
        "bar", "cor", "dun", "fel", "gar", "hul", "jin", "kes", "lum", "mor", "nal", "pim", "rok", "sel",
        "tor", "ul", "ven", "wix", "yar", "zol", "an", "ber", "cam", "dox", "eph",
    };

    private final String[] words;
    private final double[] cumulative;
    private final Random random;

    /** A vocabulary of {@code vocabularySize} distinct words; {@code seed} fixes every later draw. */
    SyntheticText(int vocabularySize, long seed) {
        random = new Random(seed);
        words = new String[vocabularySize];
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (int i = 0; i < vocabularySize; ) {
            StringBuilder w = new StringBuilder();
            int syllables = 1 + random.nextInt(3) + (i > vocabularySize / 4 ? 1 : 0);
            for (int s = 0; s < syllables; s++) {
                w.append(SYLLABLES[random.nextInt(SYLLABLES.length)]);
            }
            if (seen.add(w.toString())) {
                words[i++] = w.toString();
            }
        }
        cumulative = new double[vocabularySize];
        double sum = 0;
        for (int i = 0; i < vocabularySize; i++) {
            sum += 1.0 / Math.pow(i + 1, 1.07);
            cumulative[i] = sum;
        }
        for (int i = 0; i < vocabularySize; i++) {
            cumulative[i] /= sum;
        }
    }

    Random random() {
        return random;
    }

    /** The word of the given frequency rank (0 = most frequent). */
    String word(int rank) {
        return words[rank];
    }

    int vocabularySize() {
        return words.length;
    }

    /** A word drawn with Zipf-like frequency. */
    String nextWord() {
        double u = random.nextDouble();
        int lo = 0;
        int hi = cumulative.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (cumulative[mid] < u) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return words[lo];
    }

    /** {@code count} words separated by single spaces. */
    String sentence(int count) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                b.append(' ');
            }
            b.append(nextWord());
        }
        return b.toString();
    }
}
