package org.gcs.internal.engine;

import org.gcs.alm.overlay.DelegateAddress;

/**
 * A seed as configured ({@code seeds}): a host and a port, where the host is an IP literal or a name that DNS
 * resolves, or a DNS SRV name ({@code _gcs._udp.example.org}) whose records name the delegates and their ports.
 *
 * @param host an IP literal, a host name, or an SRV name
 * @param port the UDP port, 1–65535, or 0 for an SRV name (its records carry the ports)
 */
public record Seed(String host, int port) {
    /** Checks the port range. */
    public Seed {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("a seed's host must not be blank");
        }
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("a seed's port must be in 0..65535, got " + port);
        }
    }

    /** @return true for a DNS SRV name (no port of its own) */
    public boolean isService() {
        return port == 0;
    }

    /** @return true if DNS must answer before the seed has an address (a host name or an SRV name) */
    public boolean isName() {
        return isService() || !DelegateAddress.isIpLiteral(host);
    }

    /**
     * @return the seed as a delegate's address, the host as written
     * @throws IllegalStateException for an SRV name, which has no address of its own
     */
    public DelegateAddress asAddress() {
        if (isService()) {
            throw new IllegalStateException("the SRV name " + host + " has no address of its own");
        }
        return new DelegateAddress(host, port);
    }

    @Override
    public String toString() {
        return isService() ? host : asAddress().toString();
    }
}
