package io.taper.weaver.golden;

import io.taper.api.After;
import io.taper.api.Arg;
import io.taper.api.Before;
import io.taper.api.Return;
import io.taper.api.SiteId;
import io.taper.api.StackValue;
import io.taper.api.Static;
import io.taper.api.StaticKey;
import io.taper.api.SyntheticLocal;
import io.taper.api.This;
import io.taper.api.Thrown;
import io.taper.api.marker.AfterInitBodyMarker;
import io.taper.api.marker.BasicBlockMarker;
import io.taper.api.marker.BodyMarker;
import io.taper.api.marker.BytecodeMarker;

/** Snippets of the golden cases (woven, never run). */
public class GoldenSnippets {

    @Before(marker = BodyMarker.class, scope = "golden.Entry.*", storeLocal = "start")
    public static long enter(@SiteId int site, @Arg(0) long a) {
        return 0L;
    }

    @After(marker = BodyMarker.class, scope = "golden.Entry.*")
    public static void exit(@SiteId int site, @SyntheticLocal("start") long start, @This Object self,
                            @Return long value, @Thrown Throwable t) {
    }

    @Before(marker = BasicBlockMarker.class, scope = "golden.Blocks.*")
    public static void block(@SiteId int site, @Static(StaticKey.BB_INDEX) int index, @Static(StaticKey.BB_SIZE) int size) {
    }

    @Before(marker = BytecodeMarker.class, args = "putfield", scope = "golden.Init.<init>")
    public static void put(@Static(StaticKey.FIELD_NAME) String field, @StackValue(1) Object receiver,
                           @StackValue(0) Object value) {
    }

    @Before(marker = AfterInitBodyMarker.class, scope = "golden.Init.<init>")
    public static void initialised(@This Object self) {
    }

    @Before(marker = BodyMarker.class, scope = "golden.Variants.*", group = "count")
    public static void countFull(@SiteId int site, @Static(StaticKey.METHOD_NAME) String m) {
    }

    @Before(marker = BodyMarker.class, scope = "golden.Variants.*", group = "count", variant = "fast")
    public static void countFast(@SiteId int site) {
    }
}
