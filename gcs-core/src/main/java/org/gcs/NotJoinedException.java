package org.gcs;

/** A member sent to a group it has not joined; call {@link GcsNode#join(String)} first. */
public class NotJoinedException extends GcsException {
    /** @param group the group that was not joined */
    public NotJoinedException(String group) {
        super("this node is not a member of group '" + group + "': call join(\"" + group + "\") before sending to it");
    }
}
