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

    @Test
    void jackson() throws Exception {
        assertEquals("jackson orders=8000 items=35690 jsonBytes=3768188 totalCents=5796578956 checksum=a1eca3b5ac82ce2d",
                JacksonWorkload.run(ci(JacksonWorkload.CI_UNITS)));
    }

    /** Class files are javac's own output, so this line is JDK 17's; another javac writes other bytes. */
    @Test
    void javac() throws Exception {
        assertEquals("javac files=4 tasks=1 classes=129 classBytes=717208 diagnostics=40 errors=0"
                + " checksum=2542bb9d9de4f5f5", JavacWorkload.run(ci(JavacWorkload.CI_UNITS)));
    }

    /** Class files are javac's own output, as the javac workload's: JDK 17's line. */
    @Test
    void ant() throws Exception {
        assertEquals("ant builds=1 files=25 classes=28 classBytes=139789 checksum=736b98a95e08e4a8",
                AntWorkload.run(ci(AntWorkload.CI_UNITS)));
    }

    @Test
    void rhino() throws Exception {
        assertEquals("rhino units=20 checksum=0e7951ffd95f128f", RhinoWorkload.run(ci(RhinoWorkload.CI_UNITS)));
    }

    /** The load client runs in a forked JVM; its fixed verification sequence gives the same checksum at any load. */
    @Test
    void serve() throws Exception {
        assertEquals("serve seconds=3 connections=8 verified=300 checksum=7812cbf5c0b55a33",
                ServeWorkload.run(ci(ServeWorkload.CI_UNITS)));
    }

    private static WorkloadSize ci(int units) {
        return WorkloadSize.parse(new String[] {"--size", "ci"}, units, units * 10);
    }
}
