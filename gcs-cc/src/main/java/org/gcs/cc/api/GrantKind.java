package org.gcs.cc.api;

/**
 * How the engine passes a scheme's {@link Grant}s on to a sending site's senders. A scheme declares its kind once
 * ({@link CongestionControl#grantKind()}); the engine picks the matching split for every flow when it makes the flow,
 * and a source that then grants another kind fails loudly, naming the scheme.
 */
public enum GrantKind {
    /**
     * {@link RateGrant}s: the engine splits the aggregate max-min fairly over the senders' demands and tells each
     * its {@link RateShare} (seed 004 §4.3).
     */
    RATE(RateGrant.class),
    /**
     * {@link PriceGrant}s: the engine tells every sender the same {@link Price}, which each pays from its own budget
     * (seed 000 §IV-B.4–5); there is no split.
     */
    PRICE(PriceGrant.class);

    private final Class<? extends Grant> grantType;

    GrantKind(Class<? extends Grant> grantType) {
        this.grantType = grantType;
    }

    /** @return the type of every grant of this kind */
    public Class<? extends Grant> grantType() {
        return grantType;
    }

    /**
     * @param grant a grant, or null
     * @return true if it is a grant of this kind (never for null)
     */
    public boolean matches(Grant grant) {
        return grantType.isInstance(grant);
    }
}
