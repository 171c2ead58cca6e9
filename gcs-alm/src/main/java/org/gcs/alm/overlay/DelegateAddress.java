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

    /** @return true if the host is an IP literal, false if it is a name that DNS resolves */
    public boolean isLiteral() {
        return isIpLiteral(host);
    }

    /**
     * Tells an IP literal from a host name without a lookup: a host with a colon is an IPv6 literal (names have none),
     * and four dot-separated decimal numbers up to 255 are an IPv4 literal.
     *
     * @param host a host as written
     * @return true if it is an IP literal
     */
    public static boolean isIpLiteral(String host) {
        if (host.indexOf(':') >= 0) {
            return true;
        }
        String[] parts = host.split("\\.", -1);
        if (parts.length != 4) {
            return false;
        }
        for (String part : parts) {
            if (part.isEmpty() || part.length() > 3 || !part.chars().allMatch(c -> c >= '0' && c <= '9')
                    || Integer.parseInt(part) > 255) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return host.indexOf(':') >= 0 ? "[" + host + "]:" + port : host + ":" + port;
    }
}
