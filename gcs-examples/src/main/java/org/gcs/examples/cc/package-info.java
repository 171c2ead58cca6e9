/**
 * An example of a congestion controller written outside GCS and selected by class name
 * ({@code congestion.control = org.gcs.examples.cc.SlowestReceiverControl}); docs/congestion-control.md walks
 * through it.
 */
package org.gcs.examples.cc;
