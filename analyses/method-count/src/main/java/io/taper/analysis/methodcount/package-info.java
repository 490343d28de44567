/** The method-count analysis in the observed JVM: how many times each method of each class was entered. */
package io.taper.analysis.methodcount;
