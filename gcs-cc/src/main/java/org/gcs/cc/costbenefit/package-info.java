/**
 * Seed 000's cost-benefit flow control (Amir, Awerbuch, Danilov, Stanton): every delegate prices its outgoing overlay
 * links from their output buffers (Eq. 7), a packet costs a fee plus the prices of the links of its tree (Eq. 8), and
 * every sender buys packets from a budget fed by a salary whose period adapts like TCP's window (Eqs. 10–11). Runs on
 * the hop-by-hop transport, whose links have the output buffers it prices. {@code docs/congestion-control.md} lists
 * every decision where the paper is silent.
 */
package org.gcs.cc.costbenefit;
