package org.gcs.examples.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.gcs.bench.Scenario;
import org.gcs.examples.cli.GcsCommand;
import org.gcs.examples.docs.DocCommands.DocCommand;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParameterException;

/**
 * Checks a documented {@code ./gcs} command against the real {@code gcs} command line ({@link GcsCommand}), without
 * running it: the subcommand exists, every option is one of that subcommand's (its picocli {@link CommandSpec}), every
 * positional value is one the command knows where it lists them (lab and bench scenarios), and picocli parses the
 * whole command, values included. Upper-case words such as {@code NAME}, {@code DIR} or {@code PORT} are the
 * documents' placeholders and stand for any value.
 */
final class DocCommandCheck {
    private static final Pattern PLACEHOLDER = Pattern.compile("[A-Z][A-Z0-9_]*");

    /** What a positional value may be, by subcommand, where the picocli model does not list the candidates. */
    private static final Map<String, Predicate<String>> POSITIONALS = Map.of(
            "bench", name -> name.equals("all") || Scenario.byId(name).isPresent());

    private DocCommandCheck() {
    }

    /**
     * @param command a documented command
     * @return what is wrong with it, empty if nothing
     */
    static List<String> problems(DocCommand command) {
        List<String> problems = new ArrayList<>();
        List<String> args = command.args();
        CommandLine root = GcsCommand.commandLine();
        String name = args.get(0);
        if (name.startsWith("-")) {
            checkOptions(root.getCommandSpec(), args, 0, problems);
        } else {
            CommandLine sub = root.getSubcommands().get(name);
            if (sub == null) {
                problems.add("no command '" + name + "'; gcs has " + root.getSubcommands().keySet());
                return problems;
            }
            checkOptions(sub.getCommandSpec(), args, 1, problems);
        }
        if (problems.isEmpty() && !command.mention()) {
            try {
                GcsCommand.commandLine().parseArgs(args.toArray(String[]::new));
            } catch (ParameterException e) {
                problems.add("does not parse: " + e.getMessage());
            }
        }
        return problems;
    }

    /** Checks the options and the positional values from {@code from} on. */
    private static void checkOptions(CommandSpec spec, List<String> args, int from, List<String> problems) {
        List<String> positionals = new ArrayList<>();
        for (int i = from; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.startsWith("-") && arg.length() > 1 && !Character.isDigit(arg.charAt(1))) {
                String optionName = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
                OptionSpec option = spec.findOption(optionName);
                if (option == null || !option.names()[0].startsWith("-") || !List.of(option.names())
                        .contains(optionName)) {
                    problems.add("'" + spec.qualifiedName() + "' has no option " + optionName + "; its options are "
                            + spec.optionsMap().keySet().stream().filter(o -> o.startsWith("--")).sorted().toList());
                } else if (!arg.contains("=") && option.arity().min() > 0) {
                    i++;   // the option's value
                }
            } else {
                positionals.add(arg);
            }
        }
        checkPositionals(spec, positionals, problems);
    }

    private static void checkPositionals(CommandSpec spec, List<String> values, List<String> problems) {
        Predicate<String> known = POSITIONALS.get(spec.name());
        List<PositionalParamSpec> params = spec.positionalParameters();
        for (int i = 0; i < values.size(); i++) {
            String value = values.get(i);
            if (PLACEHOLDER.matcher(value).matches()) {
                continue;
            }
            Iterable<String> candidates = params.isEmpty() ? null
                    : params.get(Math.min(i, params.size() - 1)).completionCandidates();
            if (candidates != null) {
                List<String> names = new ArrayList<>();
                candidates.forEach(names::add);
                if (!names.contains(value)) {
                    problems.add("'" + spec.qualifiedName() + "' knows no " + params.get(0).paramLabel() + " '" + value
                            + "'; it knows " + names);
                }
            } else if (known != null && !known.test(value)) {
                problems.add("'" + spec.qualifiedName() + "' knows no '" + value + "'");
            }
        }
    }
}
