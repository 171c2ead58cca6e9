package org.gcs.internal.crypto;

import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Gets the JVM's AES-GCM code compiled before a node carries traffic. The JDK's GHASH and AES-CTR run as CPU
 * intrinsics only once the JIT's optimizing compiler has compiled them; until then GHASH runs as plain Java, several
 * times slower. On a machine whose cores are busy with traffic the compiler gets little CPU, and profiles of
 * {@code gcs bench} showed nodes still sealing with the interpreted GHASH 30 to 45 s into a run. One background
 * thread per JVM seals and opens a few thousand 1 KiB buffers with a throwaway key, once, at the first node's start
 * (while the machine is still quiet), and stops.
 */
public final class CipherWarmup {
    /** Seal-and-open rounds: enough loop iterations for the optimizing compiler's thresholds. */
    static final int ROUNDS = 4_000;
    private static final int BUFFER_BYTES = 1024;
    private static final AtomicBoolean STARTED = new AtomicBoolean();

    private CipherWarmup() {
    }

    /** Starts the warm-up once per JVM, on a daemon thread of low priority; later calls do nothing. */
    public static void startOnce() {
        if (!STARTED.compareAndSet(false, true)) {
            return;
        }
        Thread thread = new Thread(CipherWarmup::run, "gcs-cipher-warmup");
        thread.setDaemon(true);
        thread.setPriority(Thread.MIN_PRIORITY);
        thread.start();
    }

    /** Seals and opens {@link #ROUNDS} buffers, the way the LAN and the WAN layers call the cipher. */
    static void run() {
        try {
            byte[] keyBytes = new byte[16];
            new SecureRandom().nextBytes(keyBytes);
            SecretKeySpec key = new SecretKeySpec(keyBytes, "AES");
            Cipher sealer = Cipher.getInstance("AES/GCM/NoPadding");
            Cipher opener = Cipher.getInstance("AES/GCM/NoPadding");
            byte[] plain = new byte[BUFFER_BYTES];
            byte[] sealed = new byte[BUFFER_BYTES + 16];
            byte[] iv = new byte[12];
            for (int round = 0; round < ROUNDS; round++) {
                iv[0] = (byte) round;
                iv[1] = (byte) (round >>> 8);
                GCMParameterSpec spec = new GCMParameterSpec(128, iv);
                sealer.init(Cipher.ENCRYPT_MODE, key, spec);
                sealer.updateAAD(iv, 0, 4);
                sealer.doFinal(plain, 0, plain.length, sealed, 0);
                opener.init(Cipher.DECRYPT_MODE, key, spec);
                opener.updateAAD(iv, 0, 4);
                opener.doFinal(sealed, 0, sealed.length);
            }
        } catch (GeneralSecurityException | RuntimeException e) {
            // only a warm-up: the node's own ciphers report their errors where they are used
        }
    }
}
