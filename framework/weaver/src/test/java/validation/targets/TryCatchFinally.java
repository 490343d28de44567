package validation.targets;

/** Normal and exceptional exits, caught and uncaught exceptions, finally blocks (with javac's handler copies). */
public class TryCatchFinally {

    public static void run() {
        normal(1);
        try {
            throwsInside(-1);
        } catch (IllegalStateException e) {
            // expected
        }
        catchesInside();
        finallyReturn();
        nested();
        try {
            escapes();
        } catch (IllegalStateException e) {
            // expected
        }
    }

    static int normal(int x) {
        return x + 1;
    }

    static int throwsInside(int x) {
        if (x < 0) {
            throw new IllegalStateException("neg");
        }
        return x;
    }

    static int catchesInside() {
        try {
            throw new IllegalArgumentException("inner");
        } catch (IllegalArgumentException e) {
            return 7;
        }
    }

    @SuppressWarnings("finally")
    static int finallyReturn() {
        int r = 0;
        try {
            r = 1;
            return r;
        } finally {
            r = 2;
        }
    }

    static void nested() {
        try {
            try {
                throw new UnsupportedOperationException("deep");
            } finally {
                helper();
            }
        } catch (UnsupportedOperationException e) {
            // expected
        }
    }

    static void escapes() {
        try {
            throw new IllegalStateException("a");
        } finally {
            helper();
        }
    }

    static void helper() {
    }
}
