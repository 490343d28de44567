package validation.targets;

import io.taper.weaver.testsupport.Events;
import java.io.Serializable;

/**
 * Exercises the instruction kinds javac emits (constants, loads/stores of every type, arrays of every type,
 * arithmetic, conversions, comparisons, jumps, switches, fields, every invoke kind, objects, monitors,
 * exceptions). {@link #compute()} returns a checksum that must be the same woven and not.
 */
public class InstructionKinds implements Serializable {

    interface Shape {
        int sides();
    }

    static final class Square implements Shape {
        @Override
        public int sides() {
            return 4;
        }
    }

    static int staticField = 3;
    int intField;
    long longField = 5L;
    double doubleField = 0.5;
    Object ref;

    public static void run() {
        Events.record("checksum=" + compute());
    }

    public static long compute() {
        long sum = 0;
        // constants
        Object nothing = null;
        int m1 = -1, c0 = 0, c1 = 1, c2 = 2, c3 = 3, c4 = 4, c5 = 5, b = 100, s = 1000, big = 123456;
        long l0 = 0L, l1 = 1L, lbig = 1234567890123L;
        float f0 = 0f, f1 = 1f, f2 = 2f, fbig = 3.25f;
        double d0 = 0d, d1 = 1d, dbig = 6.125;
        sum += m1 + c0 + c1 + c2 + c3 + c4 + c5 + b + s + big + (nothing == null ? 1 : 0);
        sum += l0 + l1 + lbig;
        sum += (long) (f0 + f1 + f2 + fbig + d0 + d1 + dbig);
        // arithmetic, every type
        int i = big;
        i = i * 3 - 7;
        i = i / 5 % 1000;
        i = -i;
        i = (i << 3) ^ (i >> 2) | (i >>> 28) & 0xFF;
        i++;
        i += 300;
        long l = lbig;
        l = l * 3 - 7;
        l = l / 5 % 100000;
        l = -l;
        l = (l << 3) ^ (l >> 2) | (l >>> 40) & 0xFFL;
        float f = fbig;
        f = f * 3 - 7;
        f = f / 5 % 100;
        f = -f;
        double d = dbig;
        d = d * 3 - 7;
        d = d / 5 % 100;
        d = -d;
        sum += i + l + (long) f + (long) d;
        // conversions
        sum += (byte) i + (char) i + (short) i + (long) i + (int) l + (int) f + (long) f + (int) d + (long) d;
        sum += (long) ((float) l + (double) l + (float) d + (double) f + (float) i + (double) i);
        // comparisons and jumps
        if (l > lbig) {
            sum++;
        }
        if (f < fbig) {
            sum++;
        }
        if (d > dbig) {
            sum++;
        }
        if (f > fbig) {
            sum += 2;
        }
        if (d < dbig) {
            sum += 2;
        }
        if (i == 0 || i != 1 || i < 2 || i >= 3 || i > 4 || i <= 5) {
            sum++;
        }
        if (c1 == c2 || c1 != c2 || c1 < c2 || c1 >= c2 || c1 > c2 || c1 <= c2) {
            sum++;
        }
        Object o1 = "x";
        Object o2 = new Object();
        if (o1 == o2 || o1 != o2) {
            sum++;
        }
        if (o1 == null || o2 != null) {
            sum++;
        }
        // loops
        for (int k = 0; k < 5; k++) {
            sum += k;
        }
        // arrays of every type
        boolean[] za = new boolean[2];
        byte[] ba = new byte[2];
        char[] ca = new char[2];
        short[] sa = new short[2];
        int[] ia = new int[2];
        long[] la = new long[2];
        float[] fa = new float[2];
        double[] da = new double[2];
        String[] stra = new String[2];
        int[][] multi = new int[2][3];
        za[1] = true;
        ba[1] = (byte) 7;
        ca[1] = 'c';
        sa[1] = (short) 9;
        ia[1] = 11;
        la[1] = 13L;
        fa[1] = 1.5f;
        da[1] = 2.5;
        stra[1] = "s";
        multi[1][2] = 17;
        la[0] += 3;
        sum += (za[1] ? 1 : 0) + ba[1] + ca[1] + sa[1] + ia[1] + la[1] + (long) fa[1] + (long) da[1]
            + stra[1].length() + multi[1][2] + ia.length + la[0];
        // fields and invokes of every kind
        InstructionKinds k = new InstructionKinds();
        k.longField += 2;
        k.doubleField *= 4;
        staticField += 1;
        k.ref = k;
        sum += k.longField + (long) k.doubleField + staticField + (k.ref == k ? 1 : 0);
        Shape sh = new Square();
        sum += sh.sides() + k.virtual(2) + privateHelper(3) + Integer.parseInt("12") + k.hashCode() * 0;
        // conditions javac compiles to the remaining jumps
        if (c1 >= c2) {
            sum++;
        }
        if (c1 > c2) {
            sum++;
        }
        if (c1 <= c2) {
            sum++;
        }
        if (m1 >= 0) {
            sum++;
        }
        if (m1 <= 0) {
            sum++;
        }
        if (c0 == 0) {
            sum++;
        }
        // assignment expressions: dup_x1, dup_x2, dup2_x1, dup2_x2
        int viaField = k.intField = 21;
        int viaArray = ia[0] = 22;
        long viaLongField = k.longField = 23L;
        long viaLongArray = la[0] = 24L;
        sum += viaField + viaArray + viaLongField + viaLongArray;
        // every return type; discarded results (pop, pop2)
        sum += (long) floatValue() + (long) doubleValue() + (objectValue() == null ? 0 : 1);
        k.virtual(1);
        longValue();
        Runnable r = () -> staticField++;
        r.run();
        sum += staticField;
        // casts and type tests
        Object obj = sh;
        if (obj instanceof Square) {
            sum += ((Square) obj).sides();
        }
        Serializable ser = k;
        sum += ser instanceof InstructionKinds ? 1 : 0;
        // switches
        sum += switchTable(2) + switchLookup(1000);
        // monitors
        synchronized (k) {
            sum++;
        }
        // exceptions
        try {
            Object[] objs = new Integer[1];
            objs[0] = "not an integer";
        } catch (ArrayStoreException e) {
            sum += 5;
        }
        try {
            throw new IllegalStateException("x");
        } catch (IllegalStateException e) {
            sum += e.getMessage().length();
        } finally {
            sum += 1;
        }
        // class and string constants, string switch
        sum += InstructionKinds.class.getSimpleName().length();
        sum += "abc".length();
        return sum;
    }

    static float floatValue() {
        return 1.5f;
    }

    static double doubleValue() {
        return 2.5;
    }

    static Object objectValue() {
        return "o";
    }

    static long longValue() {
        return 9L;
    }

    private int virtual(int x) {
        return x * 2;
    }

    private static int privateHelper(int x) {
        return x + 1;
    }

    static int switchTable(int k) {
        switch (k) {
            case 1: return 10;
            case 2: return 20;
            case 3: return 30;
            default: return 0;
        }
    }

    static int switchLookup(int k) {
        switch (k) {
            case 1: return 1;
            case 1000: return 2;
            default: return 0;
        }
    }
}
