/**
 * The lab's reproductions of the experiments of seed 000 (Amir, Awerbuch, Danilov, Stanton, "A Cost-Benefit Flow
 * Control for Reliable Multicast and Unicast in Overlay Networks"): two bottlenecks, a shared bottleneck with a
 * delayed start and a bandwidth drop, a chain of links, many senders and the 1/C_p randomization, with the
 * cost-benefit controller on the hop-by-hop transport. They run in virtual time (the two-bottleneck one also on the
 * real driver); docs/experiments.md gives their numbers next to the paper's.
 */
package org.gcs.lab.costbenefit;
