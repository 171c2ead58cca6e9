/**
 * The tools' threads: named daemon threads and factories, and closing many nodes in parallel with a bounded wait
 * ({@link org.gcs.tools.threads.Threads}). Stateless.
 */
package org.gcs.tools.threads;
