package io.taper.eval.workloads;

import java.io.OutputStream;
import java.io.StringReader;
import java.util.Date;
import java.util.Random;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.sax.SAXResult;
import javax.xml.transform.stream.StreamSource;
import org.apache.fop.apps.FOUserAgent;
import org.apache.fop.apps.Fop;
import org.apache.fop.apps.FopFactory;
import org.apache.fop.apps.FormattingResults;
import org.apache.fop.apps.MimeConstants;

/**
 * Apache FOP: render generated XSL-FO documents (headings, justified paragraphs, tables, lists, page
 * numbers and cross-references) to PDF in memory. One unit is one document of a few pages.
 */
public final class FopWorkload {

    static final int CI_UNITS = 10;
    static final int FULL_UNITS = 400;

    private static final int SECTIONS = 6;

    private FopWorkload() {
    }

    public static void main(String[] args) {
        WorkloadMain.main(args, "fop", CI_UNITS, FULL_UNITS, FopWorkload::run);
    }

    static String run(WorkloadSize size) throws Exception {
        System.setProperty("java.awt.headless", "true");
        FopFactory fopFactory = FopFactory.newInstance(new java.io.File(".").toURI());
        // The JDK's own identity transformer feeds the FO into FOP; named explicitly because the class
        // path also holds Xalan and Saxon.
        TransformerFactory identity = TransformerFactory.newDefaultInstance();
        SyntheticText text = new SyntheticText(4_000, 4_242L);
        Fingerprint f = new Fingerprint();
        long pages = 0;
        long bytes = 0;
        for (int d = 0; d < size.units(); d++) {
            FOUserAgent agent = fopFactory.newFOUserAgent();
            agent.setCreationDate(new Date(0L)); // fixed, so the PDF bytes do not depend on the clock
            agent.setProducer("taper-evaluation");
            CountingStream out = new CountingStream();
            Fop fop = fopFactory.newFop(MimeConstants.MIME_PDF, agent, out);
            Transformer t = identity.newTransformer();
            t.transform(new StreamSource(new StringReader(document(d, text))), new SAXResult(fop.getDefaultHandler()));
            FormattingResults results = fop.getResults();
            pages += results.getPageCount();
            bytes += out.count;
            f.add(results.getPageCount()).add(out.count);
        }
        return "fop documents=" + size.units() + " pages=" + pages + " pdfBytes=" + bytes + " checksum=" + f.hex();
    }

    private static String document(int index, SyntheticText text) {
        Random random = text.random();
        StringBuilder b = new StringBuilder(64 * 1024);
        b.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
                .append("<fo:root xmlns:fo=\"http://www.w3.org/1999/XSL/Format\">")
                .append("<fo:layout-master-set><fo:simple-page-master master-name=\"A4\" page-height=\"29.7cm\"")
                .append(" page-width=\"21cm\" margin=\"2cm\"><fo:region-body margin-bottom=\"1.5cm\"/>")
                .append("<fo:region-after extent=\"1cm\"/></fo:simple-page-master></fo:layout-master-set>")
                .append("<fo:page-sequence master-reference=\"A4\">")
                .append("<fo:static-content flow-name=\"xsl-region-after\"><fo:block text-align=\"center\" font-size=\"8pt\">")
                .append("Report ").append(index).append(" — page <fo:page-number/> of <fo:page-number-citation ref-id=\"end\"/>")
                .append("</fo:block></fo:static-content><fo:flow flow-name=\"xsl-region-body\" font-family=\"Helvetica\" font-size=\"10pt\">")
                .append("<fo:block font-size=\"18pt\" font-weight=\"bold\" space-after=\"8pt\">Report ").append(index)
                .append(": ").append(escape(text.sentence(4))).append("</fo:block>");
        for (int s = 0; s < SECTIONS; s++) {
            b.append("<fo:block id=\"s").append(s).append("\" font-size=\"13pt\" font-weight=\"bold\" space-before=\"10pt\"")
                    .append(" keep-with-next=\"always\">").append(s + 1).append(". ").append(escape(text.sentence(3)))
                    .append("</fo:block>");
            for (int p = 0; p < 3; p++) {
                b.append("<fo:block text-align=\"justify\" space-after=\"4pt\" hyphenate=\"false\">")
                        .append(escape(text.sentence(60 + random.nextInt(80))))
                        .append(" (see section <fo:page-number-citation ref-id=\"s").append(random.nextInt(SECTIONS))
                        .append("\"/>)</fo:block>");
            }
            table(b, text, random);
            b.append("<fo:list-block provisional-distance-between-starts=\"12pt\">");
            for (int i = 0; i < 4; i++) {
                b.append("<fo:list-item><fo:list-item-label end-indent=\"label-end()\"><fo:block>•</fo:block>")
                        .append("</fo:list-item-label><fo:list-item-body start-indent=\"body-start()\"><fo:block>")
                        .append(escape(text.sentence(8 + random.nextInt(12))))
                        .append("</fo:block></fo:list-item-body></fo:list-item>");
            }
            b.append("</fo:list-block>");
        }
        return b.append("<fo:block id=\"end\"/></fo:flow></fo:page-sequence></fo:root>").toString();
    }

    private static void table(StringBuilder b, SyntheticText text, Random random) {
        b.append("<fo:table table-layout=\"fixed\" width=\"100%\" border=\"0.5pt solid black\" space-after=\"6pt\">")
                .append("<fo:table-column column-width=\"15%\"/><fo:table-column column-width=\"55%\"/>")
                .append("<fo:table-column column-width=\"30%\"/><fo:table-body>");
        int rows = 8 + random.nextInt(10);
        for (int r = 0; r < rows; r++) {
            b.append("<fo:table-row>")
                    .append(cell(Integer.toString(r + 1)))
                    .append(cell(escape(text.sentence(2 + random.nextInt(6)))))
                    .append(cell(String.format(java.util.Locale.ROOT, "%,.2f", random.nextInt(10_000_000) / 100.0)))
                    .append("</fo:table-row>");
        }
        b.append("</fo:table-body></fo:table>");
    }

    private static String cell(String content) {
        return "<fo:table-cell border=\"0.5pt solid gray\" padding=\"2pt\"><fo:block>" + content + "</fo:block></fo:table-cell>";
    }

    /** The generated words are plain ASCII letters; escaping is kept for safety of future vocabularies. */
    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;");
    }

    /**
     * Counts the PDF's bytes without keeping them. Only the length is digested: FOP writes a file /ID
     * derived from the clock, so the bytes differ between runs while their length does not.
     */
    private static final class CountingStream extends OutputStream {
        long count;

        @Override
        public void write(int b) {
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            count += len;
        }
    }
}
