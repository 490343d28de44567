package io.taper.analysis.sfa;

import io.taper.analysis.sfa.internal.FieldEvents;
import io.taper.analysis.sfa.internal.SiteKinds;
import io.taper.api.Before;
import io.taper.api.Inlinable;
import io.taper.api.ManualBypass;
import io.taper.api.SiteId;
import io.taper.api.StackValue;

/**
 * One site before every {@code getfield} and {@code putfield}: the receiver and the site id (the site
 * table carries the field's owner, name, descriptor and declared-final flag). The snippets enter the bypass
 * themselves, only when an event has something to record ({@link ManualBypass}): most events find their
 * field settled or their object already marked. Declared-final fields get
 * their own snippets (chosen at weave time by guard) because their reads take a cheaper path.
 */
public final class FieldAccessSnippets {

    private FieldAccessSnippets() {
    }

    /**
     * Inlinable: most reads find their object marked already, and testing the mark in the woven method
     * (one load and a compare; a store the first time) is cheaper than the call that otherwise does the same.
     */
    @Inlinable
    @ManualBypass
    @Before(marker = SettledReadMarker.class, args = "other", guard = FieldGuards.NotFinal.class,
            group = SiteKinds.READ)
    public static void read(@StackValue(0) Object receiver, @SiteId int site) {
        if (!FieldEvents.markedRead(receiver, site)) {
            FieldEvents.read(receiver, site);
        }
    }

    @Inlinable
    @ManualBypass
    @Before(marker = SettledReadMarker.class, args = "other", guard = FieldGuards.Final.class,
            group = SiteKinds.READ_FINAL)
    public static void readFinal(@StackValue(0) Object receiver, @SiteId int site) {
        if (!FieldEvents.markedRead(receiver, site)) {
            FieldEvents.readFinal(receiver, site);
        }
    }

    /**
     * A read of a field whose verdict and category are fixed for the run (see {@link SettledReadMarker}):
     * all it can do is mark the field accessed, so its site is dead after its first event.
     */
    @ManualBypass
    @Before(marker = SettledReadMarker.class, args = "settled", group = SiteKinds.READ_SETTLED)
    public static void readSettled(@StackValue(0) Object receiver, @SiteId int site) {
        FieldEvents.readSettled(receiver, site);
    }

    /**
     * For {@code putfield} the receiver is under the value (a long or double counts as one value).
     * Inlinable: once a field's category is settled, most writes find their object unread, which the woven
     * method tests itself.
     */
    @Inlinable
    @ManualBypass
    @Before(marker = FreshWriteMarker.class, args = "other", guard = FieldGuards.NotFinal.class,
            group = SiteKinds.WRITE)
    public static void write(@StackValue(1) Object receiver, @SiteId int site) {
        if (!FieldEvents.unreadWrite(receiver, site)) {
            FieldEvents.write(receiver, site);
        }
    }

    @Inlinable
    @ManualBypass
    @Before(marker = FreshWriteMarker.class, args = "other", guard = FieldGuards.Final.class,
            group = SiteKinds.WRITE_FINAL)
    public static void writeFinal(@StackValue(1) Object receiver, @SiteId int site) {
        if (!FieldEvents.unreadWrite(receiver, site)) {
            FieldEvents.writeFinal(receiver, site);
        }
    }

    /**
     * A constructor's write to its own object that is not fresh (see {@link FreshWriteMarker}): it happens while
     * the object's constructor runs, so it cannot make the field ¬F, and once the field's other bits are set only
     * a read mark on the object can make it count, which the woven method tests itself, as at a ready write site.
     */
    @Inlinable
    @ManualBypass
    @Before(marker = FreshWriteMarker.class, args = "own", group = SiteKinds.WRITE_OWN)
    public static void writeOwn(@StackValue(1) Object receiver, @SiteId int site) {
        if (!FieldEvents.unreadWrite(receiver, site)) {
            FieldEvents.writeOwn(receiver, site);
        }
    }

    /**
     * A write to {@code this} in its constructor before anything could see the object (see
     * {@link FreshWriteMarker}): all it can do is mark the field written, so its site is dead after its
     * first event.
     */
    @ManualBypass
    @Before(marker = FreshWriteMarker.class, args = "fresh", group = SiteKinds.WRITE_FRESH)
    public static void writeFresh(@StackValue(1) Object receiver, @SiteId int site) {
        FieldEvents.writeFresh(receiver, site);
    }

    /**
     * {@link #writeFresh} of a field that is settled in its class (see {@link SettledReadMarker}): the same
     * event, in its own group so that the site's registration tells the analysis the field is settled. Reads of
     * it in other classes, which the weaver cannot judge, then have nothing to record either.
     */
    @ManualBypass
    @Before(marker = FreshWriteMarker.class, args = "settled", group = SiteKinds.WRITE_FRESH_SETTLED)
    public static void writeFreshSettled(@StackValue(1) Object receiver, @SiteId int site) {
        FieldEvents.writeFresh(receiver, site);
    }
}
