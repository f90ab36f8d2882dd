package mpi.compare;

import java.util.List;

/**
 * Where and how the figures were measured, written beside them so that a document that
 * copies a table or a figure can say it.
 *
 * @param date    when the run started, UTC, e.g. {@code 2025-06-01T10:00:00Z}
 * @param commit  the commit measured, e.g. {@code 4547f92} (with "+ local changes" if any)
 * @param machine compare.sh's machine line without its {@code #}: CPU, cores; MPI; JDK
 * @param command the command that measures again, with the settings it used
 * @param seconds how long the run took
 * @param runs    the runs each median is of
 */
record Provenance(String date, String commit, String machine, String command, long seconds, int runs) {
    /**
     * @param group the group's name and title
     * @param table compare.sh's table of the group's rows
     * @return the group's Markdown file: title, provenance, figure, table
     */
    String markdown(Figures.Group group, List<String> table) {
        StringBuilder b = new StringBuilder();
        b.append("<!-- Written by scripts/readme-figures.sh: run it again rather than edit. -->\n\n");
        b.append("## ").append(group.title()).append("\n\n");
        b.append("- date: ").append(date).append('\n');
        b.append("- commit: ").append(commit).append('\n');
        b.append("- machine (CPU, cores; MPI; JDK): ").append(machine).append('\n');
        b.append("- method: median of ").append(runs).append(runs == 1 ? " run" : " runs").append(" per size; each run is one launch over")
                .append(" all sizes, C, Java buffer and Java arrays once per round, in an order shuffled from the")
                .append(" command's seed; the run took ")
                .append(seconds / 60).append(" min ").append(seconds % 60).append(" s for all groups\n");
        b.append("- command: `").append(command).append("`\n\n");
        b.append("![").append(group.title()).append("](").append(group.name()).append(".png)\n\n");
        b.append("```text\n");
        table.forEach(l -> b.append(l).append('\n'));
        b.append("```\n\n");
        b.append("The medians and every run's value: [").append(group.name()).append(".csv](")
                .append(group.name()).append(".csv).\n");
        return b.toString();
    }
}
