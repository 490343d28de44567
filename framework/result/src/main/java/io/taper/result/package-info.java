/**
 * The {@code result.json} format, one definition for every module: its version, the run {@link io.taper.result.Mode},
 * the key names its writers use and its readers look up ({@link io.taper.result.ResultKeys}), the row records, and
 * {@link io.taper.result.ResultFile}, the one reader that refuses a version it does not know.
 */
package io.taper.result;
