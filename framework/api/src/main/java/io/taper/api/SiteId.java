package io.taper.api;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The site id of this woven snippet instance ({@code int}), folded to a constant: the key to the site
 * table row ({@code io.taper.runtime.SiteRegistry}) and stable when the class is woven again.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface SiteId {
}
