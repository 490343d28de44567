package io.taper.launcher.profile;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The paper's Table 5 metrics between a reference ranking (a sampling profiler's) and a candidate
 * (an instrumented profile), over the reference's top {@code n}:
 * <ul>
 * <li>match: how many methods the two top-n sets share;</li>
 * <li>sad: the sum, over the reference's top n, of |reference rank - candidate rank|, where the candidate
 *     rank is the method's position in the whole candidate ranking (a method the candidate never saw ranks
 *     just after its last method);</li>
 * <li>mad: sad divided by the number of methods summed.</li>
 * </ul>
 *
 * @param compared the reference top-n size actually used (n, or fewer if the reference is shorter)
 * @param missing  reference top-n methods the candidate never saw
 * @param rows     per reference top-n method: name, reference rank, candidate rank (0: never seen)
 */
public record AccuracyMetrics(int top, int compared, int match, long sad, double mad, int missing, List<Row> rows) {

    /** One reference top-n method. */
    public record Row(String method, int referenceRank, int candidateRank) {
    }

    public static AccuracyMetrics compare(Ranking reference, Ranking candidate, int top) {
        if (top < 1) {
            throw new IllegalArgumentException("top must be at least 1, got " + top);
        }
        List<String> refTop = reference.top(top);
        Set<String> candTop = new HashSet<>(candidate.top(top));
        int match = 0;
        long sad = 0;
        int missing = 0;
        List<Row> rows = new ArrayList<>();
        for (String m : refTop) {
            int refRank = reference.rank(m);
            int candRank = candidate.rank(m);
            if (candTop.contains(m)) {
                match++;
            }
            if (candRank == 0) {
                missing++;
            }
            sad += Math.abs(refRank - (candRank == 0 ? candidate.size() + 1 : candRank));
            rows.add(new Row(m, refRank, candRank));
        }
        double mad = refTop.isEmpty() ? 0 : (double) sad / refTop.size();
        return new AccuracyMetrics(top, refTop.size(), match, sad, mad, missing, List.copyOf(rows));
    }
}
