package org.gcs.internal.node;

import io.netty.buffer.ByteBuf;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.dns.DefaultDnsQuestion;
import io.netty.handler.codec.dns.DefaultDnsRecordDecoder;
import io.netty.handler.codec.dns.DnsRawRecord;
import io.netty.handler.codec.dns.DnsRecord;
import io.netty.handler.codec.dns.DnsRecordType;
import io.netty.resolver.dns.DnsNameResolver;
import io.netty.resolver.dns.DnsNameResolverBuilder;
import io.netty.resolver.dns.DnsServerAddressStreamProvider;
import io.netty.resolver.dns.DnsServerAddressStreamProviders;
import io.netty.resolver.dns.NoopDnsCache;
import io.netty.resolver.dns.NoopDnsCnameCache;
import io.netty.resolver.dns.SequentialDnsServerAddressStreamProvider;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.Future;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.internal.engine.Seed;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Resolves the seeds' names for the engine (issue 38): a host name to its A and AAAA records, an SRV name
 * ({@code _gcs._udp.example.org}) to its targets and their ports, each target then to its addresses. It asks the DNS
 * servers of {@code dns.servers}, or the system's ({@code /etc/resolv.conf}, and {@code /etc/hosts} first), with
 * Netty's non-blocking resolver on the node's event loop, so the loop never waits for DNS. Every answer is fresh: no
 * cache, since a name is asked for only when its seed stops answering, and then a cached answer would be the stale
 * one. Every target of an SRV name is a seed; priority and weight are ignored, since a delegate announces itself to
 * every seed anyway. Addresses of this node's own WAN socket are left out, and so are IPv6 addresses when the socket
 * is an IPv4 one. Loop only, apart from construction.
 */
final class SeedResolver {
    private static final Logger LOG = LoggerFactory.getLogger(SeedResolver.class);
    /** How long one DNS query may take before the next server, or a failure. */
    static final long QUERY_TIMEOUT_MS = 5_000;

    /** Where the answers go, on the loop. */
    interface Answer {
        /**
         * @param seed the seed asked for
         * @param addresses its addresses, or empty if it did not resolve
         * @param failure why it did not resolve, or null
         */
        void resolved(Seed seed, List<DelegateAddress> addresses, String failure);
    }

    private final EventLoop loop;
    private final WanSocketKind socketKind;
    private final List<InetSocketAddress> servers;
    private final Supplier<InetSocketAddress> ownWanAddress;
    private Answer answer = (seed, addresses, failure) -> { };
    private DnsNameResolver resolver;
    private boolean closed;

    /**
     * @param loop the node's event loop (the resolver's socket is served there)
     * @param socketKind the transport of that loop
     * @param servers the DNS servers, or empty for the system's
     * @param ownWanAddress this node's WAN socket (bound by the time a seed is asked for)
     */
    SeedResolver(EventLoop loop, WanSocketKind socketKind, List<InetSocketAddress> servers,
                 Supplier<InetSocketAddress> ownWanAddress) {
        this.loop = loop;
        this.socketKind = socketKind;
        this.servers = List.copyOf(servers);
        this.ownWanAddress = ownWanAddress;
    }

    /** Sets where the answers go (the engine, once it exists). */
    void answerTo(Answer target) {
        this.answer = target;
    }

    /** Starts resolving a seed; the answer comes later, on the loop. */
    void resolve(Seed seed) {
        if (closed) {
            return;
        }
        DnsNameResolver dns = resolver();
        if (!seed.isService()) {
            dns.resolveAll(seed.host()).addListener((Future<List<InetAddress>> done) -> {
                if (!done.isSuccess()) {
                    finish(seed, List.of(), describe(done.cause()));
                    return;
                }
                List<DelegateAddress> usable = addresses(done.getNow(), seed.port());
                finish(seed, usable, usable.isEmpty() ? unusable(done.getNow(), seed.port()) : null);
            });
            return;
        }
        dns.resolveAll(new DefaultDnsQuestion(seed.host(), DnsRecordType.SRV)).addListener(
                (Future<List<DnsRecord>> done) -> {
                    if (!done.isSuccess()) {
                        finish(seed, List.of(), describe(done.cause()));
                        return;
                    }
                    List<DelegateAddress> targets = serviceTargets(done.getNow());
                    if (targets.isEmpty()) {
                        finish(seed, List.of(), "no SRV record");
                        return;
                    }
                    resolveTargets(seed, targets);
                });
    }

