package org.gcs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class NamesTest {
    /** The rule as documented: 1 to 64 characters from A-Z a-z 0-9 . _ - */
    private static final Pattern RULE = Pattern.compile("[A-Za-z0-9._-]{1,64}");

    @Test
    void shouldAcceptExactlyTheNamesTheDocumentedRuleAccepts() {
        List<String> names = new ArrayList<>(List.of("", "a", "site-a", "A.b_c-9", "a".repeat(64), "a".repeat(65),
                "with space", "ünïcode", "a/b", "a:b", "\uD83D\uDE00"));
        for (char c = 0; c < 0x180; c++) {
            names.add(String.valueOf(c));
            names.add("ok" + c);
            names.add(c + "ok");
            names.add("x".repeat(63) + c);
        }
        for (String name : names) {
            assertThat(Names.isValid(name)).as("'%s'", name).isEqualTo(RULE.matcher(name).matches());
        }
        assertThat(Names.isValid(null)).isFalse();
    }

    @Test
    void shouldSayWhatIsAllowedWhenANameIsNotValid() {
        assertThat(Names.requireValid("group", "g-1")).isEqualTo("g-1");
        assertThatThrownBy(() -> Names.requireValid("group", "g 1"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("group name 'g 1' is not valid");
    }
}
