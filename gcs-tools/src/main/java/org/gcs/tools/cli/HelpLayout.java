package org.gcs.tools.cli;

import java.util.ArrayList;
import java.util.IllegalFormatException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * Lays out the header, description, parameter and option sections of every command's usage help, wrapping text at
 * spaces only. Picocli wraps with the JDK's line {@code BreakIterator}, which breaks after any dot, so keys and file
 * names came out as {@code wan.} / {@code transport=NAME} and {@code summary.} / {@code json}; and a preformatted
 * line (two leading spaces, e.g. a row of a table of scenarios) that was too long lost its indentation. Here a
 * paragraph wraps at {@link #WIDTH_COLUMNS}, a preformatted line keeps its layout and wraps under its second column,
 * and an option's description wraps in the right-hand column.
 */
final class HelpLayout {
    /** The width of the help text. */
    static final int WIDTH_COLUMNS = 80;
    /** The widest left-hand column of the option list (names longer than this get their description below). */
    private static final int MAX_NAMES_COLUMNS = 28;

    private HelpLayout() {
    }

    /**
     * Installs the layout on a command and all its subcommands.
     *
     * @param commandLine the root command line
     */
    static void install(CommandLine commandLine) {
        commandLine.setUsageHelpWidth(WIDTH_COLUMNS);
        Map<String, CommandLine.IHelpSectionRenderer> sections = commandLine.getHelpSectionMap();
        sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_HEADER,
                help -> paragraphs(help.commandSpec().usageMessage().header()));
        sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_DESCRIPTION,
                help -> paragraphs(help.commandSpec().usageMessage().description()));
        sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_PARAMETER_LIST, HelpLayout::parameters);
        sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST, HelpLayout::options);
        commandLine.setHelpSectionMap(sections);
        for (CommandLine sub : commandLine.getSubcommands().values()) {
            install(sub);
        }
    }

    /**
     * @param lines paragraphs, or preformatted lines when they start with two spaces
     * @return the text wrapped at {@link #WIDTH_COLUMNS}, each line ending with a line separator
     */
    static String paragraphs(String[] lines) {
        StringBuilder text = new StringBuilder();
        for (String raw : lines) {
            for (String line : format(raw).split("\\R", -1)) {
                if (line.startsWith("  ") && line.length() <= WIDTH_COLUMNS) {
                    text.append(line.stripTrailing()).append(System.lineSeparator());
                } else if (line.startsWith("  ")) {
                    int secondColumn = secondColumn(line);
                    wrap(line.substring(secondColumn), secondColumn, line.substring(0, secondColumn),
                            " ".repeat(secondColumn), text);
                } else {
                    wrap(line, 0, "", "", text);
                }
            }
        }
        return text.toString();
    }

    private static String options(Help help) {
        List<OptionSpec> options = new ArrayList<>();
        for (OptionSpec option : help.commandSpec().options()) {
            if (!option.hidden()) {
                options.add(option);
            }
        }
        var order = help.createDefaultOptionSort();
        if (order != null) {
            options.sort(order);
        }
        List<String[]> rows = new ArrayList<>();
        for (OptionSpec option : options) {
            rows.add(new String[] {names(option), description(option)});
        }
        return table(rows, namesColumns(help));
    }

    private static String parameters(Help help) {
        List<String[]> rows = new ArrayList<>();
        for (PositionalParamSpec parameter : help.commandSpec().positionalParameters()) {
            if (!parameter.hidden()) {
                rows.add(new String[] {label(parameter), description(parameter)});
            }
        }
        return table(rows, namesColumns(help));
    }

    private static String label(PositionalParamSpec parameter) {
        return "      " + parameter.paramLabel() + (parameter.arity().max() > 1 ? "..." : "");
    }

    /** @return the width of the left-hand column, shared by the parameter and option lists */
    private static int namesColumns(Help help) {
        int columns = 0;
        for (OptionSpec option : help.commandSpec().options()) {
            if (!option.hidden() && names(option).length() <= MAX_NAMES_COLUMNS) {
                columns = Math.max(columns, names(option).length());
            }
        }
        for (PositionalParamSpec parameter : help.commandSpec().positionalParameters()) {
            if (!parameter.hidden() && label(parameter).length() <= MAX_NAMES_COLUMNS) {
                columns = Math.max(columns, label(parameter).length());
            }
        }
        return columns;
    }

    /** Picocli's style: {@code -h, --help}, long-only options indented as if they had a short one. */
    private static String names(OptionSpec option) {
        String shortName = null;
        List<String> longNames = new ArrayList<>();
        for (String name : option.names()) {
            if (name.length() == 2 && shortName == null) {
                shortName = name;
            } else {
                longNames.add(name);
            }
        }
        String label = option.typeInfo().isBoolean() || option.arity().max() == 0 ? "" : "=" + option.paramLabel();
        String names = shortName == null ? "    " + String.join(", ", longNames)
                : shortName + (longNames.isEmpty() ? "" : ", " + String.join(", ", longNames));
        return "  " + names + label;
    }

    private static String description(ArgSpec arg) {
        return String.join(" ", arg.description());
    }

    private static String table(List<String[]> rows, int namesColumns) {
        int indent = namesColumns + 2;
        StringBuilder text = new StringBuilder();
        for (String[] row : rows) {
            String description = format(row[1]).replaceAll("\\R", " ");
            if (row[0].length() > namesColumns) {
                text.append(row[0]).append(System.lineSeparator());
                wrap(description, indent, " ".repeat(indent), " ".repeat(indent), text);
            } else {
                wrap(description, indent, row[0] + " ".repeat(indent - row[0].length()), " ".repeat(indent), text);
            }
        }
        return text.toString();
    }

    /** Wraps words at spaces into lines of {@link #WIDTH_COLUMNS}; a word longer than a line stands alone. */
    private static void wrap(String words, int indent, String first, String rest, StringBuilder text) {
        int width = Math.max(WIDTH_COLUMNS - indent, 20);
        StringBuilder line = new StringBuilder(first);
        int used = 0;
        for (String word : words.strip().split(" +")) {
            if (word.isEmpty()) {
                continue;
            }
            if (used > 0 && used + 1 + word.length() > width) {
                text.append(line).append(System.lineSeparator());
                line.setLength(0);
                line.append(rest);
                used = 0;
            }
            if (used > 0) {
                line.append(' ');
                used++;
            }
            line.append(word);
            used += word.length();
        }
        text.append(line.toString().stripTrailing()).append(System.lineSeparator());
    }

    /** @return where a preformatted line's second column starts (after the first gap of two spaces), else its text */
    private static int secondColumn(String line) {
        int text = 0;
        while (text < line.length() && line.charAt(text) == ' ') {
            text++;
        }
        int gap = line.indexOf("  ", text);
        if (gap < 0) {
            return text;
        }
        int column = gap;
        while (column < line.length() && line.charAt(column) == ' ') {
            column++;
        }
        return column < line.length() && column < WIDTH_COLUMNS / 2 ? column : text;
    }

    /** Picocli formats help text with {@link String#format}: {@code %n} is a line break, {@code %%} a percent. */
    private static String format(String text) {
        try {
            return String.format(Locale.ROOT, text);
        } catch (IllegalFormatException e) {
            return text;
        }
    }
}
