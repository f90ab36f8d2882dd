/**
 * The collective algorithm studies' pure-Java part: cost models fitted to measurements
 * (Hockney's alpha-beta for point-to-point, piecewise at the protocol switch; one model per
 * collective algorithm family, with the study's {@code a + b P + c m} as the baseline), their
 * held-out errors and ranking, the choice of the fastest algorithm per process count and size
 * against the MPI's default, and the two files an MPI reads such a choice from: Open MPI's
 * coll/tuned dynamic rules and MPICH's collective selection JSON. Nothing here runs MPI.
 */
package mpi.study;
