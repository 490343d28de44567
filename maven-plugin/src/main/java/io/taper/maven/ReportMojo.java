package io.taper.maven;

import io.taper.launcher.MergeCommand;
import io.taper.launcher.coverage.CoverageMergeCommand;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * A module's result and reports: its test JVMs' results ({@code dataDir/jvm-*}) merged as {@code ./taper merge}
 * merges them, into {@code outputDirectory} ({@code result.json} and every file the analysis writes after a run).
 */
@Mojo(name = "report", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class ReportMojo extends AbstractMojo {

    /** Where prepare-agent had the test JVMs write their results. */
    @Parameter(property = "taper.dataDir", defaultValue = "${project.build.directory}/taper")
    File dataDir;

    @Parameter(property = "taper.outputDirectory", defaultValue = "${project.reporting.outputDirectory}/taper")
    File outputDirectory;

    @Parameter(property = "taper.skip", defaultValue = "false")
    boolean skip;

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    MavenProject project;

    @Override
    public void execute() throws MojoExecutionException {
        if (skip) {
            getLog().info("Skipping Taper: taper.skip is set");
            return;
        }
        List<Path> inputs;
        try {
            inputs = JvmResults.in(dataDir.toPath());
        } catch (IOException e) {
            throw new MojoExecutionException("taper report: cannot list " + dataDir + ": " + e.getMessage(), e);
        }
        if (inputs.isEmpty()) {
            getLog().info("Skipping Taper's report: no test JVM's results in " + dataDir);
            return;
        }
        merge(this, inputs, outputDirectory.toPath(), ProjectFiles.of(List.of(project)));
    }

    /**
     * Merges {@code inputs} into {@code out} with their reports, and logs what was written. Coverage's reports, as
     * JaCoCo's goals write them, cover the projects' own classes (not the test framework's the JVMs ran too) and show
     * their sources.
     */
    static void merge(AbstractMojo mojo, List<Path> inputs, Path out, ProjectFiles projects)
            throws MojoExecutionException {
        List<String> args = new ArrayList<>(List.of("--out", out.toAbsolutePath().toString()));
        List<String> ins = inputs.stream().map(p -> p.toAbsolutePath().toString()).toList();
        String analysis = MergeInputs.analysis(inputs);
        boolean coverage = "coverage".equals(analysis);
        if (coverage) {
            args.add("--no-reports");
        }
        args.addAll(ins);
        log(mojo, TaperCommands.run("merge", (stdout, err) -> new MergeCommand(err), args));
        if (coverage && !projects.classes().isEmpty()) {
            List<String> report = new ArrayList<>(List.of("--out", out.resolve("jacoco.exec").toString(),
                "--xml", out.resolve("coverage.xml").toString(), "--html", out.resolve("coverage-html").toString()));
            for (Path c : projects.classes()) {
                report.add("--classes=" + c);
            }
            for (Path s : projects.sources()) {
                report.add("--sources=" + s);
            }
            report.addAll(ins);
            log(mojo, TaperCommands.run("coverage-merge", (stdout, err) -> new CoverageMergeCommand(stdout, err), report));
            mojo.getLog().info("Taper coverage report of " + projects.classes().size() + " class directories in " + out);
        }
    }

    private static void log(AbstractMojo mojo, TaperCommands.Output o) {
        for (String line : (o.stdout() + o.stderr()).split("\n")) {
            if (!line.isBlank()) {
                mojo.getLog().info(line);
            }
        }
    }
}
