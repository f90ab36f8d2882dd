package mpi.common.results;

import mpi.common.stats.RowStatistics;

/**
 * One size's record in the results' files: the table's cells and the row's precision.
 *
 * @param cells      a cell per column of the table ({@code ResultTable.cells})
 * @param statistics the row's statistics, or null where the benchmark's rows have none
 */
public record ResultRow(java.util.List<Object> cells, RowStatistics statistics) {
}
