package mpi.common.collective.algorithms;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * MPICH's algorithm names from its control variables' descriptions, as MPI_T gave them: MPICH
 * 5.0.2 (lines) and Debian's MPICH 4.0.2 (lines joined, names padded to a column).
 */
class MpichDescriptionTest {
    /** MPICH 5.0.2's MPIR_CVAR_BCAST_INTRA_ALGORITHM, its lines kept. */
    private static final String BCAST_5 = "Variable to select bcast algorithm\n"
            + "auto - Internal algorithm selection (can be overridden with"
            + " MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE)\n"
            + "binomial                                - Force Binomial Tree\n"
            + "nb                                      - Force nonblocking algorithm\n"
            + "smp                                     - Force smp algorithm\n"
            + "scatter_recursive_doubling_allgather    - Force Scatter Recursive-Doubling"
            + " Allgather\n"
            + "scatter_ring_allgather                  - Force Scatter Ring\n"
            + "pipelined_tree                          - Force tree-based pipelined algorithm\n"
            + "tree                                    - Force tree-based algorithm";

    /** MPICH 4.0.2's, its lines joined. */
    private static final String BCAST_4 = "Variable to select bcast algorithmauto - Internal algorithm selection (can b"
                + "e overridden with MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE)binomial        "
                + "                        - Force Binomial Treenb                             "
                + "         - Force nonblocking algorithmsmp                                   "
                + "  - Force smp algorithmscatter_recursive_doubling_allgather    - Force Scatt"
                + "er Recursive-Doubling Allgatherscatter_ring_allgather                  - For"
                + "ce Scatter Ring";

    /** MPICH 4.0.2's scatter: the name after auto's line is padded by one space. */
    private static final String SCATTER_4 = "Variable to select scatter algorithmauto - Internal algorithm selection (can"
                + " be overridden with MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE)binomial - For"
                + "ce binomial algorithmnb       - Force nonblocking algorithm";

    /** MPICH 4.0.2's ibcast: its names padded to two columns, none after a ')'. */
    private static final String IBCAST_4 = "Variable to select ibcast algorithmauto - Internal algorithm selection (can "
                + "be overridden with MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE)sched_auto - In"
                + "ternal algorithm selection for sched-based algorithmssched_binomial         "
                + "                    - Force Binomial algorithmsched_smp                     "
                + "             - Force smp algorithmsched_scatter_recursive_doubling_allgather"
                + " - Force Scatter Recursive Doubling Allgather algorithmsched_scatter_ring_al"
                + "lgather               - Force Scatter Ring Allgather algorithmtsp_tree      "
                + "                         - Force Generic Transport Tree algorithmtsp_scatter"
                + "v_recexch_allgatherv        - Force Generic Transport Scatterv followed by R"
                + "ecursive Exchange Allgatherv algorithmtsp_ring                              "
                + " - Force Generic Transport Ring algorithm";

    @Test
    void linesGiveNamesInTheOrderOfTheirValues() {
        assertEquals(List.of(new Algorithm(0, "auto"), new Algorithm(1, "binomial"),
                new Algorithm(2, "nb"), new Algorithm(3, "smp"),
                new Algorithm(4, "scatter_recursive_doubling_allgather"),
                new Algorithm(5, "scatter_ring_allgather"), new Algorithm(6, "pipelined_tree"),
                new Algorithm(7, "tree")), MpichDescription.choices(BCAST_5));
    }

    @Test
    void joinedLinesAreCutAtTheColumnTheNamesArePaddedTo() {
        assertEquals(List.of("auto", "binomial", "nb", "smp",
                "scatter_recursive_doubling_allgather", "scatter_ring_allgather"),
                names(MpichDescription.choices(BCAST_4)));
        assertEquals(List.of("auto", "binomial", "nb"), names(MpichDescription.choices(SCATTER_4)));
    }

    @Test
    void withoutAColumnANameIsItsValue() {
        assertEquals(List.of("auto", "sched_auto", "#2", "#3", "#4", "#5", "#6", "#7", "#8"),
                names(MpichDescription.choices(IBCAST_4)));
    }

    private static List<String> names(List<Algorithm> algorithms) {
        return algorithms.stream().map(Algorithm::name).toList();
    }
}
