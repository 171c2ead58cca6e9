/**
 * The examples' small JSON writer, shared by the demo, the lab, the bench and the dashboard, and its strict reader,
 * for the whiteboard's requests.
 */
package org.gcs.tools.json;
