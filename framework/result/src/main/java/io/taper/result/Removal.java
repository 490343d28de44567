package io.taper.result;

/** One site the controller took out ({@code stats.controller.removals[]}), {@code atMillis} after the run began. */
public record Removal(int site, double atMillis) {
}
