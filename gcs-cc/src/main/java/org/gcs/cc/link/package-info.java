/**
 * The reliable, back-pressured link of the hop-by-hop transport: one {@link org.gcs.cc.link.LinkSender} and one
 * {@link org.gcs.cc.link.LinkReceiver} per directed tree edge, sans-IO (the caller moves the frames and brings the
 * time), so the same code runs over the WAN socket and in virtual time. Seed 001 §II's per-edge TCP with its bounded
 * output and input buffers, built as the implementation specification §1.2 describes: Reno-like AIMD with SACK
 * recovery, an RFC 6298 retransmission timer and credit that returns upstream when a packet leaves the input buffer.
 */
package org.gcs.cc.link;
