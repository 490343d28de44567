/** The adaptive controller in the observed JVM: deployments per class, strategies, retransformation. */
package io.taper.controller;
