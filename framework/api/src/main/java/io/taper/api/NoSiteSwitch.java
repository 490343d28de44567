package io.taper.api;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On a snippet method: in an adaptive run the weaver does not put the site's switch in front of it, so the
 * snippet runs even after the controller switched its site off. For snippets that must see every event of
 * their site whatever the controller decided (an exit that pops the frame its entry pushed before the switch)
 * or that test {@code io.taper.runtime.SiteSwitches} themselves.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface NoSiteSwitch {
}
