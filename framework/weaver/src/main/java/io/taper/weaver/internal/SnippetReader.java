package io.taper.weaver.internal;

import io.taper.api.After;
import io.taper.api.AfterReturning;
import io.taper.api.AfterThrowing;
import io.taper.api.Arg;
import io.taper.api.Before;
import io.taper.api.Guard;
import io.taper.api.LocalVar;
import io.taper.api.Return;
import io.taper.api.NoSiteSwitch;
import io.taper.api.SiteId;
import io.taper.api.StackValue;
import io.taper.api.Static;
import io.taper.api.SyntheticLocal;
import io.taper.api.This;
import io.taper.api.Thrown;
import io.taper.api.marker.Marker;
import io.taper.weaver.SnippetDefinitionException;
import java.io.IOException;
import java.io.InputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Reads and validates snippet classes by reflection (classes loaded without initialisation); the class
 * bytes give the declaration order of methods, which reflection does not promise. Every rule broken is
 * reported as a {@link SnippetDefinitionException} naming {@code Class.method} and the rule.
 */
public final class SnippetReader {

    private final Map<Class<?>, Marker> markers = new HashMap<>();
    private final Map<Class<?>, Guard> guards = new HashMap<>();
    private final Map<String, List<Snippet>> groups = new LinkedHashMap<>();
    private final Map<String, Type> syntheticTypes = new LinkedHashMap<>();
    private final Map<String, String> syntheticWriters = new HashMap<>();
    private final List<Object[]> syntheticReads = new ArrayList<>();  // {display, name, Type}
    private int seq;

    /** Reads all snippet classes; returns the snippet groups in declaration order. */
    public static List<SnippetGroup> read(List<Class<?>> snippetClasses) {
        SnippetReader r = new SnippetReader();
        for (Class<?> c : snippetClasses) {
            r.readClass(c);
        }
        return r.finish();
    }

    private void readClass(Class<?> cls) {
        if (!Modifier.isPublic(cls.getModifiers())) {
            throw new SnippetDefinitionException(cls.getName() + ": snippet classes must be public");
        }
        boolean any = false;
        for (Method m : declarationOrder(cls)) {
            SnippetKind kind = kindOf(m);
            if (kind != null) {
                readMethod(cls, m, kind);
                any = true;
            }
        }
        if (!any) {
            throw new SnippetDefinitionException(cls.getName()
                + ": no snippet methods (@Before, @After, @AfterReturning, @AfterThrowing)");
        }
    }

    private SnippetKind kindOf(Method m) {
        SnippetKind kind = null;
        int n = 0;
        if (m.isAnnotationPresent(Before.class)) { kind = SnippetKind.BEFORE; n++; }
        if (m.isAnnotationPresent(After.class)) { kind = SnippetKind.AFTER; n++; }
        if (m.isAnnotationPresent(AfterReturning.class)) { kind = SnippetKind.AFTER_RETURNING; n++; }
        if (m.isAnnotationPresent(AfterThrowing.class)) { kind = SnippetKind.AFTER_THROWING; n++; }
        if (n > 1) {
            throw fail(m, "a snippet has exactly one of @Before, @After, @AfterReturning, @AfterThrowing");
        }
        return kind;
    }

