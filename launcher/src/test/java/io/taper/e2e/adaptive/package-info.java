/** End-to-end tests of adaptive instrumentation: removal, re-deployment, hot retransformation, user strategies. */
package io.taper.e2e.adaptive;
