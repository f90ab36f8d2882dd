package mpi.common.collective.algorithms;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The algorithms of an MPICH {@code MPIR_CVAR_<OP>_INTRA_ALGORITHM}, read from its
 * description. MPICH gives the variable no enumeration through MPI_T (it is an {@code int});
 * the choices are the lines of its description, {@code name - text}, in the order of the
 * values they stand for (MPICH generates its enumeration from those lines: {@code auto} is
 * 0). MPICH 5 keeps the lines; MPICH 4.0 joins them with no separator
 * ({@code "...Force Binomial Treenb      - Force..."}), so a name is told from the text before
 * it by the column the names are padded to: the first name after a {@code )} (the
 * {@code auto} line ends with one), not an {@code auto} (never padded), gives it. Where none does, a name is its value,
 * {@code #N}.
 */
final class MpichDescription {
    /** A choice: a name, the padding, a dash. */
    private static final Pattern CHOICE = Pattern.compile("([A-Za-z0-9_]+)( +)- ");

    private MpichDescription() {
    }

    /**
     * @param description the variable's description, from MPI_T
     * @return its choices, {@code auto} first; empty if it lists none
     */
    static List<Algorithm> choices(String description) {
        List<Algorithm> out = new ArrayList<>();
        if (description.contains("\n")) {
            for (String line : description.split("\n")) {
                Matcher m = CHOICE.matcher(line.strip() + " ");
                if (m.lookingAt()) {
                    out.add(new Algorithm(out.size(), m.group(1)));
                }
            }
            return out;
        }
        // Joined lines: the names are padded to one column (all but auto's, "auto - ...").
        Matcher m = CHOICE.matcher(description);
        List<String> tokens = new ArrayList<>();
        List<Integer> pads = new ArrayList<>();
        List<Boolean> apart = new ArrayList<>();
        int column = -1;
        while (m.find()) {
            char before = m.start() == 0 ? ' ' : description.charAt(m.start() - 1);
            boolean alone = !Character.isLetterOrDigit(before) && before != ' ';
            tokens.add(m.group(1));
            pads.add(m.group(2).length());
            apart.add(alone || m.start() == 0);
            if (column < 0 && alone && !m.group(1).endsWith("auto")) {
                column = m.group(1).length() + m.group(2).length();
            }
        }
        for (int i = 0; i < tokens.size(); i++) {
            String token = tokens.get(i);
            String name = token;
            if (!apart.get(i)) {
                int length = column - pads.get(i);
                // auto's line is never padded; with no column, or one these names are not
                // padded to (MPICH 4.0's ibcast pads its sched_ and tsp_ names to two), the
                // value stands for the name.
                name = pads.get(i) == 1 && token.endsWith("auto") ? "auto"
                        : column > 0 && length > 0 && length <= token.length()
                        ? token.substring(token.length() - length) : "#" + out.size();
            }
            out.add(new Algorithm(out.size(), name));
        }
        return out;
    }
}
