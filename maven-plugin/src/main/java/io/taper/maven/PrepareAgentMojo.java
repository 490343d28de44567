package io.taper.maven;

import io.taper.launcher.AgentCommand;
import io.taper.launcher.TaperHome;
import io.taper.protocol.SharedServerStart;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * Appends Taper's agent to the property the test plugins read ({@code argLine} for Surefire and Failsafe), keeping
 * whatever the project set there: each test JVM they fork then runs under the analysis and writes its results to
 * {@code destDir/jvm-PID}. As {@code ./taper agent}: by default the JVMs share one instrumentation server, started by
 * the first of them. Results of an earlier build in {@code destDir} are removed first.
 */
@Mojo(name = "prepare-agent", defaultPhase = LifecyclePhase.INITIALIZE, threadSafe = true)
public class PrepareAgentMojo extends AbstractMojo {

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    MavenProject project;

    /** A built-in analysis (coverage, method-count, method-time, bytecode-count, sfa) or an analysis jar. */
    @Parameter(property = "taper.analysis", defaultValue = "coverage")
    String analysis;

    /** fixed or adaptive. */
    @Parameter(property = "taper.mode", defaultValue = "adaptive")
    String mode;

    /** Controller strategy; default: the analysis's own in adaptive mode. */
    @Parameter(property = "taper.controller")
    String controller;

    /** eager or background; default: the analysis's own. */
    @Parameter(property = "taper.startupPass")
    String startupPass;

    /** Memory budget for the analysis's state in each JVM, e.g. 64m; default: Taper's. */
    @Parameter(property = "taper.maxState")
    String maxState;

    /** The woven-class cache directory, or off; default: the user's. */
    @Parameter(property = "taper.cache")
    String cache;

    /**
     * shared: the test JVMs open sessions on the user's shared server (the first starts it), one server process for
     * the whole build; own: each starts a server of its own.
     */
    @Parameter(property = "taper.server", defaultValue = "shared")
    String server;

    /** The shared server's directory; default: the user's, per Taper build. */
    @Parameter(property = "taper.serverDir")
    File serverDir;

    /** Seconds without a session after which a shared server that the build started stops. */
    @Parameter(property = "taper.idleStop", defaultValue = SharedServerStart.DEFAULT_IDLE_STOP)
    long idleStop;

    /** Where the test JVMs write their results, one {@code jvm-PID} directory each. */
    @Parameter(property = "taper.destDir", defaultValue = "${project.build.directory}/taper")
    File destDir;

    /** The project property the agent's options are appended to. */
    @Parameter(property = "taper.propertyName", defaultValue = "argLine")
    String propertyName;

    @Parameter(property = "taper.skip", defaultValue = "false")
    boolean skip;

    @Override
    public void execute() throws MojoExecutionException {
        if (skip) {
            getLog().info("Skipping Taper: taper.skip is set");
            return;
        }
        if ("pom".equals(project.getPackaging())) {
            getLog().info("Skipping Taper: a pom project forks no test JVM");
            return;
        }
        TaperHome home;
        try {
            JvmResults.clear(destDir.toPath());
            home = TaperHomeCopy.locate();
        } catch (IOException e) {
            throw new MojoExecutionException("taper prepare-agent: " + e.getMessage(), e);
        }
        List<String> args = new ArrayList<>(List.of("--analysis", analysis, "--mode", mode, "--out",
            destDir.getAbsolutePath()));
        args.addAll(List.of("--server", server, "--idle-stop", Long.toString(idleStop)));
        if (serverDir != null) {
            args.addAll(List.of("--server-dir", serverDir.getAbsolutePath()));
        }
        optional(args, "--controller", controller);
        optional(args, "--startup-pass", startupPass);
        optional(args, "--max-state", maxState);
        optional(args, "--cache", cache);
        String options = TaperCommands.run("agent", (out, err) -> new AgentCommand(out, err, () -> home), args)
            .stdout().strip();
        String before = project.getProperties().getProperty(propertyName);
        String value = before == null || before.isBlank() ? options : before.strip() + " " + options;
        project.getProperties().setProperty(propertyName, value);
        getLog().info(propertyName + " set to " + value);
    }

    private static void optional(List<String> args, String option, String value) {
        if (value != null && !value.isBlank()) {
            args.add(option);
            args.add(value);
        }
    }
}
