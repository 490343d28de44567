package io.taper.eval.workloads;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.StringReader;
import java.util.Random;
import javax.xml.transform.Templates;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.stream.StreamResult;
import javax.xml.transform.stream.StreamSource;
import org.apache.xalan.processor.TransformerFactoryImpl;

/**
 * Xalan: XSLT transforms of generated XML catalogues with a bundled stylesheet (grouping, sorting,
 * recursion, number formatting). One unit is one catalogue document transformed once.
 */
public final class XalanWorkload {

    static final int CI_UNITS = 30;
    static final int FULL_UNITS = 1_200;

    private static final int ITEMS_PER_DOCUMENT = 300;
    private static final String[] CATEGORIES = {
        "books", "music", "garden", "tools", "toys", "kitchen", "sports", "office", "health", "games",
        "outdoor", "lighting",
    };

    private XalanWorkload() {
    }

    public static void main(String[] args) {
        WorkloadMain.main(args, "xalan", CI_UNITS, FULL_UNITS, XalanWorkload::run);
    }

    static String run(WorkloadSize size) throws Exception {
        // Xalan's own factory, named explicitly: the class path also holds Saxon (via PMD), and the JDK
        // has its own XSLTC; a service lookup could pick either.
        TransformerFactoryImpl factory = new TransformerFactoryImpl();
        Templates templates;
        try (InputStream xsl = XalanWorkload.class.getResourceAsStream("catalog-report.xsl")) {
            templates = factory.newTemplates(new StreamSource(xsl));
        }
        SyntheticText text = new SyntheticText(3_000, 7_777L);
        Fingerprint f = new Fingerprint();
        long bytes = 0;
        ByteArrayOutputStream out = new ByteArrayOutputStream(1 << 20);
        for (int d = 0; d < size.units(); d++) {
            String xml = catalogue(d, text);
            out.reset();
            transform(templates, xml, out);
            bytes += out.size();
            f.add(out.toByteArray(), out.size());
        }
        return "xalan documents=" + size.units() + " outputBytes=" + bytes + " checksum=" + f.hex();
    }

    private static void transform(Templates templates, String xml, ByteArrayOutputStream out)
            throws TransformerException {
        Transformer t = templates.newTransformer();
        t.transform(new StreamSource(new StringReader(xml)), new StreamResult(out));
    }

    private static String catalogue(int index, SyntheticText text) {
        Random random = text.random();
        StringBuilder b = new StringBuilder(ITEMS_PER_DOCUMENT * 300);
        b.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<catalog name=\"catalogue ").append(index).append("\">\n");
        for (int i = 0; i < ITEMS_PER_DOCUMENT; i++) {
            b.append("<item id=\"i").append(index).append('-').append(i)
                    .append("\" category=\"").append(CATEGORIES[random.nextInt(CATEGORIES.length)])
                    .append("\" price=\"").append(random.nextInt(100_000) / 100.0)
                    .append("\" stock=\"").append(random.nextInt(500)).append("\">")
                    .append("<name>").append(text.sentence(1 + random.nextInt(3))).append("</name>")
                    .append("<description>  ").append(text.sentence(10 + random.nextInt(30))).append("  </description>")
                    .append("<tags>");
            int tags = random.nextInt(4);
            for (int t = 0; t < tags; t++) {
                b.append("<tag>").append(text.word(random.nextInt(60))).append("</tag>");
            }
            b.append("</tags></item>\n");
        }
        return b.append("</catalog>\n").toString();
    }
}
