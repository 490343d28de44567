package io.taper.weaver.internal;

/** A glob where {@code *} matches any (possibly empty) run of characters; compiled once, allocation-free matching. */
final class Wildcard {

    private final String pattern;
    private final String[] parts;      // literal pieces between stars
    private final boolean anchoredStart;
    private final boolean anchoredEnd;
    private final boolean any;

    Wildcard(String pattern) {
        this.pattern = pattern;
        this.any = pattern.chars().allMatch(c -> c == '*') && !pattern.isEmpty();
        this.parts = pattern.split("\\*", -1);
        this.anchoredStart = !pattern.startsWith("*");
        this.anchoredEnd = !pattern.endsWith("*");
    }

    boolean matchesAll() {
        return any;
    }

    boolean matches(String s) {
        if (any) {
            return true;
        }
        if (parts.length == 1) {
            return s.equals(pattern);
        }
        int pos = 0;
        int last = parts.length - 1;
        for (int i = 0; i <= last; i++) {
            String p = parts[i];
            if (i == 0 && anchoredStart) {
                if (!s.startsWith(p)) {
                    return false;
                }
                pos = p.length();
            } else if (i == last && anchoredEnd) {
                return s.length() - p.length() >= pos && s.endsWith(p);
            } else if (!p.isEmpty()) {
                int at = s.indexOf(p, pos);
                if (at < 0) {
                    return false;
                }
                pos = at + p.length();
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return pattern;
    }
}
