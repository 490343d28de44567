package io.taper.launcher.merge;

import io.taper.launcher.coverage.CoverageReport;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * The class files coverage runs kept ({@value CoverageReport#CLASSES}) as one jar in the merged directory, so that it
 * is a run directory like any other to the reports and {@code coverage-diff}. A class kept by several runs is taken
 * from the first: another version of it (another class id) has no class file there, as in JaCoCo's own reports.
 */
final class KeptClasses {

    private KeptClasses() {
    }

    /** @return whether any input had kept classes (and {@code jar} was written) */
    static boolean merge(List<MergeInput> inputs, Path jar) throws IOException {
        Set<String> names = new HashSet<>();
        Path tmp = jar.resolveSibling(jar.getFileName() + ".tmp");
        boolean any = false;
        try (OutputStream file = Files.newOutputStream(tmp); ZipOutputStream out = new ZipOutputStream(file)) {
            for (MergeInput in : inputs) {
                Path kept = in.dir().resolve(CoverageReport.CLASSES);
                if (!Files.isRegularFile(kept)) {
                    continue;
                }
                any = true;
                try (InputStream raw = Files.newInputStream(kept); ZipInputStream zin = new ZipInputStream(raw)) {
                    for (ZipEntry e; (e = zin.getNextEntry()) != null; ) {
                        if (!e.isDirectory() && names.add(e.getName())) {
                            out.putNextEntry(new ZipEntry(e.getName()));
                            zin.transferTo(out);
                            out.closeEntry();
                        }
                    }
                }
            }
        }
        if (!any) {
            Files.delete(tmp);
            return false;
        }
        Files.move(tmp, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return true;
    }
}
