/** Round-trip-time estimation, sans-IO (samples and time come in as arguments). */
package org.gcs.cc.rtt;
