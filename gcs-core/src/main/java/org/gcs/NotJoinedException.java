package org.gcs;

/**
 * A member sent to a group it has not joined, or from which it was excluded (its listeners held the group back for
 * longer than {@code member.stall.timeout}, see {@link ViewListener#onExcluded}); call {@link GcsNode#join(String)}
 * (again) first.
 */
public class NotJoinedException extends GcsException {
    private final String exclusionReason;

    /** @param group the group that was not joined */
    public NotJoinedException(String group) {
        super("this node is not a member of group '" + group + "': call join(\"" + group + "\") before sending to it");
        this.exclusionReason = null;
    }

    /**
     * @param group the group this member was excluded from
     * @param exclusionReason why it was excluded, or null if it simply never joined
     */
    public NotJoinedException(String group, String exclusionReason) {
        super(exclusionReason == null
                ? "this node is not a member of group '" + group + "': call join(\"" + group + "\") before sending to it"
                : "this node was excluded from group '" + group + "': " + exclusionReason
                        + "; it may join again: call join(\"" + group + "\") once its listener keeps up");
        this.exclusionReason = exclusionReason;
    }

    /** @return why this member was excluded from the group, empty if it simply never joined (or left) */
    public java.util.Optional<String> exclusionReason() {
        return java.util.Optional.ofNullable(exclusionReason);
    }
}
