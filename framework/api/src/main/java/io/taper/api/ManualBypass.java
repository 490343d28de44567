package io.taper.api;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On a snippet method: the snippet enters the per-thread bypass itself, only where it must. Its wrapper
 * still isolates failures but does not enter the bypass, which saves a per-thread lookup on every event.
 *
 * <p>The body may, before entering {@code io.taper.runtime.Bypass} ({@code enterCell()} ... {@code
 * exit(cell)}), only read its own state: plain fields and arrays, and nothing that runs JDK code (which is
 * woven, so its snippets would run inside this one's). Meant for hot snippets whose common case is a
 * check that finds nothing to do, such as a field that is already settled.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface ManualBypass {
}