    private void readMethod(Class<?> cls, Method m, SnippetKind kind) {
        int mod = m.getModifiers();
        if (!Modifier.isStatic(mod) || !Modifier.isPublic(mod)) {
            throw fail(m, "snippet methods must be public static");
        }
        Class<? extends Marker> markerClass;
        String args;
        String scope;
        Class<? extends Guard> guardClass;
        int order;
        String group;
        String variant;
        String storeLocal = "";
        switch (kind) {
            case BEFORE -> {
                Before a = m.getAnnotation(Before.class);
                markerClass = a.marker(); args = a.args(); scope = a.scope(); guardClass = a.guard();
                order = a.order(); group = a.group(); variant = a.variant(); storeLocal = a.storeLocal();
            }
            case AFTER -> {
                After a = m.getAnnotation(After.class);
                markerClass = a.marker(); args = a.args(); scope = a.scope(); guardClass = a.guard();
                order = a.order(); group = a.group(); variant = a.variant();
            }
            case AFTER_RETURNING -> {
                AfterReturning a = m.getAnnotation(AfterReturning.class);
                markerClass = a.marker(); args = a.args(); scope = a.scope(); guardClass = a.guard();
                order = a.order(); group = a.group(); variant = a.variant();
            }
            default -> {
                AfterThrowing a = m.getAnnotation(AfterThrowing.class);
                markerClass = a.marker(); args = a.args(); scope = a.scope(); guardClass = a.guard();
                order = a.order(); group = a.group(); variant = a.variant();
            }
        }
        Type returnType = Type.getReturnType(m);
        if (storeLocal.isEmpty() && returnType.getSort() != Type.VOID) {
            throw fail(m, "a snippet returns void unless it is @Before with storeLocal");
        }
        if (!storeLocal.isEmpty()) {
            if (returnType.getSort() == Type.VOID) {
                throw fail(m, "storeLocal=\"" + storeLocal + "\" needs a non-void return type");
            }
            Type previous = syntheticTypes.putIfAbsent(storeLocal, returnType);
            if (previous != null && !previous.equals(returnType)) {
                throw fail(m, "synthetic local \"" + storeLocal + "\" is " + previous.getClassName() + " in "
                    + syntheticWriters.get(storeLocal) + " but " + returnType.getClassName() + " here");
            }
            syntheticWriters.putIfAbsent(storeLocal, display(m));
        }
        Marker marker = markers.get(markerClass);
        if (marker == null) {
            marker = SnippetReader.<Marker>instantiate(m, "marker", markerClass);
            markers.put(markerClass, marker);
        }
        try {
            marker.checkArgs(args);
        } catch (RuntimeException e) {
            throw fail(m, "marker " + markerClass.getSimpleName() + " rejects args \"" + args + "\": "
                + e.getMessage());
        }
        Scope parsedScope;
        try {
            parsedScope = Scope.parse(scope);
        } catch (IllegalArgumentException e) {
            throw fail(m, e.getMessage());
        }
        Guard guard = null;
        if (guardClass != Guard.Always.class) {
            guard = guards.get(guardClass);
            if (guard == null) {
                guard = SnippetReader.<Guard>instantiate(m, "guard", guardClass);
                guards.put(guardClass, guard);
            }
        }
        SnippetParam[] params = readParams(m, kind);
        String owner = Type.getInternalName(cls);
        String groupName = group.isEmpty() ? cls.getSimpleName() + "." + m.getName() : group;
        Snippet s = new Snippet(owner, cls.isInterface(), m.getName(), Type.getMethodDescriptor(m), display(m), kind, seq++, groupName,
            variant, order, marker, args, parsedScope, guard, storeLocal, returnType, params,
            !m.isAnnotationPresent(NoSiteSwitch.class));
        groups.computeIfAbsent(groupName, g -> new ArrayList<>()).add(s);
    }

    private SnippetParam[] readParams(Method m, SnippetKind kind) {
        Class<?>[] types = m.getParameterTypes();
        Annotation[][] annotations = m.getParameterAnnotations();
        SnippetParam[] params = new SnippetParam[types.length];
        for (int i = 0; i < types.length; i++) {
            Annotation context = null;
            for (Annotation a : annotations[i]) {
                if (a.annotationType().getPackage() == SiteId.class.getPackage()) {
                    if (context != null) {
                        throw fail(m, "parameter " + i + " has more than one context annotation");
                    }
                    context = a;
                }
            }
            if (context == null) {
                throw fail(m, "parameter " + i + " (" + types[i].getSimpleName()
                    + ") has no context annotation (@SiteId, @Static, @This, @Arg, @StackValue, @LocalVar,"
                    + " @Return, @Thrown, @SyntheticLocal)");
            }
            params[i] = param(m, kind, i, types[i], context);
        }
        return params;
    }

