package org.gcs.internal.node;

import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.internal.engine.NodeEngine;
import org.gcs.internal.wire.RelayFrame;
import org.gcs.internal.wire.WanEnvelope;

/** Hands what the WAN socket accepted to the engine, on the loop: direct datagrams, relayed ones, relay requests. */
final class EngineWanTarget implements WanInboundHandler.Target {
    private final NodeEngine engine;

    EngineWanTarget(NodeEngine engine) {
        this.engine = engine;
    }

    @Override
    public boolean onWanDatagram(DelegateAddress from, WanEnvelope envelope, boolean addressed, long nowNs) {
        return engine.onWanDatagram(from, envelope, addressed, nowNs);
    }

    @Override
    public boolean onRelayedDatagram(DelegateAddress from, DelegateAddress via, WanEnvelope envelope, boolean addressed,
                                     long nowNs) {
        return engine.onRelayedDatagram(from, via, envelope, addressed, nowNs);
    }

    @Override
    public void onRelayRequest(DelegateAddress from, DelegateAddress to, RelayFrame frame, long nowNs) {
        engine.onRelayRequest(from, to, frame, nowNs);
    }
}
