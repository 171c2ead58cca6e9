/**
 * The tools' small JSON writer ({@link org.gcs.tools.json.JsonWriter}: the {@code --json} lines and summaries of the
 * demo, the lab and the bench, and the dashboard's and the whiteboard's endpoints) and its strict reader
 * ({@link org.gcs.tools.json.JsonReader}: the whiteboard page's requests). Both are stateless (static methods) and
 * serve any thread.
 */
package org.gcs.tools.json;
