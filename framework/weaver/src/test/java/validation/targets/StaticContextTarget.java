package validation.targets;

/** Field accesses whose finality the weaver answers from the class itself or from its class hierarchy. */
public class StaticContextTarget extends StaticContextBase {

    final int own;
    int mutable;

    public StaticContextTarget() {
        own = Integer.parseInt("1");
    }

    int read() {
        mutable = own + inherited;
        return Math.max(mutable, 0);
    }
}
