/**
 * Several sites on one machine, as the demo and the lab's real driver run them: {@link
 * org.gcs.tools.local.LoopbackSeeds} gives a new node the loopback WAN addresses of the nodes already started in the
 * other sites. Called on the thread that starts the nodes.
 */
package org.gcs.tools.local;
