package io.taper.launcher;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Copies the observed JVM's stderr to ours as it comes, byte for byte, and notes whether the JVM reported an
 * {@code OutOfMemoryError} there (the JVM prints every uncaught one, and its own "thrown from the
 * UncaughtExceptionHandler" when even that fails). The JVM's {@code -XX:OnOutOfMemoryError} would tell
 * directly, but it prints a banner into the program's stdout.
 */
final class ErrorStreamTee implements Runnable {

    private static final byte[] MARKER = "java.lang.OutOfMemoryError".getBytes(StandardCharsets.US_ASCII);

    private final InputStream in;
    private final OutputStream out = new FileOutputStream(FileDescriptor.err);
    private volatile boolean outOfMemory;
    private int matched;

    ErrorStreamTee(InputStream in) {
        this.in = in;
    }

    boolean sawOutOfMemory() {
        return outOfMemory;
    }

    @Override
    public void run() {
        byte[] buf = new byte[8192];
        try {
            for (int n; (n = in.read(buf)) >= 0; ) {
                out.write(buf, 0, n);
                out.flush();
                scan(buf, n);
            }
        } catch (IOException e) {
            // the program's stderr closed: nothing more to copy
        }
    }

    private void scan(byte[] buf, int n) {
        for (int i = 0; i < n && !outOfMemory; i++) {
            if (buf[i] == MARKER[matched]) {
                if (++matched == MARKER.length) {
                    outOfMemory = true;
                }
            } else {
                matched = buf[i] == MARKER[0] ? 1 : 0;
            }
        }
    }
}
