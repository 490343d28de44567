package io.taper.launcher.profile;

/**
 * Which time a method-time report ranks and draws: the time threads ran ({@code running}, the default, as sampling
 * profilers show it: a parked thread pool or an idle cleaner thread does not rank), or wall-clock time, waiting
 * included ({@code wall}).
 */
public enum ProfileView {
    RUNNING("running"),
    WALL("wall");

    private final String key;

    ProfileView(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }

    /** @throws IllegalArgumentException for anything but {@code running} or {@code wall} */
    public static ProfileView parse(String value) {
        for (ProfileView v : values()) {
            if (v.key.equals(value)) {
                return v;
            }
        }
        throw new IllegalArgumentException("expected running or wall, got '" + value + "'");
    }

    /** For picocli: {@code --view running|wall}. */
    public static final class Converter implements picocli.CommandLine.ITypeConverter<ProfileView> {
        @Override
        public ProfileView convert(String value) {
            try {
                return parse(value);
            } catch (IllegalArgumentException e) {
                throw new picocli.CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}