    private SnippetParam param(Method m, SnippetKind kind, int i, Class<?> type, Annotation a) {
        Type t = Type.getType(type);
        String where = "parameter " + i + " (" + type.getSimpleName() + "): ";
        if (a instanceof SiteId) {
            require(m, type == int.class, where + "@SiteId must be int");
            return new SnippetParam(SnippetParam.Kind.SITE_ID, t, 0, null, null);
        }
        if (a instanceof Static s) {
            require(m, type == s.value().javaType(), where + "@Static(" + s.value() + ") must be "
                + s.value().javaType().getSimpleName());
            return new SnippetParam(SnippetParam.Kind.STATIC, t, 0, s.value(), null);
        }
        if (a instanceof This) {
            require(m, type == Object.class, where + "@This must be Object");
            return new SnippetParam(SnippetParam.Kind.THIS, t, 0, null, null);
        }
        if (a instanceof Arg arg) {
            requireValue(m, type, where + "@Arg");
            require(m, arg.value() >= 0, where + "@Arg index must be >= 0");
            return new SnippetParam(SnippetParam.Kind.ARG, t, arg.value(), null, null);
        }
        if (a instanceof StackValue sv) {
            requireValue(m, type, where + "@StackValue");
            require(m, sv.value() >= 0, where + "@StackValue depth must be >= 0");
            require(m, kind != SnippetKind.AFTER_THROWING, where
                + "@StackValue is not available to @AfterThrowing snippets (no operand stack on exceptional exit)");
            return new SnippetParam(SnippetParam.Kind.STACK, t, sv.value(), null, null);
        }
        if (a instanceof LocalVar lv) {
            requireValue(m, type, where + "@LocalVar");
            require(m, lv.value() >= 0, where + "@LocalVar slot must be >= 0");
            require(m, kind != SnippetKind.AFTER_THROWING, where
                + "@LocalVar is not available to @AfterThrowing snippets");
            return new SnippetParam(SnippetParam.Kind.LOCAL, t, lv.value(), null, null);
        }
        if (a instanceof Return) {
            requireValue(m, type, where + "@Return");
            require(m, kind == SnippetKind.AFTER || kind == SnippetKind.AFTER_RETURNING,
                where + "@Return is only available to @After and @AfterReturning snippets");
            return new SnippetParam(SnippetParam.Kind.RETURN, t, 0, null, null);
        }
        if (a instanceof Thrown) {
            require(m, type == Throwable.class || type == Object.class, where + "@Thrown must be Throwable or Object");
            require(m, kind == SnippetKind.AFTER || kind == SnippetKind.AFTER_THROWING,
                where + "@Thrown is only available to @After and @AfterThrowing snippets");
            return new SnippetParam(SnippetParam.Kind.THROWN, t, 0, null, null);
        }
        if (a instanceof SyntheticLocal sl) {
            require(m, !sl.value().isEmpty(), where + "@SyntheticLocal needs a name");
            syntheticReads.add(new Object[] {display(m), sl.value(), t, i, type.getSimpleName()});
            return new SnippetParam(SnippetParam.Kind.SYNTHETIC, t, 0, null, sl.value());
        }
        throw fail(m, where + "unknown context annotation @" + a.annotationType().getSimpleName());
    }

    private void requireValue(Method m, Class<?> type, String what) {
        require(m, type.isPrimitive() || type == Object.class, what + " must be a primitive type or Object");
    }

