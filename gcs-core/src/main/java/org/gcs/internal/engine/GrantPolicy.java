package org.gcs.internal.engine;

import java.util.Optional;
import org.gcs.cc.api.CongestionControl;
import org.gcs.cc.api.Grant;
import org.gcs.cc.api.GrantKind;
import org.gcs.cc.api.PriceGrant;
import org.gcs.cc.api.RateGrant;
import org.gcs.internal.wire.LanMessage;

/**
 * How a sending delegate passes one kind of its flow controller's {@link Grant} on to the site's senders, once per
 * tick: {@link LocalAllocation} splits a {@link RateGrant} max-min fairly into per-sender shares (seed 004 §4.3),
 * {@link PricePublisher} tells every sender a {@link PriceGrant}'s packet price (seed 000).
 *
 * <p>Each flow gets its policy once, when it is made ({@link #forFlow}), from the kind of grant its scheme declares
 * ({@link CongestionControl#grantKind()}). A source that then grants another kind has a bug: the flow's policy fails
 * with an {@link IllegalStateException} that names the scheme and both kinds.
 *
 * @param <G> the kind of grant the policy passes on
 */
interface GrantPolicy<G extends Grant> {
    /**
     * @param grant the controller's grant now
     * @param term the delegate's term
     * @param nowNs the current time
     * @return the message to publish on the site's LAN, if one is due
     */
    Optional<LanMessage> publish(G grant, long term, long nowNs);

    /**
     * @param control the node's controller
     * @param group the flow's group
     * @param allocation the flow's split among its senders
     * @return the flow's policy: the one for the kind of grant the controller declares, which fails on any other
     * @throws IllegalStateException if the controller declares no kind
     */
    static GrantPolicy<Grant> forFlow(CongestionControl control, String group, LocalAllocation allocation) {
        GrantKind kind = control.grantKind();
        if (kind == null) {
            throw new IllegalStateException("congestion control '" + control.name() + "' declares no grant kind:"
                    + " CongestionControl.grantKind() must return RATE or PRICE");
        }
        return switch (kind) {
            case RATE -> checked(control.name(), kind, RateGrant.class, allocation);
            case PRICE -> checked(control.name(), kind, PriceGrant.class, new PricePublisher(group));
        };
    }

    private static <G extends Grant> GrantPolicy<Grant> checked(String controller, GrantKind kind, Class<G> type,
            GrantPolicy<G> policy) {
        return (grant, term, nowNs) -> {
            if (!type.isInstance(grant)) {
                String name = type.getSimpleName();
                throw new IllegalStateException("congestion control '" + controller + "' declares " + kind + " grants ("
                        + name + ", CongestionControl.grantKind()) but its source granted " + grant + "; return a "
                        + name + " or declare the kind it grants");
            }
            return policy.publish(type.cast(grant), term, nowNs);
        };
    }
}
