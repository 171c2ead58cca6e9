/**
 * Lab scenarios of GCS's overlay membership itself, in virtual time: {@code membership-scaling}
 * ({@link org.gcs.lab.membership.MembershipScalingScenario}, the delegates' control traffic, false removals and crash
 * detection as the overlay grows, under loss, {@link org.gcs.lab.membership.MembershipScalingRun}).
 */
package org.gcs.lab.membership;