    /** Resolves each SRV target's host (a literal stays as it is), and answers with all of them together. */
    private void resolveTargets(Seed seed, List<DelegateAddress> targets) {
        Set<DelegateAddress> found = new LinkedHashSet<>();
        List<String> failures = new ArrayList<>();
        int[] waiting = {targets.size()};
        Runnable oneDone = () -> {
            if (--waiting[0] == 0) {
                finish(seed, List.copyOf(found), found.isEmpty() && !failures.isEmpty()
                        ? String.join("; ", failures) : null);
            }
        };
        for (DelegateAddress target : targets) {
            if (target.isLiteral()) {
                InetAddress literal = literal(target.host());
                if (literal != null) {
                    found.addAll(addresses(List.of(literal), target.port()));
                }
                oneDone.run();
                continue;
            }
            resolver().resolveAll(target.host()).addListener((Future<List<InetAddress>> done) -> {
                if (done.isSuccess()) {
                    List<DelegateAddress> usable = addresses(done.getNow(), target.port());
                    found.addAll(usable);
                    String why = usable.isEmpty() ? unusable(done.getNow(), target.port()) : null;
                    if (why != null) {
                        failures.add(target + ": " + why);
                    }
                } else {
                    failures.add(target + ": " + describe(done.cause()));
                }
                oneDone.run();
            });
        }
    }

    /**
     * @return the targets of SRV records (RFC 2782: priority, weight, port, target), the records released; a target
     *     of "." (no service) is left out
     */
    private static List<DelegateAddress> serviceTargets(List<DnsRecord> records) {
        List<DelegateAddress> targets = new ArrayList<>();
        try {
            for (DnsRecord record : records) {
                if (record.type() != DnsRecordType.SRV || !(record instanceof DnsRawRecord raw)) {
                    continue;
                }
                ByteBuf content = raw.content().duplicate();
                content.skipBytes(4); // priority, weight
                int port = content.readUnsignedShort();
                String target = DefaultDnsRecordDecoder.decodeName(content);
                if (target.endsWith(".")) {
                    target = target.substring(0, target.length() - 1);
                }
                if (!target.isEmpty() && port > 0) {
                    targets.add(new DelegateAddress(target, port));
                }
            }
        } finally {
            records.forEach(ReferenceCountUtil::release);
        }
        return targets;
    }

    /**
     * @return the addresses the WAN socket can send to (an IPv4 socket none of IPv6), without the socket's own
     */
    private List<DelegateAddress> addresses(List<InetAddress> found, int port) {
        InetSocketAddress own = ownWanAddress.get();
        boolean ipv4Socket = own != null && own.getAddress() instanceof Inet4Address;
        List<DelegateAddress> addresses = new ArrayList<>();
        for (InetAddress address : found) {
            if ((!ipv4Socket || address instanceof Inet4Address) && !isOwnWanSocket(address, port)) {
                addresses.add(new DelegateAddress(address.getHostAddress(), port));
            }
        }
        return addresses;
    }

    private boolean isOwnWanSocket(InetAddress address, int port) {
        InetSocketAddress own = ownWanAddress.get();
        if (own == null || own.getPort() != port) {
            return false;
        }
        if (!own.getAddress().isAnyLocalAddress()) {
            return own.getAddress().equals(address);
        }
        try {
            return address.isLoopbackAddress() || NetworkInterface.getByInetAddress(address) != null;
        } catch (SocketException e) {
            return false;
        }
    }

    /**
     * @return why none of the addresses found is usable: null if they are this node's own socket (the engine then
     *     knows the name names itself), else the reason
     */
    private String unusable(List<InetAddress> found, int port) {
        if (found.isEmpty()) {
            return "no address";
        }
        if (found.stream().allMatch(address -> isOwnWanSocket(address, port))) {
            return null;
        }
        return "only " + found + ", none of which the IPv4 WAN socket can reach";
    }

    private void finish(Seed seed, List<DelegateAddress> addresses, String failure) {
        if (closed) {
            return;
        }
        try {
            answer.resolved(seed, addresses, failure);
        } catch (RuntimeException e) {
            LOG.error("the answer for seed {} failed; continuing", seed, e);
        }
    }

    private static InetAddress literal(String host) {
        try {
            return InetAddress.getByName(host); // an IP literal: parsed, never looked up
        } catch (java.net.UnknownHostException e) {
            return null;
        }
    }

    private static String describe(Throwable cause) {
        return cause == null ? "unknown" : cause.getClass().getSimpleName() + ": " + cause.getMessage();
    }

    private DnsNameResolver resolver() {
        if (resolver == null) {
            DnsServerAddressStreamProvider provider = servers.isEmpty()
                    ? DnsServerAddressStreamProviders.platformDefault()
                    : new SequentialDnsServerAddressStreamProvider(servers);
            resolver = new DnsNameResolverBuilder(loop)
                    .datagramChannelType(socketKind.datagramChannelClass())
                    .nameServerProvider(provider)
                    .resolveCache(NoopDnsCache.INSTANCE)
                    .cnameCache(NoopDnsCnameCache.INSTANCE)
                    .queryTimeoutMillis(QUERY_TIMEOUT_MS)
                    .build();
        }
        return resolver;
    }

    /** Closes the resolver's socket; answers still to come are dropped. Loop only. */
    void close() {
        closed = true;
        if (resolver != null) {
            resolver.close();
        }
    }
}
