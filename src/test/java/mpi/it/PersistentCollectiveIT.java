package mpi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * C OMB 7.4's 14 persistent collectives ({@code mpi.collective.persistent}) under real mpirun
 * on 3 ranks: the group in both APIs with {@code -c}, once plain and once in place with the
 * root rotating, every benchmark validating at every size with no warning; each table is
 * C OMB's, titled "... Persistent Latency Test".
 */
class PersistentCollectiveIT {
    private static final String GROUP = "collective.persistent";

    @Test
    void everyPersistentCollectiveValidatesInBothApisPlainAndInPlace() throws Exception {
        List<String> names = MpichIT.members(GROUP);
        assertEquals(14, names.size(), names.toString());
        List<List<String>> entries = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (List<String> more : List.of(List.<String>of(), List.of("-l", "-k", "rotate"))) {
            for (String api : List.of("buffer", "arrays")) {
                List<String> entry = new ArrayList<>(List.of(GROUP));
                entry.addAll(MpichIT.SMALL_RUN);
                entry.addAll(more);
                entry.addAll(List.of("-a", api));
                entries.add(entry);
                for (String name : names) {
                    labels.add(name + " -a " + api + " " + more);
                }
            }
        }
        MpiRun.SuiteLaunch s = MpiRun.suite(MpiRun.DEFAULT, 3, List.of(), entries,
                labels.size());
        MpiRun.Result whole = s.whole();
        assertEquals(0, whole.exitCode(), whole.all());
        assertEquals(List.of(), whole.warnings(), whole.all());
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < s.parts().size(); i++) {
            MpiRun.Result r = s.parts().get(i);
            String label = labels.get(i);
            boolean barrier = label.startsWith("OSUBarrierPersistent");
            if (!r.stdout().contains("Persistent Latency Test")) {
                problems.add(label + ": title " + r.stdoutLines().get(0));
            }
            if (!s.statuses().get(i).equals(barrier ? "ran" : "passed")) {
                problems.add(label + ": " + s.statuses().get(i));
            }
            List<String> rows = r.stdoutLines().stream()
                    .filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
            if (rows.isEmpty() || !barrier
                    && !rows.stream().allMatch(row -> MpichIT.PASSING_ROW.matcher(row).matches())) {
                problems.add(label + ": rows " + rows);
            }
        }
        assertEquals(List.of(), problems, whole.all());
    }
}
