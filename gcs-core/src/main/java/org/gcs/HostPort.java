package org.gcs;

import java.net.InetSocketAddress;

/** Parses {@code host:port} and {@code [ipv6]:port} strings for the configuration. */
final class HostPort {
    private HostPort() {
    }

    static InetSocketAddress parse(String setting, String text) {
        return parse(setting, text, false);
    }

    /**
     * @param allowAnyPort accept port 0 ("any free port", for bind addresses)
     */
    static InetSocketAddress parse(String setting, String text, boolean allowAnyPort) {
        if (text == null) {
            throw new GcsConfigException(setting + ": expected host:port, got null");
        }
        String value = text.trim();
        int colon = value.lastIndexOf(':');
        if (colon <= 0 || colon == value.length() - 1) {
            throw new GcsConfigException(setting + ": expected host:port (for example 10.0.0.5:7700), got '" + text + "'");
        }
        String host = value.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port;
        try {
            port = Integer.parseInt(value.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new GcsConfigException(setting + ": port of '" + text + "' is not a number");
        }
        int lowest = allowAnyPort ? 0 : 1;
        if (port < lowest || port > 65_535) {
            throw new GcsConfigException(setting + ": port of '" + text + "' must be in " + lowest + "..65535"
                    + (allowAnyPort ? " (0 = any free port)" : ""));
        }
        return InetSocketAddress.createUnresolved(host, port);
    }
}
