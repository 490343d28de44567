package io.taper.analysis.methodtime;

/**
 * A method as a row key: defining loader's tag, class (internal name), name and descriptor. A plain
 * class rather than a record: a record's {@code hashCode} bootstraps {@code java.lang.invoke}, which
 * analysis code must not do from inside woven JDK code.
 */
final class MethodKey {

    final int loaderTag;
    final String className;
    final String name;
    final String descriptor;
    private final int hash;

    MethodKey(int loaderTag, String className, String name, String descriptor) {
        this.loaderTag = loaderTag;
        this.className = className;
        this.name = name;
        this.descriptor = descriptor;
        this.hash = ((loaderTag * 31 + className.hashCode()) * 31 + name.hashCode()) * 31 + descriptor.hashCode();
    }

    /** The class's binary name ({@code java.lang.String}), as JFR and result rows show it. */
    String binaryClassName() {
        return className.replace('/', '.');
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof MethodKey)) {
            return false;
        }
        MethodKey k = (MethodKey) o;
        return hash == k.hash && loaderTag == k.loaderTag && className.equals(k.className) && name.equals(k.name)
                && descriptor.equals(k.descriptor);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return new StringBuilder(binaryClassName()).append('.').append(name).append(descriptor).toString();
    }
}
