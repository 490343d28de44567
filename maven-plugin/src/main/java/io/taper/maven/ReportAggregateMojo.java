package io.taper.maven;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.maven.model.Dependency;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * The reactor's result: the test JVMs' results of this project and of every reactor project it depends on (directly
 * or through other reactor projects), merged into one with every file the analysis writes. As with JaCoCo's goal of
 * the same name, run it in a module that depends on the modules to aggregate, so that the reactor builds it last.
 */
@Mojo(name = "report-aggregate", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class ReportAggregateMojo extends AbstractMojo {

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    MavenProject project;

    @Parameter(defaultValue = "${reactorProjects}", readonly = true, required = true)
    List<MavenProject> reactorProjects;

    /** The directory, under each project's build directory, where prepare-agent had its test JVMs write results. */
    @Parameter(property = "taper.dataDirName", defaultValue = "taper")
    String dataDirName;

    @Parameter(property = "taper.outputDirectory", defaultValue = "${project.reporting.outputDirectory}/taper-aggregate")
    File outputDirectory;

    @Parameter(property = "taper.skip", defaultValue = "false")
    boolean skip;

    @Override
    public void execute() throws MojoExecutionException {
        if (skip) {
            getLog().info("Skipping Taper: taper.skip is set");
            return;
        }
        List<Path> inputs = new ArrayList<>();
        Set<MavenProject> projects = aggregated();
        for (MavenProject p : projects) {
            Path data = Path.of(p.getBuild().getDirectory()).resolve(dataDirName);
            try {
                inputs.addAll(JvmResults.in(data));
            } catch (IOException e) {
                throw new MojoExecutionException("taper report-aggregate: cannot list " + data + ": " + e.getMessage(), e);
            }
        }
        if (inputs.isEmpty()) {
            getLog().info("Skipping Taper's aggregate report: no test JVM's results in this project or those it depends on");
            return;
        }
        ReportMojo.merge(this, inputs, outputDirectory.toPath(), ProjectFiles.of(projects));
    }

    /** This project and the reactor projects it depends on, transitively through reactor projects. */
    private Set<MavenProject> aggregated() {
        Set<MavenProject> found = new LinkedHashSet<>();
        List<MavenProject> todo = new ArrayList<>(List.of(project));
        while (!todo.isEmpty()) {
            MavenProject p = todo.remove(todo.size() - 1);
            if (!found.add(p)) {
                continue;
            }
            for (Dependency d : p.getDependencies()) {
                for (MavenProject r : reactorProjects) {
                    if (r.getGroupId().equals(d.getGroupId()) && r.getArtifactId().equals(d.getArtifactId())
                            && r.getVersion().equals(d.getVersion())) {
                        todo.add(r);
                    }
                }
            }
        }
        return found;
    }
}
