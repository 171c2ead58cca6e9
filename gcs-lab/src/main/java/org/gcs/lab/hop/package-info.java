/**
 * Lab scenarios of GCS's hop-by-hop transport itself (seed 001 on GCS, not its model), in virtual time:
 * {@code backup-buffers} ({@link org.gcs.lab.hop.BackupBuffersScenario}, relay failures along a chain and the backup
 * buffers that cover them, {@link org.gcs.lab.hop.ChainFailureRun}) and {@code transport-scaling}
 * ({@link org.gcs.lab.hop.TransportScalingScenario}, group throughput on binary trees of growing size on both WAN
 * transports, {@link org.gcs.lab.hop.TreeScalingRun}).
 */
package org.gcs.lab.hop;
