package io.taper.analysis.sfa;

import io.taper.api.Guard;
import io.taper.api.StaticContext;
import io.taper.api.StaticKey;

/** Weave-time split of field instructions by whether the field is known to be declared final. */
public final class FieldGuards {

    private FieldGuards() {
    }

    /** The weaver knows the field is declared final (from the owner's bytes). */
    public static final class Final implements Guard {
        @Override
        public boolean accept(StaticContext context) {
            return context.bool(StaticKey.FIELD_IS_FINAL);
        }
    }

    /** Not final, or not known to be (the owner's bytes were not seen yet): the general path. */
    public static final class NotFinal implements Guard {
        @Override
        public boolean accept(StaticContext context) {
            return !context.bool(StaticKey.FIELD_IS_FINAL);
        }
    }

    /** Constructors of every class but {@code java.lang.Object} (which has no fields and runs for every object). */
    public static final class Constructor implements Guard {
        @Override
        public boolean accept(StaticContext context) {
            return context.bool(StaticKey.METHOD_IS_CONSTRUCTOR)
                && !"java/lang/Object".equals(context.string(StaticKey.CLASS_NAME));
        }
    }
}
