package io.taper.controller.internal;

import io.taper.runtime.control.ControllerStrategy;
import io.taper.runtime.control.FixedStrategy;
import io.taper.runtime.control.PeriodicRemoval;
import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.function.Supplier;

/**
 * Finds controller strategies by name: the built-ins ({@code none}, {@code periodic:<ms>}), those the
 * analysis jar lists in {@code META-INF/services/io.taper.runtime.control.ControllerStrategy} (it is on
 * the boot class path, which the system class loader sees), and those of the user jars of
 * {@code controller.path} (a {@link URLClassLoader} over the system class loader). A provider that
 * fails to load is reported in {@link #problems()}, not thrown.
 */
public final class StrategyCatalog {

    private final Map<String, Supplier<ControllerStrategy>> builtIns = new LinkedHashMap<>();
    private final Map<String, Class<? extends ControllerStrategy>> discovered = new LinkedHashMap<>();
    private final List<String> problems = new ArrayList<>();

    private StrategyCatalog() {
        builtIns.put(FixedStrategy.NAME, FixedStrategy::new);
        builtIns.put(PeriodicRemoval.NAME, PeriodicRemoval::new);
    }

    /**
     * @param controllerPath jar paths separated by the platform's path separator; null or "" for none
     */
    public static StrategyCatalog discover(String controllerPath) {
        return discover(ClassLoader.getSystemClassLoader(), controllerPath);
    }

    /**
     * The same, with {@code system} standing for the class loader that sees the runtime and the analysis jar
     * (the launcher checks a spec before the run this way, with the jars in a loader of its own).
     */
    public static StrategyCatalog discover(ClassLoader system, String controllerPath) {
        StrategyCatalog c = new StrategyCatalog();
        ClassLoader loader = system;
        if (controllerPath != null && !controllerPath.isBlank()) {
            List<URL> urls = new ArrayList<>();
            for (String p : controllerPath.split(File.pathSeparator)) {
                if (p.isBlank()) {
                    continue;
                }
                File f = new File(p.trim());
                if (!f.isFile()) {
                    c.problems.add("controller.path entry " + f + " is not a file");
                    continue;
                }
                try {
                    urls.add(f.toURI().toURL());
                } catch (MalformedURLException e) {
                    c.problems.add("controller.path entry " + f + ": " + e);
                }
            }
            loader = new URLClassLoader("taper-strategies", urls.toArray(new URL[0]), system);
        }
        c.load(loader);
        return c;
    }

    private void load(ClassLoader loader) {
        Iterator<ControllerStrategy> it = ServiceLoader.load(ControllerStrategy.class, loader).iterator();
        while (true) {
            ControllerStrategy s;
            try {
                if (!it.hasNext()) {
                    return;
                }
                s = it.next();
            } catch (ServiceConfigurationError | LinkageError e) {
                problems.add("a controller strategy could not be loaded: " + e);
                continue;
            }
            String name;
            try {
                name = s.name();
            } catch (RuntimeException | LinkageError e) {
                problems.add(s.getClass().getName() + ".name() failed: " + e);
                continue;
            }
            Class<? extends ControllerStrategy> type = s.getClass();
            if (builtIns.containsKey(name)) {
                problems.add(type.getName() + " is named '" + name + "', a built-in strategy's name: ignored");
            } else if (discovered.containsKey(name) && discovered.get(name) != type) {
                problems.add(type.getName() + " is named '" + name + "' like " + discovered.get(name).getName()
                        + ": ignored");
            } else {
                discovered.put(name, type);
            }
        }
    }

    /** Every selectable name, built-ins first ({@code periodic} shown with its argument). */
    public List<String> names() {
        List<String> n = new ArrayList<>();
        for (String b : builtIns.keySet()) {
            n.add(b.equals(PeriodicRemoval.NAME) ? b + ":<ms>" : b);
        }
        n.addAll(discovered.keySet());
        return n;
    }

    public List<String> problems() {
        return List.copyOf(problems);
    }

    /**
     * A fresh, configured strategy for a spec {@code NAME[:ARGUMENT]}.
     *
     * @throws IllegalArgumentException for an unknown name (the message lists the known ones) or an
     *     argument the strategy rejects
     */
    public ControllerStrategy create(String spec) {
        String s = spec == null || spec.isBlank() ? FixedStrategy.NAME : spec.trim();
        int colon = s.indexOf(':');
        String name = colon < 0 ? s : s.substring(0, colon);
        String argument = colon < 0 ? "" : s.substring(colon + 1);
        ControllerStrategy strategy;
        Supplier<ControllerStrategy> builtIn = builtIns.get(name);
        if (builtIn != null) {
            strategy = builtIn.get();
        } else if (discovered.containsKey(name)) {
            try {
                strategy = discovered.get(name).getDeclaredConstructor().newInstance();
            } catch (ReflectiveOperationException | LinkageError e) {
                throw new IllegalArgumentException("controller strategy '" + name + "' could not be created: " + e, e);
            }
        } else {
            throw new IllegalArgumentException("unknown controller strategy '" + name + "'; known: "
                    + String.join(", ", names())
                    + (problems.isEmpty() ? "" : " (problems: " + String.join("; ", problems) + ")"));
        }
        strategy.configure(argument);
        return strategy;
    }
}
