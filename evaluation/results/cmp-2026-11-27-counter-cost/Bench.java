public class Bench {
    int x;
    int get() { return x; }
    void set(int v) { x = v; }
    static long run(Bench b, int n) {
        long s = 0;
        for (int i = 0; i < n; i++) { b.set(i); s += b.get(); }
        return s;
    }
    public static void main(String[] a) {
        Bench b = new Bench();
        for (int r = 0; r < 10; r++) {
            long t = System.nanoTime();
            long s = run(b, 200_000_000);
            System.out.println("round " + r + " " + (System.nanoTime() - t) / 1_000_000 + " ms " + s);
        }
    }
}
