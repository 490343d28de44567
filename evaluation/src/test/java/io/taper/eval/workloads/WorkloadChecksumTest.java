package io.taper.eval.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Each driver at its {@code ci} size prints the same summary line on every run: the checksum is what
 * the harness compares across modes to show that instrumentation did not change the program's result.
 */
class WorkloadChecksumTest {

    @Test
    void h2() throws Exception {
        assertEquals("h2 transactions=30000 history=20947 checksum=2145257ea0fea3aa",
                H2Workload.run(ci(H2Workload.CI_UNITS)));
    }

    @Test
    void lucene() throws Exception {
        assertEquals("lucene docs=4000 queries=1000 hits=202575 checksum=370ad781d288fd73",
                LuceneWorkload.run(ci(LuceneWorkload.CI_UNITS)));
    }

    @Test
    void xalan() throws Exception {
        assertEquals("xalan documents=30 outputBytes=953551 checksum=c8501fb17a8e231c",
                XalanWorkload.run(ci(XalanWorkload.CI_UNITS)));
    }

    @Test
    void fop() throws Exception {
        assertEquals("fop documents=10 pages=59 pdfBytes=253195 checksum=3139ad9ff1feeb33",
                FopWorkload.run(ci(FopWorkload.CI_UNITS)));
    }

    @Test
    void pmd() throws Exception {
        assertEquals("pmd files=6 violations=4 rules=3 errors=0 checksum=84ec917b94abe719",
                PmdWorkload.run(ci(PmdWorkload.CI_UNITS)));
    }

    private static WorkloadSize ci(int units) {
        return WorkloadSize.parse(new String[] {"--size", "ci"}, units, units * 10);
    }
}
