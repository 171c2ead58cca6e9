package org.gcs.cc.api;

/**
 * What a {@link SenderAdmission} is made for: one member sending to one group.
 *
 * @param member the sending member
 * @param group the group
 * @param nowNs the time it is created (a token bucket starts filling then)
 */
public record AdmissionContext(String member, String group, long nowNs) {
}
