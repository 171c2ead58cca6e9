package org.gcs.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.gcs.tools.cli.Commands.parse;

import org.gcs.tools.cli.Commands.Demo;
import org.gcs.tools.cli.Commands.Lab;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.ParameterException;

/**
 * {@code --topology}, {@code --tree-strategy} and {@code --seed}: a command's defaults from its
 * {@link OptionDefaults}, or none worded in its resource bundle; bad values refused naming the option.
 */
class TopologyOptionsTest {
    @Test
    void shouldTakeTheCommandsDefaults() {
        TopologyOptions demo = parse(new Demo()).wan;
        assertThat(demo.<String>topology(name -> "loaded " + name)).isEqualTo("loaded ron3");
        assertThat(demo.treeStrategy()).isEqualTo("spt");
        assertThat(demo.seed()).isEqualTo(1);

        TopologyOptions lab = parse(new Lab()).wan;
        assertThat(lab.<String>topology(name -> "loaded " + name)).as("no topology: the command's own choice").isNull();
        assertThat(lab.treeStrategy()).isNull();
        assertThat(lab.seed()).isEqualTo(1);
    }

    @Test
    void shouldParseEveryOption() {
        TopologyOptions options = parse(new Lab(), "--topology", "ron6", "--tree-strategy", "fixed:a-b", "--seed",
                "7").wan;

        assertThat(options.<String>topology(name -> name)).isEqualTo("ron6");
        assertThat(options.treeStrategy()).isEqualTo("fixed:a-b");
        assertThat(options.seed()).isEqualTo(7);
    }

    @Test
    void shouldRefuseBadValuesNamingTheOption() {
        TopologyOptions options = parse(new Demo(), "--topology", "nowhere", "--tree-strategy", "ring").wan;

        assertThatThrownBy(() -> options.topology(name -> {
            throw new IllegalArgumentException("no built-in topology named '" + name + "'");
        })).isInstanceOf(ParameterException.class).hasMessage("--topology: no built-in topology named 'nowhere'");
        assertThatThrownBy(options::treeStrategy).isInstanceOf(ParameterException.class)
                .hasMessageStartingWith("--tree-strategy: unknown tree strategy 'ring'");
        CommandRun run = CommandRun.of(new Lab(), "--seed", "soon");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("lab: Invalid value for option '--seed'");
    }

    @Test
    void shouldShowEachCommandsDefaultsOrWordsInTheHelp() {
        assertThat(CommandRun.of(new Demo(), "--help").out()).contains("(default: ron3)", "(default: spt)",
                "(default: 1)", "fixed:A-B,B-C");
        assertThat(CommandRun.of(new Lab(), "--help").out()).contains("The WAN instead of the scenario's own.",
                "default: the topology's own.", "(default: 1)").doesNotContain("null");
    }
}
