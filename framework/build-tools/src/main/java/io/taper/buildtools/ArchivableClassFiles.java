package io.taper.buildtools;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

/**
 * Rewrites the class files of a jar that are older than Java 6 (major version 50) as Java 8 class files with stack map
 * frames, in place. Class-data sharing refuses to archive a class file before version 50 ("Pre JDK 6 class not
 * supported by CDS"): picocli, ASM and JaCoCo ship Java 5 class files, so the CLI's and the server's archives left out
 * the libraries their start-up spends most of its time in (picocli alone about 50 ms of a run's critical path on two
 * cores, loading and verifying its classes with the old inferring verifier). The code is unchanged; only the version
 * and the frames the type-checking verifier needs are new, computed by ASM over the jar's own classes.
 *
 * <p>Usage: {@code ArchivableClassFiles JAR}. Prints how many class files it rewrote.
 */
public final class ArchivableClassFiles {

    /** Class files of this major version or newer are left as they are. */
    public static final int ARCHIVABLE = Opcodes.V1_6 & 0xFFFF;

    private ArchivableClassFiles() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: ArchivableClassFiles JAR");
            System.exit(2);
        }
        int n = rewrite(Path.of(args[0]));
        System.out.println("[taper build] " + args[0] + ": " + n + " class files rewritten as version 52 with frames");
    }

    /** Rewrites {@code jar} in place; returns how many class files it changed. */
    public static int rewrite(Path jar) throws IOException {
        Path tmp = jar.resolveSibling(jar.getFileName() + ".tmp");
        int changed = 0;
        try (URLClassLoader classes = new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
             ZipInputStream in = new ZipInputStream(Files.newInputStream(jar));
             ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(tmp))) {
            for (ZipEntry e; (e = in.getNextEntry()) != null; ) {
                byte[] bytes = in.readAllBytes();
                if (e.getName().endsWith(".class") && !e.getName().endsWith("module-info.class") && bytes.length > 8
                        && majorVersion(bytes) < ARCHIVABLE) {
                    byte[] upgraded = upgraded(bytes, classes);
                    if (upgraded != null) {
                        bytes = upgraded;
                        changed++;
                    }
                }
                ZipEntry copy = new ZipEntry(e.getName());
                copy.setTime(e.getTime());
                out.putNextEntry(copy);
                out.write(bytes);
                out.closeEntry();
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        Files.move(tmp, jar, StandardCopyOption.REPLACE_EXISTING);
        return changed;
    }

    static int majorVersion(byte[] classFile) {
        return ((classFile[6] & 0xFF) << 8) | (classFile[7] & 0xFF);
    }

    /**
     * The class as a version-52 class file with frames (common super classes resolved in {@code classes}), or null
     * for one that cannot have frames (subroutines, {@code jsr}/{@code ret}; a type the jar does not have): that one
     * stays as it was, loaded as before and left out of the archive.
     */
    static byte[] upgraded(byte[] classFile, ClassLoader classes) {
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_FRAMES) {
            @Override
            protected ClassLoader getClassLoader() {
                return classes;
            }
        };
        try {
            new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9, writer) {
                @Override
                public void visit(int version, int access, String name, String signature, String superName,
                                  String[] interfaces) {
                    super.visit(Opcodes.V1_8, access, name, signature, superName, interfaces);
                }
            }, ClassReader.SKIP_FRAMES);
            return writer.toByteArray();
        } catch (RuntimeException cannotHaveFrames) {
            return null;
        }
    }
}
