package io.taper.launcher;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of {@code ./taper}. */
@Command(name = "taper", mixinStandardHelpOptions = true, version = "Taper 0.1.0",
        description = {"Adaptive runtime instrumentation for the JVM.",
            "Runs a Java program under an analysis, with instrumentation that is fixed or removed as soon as",
            "it can no longer change the result, and compares the two."},
        subcommands = {RunCommand.class, AgentCommand.class, EvalCommand.class, io.taper.launcher.sfa.SfaDiffCommand.class,
            io.taper.launcher.profile.ProfileAccuracyCommand.class, io.taper.launcher.coverage.CoverageDiffCommand.class,
            io.taper.launcher.coverage.CoverageMergeCommand.class, MergeCommand.class, ExportCommand.class, SharedServerCommand.class,
            AttachCommand.class, DetachCommand.class,
            CommandLine.HelpCommand.class},
        footer = {"", "Example:",
            "  ./taper run --analysis method-count --mode fixed --out out -- -cp examples/target/classes \\",
            "      io.taper.examples.WordFrequencies"})
public final class TaperCli implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** When this CLI's code began to run (its JVM's own start-up comes before). */
    static final long MAIN_NANOS = System.nanoTime();

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /**
     * picocli's built-in converters for java.time and java.sql types, which no option of Taper's takes: registering
     * them initialises those classes (date-time formatters, patterns, lambdas), some 15 ms of every run's start-up.
     */
    static final String CONVERTERS_EXCLUDED = "java\\.(time|sql)\\..*";

    /** Runs the CLI without exiting, for tests. */
    public static int execute(String... args) {
        if (System.getProperty("picocli.converters.excludes") == null) {
            System.setProperty("picocli.converters.excludes", CONVERTERS_EXCLUDED);
        }
        if (args.length > 0 && args[0].equals(RUN)) {
            // A run's start-up waits for the CLI: picocli's model of every command took 60-110 ms, the run
            // command's alone a fraction of it. Usage, help and errors read as they do under the full model.
            CommandLine run = new CommandLine(new RunCommand());
            run.setCommandName("taper " + RUN);
            run.setParameterExceptionHandler(TaperCli::badUsage);
            run.setUsageHelpWidth(USAGE_WIDTH);
            return run.execute(java.util.Arrays.copyOfRange(args, 1, args.length));
        }
        CommandLine cli = new CommandLine(new TaperCli());
        cli.setParameterExceptionHandler(TaperCli::badUsage);
        cli.setUsageHelpWidth(USAGE_WIDTH);
        return cli.execute(args);
    }

    /** The help's width: the commands' descriptions are written in lines of up to this many characters. */
    static final int USAGE_WIDTH = 120;

    private static final String RUN = "run";

    /** A mistake on the command line: one line that says what is wrong, and where the usage is. */
    private static int badUsage(CommandLine.ParameterException e, String[] args) {
        CommandLine cmd = e.getCommandLine();
        java.io.PrintWriter err = cmd.getErr();
        err.println("taper: " + e.getMessage());
        CommandLine.UnmatchedArgumentException.printSuggestions(e, err);
        String path = cmd.getCommandSpec().qualifiedName(" ").replaceFirst("^taper", "./taper");
        err.println("Try '" + path + " --help' for the options.");
        err.flush();
        return cmd.getCommandSpec().exitCodeOnInvalidInput();
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
