package io.taper.weaver.jdk;

import io.taper.api.Before;
import io.taper.api.SiteId;
import io.taper.api.StackValue;
import io.taper.api.Static;
import io.taper.api.StaticKey;
import io.taper.api.marker.BasicBlockMarker;
import io.taper.api.marker.BytecodeMarker;

/** The java.base workload: a snippet at every basic block and every field access (never run, only woven). */
public class JdkSnippets {

    @Before(marker = BasicBlockMarker.class)
    public static void block(@SiteId int site, @Static(StaticKey.BB_SIZE) int size) {
    }

    @Before(marker = BytecodeMarker.class, args = "getfield")
    public static void read(@SiteId int site, @StackValue(0) Object receiver) {
    }

    @Before(marker = BytecodeMarker.class, args = "putfield")
    public static void write(@SiteId int site, @StackValue(1) Object receiver) {
    }

    @Before(marker = BytecodeMarker.class, args = "getstatic,putstatic")
    public static void staticAccess(@SiteId int site, @Static(StaticKey.FIELD_IS_FINAL) boolean isFinal) {
    }
}
