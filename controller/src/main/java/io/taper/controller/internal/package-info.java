/** The controller's machinery: strategy discovery, the control loop, staged changes, retransformation. */
package io.taper.controller.internal;
