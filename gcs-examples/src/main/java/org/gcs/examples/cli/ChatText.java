package org.gcs.examples.cli;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Tells chat lines from generated traffic: a payload is shown as text only if it is short, valid UTF-8 and has no
 * control characters (generated payloads start with a binary timestamp and are padded with zeros).
 */
final class ChatText {
    /** Longer payloads are never shown as text. */
    static final int MAX_TEXT_BYTES = 4096;

    private ChatText() {
    }

    /**
     * @param payload a delivered payload
     * @return its text, if it looks like a chat line
     */
    static Optional<String> of(byte[] payload) {
        if (payload.length == 0 || payload.length > MAX_TEXT_BYTES) {
            return Optional.empty();
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(payload)).toString();
        } catch (CharacterCodingException e) {
            return Optional.empty();
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isISOControl(c) && c != '\t') {
                return Optional.empty();
            }
        }
        return Optional.of(text);
    }
}
