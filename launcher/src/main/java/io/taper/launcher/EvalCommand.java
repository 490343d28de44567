package io.taper.launcher;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Unmatched;

/**
 * {@code ./taper eval}: the evaluation harness lives in the evaluation module with the real workloads'
 * libraries on its class path, so it runs in its own JVM; this command only starts it.
 */
@Command(name = "eval", description = {"Compares none / fixed / adaptive runs on real workloads and writes",
    "report.md, runs.csv and report.html. Run './taper eval --help' for the harness's options."},
        mixinStandardHelpOptions = false)
public final class EvalCommand implements Callable<Integer> {

    @Unmatched
    List<String> args = new ArrayList<>();

    @Override
    public Integer call() throws IOException, InterruptedException {
        TaperHome home = TaperHome.locate();
        Path target = home.root().resolve("evaluation/target");
        Path jar = target.resolve("taper-evaluation.jar");
        Path cpFile = target.resolve("workload.classpath");
        if (!Files.isRegularFile(jar) || !Files.isRegularFile(cpFile)) {
            throw new LauncherException("the evaluation module is not built (" + jar + "): run mvn -DskipTests package");
        }
        String cp = jar + File.pathSeparator + Files.readString(cpFile, StandardCharsets.UTF_8).trim();
        List<String> cmd = new ArrayList<>(List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dtaper.home=" + home.root(), "-cp", cp, "io.taper.eval.EvalMain"));
        cmd.addAll(args);
        return new ProcessBuilder(cmd).inheritIO().start().waitFor();
    }
}
