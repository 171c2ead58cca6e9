package org.gcs.driver;

/**
 * One member of a site's LAN view as a driver installs it ({@link SansIoEngine#onLanView}).
 *
 * @param name the member's name
 * @param incarnation its incarnation (unique per process start)
 * @param delegateEligible whether it may be the site's delegate
 */
public record LanMember(String name, long incarnation, boolean delegateEligible) {
}
