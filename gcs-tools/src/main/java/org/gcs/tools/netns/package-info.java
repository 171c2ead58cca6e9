/**
 * Emulated networks made of Linux network namespaces, for the lab and the bench (as root): a runner of the host's
 * {@code ip}, {@code tc} and {@code sysctl} tools ({@link org.gcs.tools.netns.HostCommands}), builders of namespaces,
 * veth pairs and {@code tbf} queues ({@link org.gcs.tools.netns.Netns}), a user-space delay line with a loss model
 * ({@link org.gcs.tools.netns.DelayLine}; the kernel here has no {@code netem}) and a WAN of sites joined by a
 * router ({@link org.gcs.tools.netns.WanNetwork}), and a small internet with sites behind NATs of both kinds
 * ({@link org.gcs.tools.netns.NatNetwork}). Every object removes what it made when closed.
 */
package org.gcs.tools.netns;
