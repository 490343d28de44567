package io.taper.maven;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.maven.project.MavenProject;

/** The class directories and source folders of the projects a report covers (those that exist). */
record ProjectFiles(List<Path> classes, List<Path> sources) {

    static ProjectFiles of(Collection<MavenProject> projects) {
        List<Path> classes = new ArrayList<>();
        List<Path> sources = new ArrayList<>();
        for (MavenProject p : projects) {
            Path c = Path.of(p.getBuild().getOutputDirectory());
            if (Files.isDirectory(c)) {
                classes.add(c.toAbsolutePath());
            }
            for (String s : p.getCompileSourceRoots()) {
                if (Files.isDirectory(Path.of(s))) {
                    sources.add(Path.of(s).toAbsolutePath());
                }
            }
        }
        return new ProjectFiles(List.copyOf(classes), List.copyOf(sources));
    }
}
