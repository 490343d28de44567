package io.taper.maven;

import io.taper.launcher.merge.MergeException;
import io.taper.launcher.merge.MergeInput;
import io.taper.result.ResultKeys;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;

/** What the test JVMs' results say about themselves, before they are merged. */
final class MergeInputs {

    private MergeInputs() {
    }

    /** The analysis of the first input (merge refuses inputs of different analyses, naming them). */
    static String analysis(List<Path> inputs) throws MojoExecutionException {
        try {
            return String.valueOf(MergeInput.read(inputs.get(0)).result().get(ResultKeys.ANALYSIS));
        } catch (MergeException e) {
            throw new MojoExecutionException("taper: " + e.getMessage(), e);
        }
    }
}
