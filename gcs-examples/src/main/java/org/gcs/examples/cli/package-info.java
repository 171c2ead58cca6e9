/**
 * The {@code gcs} command line: {@code gcs demo} runs several sites with an emulated WAN inside one JVM and
 * checks that every message reaches every member exactly once and in per-sender order; {@code gcs node} runs
 * one real node from a properties file.
 */
package org.gcs.examples.cli;
