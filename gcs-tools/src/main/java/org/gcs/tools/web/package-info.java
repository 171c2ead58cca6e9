/** The examples' small HTTP server: pages and JSON endpoints on the JDK's HTTP server. */
package org.gcs.tools.web;
