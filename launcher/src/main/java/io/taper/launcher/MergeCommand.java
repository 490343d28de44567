package io.taper.launcher;

import io.taper.launcher.merge.MergeException;
import io.taper.launcher.merge.MergeInput;
import io.taper.launcher.merge.ResultMerge;
import io.taper.result.ResultFormat;
import io.taper.result.ResultKeys;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ./taper merge}: several runs' results of one analysis into one result directory, with its reports. */
@Command(name = "merge", mixinStandardHelpOptions = true,
        description = {"Joins results of one analysis, mode and Taper build (e.g. one per forked",
            "test JVM) into OUT/result.json, which every command that reads a run's result",
            "reads, and writes the analysis's reports there. Method and bytecode counts",
            "add; method-time calls and times add (shortest and longest calls combine,",
            "call trees join by path); coverage covers a probe covered in any run; SFA",
            "joins conservatively (non-stationary in any run is non-stationary; a field's",
            "category is the weakest any run saw). Inputs of different analyses, modes or",
            "builds are refused with the file named. Exit code: 0 merged, 2 if an input",
            "cannot be read or the inputs cannot be merged."},
        footer = {"", "Example:",
            "  ./taper merge --out target/taper/merged target/taper/jvm-*"})
public final class MergeCommand implements Callable<Integer> {

    @Parameters(paramLabel = "IN", arity = "1..*",
            description = "Run directories (of taper run, or a JVM's jvm-PID of taper agent) or result.json files.")
    List<Path> inputs = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", required = true,
            description = "The directory of the merged result.json and reports (made if missing).")
    Path out;

    @Option(names = "--no-reports",
            description = "Write result.json (and coverage's jacoco.exec) only, not the analysis's reports.")
    boolean noReports;

    @Option(names = {"-q", "--quiet"}, description = "Print nothing but errors.")
    boolean quiet;

    private final PrintStream err;

    public MergeCommand() {
        this(System.err);
    }

    /** Prints to this stream instead of System.err (for tests). */
    public MergeCommand(PrintStream err) {
        this.err = err;
    }

    @Override
    public Integer call() {
        Map<String, Object> result;
        try {
            List<MergeInput> read = new ArrayList<>();
            for (Path in : inputs) {
                if (Files.isDirectory(in) && Files.exists(out) && Files.isSameFile(in, out)) {
                    throw new MergeException(in + " is the output directory too: give --out a directory of its own");
                }
                read.add(MergeInput.read(in));
            }
            result = ResultMerge.merge(read);
            Files.createDirectories(out);
            ResultMerge.writeFiles(read, out);
        } catch (MergeException | IOException e) {
            err.println("taper merge: " + e.getMessage());
            return 2;
        }
        Path file = out.resolve(ResultFormat.FILE);
        ResultWriter.writeAtomically(file, result);
        if (!quiet) {
            err.printf("[taper] merged %d %s result(s), %s mode: %d rows in %s%n", inputs.size(),
                result.get(ResultKeys.ANALYSIS), result.get(ResultKeys.MODE), ((List<?>) result.get(ResultKeys.ROWS)).size(),
                file);
        }
        // reports read what result.json holds, as after a run
        Map<String, Object> written = ResultWriter.readJson(file);
        RunReports.write(written == null ? result : written, out, quiet ? new PrintStream(PrintStream.nullOutputStream())
            : err, err, !noReports);
        return 0;
    }
}
