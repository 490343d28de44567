package io.taper.eval.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkloadFileTest {

    @TempDir
    Path dir;

    @Test
    void jsonWithSeveralWorkloadsAndRelativeClassPath() throws Exception {
        Path file = dir.resolve("mine.json");
        Files.writeString(file, """
                {"workloads": [
                  {"name": "app", "classPath": "lib/app.jar:/opt/x.jar", "mainClass": "com.example.Main",
                   "args": ["--in", "data.txt"], "fullArgs": ["--in", "big.txt"], "jvmArgs": ["-Dk=v"],
                   "deterministic": true},
                  {"name": "tool", "classPath": "tool.jar", "mainClass": "T"}
                ]}""");
        List<Workload> w = WorkloadFile.read(file);
        String sep = File.pathSeparator;
        assertEquals(new Workload("app", dir.resolve("lib/app.jar") + sep + "/opt/x.jar", "com.example.Main",
                List.of("--in", "data.txt"), List.of("--in", "big.txt"), List.of("-Dk=v"), true), w.get(0));
        assertEquals(new Workload("tool", dir.resolve("tool.jar").toString(), "T", List.of(), List.of(), List.of(), false),
                w.get(1));
        assertEquals(List.of("--in", "big.txt"), w.get(0).args(Preset.FULL));
    }

    @Test
    void aSingleJsonObjectIsOneWorkload() throws Exception {
        Path file = dir.resolve("one.json");
        Files.writeString(file, "{\"name\": \"one\", \"classPath\": \"/a.jar\", \"mainClass\": \"M\", \"args\": [\"x\"]}");
        assertEquals(List.of(new Workload("one", "/a.jar", "M", List.of("x"), List.of("x"), List.of(), false)),
                WorkloadFile.read(file));
    }

    @Test
    void propertiesWithWhitespaceSeparatedArguments() throws Exception {
        Path file = dir.resolve("mine.properties");
        Files.writeString(file, """
                name=app
                classPath=app.jar
                mainClass=com.example.Main
                args=--in  data.txt
                ciArgs=--in small.txt
                deterministic=true
                """);
        assertEquals(List.of(new Workload("app", dir.resolve("app.jar").toString(), "com.example.Main",
                List.of("--in", "small.txt"), List.of("--in", "data.txt"), List.of(), true)), WorkloadFile.read(file));
    }

    @Test
    void aMissingKeyNamesTheFileAndTheKey() throws Exception {
        Path file = dir.resolve("bad.json");
        Files.writeString(file, "{\"name\": \"x\", \"classPath\": \"a.jar\"}");
        assertEquals(file + ": workload is missing \"mainClass\"",
                assertThrows(IllegalArgumentException.class, () -> WorkloadFile.read(file)).getMessage());
    }
}
