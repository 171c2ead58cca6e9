/**
 * The {@code tcp-friendliness} lab scenario and its parts: a real bottleneck between three network namespaces
 * (sender, router with a tbf and a user-space delay line, receiver),
 * {@code gcs lab-agent} processes that run a GCS node and one end of a kernel TCP bulk transfer inside them, and
 * the scenario that drives them through the paper's cycles.
 */
package org.gcs.lab.tcp;
