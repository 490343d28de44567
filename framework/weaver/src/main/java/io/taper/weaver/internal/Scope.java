package io.taper.weaver.internal;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.Type;

/**
 * DiSL's scope language: {@code [returnType] [pkg.Class.]method[(paramTypes)]}.
 *
 * <ul>
 *   <li>{@code *} matches any run of characters, in every element.</li>
 *   <li>The class part is optional (any class). A class without a package matches that simple name in any
 *       package ({@code String} = {@code *.String}); {@code [default].Name} matches the default package only.</li>
 *   <li>The method name is mandatory; constructors and class initialisers are {@code <init>} and
 *       {@code <clinit>}.</li>
 *   <li>Parameters are Java type names ({@code int}, {@code java.lang.String[]}); no list means any
 *       parameters, {@code ()} none, a trailing {@code ..} any remaining ones. Type names without a
 *       package match in any package, like class names.</li>
 *   <li>The return type (before a space) is optional.</li>
 * </ul>
 */
public final class Scope {

    private final String text;
    private final Wildcard returnType;   // null: any
    private final Wildcard className;    // internal form; null: any
    private final Wildcard methodName;
    private final Wildcard[] params;     // null: any
    private final boolean moreParams;    // trailing ".."

    private Scope(String text, Wildcard returnType, Wildcard className, Wildcard methodName, Wildcard[] params,
                  boolean moreParams) {
        this.text = text;
        this.returnType = returnType;
        this.className = className;
        this.methodName = methodName;
        this.params = params;
        this.moreParams = moreParams;
    }

    /** @throws IllegalArgumentException with a message naming what is malformed */
    public static Scope parse(String scope) {
        String s = scope == null ? "" : scope.trim();
        if (s.isEmpty()) {
            throw new IllegalArgumentException("malformed scope \"" + scope + "\": empty");
        }
        int open = s.indexOf('(');
        int close = s.indexOf(')');
        String head = s;
        Wildcard[] params = null;
        boolean more = false;
        if (open >= 0 || close >= 0) {
            if (open < 0 || close < open || close != s.length() - 1) {
                throw new IllegalArgumentException("malformed scope \"" + scope + "\": misplaced parentheses");
            }
            head = s.substring(0, open).trim();
            List<Wildcard> list = new ArrayList<>();
            String inner = s.substring(open + 1, close).trim();
            if (!inner.isEmpty()) {
                String[] items = inner.split(",", -1);
                for (int i = 0; i < items.length; i++) {
                    String p = items[i].trim();
                    if (p.equals("..")) {
                        if (i != items.length - 1) {
                            throw new IllegalArgumentException("malformed scope \"" + scope
                                + "\": '..' must be the last parameter");
                        }
                        more = true;
                    } else if (p.isEmpty() || p.contains(" ")) {
                        throw new IllegalArgumentException("malformed scope \"" + scope
                            + "\": bad parameter type '" + p + "'");
                    } else {
                        list.add(typePattern(p));
                    }
                }
            }
            params = list.toArray(new Wildcard[0]);
        }
        String[] words = head.split("\\s+");
        if (words.length > 2 || head.isEmpty()) {
            throw new IllegalArgumentException("malformed scope \"" + scope
                + "\": expected [returnType] [pkg.Class.]method[(params)]");
        }
        Wildcard ret = words.length == 2 ? typePattern(words[0]) : null;
        String qualified = words[words.length - 1];
        int dot = qualified.lastIndexOf('.');
        Wildcard cls = null;
        String method = qualified;
        if (dot >= 0) {
            if (dot == 0 || dot == qualified.length() - 1) {
                throw new IllegalArgumentException("malformed scope \"" + scope + "\": bad class or method name");
            }
            cls = classPattern(qualified.substring(0, dot));
            method = qualified.substring(dot + 1);
        }
        return new Scope(s, ret == null || ret.matchesAll() ? null : ret,
            cls == null || cls.matchesAll() ? null : cls, new Wildcard(method), params, more);
    }

    private static Wildcard classPattern(String cls) {
        String c;
        if (cls.startsWith("[default].")) {
            c = "/" + cls.substring("[default].".length());
        } else if (!cls.startsWith("*") && cls.indexOf('.') < 0) {
            c = "*/" + cls;
        } else {
            c = cls;
        }
        return new Wildcard(c.replace('.', '/'));
    }

    private static Wildcard typePattern(String type) {
        String base = type.replace("[]", "");
        boolean primitive = switch (base) {
            case "int", "long", "short", "byte", "char", "boolean", "float", "double", "void" -> true;
            default -> false;
        };
        if (!primitive && !type.startsWith("*") && base.indexOf('.') < 0) {
            return new Wildcard("*." + type);
        }
        return new Wildcard(type);
    }

    /** Whether some method of this class may match (to skip classes without parsing them). */
    public boolean mayMatchClass(String internalName) {
        return className == null || className.matches(internalName.indexOf('/') < 0 ? "/" + internalName : internalName);
    }

    public boolean matches(String classInternalName, String name, String desc) {
        if (!methodName.matches(name)) {
            return false;
        }
        if (className != null && !mayMatchClass(classInternalName)) {
            return false;
        }
        if (params != null) {
            Type[] args = Type.getArgumentTypes(desc);
            if (args.length < params.length || (!moreParams && args.length != params.length)) {
                return false;
            }
            for (int i = 0; i < params.length; i++) {
                if (!params[i].matches(args[i].getClassName())) {
                    return false;
                }
            }
        }
        return returnType == null || returnType.matches(Type.getReturnType(desc).getClassName());
    }

    @Override
    public String toString() {
        return text;
    }
}
