package io.taper.weaver.readme;

import io.taper.api.After;
import io.taper.api.Arg;
import io.taper.api.Before;
import io.taper.api.Guard;
import io.taper.api.SiteId;
import io.taper.api.StackValue;
import io.taper.api.Static;
import io.taper.api.StaticContext;
import io.taper.api.StaticKey;
import io.taper.api.SyntheticLocal;
import io.taper.api.Thrown;
import io.taper.api.marker.BasicBlockMarker;
import io.taper.api.marker.BodyMarker;
import io.taper.api.marker.BytecodeMarker;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** The example of framework/weaver/README.md (kept here so that it compiles and loads). */
public class ExampleSnippets {

    public static final ConcurrentHashMap<Integer, LongAdder> NANOS = new ConcurrentHashMap<>();
    public static final ConcurrentHashMap<Integer, LongAdder> THROWS = new ConcurrentHashMap<>();
    public static final LongAdder BYTECODES = new LongAdder();
    public static final ConcurrentHashMap<String, LongAdder> WRITES = new ConcurrentHashMap<>();
    public static final LongAdder CALLS = new LongAdder();

    // Method entry: the return value goes into the synthetic local "t0" of this invocation.
    @Before(marker = BodyMarker.class, scope = "com.acme.*.*", storeLocal = "t0")
    public static long enter() {
        return System.nanoTime();
    }

    // Method exit, normal or by an exception (rethrown after the snippet).
    @After(marker = BodyMarker.class, scope = "com.acme.*.*")
    public static void exit(@SiteId int site, @SyntheticLocal("t0") long t0, @Thrown Throwable thrown) {
        NANOS.computeIfAbsent(site, k -> new LongAdder()).add(System.nanoTime() - t0);
        if (thrown != null) {
            THROWS.computeIfAbsent(site, k -> new LongAdder()).increment();
        }
    }

    // Every basic block, with its size folded to a constant: executed bytecodes.
    @Before(marker = BasicBlockMarker.class, scope = "com.acme.*.*")
    public static void block(@Static(StaticKey.BB_SIZE) int size) {
        BYTECODES.add(size);
    }

    // Field writes outside constructors; the receiver is below the value on the operand stack.
    @Before(marker = BytecodeMarker.class, args = "putfield", scope = "com.acme.*.*", guard = NotInConstructor.class)
    public static void write(@StackValue(1) Object receiver, @Static(StaticKey.FIELD_OWNER) String owner,
                             @Static(StaticKey.FIELD_NAME) String field) {
        WRITES.computeIfAbsent(owner + "." + field, k -> new LongAdder()).increment();
    }

    // Two variants of one snippet group: the deployment picks one per site.
    @Before(marker = BodyMarker.class, scope = "com.acme.Hot.*", group = "calls")
    public static void countWithArgument(@SiteId int site, @Arg(0) Object first) {
        CALLS.increment();
        WRITES.computeIfAbsent("arg:" + (first == null ? "null" : first.getClass().getName()), k -> new LongAdder())
            .increment();
    }

    @Before(marker = BodyMarker.class, scope = "com.acme.Hot.*", group = "calls", variant = "cheap")
    public static void countOnly(@SiteId int site) {
        CALLS.increment();
    }

    /** Guards run at weave time on each region's static context. */
    public static class NotInConstructor implements Guard {
        @Override
        public boolean accept(StaticContext sc) {
            return !sc.bool(StaticKey.METHOD_IS_CONSTRUCTOR);
        }
    }
}
