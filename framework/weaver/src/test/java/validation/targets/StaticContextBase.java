package validation.targets;

/** Declares a final field that {@link StaticContextTarget} reads through its own type. */
public class StaticContextBase {

    protected final int inherited;

    public StaticContextBase() {
        inherited = Integer.parseInt("2");
    }
}
