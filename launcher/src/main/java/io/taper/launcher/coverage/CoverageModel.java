package io.taper.launcher.coverage;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.jacoco.core.analysis.IBundleCoverage;
import org.jacoco.core.analysis.IClassCoverage;
import org.jacoco.core.analysis.ICounter;
import org.jacoco.core.analysis.ILine;
import org.jacoco.core.analysis.IPackageCoverage;
import org.jacoco.core.analysis.ISourceFileCoverage;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * Coverage as two reports can be compared: per class, covered and missed instructions and branches; per source
 * line (package/file:line), the same. Read from JaCoCo's analysis or from its XML report, which holds lines per
 * source file, not per class.
 */
final class CoverageModel {

    /** Covered and missed instructions and branches. */
    record Counts(int ci, int mi, int cb, int mb) {
        boolean covered() {
            return ci > 0;
        }

        boolean touched() {
            return ci > 0 || cb > 0;
        }
    }

    final Map<String, Counts> classes = new TreeMap<>();
    /** "package/File.java" → line → counts. */
    final Map<String, Map<Integer, Counts>> lines = new TreeMap<>();

    static CoverageModel of(IBundleCoverage bundle) {
        CoverageModel m = new CoverageModel();
        for (IPackageCoverage p : bundle.getPackages()) {
            for (IClassCoverage c : p.getClasses()) {
                m.classes.put(c.getName(), counts(c.getInstructionCounter(), c.getBranchCounter()));
            }
            for (ISourceFileCoverage s : p.getSourceFiles()) {
                Map<Integer, Counts> byLine = new TreeMap<>();
                for (int i = s.getFirstLine(); i <= s.getLastLine() && i > 0; i++) {
                    ILine line = s.getLine(i);
                    if (line.getInstructionCounter().getTotalCount() > 0) {
                        byLine.put(i, counts(line.getInstructionCounter(), line.getBranchCounter()));
                    }
                }
                m.lines.put(key(p.getName(), s.getName()), byLine);
            }
        }
        return m;
    }

    private static Counts counts(ICounter instructions, ICounter branches) {
        return new Counts(instructions.getCoveredCount(), instructions.getMissedCount(), branches.getCoveredCount(),
            branches.getMissedCount());
    }

    private static String key(String pkg, String file) {
        return pkg.isEmpty() ? file : pkg + "/" + file;
    }

    /** JaCoCo's XML report (its DTD is not fetched). */
    static CoverageModel ofXml(Path xml) throws IOException {
        CoverageModel m = new CoverageModel();
        Element root;
        try (InputStream in = Files.newInputStream(xml)) {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            f.setFeature("http://xml.org/sax/features/external-general-entities", false);
            f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
            DocumentBuilder b = f.newDocumentBuilder();
            root = b.parse(in).getDocumentElement();
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException(xml + ": not a JaCoCo XML report: " + e.getMessage(), e);
        }
        if (!"report".equals(root.getTagName())) {
            throw new IOException(xml + ": not a JaCoCo XML report (root element " + root.getTagName() + ")");
        }
        NodeList packages = root.getElementsByTagName("package");
        for (int i = 0; i < packages.getLength(); i++) {
            Element p = (Element) packages.item(i);
            for (Element c : children(p, "class")) {
                m.classes.put(c.getAttribute("name"), countersOf(c));
            }
            for (Element s : children(p, "sourcefile")) {
                Map<Integer, Counts> byLine = new TreeMap<>();
                for (Element l : children(s, "line")) {
                    byLine.put(Integer.parseInt(l.getAttribute("nr")), new Counts(num(l, "ci"), num(l, "mi"),
                        num(l, "cb"), num(l, "mb")));
                }
                m.lines.put(key(p.getAttribute("name"), s.getAttribute("name")), byLine);
            }
        }
        return m;
    }

    private static java.util.List<Element> children(Element parent, String tag) {
        java.util.List<Element> out = new java.util.ArrayList<>();
        for (org.w3c.dom.Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(tag)) {
                out.add(e);
            }
        }
        return out;
    }

    private static Counts countersOf(Element c) {
        int ci = 0;
        int mi = 0;
        int cb = 0;
        int mb = 0;
        for (Element counter : children(c, "counter")) {
            switch (counter.getAttribute("type")) {
                case "INSTRUCTION" -> {
                    ci = num(counter, "covered");
                    mi = num(counter, "missed");
                }
                case "BRANCH" -> {
                    cb = num(counter, "covered");
                    mb = num(counter, "missed");
                }
                default -> { }
            }
        }
        return new Counts(ci, mi, cb, mb);
    }

    private static int num(Element e, String attr) {
        String v = e.getAttribute(attr);
        return v.isEmpty() ? 0 : Integer.parseInt(v);
    }
}
