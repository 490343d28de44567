package io.taper.weaver.internal;

/** The four snippet annotations. */
public enum SnippetKind {
    BEFORE("@Before"), AFTER("@After"), AFTER_RETURNING("@AfterReturning"), AFTER_THROWING("@AfterThrowing");

    final String annotation;

    SnippetKind(String annotation) {
        this.annotation = annotation;
    }

    /** Runs on normal exits of the region. */
    boolean normalExit() {
        return this == AFTER || this == AFTER_RETURNING;
    }

    /** Runs on exceptional exits of the region. */
    boolean exceptionalExit() {
        return this == AFTER || this == AFTER_THROWING;
    }
}
