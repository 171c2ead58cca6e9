package org.gcs.alm.overlay;

/**
 * Where a site's delegate receives WAN datagrams: a host (name or literal address) and a UDP port.
 * A plain value so that the overlay logic stays independent of sockets.
 *
 * @param host host name or IP literal in printable ASCII, never blank
 * @param port UDP port, 1–65535
 */
public record DelegateAddress(String host, int port) {
    /** Validates the address. */
    public DelegateAddress {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("host must not be blank");
        }
        for (int i = 0; i < host.length(); i++) {
            if (host.charAt(i) < 0x21 || host.charAt(i) > 0x7e) {
                throw new IllegalArgumentException("host '" + host + "' must be printable ASCII (use the IDN ASCII form)");
            }
        }
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException("port must be in 1..65535, got " + port);
        }
    }

    @Override
    public String toString() {
        return host.indexOf(':') >= 0 ? "[" + host + "]:" + port : host + ":" + port;
    }
}
