/** The method-count analysis: how many times each method of each class was entered. */
package io.taper.analysis.methodcount;
