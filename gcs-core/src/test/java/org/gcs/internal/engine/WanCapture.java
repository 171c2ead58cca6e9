package org.gcs.internal.engine;

import java.util.ArrayList;
import java.util.List;
import org.gcs.GroupMessage;
import org.gcs.GroupTree;
import org.gcs.GroupView;
import org.gcs.MemberId;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.internal.wire.LanMessage;
import org.gcs.internal.wire.WanEnvelope;

/** An {@link EngineIo} for tests of the engine's parts: keeps what goes out over the WAN and the LAN, drops the rest. */
class WanCapture implements EngineIo {
    /** The WAN envelopes sent, in order. */
    final List<WanEnvelope> sent = new ArrayList<>();
    /** The LAN messages sent, in order. */
    final List<LanMessage> lanSent = new ArrayList<>();

    @Override
    public void lanSend(LanMessage message) {
        lanSent.add(message);
    }

    @Override
    public void wanSend(String toSite, DelegateAddress to, WanEnvelope envelope) {
        sent.add(envelope);
    }

    @Override
    public void deliver(GroupMessage message, long sentEpochMicros) {
    }

    @Override
    public void viewChanged(GroupView view) {
    }

    @Override
    public void treeChanged(GroupTree tree) {
    }

    @Override
    public void admitted(SendRequest request) {
    }

    @Override
    public void delegateChanged(MemberId delegate, boolean self) {
    }
}
