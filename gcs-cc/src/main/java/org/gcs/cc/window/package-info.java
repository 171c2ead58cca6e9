/** TCP-like window congestion avoidance for groups whose members all share one LAN (seed 004 §4.4). */
package org.gcs.cc.window;
