package org.gcs;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HexFormat;

/**
 * The cluster's key ring as it was set ({@link GcsConfigBuilder#clusterKey(byte[])}, {@link
 * GcsConfigBuilder#clusterKeys}, {@link GcsConfigBuilder#clusterKeyFile}): the ring, the setting that gave it (named
 * when a weak key is refused) and the key file it was read from. Immutable.
 *
 * @param keys the ring; null until a key is set
 * @param setting the setting that gave it, e.g. {@code cluster.key}
 * @param file the key file it was read from, or null
 */
record ClusterKeySetting(ClusterKeys keys, String setting, Path file) {
    /** No key yet. */
    static final ClusterKeySetting UNSET = new ClusterKeySetting(null, "cluster.key", null);

    /**
     * @param key the shared secret, at least {@link ClusterKeys#MIN_KEY_BYTES} bytes
     * @return a ring of that one key
     */
    static ClusterKeySetting ofKey(byte[] key) {
        if (key == null || key.length < ClusterKeys.MIN_KEY_BYTES) {
            throw new GcsConfigException("clusterKey must have at least " + ClusterKeys.MIN_KEY_BYTES
                    + " bytes: generate one, e.g. with `openssl rand -hex 32`, and give it to every node");
        }
        return new ClusterKeySetting(ClusterKeys.single(key), "cluster.key", null);
    }

    /**
     * @param hex the shared secret as hexadecimal digits ({@code cluster.key.hex})
     * @return a ring of that one key
     */
    static ClusterKeySetting ofHex(String hex) {
        byte[] key;
        try {
            key = HexFormat.of().parseHex(hex);
        } catch (IllegalArgumentException e) {
            throw new GcsConfigException("cluster.key.hex must be hexadecimal digits, e.g. from `openssl rand -hex 32`");
        }
        return ofKey(key);
    }

    /**
     * @param secret the shared secret as text (UTF-8)
     * @return a ring of that one key
     */
    static ClusterKeySetting ofSecret(String secret) {
        if (secret == null) {
            throw new GcsConfigException(missingMessage());
        }
        return ofKey(secret.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * @param keys a key ring
     * @return that ring, set in code
     */
    static ClusterKeySetting ofRing(ClusterKeys keys) {
        return new ClusterKeySetting(ConfigChecks.required("clusterKeys", keys), "clusterKeys", null);
    }

    /**
     * @param file a key file, read now
     * @return its ring
     */
    static ClusterKeySetting ofFile(Path file) {
        return new ClusterKeySetting(ClusterKeys.load(file), "cluster.key.file " + file, file);
    }

    /**
     * @param testNode whether weak and published example keys are allowed
     * @throws GcsConfigException if no key is set, or a weak one on a node that is not a test
     */
    void check(boolean testNode) {
        if (keys == null) {
            throw new GcsConfigException(missingMessage() + " (e.g. cluster.key.hex from `openssl rand -hex 32`)");
        }
        if (!testNode) {
            keys.checkStrength(setting);
        }
    }

    private static String missingMessage() {
        return "clusterKey is required: every WAN datagram is authenticated with it;"
                + " give every node the same secret of at least " + ClusterKeys.MIN_KEY_BYTES + " bytes";
    }
}
