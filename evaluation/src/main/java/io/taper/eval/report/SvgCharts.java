package io.taper.eval.report;

import java.util.List;
import java.util.Locale;

/**
 * Inline SVG charts for report.html (no scripts, no network): grouped overhead bars per workload and
 * the adaptive removal timeline. Overheads use a log scale once the largest factor exceeds 10, so a
 * 50× outlier does not flatten the rest.
 */
final class SvgCharts {

    private static final String FIXED_COLOR = "#d9534f";
    private static final String ADAPTIVE_COLOR = "#3a7bd5";
    private static final String[] SERIES_COLORS = {"#3a7bd5", "#d9534f", "#5cb85c", "#f0ad4e", "#8e44ad", "#16a085",
        "#7f8c8d"};
    private static final int PLOT_HEIGHT = 200;
    private static final int TOP = 30;
    private static final int LEFT = 60;

    private SvgCharts() {
    }

    static String overheadBars(String title, List<OverheadTables.Overhead> overheads) {
        double max = 1;
        for (OverheadTables.Overhead o : overheads) {
            max = Math.max(max, Math.max(o.fixedFactor().orElse(0), o.adaptiveFactor().orElse(0)));
        }
        boolean log = max > 10;
        // Headroom above the tallest bar for its label.
        double top = log ? Math.pow(10, Math.ceil(Math.log10(max * 1.3))) : Math.ceil(max * 1.1);
        int group = 110;
        int width = LEFT + overheads.size() * group + 20;
        StringBuilder b = open(title, width, TOP + PLOT_HEIGHT + 60);
        // Axis ticks: 1, 10, 100, ... on a log scale; 0 .. top in whole steps on a linear one.
        List<Double> ticks = new java.util.ArrayList<>();
        if (log) {
            for (double t = 1; t <= top; t *= 10) {
                ticks.add(t);
            }
        } else {
            double step = top <= 5 ? 1 : 2;
            for (double t = 0; t <= top; t += step) {
                ticks.add(t);
            }
        }
        for (double t : ticks) {
            double y = y(t, top, log);
            b.append(line(LEFT, y, width - 10, y, "#ddd", t == 1 ? "4,3" : null));
            b.append(text(LEFT - 6, y + 4, "end", fmt(t) + "×"));
        }
        for (int i = 0; i < overheads.size(); i++) {
            OverheadTables.Overhead o = overheads.get(i);
            double x = LEFT + i * group + 15;
            bar(b, x, o.fixedFactor().orElse(Double.NaN), top, log, FIXED_COLOR);
            bar(b, x + 40, o.adaptiveFactor().orElse(Double.NaN), top, log, ADAPTIVE_COLOR);
            b.append(text(x + 40, TOP + PLOT_HEIGHT + 16, "middle", o.workload()));
        }
        legend(b, LEFT, TOP + PLOT_HEIGHT + 36, List.of("fixed", "adaptive"), List.of(FIXED_COLOR, ADAPTIVE_COLOR));
        return b.append("</svg>\n").toString();
    }

    static String removalTimeline(String title, List<RemovalTimeline.Series> series) {
        double maxT = 1;
        double maxN = 1;
        for (RemovalTimeline.Series s : series) {
            maxT = Math.max(maxT, s.endMillis());
            maxN = Math.max(maxN, s.total());
        }
        int width = 640;
        int plotWidth = width - LEFT - 20;
        StringBuilder b = open(title, width, TOP + PLOT_HEIGHT + 60);
        b.append(line(LEFT, TOP + PLOT_HEIGHT, LEFT + plotWidth, TOP + PLOT_HEIGHT, "#999", null));
        b.append(line(LEFT, TOP, LEFT, TOP + PLOT_HEIGHT, "#999", null));
        b.append(text(LEFT - 6, TOP + 4, "end", Fmt.count(maxN)));
        b.append(text(LEFT - 6, TOP + PLOT_HEIGHT + 4, "end", "0"));
        b.append(text(LEFT + plotWidth, TOP + PLOT_HEIGHT + 16, "end", Fmt.count(maxT) + " ms"));
        b.append(text(LEFT, TOP + PLOT_HEIGHT + 16, "start", "0 ms"));
        for (int i = 0; i < series.size(); i++) {
            StringBuilder pts = new StringBuilder();
            double prevY = TOP + PLOT_HEIGHT;
            pts.append(f(LEFT)).append(',').append(f(prevY));
            for (double[] p : series.get(i).points()) {
                double x = LEFT + plotWidth * p[0] / maxT;
                double y = TOP + PLOT_HEIGHT - PLOT_HEIGHT * p[1] / maxN;
                pts.append(' ').append(f(x)).append(',').append(f(prevY)).append(' ').append(f(x)).append(',').append(f(y));
                prevY = y;
            }
            pts.append(' ').append(f(LEFT + plotWidth * series.get(i).endMillis() / maxT)).append(',').append(f(prevY));
            b.append("<polyline fill=\"none\" stroke-width=\"2\" stroke=\"").append(color(i)).append("\" points=\"")
                    .append(pts).append("\"/>\n");
        }
        legend(b, LEFT, TOP + PLOT_HEIGHT + 36, series.stream().map(s -> s.workload() + " #" + s.round()).toList(),
                java.util.stream.IntStream.range(0, series.size()).mapToObj(SvgCharts::color).toList());
        return b.append("</svg>\n").toString();
    }

