package validation.targets;

/** tableswitch, lookupswitch, string and enum switches. */
public class Switches {

    enum Color { RED, GREEN, BLUE }

    static int table(int k) {
        switch (k) {
            case 0: return 10;
            case 1: return 11;
            case 2: return 12;
            case 3: return 13;
            default: return -1;
        }
    }

    static int lookup(int k) {
        switch (k) {
            case 5: return 1;
            case 500: return 2;
            case 50000: return 3;
            default: return 0;
        }
    }

    static int strings(String s) {
        switch (s) {
            case "a": return 1;
            case "bb": return 2;
            default: return 0;
        }
    }

    static int enums(Color c) {
        switch (c) {
            case RED: return 1;
            case BLUE: return 3;
            default: return 0;
        }
    }

    public static void run() {
        table(2);
        table(9);
        lookup(500);
        lookup(7);
        strings("bb");
        strings("zz");
        enums(Color.BLUE);
    }
}
