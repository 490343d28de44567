package validation.targets;

/** Constructors: super(...) and this(...) calls, field writes before super() (inner classes), throwing after super(). */
public class Constructors {

    static class Base {
        final int v;

        Base(int v) {
            this.v = v;
        }
    }

    static class Child extends Base {
        final String name;

        Child(String name) {
            super(name.length());
            this.name = name;
        }

        Child() {
            this("dflt");
        }

        Child(int fail) {
            super(fail);
            if (fail < 0) {
                throw new IllegalArgumentException("fail");
            }
            this.name = "x";
        }
    }

    class Inner {
        int k;

        Inner() {
            k = 5;
        }
    }

    public static void run() {
        new Child("ab");
        new Child();
        try {
            new Child(-1);
        } catch (IllegalArgumentException e) {
            // expected
        }
        new Constructors().new Inner();
    }
}
