package io.taper.launcher.profile;

/**
 * How methods are named: a matching key shared by result rows and JFR ({@code java.lang.String.indexOf(I)I}:
 * binary class name, method name, JVM descriptor) and a readable frame name for tables and flame graphs
 * ({@code java.lang.String.indexOf(int)}).
 */
public final class MethodNames {

    private MethodNames() {
    }

    /** The matching key: binary class name, '.', method name, descriptor. */
    public static String key(String binaryClassName, String method, String descriptor) {
        return binaryClassName + "." + method + descriptor;
    }

    /**
     * A readable name: {@code Class.method(ParamType,...)} with simple type names, and no ';' or whitespace
     * (the collapsed-stack format uses them as separators). A malformed descriptor is shown as it is.
     */
    public static String frame(String binaryClassName, String method, String descriptor) {
        String params = parameters(descriptor);
        String name = binaryClassName + "." + method + (params == null ? descriptor : "(" + params + ")");
        return name.replace(';', '_').replaceAll("\\s", "_");
    }

    /** {@code (I[Ljava/lang/String;)V} gives {@code int,String[]}; null if the descriptor is malformed. */
    public static String parameters(String descriptor) {
        if (descriptor == null || !descriptor.startsWith("(") || descriptor.indexOf(')') < 0) {
            return null;
        }
        StringBuilder b = new StringBuilder();
        int i = 1;
        int end = descriptor.indexOf(')');
        while (i < end) {
            int dims = 0;
            while (descriptor.charAt(i) == '[') {
                dims++;
                i++;
            }
            String type;
            char c = descriptor.charAt(i);
            if (c == 'L') {
                int semi = descriptor.indexOf(';', i);
                if (semi < 0 || semi > end) {
                    return null;
                }
                String cls = descriptor.substring(i + 1, semi);
                type = cls.substring(cls.lastIndexOf('/') + 1);
                i = semi + 1;
            } else {
                type = primitive(c);
                if (type == null) {
                    return null;
                }
                i++;
            }
            if (b.length() > 0) {
                b.append(',');
            }
            b.append(type).append("[]".repeat(dims));
        }
        return b.toString();
    }

    private static String primitive(char c) {
        switch (c) {
            case 'Z': return "boolean";
            case 'B': return "byte";
            case 'C': return "char";
            case 'S': return "short";
            case 'I': return "int";
            case 'J': return "long";
            case 'F': return "float";
            case 'D': return "double";
            default: return null;
        }
    }
}
