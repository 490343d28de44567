package io.taper.weaver.jdk;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Main class of the forked JVM that runs with a woven java.base patched in ({@code --patch-module}) and
 * {@code -Xverify:all}: loads every listed class and links it ({@code getDeclaredMethods} links, so the
 * JVM's own verifier checks the woven code and its stack map frames). Prints one summary line.
 */
public final class LinkAll {

    public static void main(String[] args) throws Exception {
        int linked = 0;
        int verifyErrors = 0;
        int otherErrors = 0;
        for (String name : Files.readAllLines(Path.of(args[0]))) {
            try {
                Class.forName(name, false, null).getDeclaredMethods();
                linked++;
            } catch (VerifyError e) {
                verifyErrors++;
                System.out.println("VerifyError " + name + ": " + e.getMessage());
            } catch (Throwable t) {
                otherErrors++;
                System.out.println("other " + name + ": " + t);
            }
        }
        System.out.println("linked=" + linked + " verifyErrors=" + verifyErrors + " otherErrors=" + otherErrors);
    }

    private LinkAll() {
    }
}
