package io.taper.launcher.coverage;

import io.taper.result.ResultKeys.CoverageRow;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import org.jacoco.core.data.ExecutionData;
import org.jacoco.core.data.ExecutionDataStore;
import org.jacoco.core.data.ExecutionDataWriter;
import org.jacoco.core.data.SessionInfo;
import org.jacoco.core.data.SessionInfoStore;
import org.jacoco.core.tools.ExecFileLoader;

/** Execution data as JaCoCo holds it: from a Taper run's rows, or from {@code .exec} files; written as {@code .exec}. */
public final class ExecData {

    private final ExecutionDataStore store;
    private final SessionInfoStore sessions;

    private ExecData(ExecutionDataStore store, SessionInfoStore sessions) {
        this.store = store;
        this.sessions = sessions;
    }

    public ExecutionDataStore store() {
        return store;
    }

    public SessionInfoStore sessions() {
        return sessions;
    }

    /**
     * The rows of a coverage run (class, JaCoCo class id, probe flags); rows of one class id (the same class in
     * two loaders) are merged as JaCoCo merges them.
     *
     * @throws IllegalArgumentException for a row that is not a coverage row
     */
    public static ExecData fromRows(List<Map<String, Object>> rows, String sessionId, long startMillis, long endMillis) {
        ExecutionDataStore store = new ExecutionDataStore();
        for (Map<String, Object> row : rows) {
            Object name = row.get(CoverageRow.CLASS);
            Object id = row.get(CoverageRow.CLASS_ID);
            Object bits = row.get(CoverageRow.PROBES);
            if (!(name instanceof String) || !(id instanceof String) || !(bits instanceof String)) {
                throw new IllegalArgumentException("not a coverage row: " + row);
            }
            String b = (String) bits;
            boolean[] probes = new boolean[b.length()];
            for (int i = 0; i < probes.length; i++) {
                char c = b.charAt(i);
                if (c != '0' && c != '1') {
                    throw new IllegalArgumentException("probe flags of " + name + " are not 0/1: " + b);
                }
                probes[i] = c == '1';
            }
            store.put(new ExecutionData(Long.parseUnsignedLong((String) id, 16), (String) name, probes));
        }
        SessionInfoStore sessions = new SessionInfoStore();
        sessions.visitSessionInfo(new SessionInfo(sessionId, startMillis, endMillis));
        return new ExecData(store, sessions);
    }

    /** One or more {@code .exec} files, merged (JaCoCo's {@code merge}). */
    public static ExecData load(List<Path> files) throws IOException {
        ExecFileLoader loader = new ExecFileLoader();   // none: empty data
        for (Path f : files) {
            if (!Files.isRegularFile(f)) {
                throw new IOException(f + ": no such file");
            }
            loader.load(f.toFile());
        }
        return new ExecData(loader.getExecutionDataStore(), loader.getSessionInfoStore());
    }

    /** Merges another's sessions and probes into this one (a probe is covered if it is in either). */
    public void add(ExecData other) {
        other.sessions.accept(sessions);
        other.store.accept(store);
    }

    /** Writes JaCoCo's {@code .exec} format (sessions, then classes), replacing the file only when complete. */
    public void write(Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp))) {
            ExecutionDataWriter w = new ExecutionDataWriter(out);
            sessions.accept(w);
            store.accept(w);
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
    }
}
