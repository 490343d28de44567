package validation.targets;

import io.taper.weaver.testsupport.Events;

/** synchronized methods and blocks; an exception leaving a synchronized block must release the monitor. */
public class Synchronized {

    static final Object LOCK = new Object();
    static int counter;

    static synchronized void syncMethod() {
        counter++;
    }

    static void syncBlock() {
        synchronized (LOCK) {
            counter++;
        }
    }

    static void syncThrows() {
        synchronized (LOCK) {
            counter++;
            if (counter > 0) {
                throw new IllegalStateException("in sync");
            }
        }
    }

    public static void run() {
        syncMethod();
        syncBlock();
        try {
            syncThrows();
        } catch (IllegalStateException e) {
            // expected
        }
        Events.record("holdsLock=" + Thread.holdsLock(LOCK) + " counter=" + counter);
    }
}
