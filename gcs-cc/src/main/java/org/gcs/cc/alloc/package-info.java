/**
 * Division of a sending delegate's aggregate rate among its local senders (seed 004 §4.3): max-min fair
 * allocation and per-sender demand estimation. Sans-IO: time comes in as {@code nowNs}.
 */
package org.gcs.cc.alloc;
