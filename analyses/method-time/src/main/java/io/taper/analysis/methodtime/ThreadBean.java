package io.taper.analysis.methodtime;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/** The JVM's thread bean for the samplers (their own threads), looked up once. */
final class ThreadBean {

    private ThreadBean() {
    }

    private static final class Holder {
        static final ThreadMXBean BEAN = lookUp();

        private static ThreadMXBean lookUp() {
            try {
                return ManagementFactory.getThreadMXBean();
            } catch (Throwable e) {      // a runtime image without java.management, or a security manager that says no
                return null;
            }
        }
    }

    /** The bean, or null where there is none. */
    static ThreadMXBean get() {
        return Holder.BEAN;
    }
}
