package validation.targets;

/** An interface in scope: it has no instance fields, so it never gets shadow fields. */
public interface Shaped {

    default int sides() {
        return 0;
    }
}
