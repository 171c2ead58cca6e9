package org.gcs.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.gcs.ClusterKeys;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KeyFileWatcherTest {
    private static final String KEY_1 = "key.1 = 3f9a1c7e5b2d8046f1e3a5c7b9d0e2f4a6c8e0b2d4f6a8c0e2b4d6f8a0c2e4f6\n";
    private static final String KEY_2 = "key.2 = 71c3e5a7092b4d6f81a3c5e7f90b2d4f61839ab5cdef0123456789abcdef0f1e\n";

    @TempDir
    Path dir;

    @Test
    void shouldInstallAChangedValidFileAndKeepTheKeysOnAnInvalidOne() throws Exception {
        Path file = dir.resolve("cluster.keys");
        Files.writeString(file, KEY_1 + "send.key = 1\n");
        List<ClusterKeys> installed = new ArrayList<>();
        KeyFileWatcher watcher = KeyFileWatcher.of(file, false, installed::add);

        assertThat(watcher.poll()).as("unchanged").isNull();

        Files.writeString(file, KEY_1 + KEY_2 + "send.key = 1\n");
        assertThat(watcher.poll().ids()).containsExactly(1, 2);

        Files.writeString(file, KEY_1 + KEY_2 + "send.key = 3\n"); // names no key
        assertThat(watcher.poll()).isNull();
        Files.writeString(file, "key.2 = aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\nsend.key = 2\n"); // weak
        assertThat(watcher.poll()).isNull();
        Files.delete(file);
        assertThat(watcher.poll()).isNull();

        Files.writeString(file, KEY_2 + "send.key = 2\n");
        ClusterKeys last = watcher.poll();
        assertThat(last.ids()).containsExactly(2);
        assertThat(last.sendKeyId()).isEqualTo(2);
        assertThat(installed).extracting(ClusterKeys::ids).containsExactly(
                java.util.Set.of(1, 2).stream().sorted().collect(java.util.stream.Collectors.toCollection(java.util.TreeSet::new)),
                new java.util.TreeSet<>(List.of(2)));
    }

    @Test
    void shouldAllowAWeakKeyOnATestNode() throws Exception {
        Path file = dir.resolve("cluster.keys");
        Files.writeString(file, KEY_1 + "send.key = 1\n");
        List<ClusterKeys> installed = new ArrayList<>();
        KeyFileWatcher watcher = KeyFileWatcher.of(file, true, installed::add);

        Files.writeString(file, "key.2 = 6161616161616161616161616161616161\nsend.key = 2\n");

        assertThat(watcher.poll()).isNotNull();
        assertThat(installed).hasSize(1);
    }
}
