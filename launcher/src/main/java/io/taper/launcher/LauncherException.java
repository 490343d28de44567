package io.taper.launcher;

/** A problem the user can fix (bad option, missing build); printed as one line, exit code 2. */
public final class LauncherException extends RuntimeException {

    public LauncherException(String message) {
        super(message);
    }
}
