package io.taper.maven;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import picocli.CommandLine;

/** Runs one of the launcher's commands in the build's JVM, as {@code ./taper} would, with its output captured. */
final class TaperCommands {

    /** What a command printed; a command that failed has become a {@link MojoExecutionException} instead. */
    record Output(String stdout, String stderr) {
    }

    private TaperCommands() {
    }

    /**
     * Runs {@code command} (made with the given streams) on {@code args}; throws with the command's own message if it
     * exits other than 0.
     */
    static Output run(String name, CommandFactory command, List<String> args) throws MojoExecutionException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            CommandLine cli = new CommandLine(command.make(o, e));
            cli.setOut(new PrintWriter(o, true));
            cli.setErr(new PrintWriter(e, true));
            code = cli.execute(args.toArray(String[]::new));
        }
        String stdout = out.toString(StandardCharsets.UTF_8);
        String stderr = err.toString(StandardCharsets.UTF_8);
        if (code != 0) {
            throw new MojoExecutionException("taper " + name + " failed (exit code " + code + "): " + stderr.strip());
        }
        return new Output(stdout, stderr);
    }

    /** Makes a command that prints to the given streams. */
    interface CommandFactory {
        Object make(PrintStream out, PrintStream err);
    }
}
