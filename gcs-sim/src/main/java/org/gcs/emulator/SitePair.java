package org.gcs.emulator;

/**
 * A directed pair of sites, the key of a topology's link map.
 *
 * @param from the sending site
 * @param to the receiving site
 */
record SitePair(String from, String to) {
}
