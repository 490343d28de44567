/** The controller strategy SPI: strategies decide which sites to remove, restore or switch, step by step. */
package io.taper.runtime.control;
