package io.taper.controller.internal;

/** One deployment change a strategy asked for during a step. */
record Change(Kind kind, int siteId, String variant) {

    enum Kind { DISABLE, ENABLE, VARIANT }
}
