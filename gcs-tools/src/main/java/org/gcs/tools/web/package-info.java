/**
 * The tools' small HTTP server ({@link org.gcs.tools.web.LocalWebServer}): pages from the class path, JSON or text
 * endpoints and POST handlers on the JDK's HTTP server, for the dashboard, the whiteboard and the Prometheus scrape
 * endpoint of {@code gcs node} and {@code gcs demo}. Each server answers its requests on one daemon thread of its own,
 * one at a time; its handlers read the nodes' state from that thread.
 */
package org.gcs.tools.web;
