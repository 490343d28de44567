package io.taper.buildtools;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** A picocli command for the forked JVMs of {@link ArchivableClassFilesTest}. */
@Command(name = "greet")
public final class PicocliMain implements Runnable {

    @Option(names = "--name", required = true)
    String name;

    @Option(names = "--times", defaultValue = "1")
    int times;

    @Override
    public void run() {
        System.out.println("greeting=" + name + " x" + times);
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new PicocliMain()).execute(args));
    }
}
