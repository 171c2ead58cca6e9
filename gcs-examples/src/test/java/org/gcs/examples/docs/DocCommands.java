package org.gcs.examples.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the {@code ./gcs ...} commands of a Markdown document, for {@link DocCommandsTest}: in fenced code blocks
 * (lines joined at a trailing {@code \}) and in inline code spans, split as a shell would split them into words,
 * without the {@code # comment} at the end, the redirections, and the other commands of a pipe or a list
 * ({@code |}, {@code &&}, {@code ||}, {@code ;}); environment assignments ({@code JAVA_OPTS="-Xmx1g" ./gcs demo}),
 * {@code sudo} and {@code time} before {@code ./gcs} are skipped, and a synopsis' brackets around optional words
 * ({@code [--system gcs]}) are dropped.
 */
final class DocCommands {
    /** The launcher script as the documents call it. */
    static final String GCS = "./gcs";

    private static final Pattern FENCE = Pattern.compile("^\\s*(```|~~~)");
    private static final Pattern INLINE_CODE = Pattern.compile("`([^`]+)`");
    private static final Pattern ASSIGNMENT = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*=.*");
    private static final Pattern OPTIONAL_MARKS = Pattern.compile("^\\[|]$");
    private static final Pattern REDIRECTION = Pattern.compile("[0-9]*(>>?|<)(&[0-9]+)?");

    private DocCommands() {
    }

    /**
     * One command of a document.
     *
     * @param source the document and line, e.g. {@code README.md:63}
     * @param text the command as the document writes it (one logical line)
     * @param args the words after {@code ./gcs}
     * @param mention true for inline code that only names a command ({@code `./gcs bench` runs ...}): only the
     *     command's existence is checked, not its required options
     */
    record DocCommand(String source, String text, List<String> args, boolean mention) {
        @Override
        public String toString() {
            return source + ": " + text;
        }
    }

    /**
     * @param markdown a Markdown document
     * @param name its name, for {@link DocCommand#source()}
     * @return every {@code ./gcs} command with at least one argument, in the document's order
     */
    static List<DocCommand> extract(String markdown, String name) {
        List<DocCommand> commands = new ArrayList<>();
        List<String> lines = markdown.lines().toList();
        boolean fenced = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (FENCE.matcher(line).find()) {
                fenced = !fenced;
                continue;
            }
            int first = i;
            if (fenced) {
                StringBuilder logical = new StringBuilder();
                while (line.endsWith("\\") && i + 1 < lines.size()) {
                    logical.append(line, 0, line.length() - 1).append(' ');
                    line = lines.get(++i);
                }
                logical.append(line);
                addCommands(logical.toString(), name + ":" + (first + 1), false, commands);
            } else {
                Matcher m = INLINE_CODE.matcher(line);
                while (m.find()) {
                    addCommands(m.group(1), name + ":" + (first + 1), true, commands);
                }
            }
        }
        return commands;
    }

    private static void addCommands(String text, String source, boolean inline, List<DocCommand> commands) {
        if (!text.contains(GCS)) {
            return;
        }
        for (List<String> words : commandsOf(text)) {
            int start = 0;
            while (start < words.size() && (ASSIGNMENT.matcher(words.get(start)).matches()
                    || words.get(start).equals("sudo") || words.get(start).equals("time"))) {
                start++;
            }
            if (words.size() > start + 1 && words.get(start).equals(GCS)) {
                List<String> args = new ArrayList<>();
                for (String word : words.subList(start + 1, words.size())) {
                    args.add(OPTIONAL_MARKS.matcher(word).replaceAll(""));   // a synopsis: [--system ID]
                }
                commands.add(new DocCommand(source, text.strip(), List.copyOf(args), inline && args.size() == 1));
            }
        }
    }

    /**
     * @param text one logical line of shell
     * @return its simple commands as words: quotes removed, comment, redirections and operators dropped
     */
    static List<List<String>> commandsOf(String text) {
        List<List<String>> commands = new ArrayList<>();
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '\'' || c == '"') {
                int end = text.indexOf(c, i + 1);
                end = end < 0 ? text.length() : end;
                word.append(text, i + 1, end);
                inWord = true;
                i = end + 1;
            } else if (c == '\\' && i + 1 < text.length()) {
                word.append(text.charAt(i + 1));
                inWord = true;
                i += 2;
            } else if (Character.isWhitespace(c) || c == '|' || c == ';'
                    || c == '&' && !isRedirectionAmpersand(text, i)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
                if (!Character.isWhitespace(c)) {
                    commands.add(withoutRedirections(words));
                    words = new ArrayList<>();
                }
                i++;
            } else if (c == '#' && !inWord) {
                break;
            } else {
                word.append(c);
                inWord = true;
                i++;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        commands.add(withoutRedirections(words));
        commands.removeIf(List::isEmpty);
        return commands;
    }

    /** The {@code &} of {@code 2>&1} belongs to the redirection, not a list. */
    private static boolean isRedirectionAmpersand(String text, int i) {
        return text.charAt(i) == '&' && i > 0 && text.charAt(i - 1) == '>';
    }

    private static List<String> withoutRedirections(List<String> words) {
        List<String> kept = new ArrayList<>();
        for (int i = 0; i < words.size(); i++) {
            Matcher m = REDIRECTION.matcher(words.get(i));
            if (m.lookingAt()) {
                if (m.end() == words.get(i).length() && !words.get(i).endsWith("&1")) {
                    i++;   // "> file": the file is the next word
                }
                continue;
            }
            kept.add(words.get(i));
        }
        return kept;
    }
}
