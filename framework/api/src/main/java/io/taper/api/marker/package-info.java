/** Markers: where in a method snippets go. Built-ins plus the {@link io.taper.api.marker.Marker} interface for custom ones. */
package io.taper.api.marker;