    /** Lines of (x, y) points, one per label, from the origin; x in seconds, y in requests per second. */
    static String throughputLines(String title, List<String> labels, List<List<double[]>> lines) {
        double maxT = 1;
        double maxY = 1;
        for (List<double[]> l : lines) {
            for (double[] p : l) {
                maxT = Math.max(maxT, p[0]);
                maxY = Math.max(maxY, p[1]);
            }
        }
        int width = 640;
        int plotWidth = width - LEFT - 20;
        StringBuilder b = open(title, width, TOP + PLOT_HEIGHT + 60);
        b.append(line(LEFT, TOP + PLOT_HEIGHT, LEFT + plotWidth, TOP + PLOT_HEIGHT, "#999", null));
        b.append(line(LEFT, TOP, LEFT, TOP + PLOT_HEIGHT, "#999", null));
        b.append(text(LEFT - 6, TOP + 4, "end", Fmt.count(maxY) + "/s"));
        b.append(text(LEFT - 6, TOP + PLOT_HEIGHT + 4, "end", "0"));
        b.append(text(LEFT + plotWidth, TOP + PLOT_HEIGHT + 16, "end", Fmt.count(maxT) + " s"));
        b.append(text(LEFT, TOP + PLOT_HEIGHT + 16, "start", "0 s"));
        for (int i = 0; i < lines.size(); i++) {
            StringBuilder pts = new StringBuilder();
            for (double[] p : lines.get(i)) {
                pts.append(pts.length() == 0 ? "" : " ").append(f(LEFT + plotWidth * p[0] / maxT)).append(',')
                        .append(f(TOP + PLOT_HEIGHT - PLOT_HEIGHT * p[1] / maxY));
            }
            b.append("<polyline fill=\"none\" stroke-width=\"2\" stroke=\"").append(color(i)).append("\" points=\"")
                    .append(pts).append("\"/>\n");
        }
        legend(b, LEFT, TOP + PLOT_HEIGHT + 36, labels,
                java.util.stream.IntStream.range(0, labels.size()).mapToObj(SvgCharts::color).toList());
        return b.append("</svg>\n").toString();
    }

    private static void bar(StringBuilder b, double x, double value, double top, boolean log, String color) {
        if (Double.isNaN(value)) {
            b.append(text(x + 17, TOP + PLOT_HEIGHT - 4, "middle", "–"));
            return;
        }
        double y = y(Math.max(value, log ? 1 : 0), top, log);
        b.append(String.format(Locale.ROOT, "<rect x=\"%s\" y=\"%s\" width=\"34\" height=\"%s\" fill=\"%s\"><title>%s</title></rect>%n",
                f(x), f(y), f(TOP + PLOT_HEIGHT - y), color, Fmt.factor(value)));
        b.append(text(x + 17, y - 4, "middle", fmt(value) + "×"));
    }

    private static double y(double value, double top, boolean log) {
        double fraction = log ? Math.log10(Math.max(value, 1)) / Math.log10(top) : value / top;
        return TOP + PLOT_HEIGHT - PLOT_HEIGHT * fraction;
    }

    private static void legend(StringBuilder b, double x, double y, List<String> labels, List<String> colors) {
        for (int i = 0; i < labels.size(); i++) {
            b.append(String.format(Locale.ROOT, "<rect x=\"%s\" y=\"%s\" width=\"12\" height=\"12\" fill=\"%s\"/>%n",
                    f(x), f(y - 10), colors.get(i)));
            b.append(text(x + 16, y, "start", labels.get(i)));
            x += 30 + 7 * labels.get(i).length();
        }
    }

    private static StringBuilder open(String title, int width, int height) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                + " viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"11\" role=\"img\">%n", width, height, width, height));
        b.append("<title>").append(Html.escape(title)).append("</title>\n");
        b.append(text(LEFT, 16, "start", title).replace("<text ", "<text font-weight=\"bold\" "));
        return b;
    }

    private static String line(double x1, double y1, double x2, double y2, String color, String dash) {
        return String.format(Locale.ROOT, "<line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" stroke=\"%s\"%s/>%n",
                f(x1), f(y1), f(x2), f(y2), color, dash == null ? "" : " stroke-dasharray=\"" + dash + "\"");
    }

    private static String text(double x, double y, String anchor, String s) {
        return String.format(Locale.ROOT, "<text x=\"%s\" y=\"%s\" text-anchor=\"%s\">%s</text>%n", f(x), f(y), anchor,
                Html.escape(s));
    }

    private static String color(int i) {
        return SERIES_COLORS[i % SERIES_COLORS.length];
    }

    private static String f(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    private static String fmt(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, v >= 10 ? "%.1f" : "%.2f", v);
    }
}
