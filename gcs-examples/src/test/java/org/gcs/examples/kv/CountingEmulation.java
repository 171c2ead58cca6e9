package org.gcs.examples.kv;

import io.netty.channel.ChannelHandler;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.gcs.driver.WanHookContext;
import org.gcs.driver.WanPipelineHook;
import org.gcs.emulator.LinkEmulation;
import org.gcs.emulator.LinkEmulatorHandler;

/**
 * The link emulator as a WAN pipeline hook that also keeps every handler it made, so that a test can count the
 * datagrams it dropped straight from the handlers, whatever happens to the nodes' meters.
 */
final class CountingEmulation implements WanPipelineHook {
    private final LinkEmulation emulation;
    private final List<LinkEmulatorHandler> handlers = new CopyOnWriteArrayList<>();

    CountingEmulation(LinkEmulation emulation) {
        this.emulation = emulation;
    }

    @Override
    public void check(String site) {
        emulation.check(site);
    }

    @Override
    public ChannelHandler newHandler(WanHookContext context) {
        ChannelHandler handler = emulation.newHandler(context);
        handlers.add((LinkEmulatorHandler) handler);
        return handler;
    }

    /** @return datagrams dropped as emulated loss, over every handler made so far */
    long droppedByLoss() {
        return handlers.stream().mapToLong(LinkEmulatorHandler::droppedByLoss).sum();
    }

    /** @return datagrams held for their emulated delay and then sent, over every handler made so far */
    long delayed() {
        return handlers.stream().mapToLong(LinkEmulatorHandler::delayed).sum();
    }
}
