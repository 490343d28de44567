package io.taper.weaver.snippets;

import io.taper.api.Before;
import io.taper.api.SiteId;
import io.taper.api.StackValue;
import io.taper.api.marker.BytecodeMarker;
import io.taper.weaver.testsupport.Events;

/**
 * A field-read snippet for a JDK class, shaped like SFA's: the receiver and a site id on top of whatever
 * the code has on the stack already (three more slots at a {@code getfield} inside a constructor call's
 * arguments).
 */
public class JdkFieldReadSnippets {

    @Before(marker = BytecodeMarker.class, args = "getfield", scope = "java.util.ServiceLoader.*")
    public static void read(@StackValue(0) Object receiver, @SiteId int site) {
        Events.opcode(site);
    }
}
