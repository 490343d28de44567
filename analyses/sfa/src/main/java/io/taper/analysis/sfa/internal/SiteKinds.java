package io.taper.analysis.sfa.internal;

/** The snippet group names of the SFA sites, as they appear in the site table ({@code SiteInfo.snippet()}). */
public final class SiteKinds {

    public static final String READ = "sfa.read";
    public static final String READ_FINAL = "sfa.readFinal";
    /** A read of a field no write can follow (SettledReadMarker). */
    public static final String READ_SETTLED = "sfa.readSettled";
    public static final String WRITE = "sfa.write";
    public static final String WRITE_FINAL = "sfa.writeFinal";
    /** A constructor's write to its own object that is not fresh (FreshWriteMarker): never outside a constructor. */
    public static final String WRITE_OWN = "sfa.writeOwn";
    /** A write to a constructor's own object before the object can have been seen (FreshWriteMarker). */
    public static final String WRITE_FRESH = "sfa.writeFresh";
    /** A fresh write of a field its class writes only fresh and no other class can write: the field is settled. */
    public static final String WRITE_FRESH_SETTLED = "sfa.writeFreshSettled";
    public static final String CONSTRUCTOR_ENTER = "sfa.constructorEnter";
    public static final String CONSTRUCTOR_EXIT = "sfa.constructorExit";

    private SiteKinds() {
    }

    static boolean isFieldAccess(String snippet) {
        return READ.equals(snippet) || READ_FINAL.equals(snippet) || READ_SETTLED.equals(snippet) || isWrite(snippet);
    }

    static boolean isWrite(String snippet) {
        return WRITE.equals(snippet) || WRITE_FINAL.equals(snippet) || WRITE_OWN.equals(snippet)
            || WRITE_FRESH.equals(snippet) || WRITE_FRESH_SETTLED.equals(snippet);
    }
}
