package io.taper.weaver;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * An analysis as the weaver needs it: its snippet classes (loaded, never initialised), scope exclusions,
 * and the names of its own classes (never woven).
 */
public final class AnalysisSpec {

    /** Where an analysis jar describes itself. */
    public static final String PROPERTIES = "META-INF/taper/analysis.properties";

    private final String name;
    private final List<Class<?>> snippetClasses;
    private final List<String> excludes;
    private final Set<String> ownClasses;
    private final Properties properties;

    private AnalysisSpec(String name, List<Class<?>> snippetClasses, List<String> excludes, Set<String> ownClasses,
                         Properties properties) {
        this.name = name;
        this.snippetClasses = List.copyOf(snippetClasses);
        this.excludes = List.copyOf(excludes);
        this.ownClasses = Set.copyOf(ownClasses);
        this.properties = properties;
    }

    /** For tests and embedding: snippet classes given directly; they (and only they) are the analysis's own classes. */
    public static AnalysisSpec of(String name, List<Class<?>> snippetClasses, List<String> excludes) {
        Set<String> own = new HashSet<>();
        for (Class<?> c : snippetClasses) {
            own.add(c.getName().replace('.', '/'));
        }
        Properties p = new Properties();
        p.setProperty("name", name);
        return new AnalysisSpec(name, snippetClasses, excludes, own, p);
    }

    /**
     * Reads an analysis jar ({@value #PROPERTIES}: {@code name}, {@code snippets}, {@code exclude}); the
     * snippet classes are loaded, without initialisation, by a class loader over the jar whose parent is
     * the weaver's loader (so the API annotations are shared).
     */
    public static AnalysisSpec fromJar(Path jar) throws IOException {
        return fromJar(jar, AnalysisSpec.class.getClassLoader());
    }

    public static AnalysisSpec fromJar(Path jar, ClassLoader parent) throws IOException {
        Properties p = new Properties();
        Set<String> own = new HashSet<>();
        try (JarFile jf = new JarFile(jar.toFile())) {
            JarEntry e = jf.getJarEntry(PROPERTIES);
            if (e == null) {
                throw new IOException(jar + ": no " + PROPERTIES);
            }
            try (InputStream in = jf.getInputStream(e)) {
                p.load(in);
            }
            for (Enumeration<JarEntry> en = jf.entries(); en.hasMoreElements(); ) {
                String n = en.nextElement().getName();
                if (n.endsWith(".class") && !n.startsWith("META-INF/")) {
                    own.add(n.substring(0, n.length() - ".class".length()));
                }
            }
        }
        String name = p.getProperty("name", "").trim();
        if (name.isEmpty()) {
            throw new IOException(jar + ": " + PROPERTIES + " has no name");
        }
        ClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, parent);
        List<Class<?>> classes = new ArrayList<>();
        for (String cn : splitList(p.getProperty("snippets", ""))) {
            try {
                classes.add(Class.forName(cn, false, loader));
            } catch (ClassNotFoundException | LinkageError ex) {
                throw new SnippetDefinitionException(cn + ": snippet class cannot be loaded from " + jar + ": " + ex, ex);
            }
        }
        if (classes.isEmpty() && p.getProperty("transform", "").isBlank()) {
            throw new IOException(jar + ": " + PROPERTIES + " lists no snippet classes and no transform");
        }
        return new AnalysisSpec(name, classes, splitList(p.getProperty("exclude", "")), own, p);
    }

    /** Splits a comma list, ignoring commas inside parentheses (scope parameter lists). */
    static List<String> splitList(String s) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        StringBuilder cur = new StringBuilder();
        for (char c : s.toCharArray()) {
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            }
            if (c == ',' && depth == 0) {
                add(out, cur);
            } else {
                cur.append(c);
            }
        }
        add(out, cur);
        return out;
    }

    private static void add(List<String> out, StringBuilder cur) {
        String t = cur.toString().trim();
        if (!t.isEmpty()) {
            out.add(t);
        }
        cur.setLength(0);
    }

    public String name() {
        return name;
    }

    public List<Class<?>> snippetClasses() {
        return snippetClasses;
    }

    /** Scope exclusions (DiSL scope language) applied to every snippet. */
    public List<String> excludes() {
        return excludes;
    }

    /** Internal names of the analysis's classes: never woven. */
    public Set<String> ownClasses() {
        return ownClasses;
    }

    /** All of analysis.properties (e.g. {@code results}, {@code controller}). */
    public Properties properties() {
        return properties;
    }

    /**
     * The analysis's own class transformation ({@code transform=}, an {@code io.taper.api.ClassTransform}), or
     * null if it is woven from its snippets.
     */
    public String transformClass() {
        String t = properties.getProperty("transform", "").trim();
        return t.isEmpty() ? null : t;
    }

    /**
     * The jars with the transformation's implementation and the libraries it needs ({@code transform.jar}, a
     * comma list of file names resolved next to the analysis jar), then the analysis jar itself.
     */
    public List<Path> transformJars(Path analysisJar) {
        List<Path> jars = new ArrayList<>();
        Path dir = analysisJar.toAbsolutePath().getParent();
        for (String j : splitList(properties.getProperty("transform.jar", ""))) {
            jars.add(dir == null ? Path.of(j) : dir.resolve(j));
        }
        jars.add(analysisJar);
        return jars;
    }

    /** The same analysis asking for shadow fields with this prefix (for tests and embedding). */
    public AnalysisSpec withShadowFields(String prefix) {
        Properties p = new Properties();
        p.putAll(properties);
        p.setProperty("shadowFields", prefix);
        return new AnalysisSpec(name, snippetClasses, excludes, ownClasses, p);
    }

    /**
     * The name prefix of the per-instance shadow fields the analysis keeps its state in (property
     * {@code shadowFields}), or null if it wants none. See {@link WeaveRequest#addShadowFields()}.
     *
     * @throws IllegalArgumentException if the prefix is not a legal start of a field name
     */
    public String shadowFieldPrefix() {
        String p = properties.getProperty("shadowFields", "").trim();
        if (p.isEmpty()) {
            return null;
        }
        if (!p.startsWith(io.taper.runtime.HiddenMembers.PREFIX)) {
            // reflection hides added members by that prefix (HiddenMembers); others would show
            throw new IllegalArgumentException(name + ": shadowFields: '" + p + "' must start with '"
                + io.taper.runtime.HiddenMembers.PREFIX + "'");
        }
        for (int i = 0; i < p.length(); i++) {
            char c = p.charAt(i);
            if (i == 0 ? !Character.isJavaIdentifierStart(c) : !Character.isJavaIdentifierPart(c)) {
                throw new IllegalArgumentException(name + ": shadowFields: '" + p + "' is not a field-name prefix");
            }
        }
        return p;
    }
}
