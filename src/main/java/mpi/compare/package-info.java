/**
 * The comparison of the Java benchmarks with their native C twins, and of Java MPI bindings
 * with each other: {@code scripts/compare.sh} is its front door, {@link mpi.compare.Compare}
 * its entry point. It launches every run as its own {@code mpirun} and never loads the MPI
 * binding into its own JVM.
 */
package mpi.compare;
