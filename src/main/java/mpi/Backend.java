package mpi;

/**
 * A backend: one implementation of each concern of the {@link Seam}. {@link Backends} asks the
 * run's backend for each once and keeps it in a static final field.
 */
interface Backend {
    Seam.Environment environment();

    Seam.Communicators communicators();

    Seam.Collectives collectives();

    Seam.PointToPoint pointToPoint();

    Seam.OneSided oneSided();

    Seam.Types types();
}
