/**
 * Multi-site tests with every GCS node in a Docker container: {@link org.gcs.testcontainers.GcsContainer} runs one
 * {@code gcs node} from the GCS image, configured with its site, member name, groups, seeds and cluster key; a test
 * puts the members of one site on one Docker network (their LAN) and the delegates on a shared one (the WAN), and reads
 * the nodes' status and view lines from the containers' logs, typed: {@link org.gcs.testcontainers.GcsStatus},
 * {@link org.gcs.testcontainers.GcsView}. The module does not depend on gcs-core: it talks to the nodes only
 * through their configuration and output. A container is configured, started and read by the test's thread, like any
 * Testcontainers container.
 */
package org.gcs.testcontainers;
