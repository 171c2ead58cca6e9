package org.gcs.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The help text of the commands wraps at spaces at 80 columns, a preformatted line under its second column. */
class HelpLayoutTest {
    @Test
    void shouldWrapAPreformattedLineUnderItsSecondColumn() {
        String text = HelpLayout.paragraphs(new String[] {
            "  name   a description that goes on and on and on and on and on and on and on and on and on",
            "  short  fits"});

        assertThat(text.lines().toList()).containsExactly(
                "  name   a description that goes on and on and on and on and on and on and on",
                "         and on and on",
                "  short  fits");
    }

    @Test
    void shouldWrapAParagraphAtSpacesOnly() {
        String text = HelpLayout.paragraphs(new String[] {"word ".repeat(15) + "a.key.with.dots=VALUE and more"});

        assertThat(text.lines().toList()).containsExactly("word ".repeat(15).strip(),
                "a.key.with.dots=VALUE and more");
    }
}