    private List<SnippetGroup> finish() {
        for (Object[] read : syntheticReads) {
            String name = (String) read[1];
            Type type = syntheticTypes.get(name);
            String where = read[0] + ": parameter " + read[3] + " (" + read[4] + "): ";
            if (type == null) {
                throw new SnippetDefinitionException(where + "@SyntheticLocal(\"" + name
                    + "\") is never written (no @Before snippet has storeLocal=\"" + name + "\")");
            }
            if (!type.equals(read[2])) {
                throw new SnippetDefinitionException(where + "@SyntheticLocal(\"" + name + "\") must be "
                    + type.getClassName() + ", the return type of " + syntheticWriters.get(name));
            }
        }
        List<SnippetGroup> result = new ArrayList<>();
        for (Map.Entry<String, List<Snippet>> e : groups.entrySet()) {
            List<Snippet> variants = e.getValue();
            Snippet first = variants.get(0);
            Snippet dflt = first;
            for (Snippet s : variants) {
                if (s.variant.isEmpty()) {
                    dflt = s;
                    break;
                }
            }
            for (int i = 0; i < variants.size(); i++) {
                Snippet s = variants.get(i);
                for (int j = 0; j < i; j++) {
                    if (variants.get(j).variant.equals(s.variant)) {
                        throw new SnippetDefinitionException(s.displayName + ": group \"" + e.getKey()
                            + "\" already has a variant named \"" + s.variant + "\" (" + variants.get(j).displayName + ")");
                    }
                }
                String diff = difference(first, s);
                if (diff != null) {
                    throw new SnippetDefinitionException(s.displayName + ": variant \"" + s.variant + "\" of group \""
                        + e.getKey() + "\" has a different " + diff + " than " + first.displayName
                        + " (variants share kind, marker, args, scope, guard, order and storeLocal)");
                }
            }
            result.add(new SnippetGroup(e.getKey(), result.size(), List.copyOf(variants), dflt));
        }
        return result;
    }

    private static String difference(Snippet a, Snippet b) {
        if (a.kind != b.kind) {
            return "kind";
        }
        if (a.marker != b.marker || !a.markerArgs.equals(b.markerArgs)) {
            return "marker or args";
        }
        if (!a.scope.toString().equals(b.scope.toString())) {
            return "scope";
        }
        if (a.guard != b.guard) {
            return "guard";
        }
        if (a.order != b.order) {
            return "order";
        }
        if (!a.storeLocal.equals(b.storeLocal)) {
            return "storeLocal";
        }
        return null;
    }

    private static <T> T instantiate(Method m, String what, Class<? extends T> c) {
        try {
            return c.getConstructor().newInstance();
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            throw new SnippetDefinitionException(display(m) + ": " + what + " " + c.getName()
                + " cannot be instantiated (needs a public no-argument constructor): " + e, e);
        }
    }

    private static void require(Method m, boolean ok, String rule) {
        if (!ok) {
            throw fail(m, rule);
        }
    }

    private static SnippetDefinitionException fail(Method m, String rule) {
        return new SnippetDefinitionException(display(m) + ": " + rule);
    }

    private static String display(Method m) {
        return m.getDeclaringClass().getName() + "." + m.getName();
    }

    /** Declared methods in class-file order (reflection's order is unspecified). */
    private static List<Method> declarationOrder(Class<?> cls) {
        List<String> order = new ArrayList<>();
        String resource = Type.getInternalName(cls) + ".class";
        ClassLoader loader = cls.getClassLoader();
        try (InputStream in = loader == null ? ClassLoader.getSystemResourceAsStream(resource)
                : loader.getResourceAsStream(resource)) {
            if (in != null) {
                new ClassReader(in).accept(new ClassVisitor(Opcodes.ASM9) {
                    @Override
                    public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] ex) {
                        order.add(name + desc);
                        return null;
                    }
                }, ClassReader.SKIP_CODE);
            }
        } catch (IOException | RuntimeException e) {
            // fall back to name order below
        }
        List<Method> methods = new ArrayList<>(List.of(cls.getDeclaredMethods()));
        methods.sort((a, b) -> {
            int ia = order.indexOf(a.getName() + Type.getMethodDescriptor(a));
            int ib = order.indexOf(b.getName() + Type.getMethodDescriptor(b));
            return ia != ib ? Integer.compare(ia, ib) : a.toString().compareTo(b.toString());
        });
        return methods;
    }
}
