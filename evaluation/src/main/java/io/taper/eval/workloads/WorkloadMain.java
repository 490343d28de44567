package io.taper.eval.workloads;

import java.io.PrintStream;

/**
 * The common {@code main} of every driver: parse the size, run, print the one summary line, and
 * exit with 0 (ok), 1 (the workload failed) or 2 (bad arguments).
 */
final class WorkloadMain {

    /** A driver's body: does the work for the given size and returns its summary line. */
    interface Body {
        String run(WorkloadSize size) throws Exception;
    }

    private WorkloadMain() {
    }

    static void main(String[] args, String name, int ciUnits, int fullUnits, Body body) {
        System.exit(run(args, name, ciUnits, fullUnits, body, System.out, System.err));
    }

    static int run(String[] args, String name, int ciUnits, int fullUnits, Body body,
                   PrintStream out, PrintStream err) {
        WorkloadSize size;
        try {
            size = WorkloadSize.parse(args, ciUnits, fullUnits);
        } catch (IllegalArgumentException e) {
            err.println(name + ": " + e.getMessage());
            err.println("usage: " + name + " [--size ci|full] [--scale N]   (ci = " + ciUnits
                    + " units, full = " + fullUnits + ")");
            return 2;
        }
        try {
            out.println(body.run(size));
            out.flush();
            return 0;
        } catch (Exception e) {
            err.println(name + ": workload failed");
            e.printStackTrace(err);
            return 1;
        }
    }
}
