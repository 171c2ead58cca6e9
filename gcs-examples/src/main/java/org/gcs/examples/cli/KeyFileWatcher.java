package org.gcs.examples.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.Consumer;
import org.gcs.ClusterKeys;
import org.gcs.GcsException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Re-reads a node's key file ({@code cluster.key.file}) when its contents change and hands the new ring to the node
 * ({@code GcsNode.updateKeys}); logs the key ids at INFO (never the keys). A file that cannot be read or is invalid
 * (or holds a weak key on a node that is not a test) is logged at ERROR and the node keeps its keys. Call
 * {@link #poll()} periodically from one thread; each call reads at most {@link #MAX_FILE_BYTES}.
 */
final class KeyFileWatcher {
    /** A key file larger than this is refused (a ring of 256 keys of 64 bytes in hex is about 34 KB). */
    static final long MAX_FILE_BYTES = 64 * 1024;
    private static final Logger LOG = LoggerFactory.getLogger(KeyFileWatcher.class);

    private final Path file;
    private final boolean testNode;
    private final Consumer<ClusterKeys> install;
    private byte[] lastContents;
    private String lastFailure;

    /**
     * @param file the key file the node was started with
     * @param initialContents its contents at start (what the node uses now)
     * @param testNode whether weak keys are allowed
     * @param install hands a new ring to the node
     */
    KeyFileWatcher(Path file, byte[] initialContents, boolean testNode, Consumer<ClusterKeys> install) {
        this.file = file;
        this.lastContents = initialContents.clone();
        this.testNode = testNode;
        this.install = install;
    }

    /** @return a watcher of the file as it is now */
    static KeyFileWatcher of(Path file, boolean testNode, Consumer<ClusterKeys> install) throws IOException {
        return new KeyFileWatcher(file, Files.readAllBytes(file), testNode, install);
    }

    /**
     * Checks the file once; installs its keys if its contents changed and are valid.
     *
     * @return the new ring if one was installed, else null
     */
    ClusterKeys poll() {
        byte[] contents;
        try {
            long size = Files.size(file);
            if (size > MAX_FILE_BYTES) {
                return failed("is " + size + " bytes, more than a key file may hold (" + MAX_FILE_BYTES + ")");
            }
            contents = Files.readAllBytes(file);
        } catch (IOException e) {
            return failed("cannot be read: " + e);
        }
        if (Arrays.equals(contents, lastContents)) {
            return null;
        }
        ClusterKeys keys;
        try {
            keys = ClusterKeys.parse(new String(contents, java.nio.charset.StandardCharsets.UTF_8), file.toString());
            if (!testNode) {
                keys.checkStrength("cluster.key.file " + file);
            }
            install.accept(keys);
        } catch (GcsException e) { // GcsConfigException included
            return failed("is invalid: " + e.getMessage());
        }
        lastContents = contents;
        lastFailure = null;
        LOG.info("key file {} changed: accepting key ids {}, sending with key id {}", file, keys.ids(), keys.sendKeyId());
        return keys;
    }

    /** Logs a failure once, until it changes or the file is fixed. */
    private ClusterKeys failed(String why) {
        if (!why.equals(lastFailure)) {
            LOG.error("key file {} {}; the node keeps its current keys until the file is fixed", file, why);
        }
        lastFailure = why;
        return null;
    }
}
