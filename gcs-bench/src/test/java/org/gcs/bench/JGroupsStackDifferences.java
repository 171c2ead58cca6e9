package org.gcs.bench;

import java.util.List;

/**
 * Every way the JGroups baseline's LAN stack ({@link JGroupsStacks#lan}) differs from GCS's, with the reason it keeps
 * the difference: the list that {@code JGroupsStacksTest} holds both stacks to and docs/performance.md repeats. The
 * GCS side is named by the classes gcs-core runs in its LAN stack, as JGroups reports them.
 */
final class JGroupsStackDifferences {
    /**
     * Every way {@link JGroupsStacks#lan} differs from the LAN stack of the bench's GCS nodes with
     * {@code lan.protection=none}: GCS's own pieces, which plain JGroups does not have. docs/performance.md lists the
     * same; {@code JGroupsStacksTest} fails when the stacks differ in anything else or no longer differ in one of
     * these.
     */
    static final List<Difference> LAN_DIFFERENCES = List.of(
            new Difference("class MFC", "org.gcs.internal.node.MulticastCredits", "org.jgroups.protocols.MFC",
                    "GCS's MFC subclass: MFC unchanged (same protocol id, settings and wire format) that also tells"
                            + " GCS's event loop whether a send would block, so that it sends light turns itself"),
            new Difference("UDP.bundler_type", "org.gcs.internal.node.LanBundler", "per-destination",
                    "GCS's bundler: JGroups' per-destination bundler (the same bundler settings) that writes GCS's"
                            + " light sends to the socket on the sending thread; plain JGroups has no such bundler"),
            new Difference("UDP.message_processing_policy", "org.gcs.internal.node.LanReceivePolicy", "max",
                    "GCS's policy: regular messages go up on the receiver thread, out-of-band ones through the"
                            + " pool as with JGroups' default (max), which the baseline keeps"),
            new Difference("address", "org.jgroups.util.ExtendedUUID", "org.jgroups.util.UUID",
                    "GCS's addresses carry the member's name, incarnation and delegate eligibility (every member"
                            + " derives the same delegate from a view); a plain JGroups application needs none"));

    /**
     * The further differences with {@code lan.protection=aes-gcm}, GCS's default: its LAN protection, which this
     * baseline does not have (an encrypted JGroups baseline is issue 37's); compare with {@code --gcs-set
     * lan.protection=none} for the same stack without it.
     */
    static final List<Difference> PROTECTION_DIFFERENCES = List.of(
            new Difference("stack SYM_ENCRYPT", "org.gcs.internal.node.LanEncryption", "absent",
                    "GCS's LAN protection (AES-GCM under the cluster key), directly above UDP; the baseline does"
                            + " not encrypt"),
            new Difference("stack SERIALIZE", "org.jgroups.protocols.SERIALIZE", "absent",
                    "part of GCS's LAN protection: each whole message, headers included, becomes the payload"
                            + " that LanEncryption seals"));

    /**
     * One way the baseline's LAN stack differs from GCS's.
     *
     * @param what what differs: {@code stack P} for a protocol only one side has, named by the JGroups protocol it
     *        is or extends; {@code stack order} for the order of the protocols both have; {@code class P} for a
     *        protocol that GCS runs as a subclass of its own; {@code P.property} for a setting of protocol P
     *        ({@code P.component.property} for one of its components, e.g. {@code UDP.bundler.max_size});
     *        {@code channel.property} for a setting of the channel; {@code address} for the type of the members'
     *        addresses
     * @param gcs GCS's value ({@code absent} if GCS has no such protocol)
     * @param baseline the baseline's value ({@code absent} if it has no such protocol)
     * @param why why the baseline keeps the difference
     */
    record Difference(String what, String gcs, String baseline, String why) {
    }

    private JGroupsStackDifferences() {
    }
}
