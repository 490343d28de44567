/** The bytes-in, bytes-out weaver ({@link io.taper.weaver.Weaver}) and snippet preparation ({@link io.taper.weaver.SnippetPreparer}). */
package io.taper.weaver;
