/**
 * TCP-friendly rate control for many-to-many groups (seed 004, Xpand), sans-IO: the TCP throughput
 * equation, the receiving delegate's loss event rate and the sending delegate's aggregate rate. Time comes
 * in as {@code nowNs}; nothing here reads a clock, starts a thread or touches a socket.
 */
package org.gcs.cc.tfrc;
