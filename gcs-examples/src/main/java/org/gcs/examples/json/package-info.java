/** The examples' small JSON writer, shared by the demo, the lab, the bench and the dashboard. */
package org.gcs.examples.json;
