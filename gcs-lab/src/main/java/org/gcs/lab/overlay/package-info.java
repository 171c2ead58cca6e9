/** Lab scenarios of the overlay transports: seeds 001 and 003's models and experiments. */
package org.gcs.lab.overlay;
