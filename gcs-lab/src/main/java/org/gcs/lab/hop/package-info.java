/**
 * Lab scenarios of GCS's hop-by-hop transport itself (seed 001 on GCS, not its model): relay failures and backup
 * buffers.
 */
package org.gcs.lab.hop;
