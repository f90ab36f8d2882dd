package mpi;

/**
 * The FFM backend (JDK 22 and later): each call goes through {@code java.lang.foreign} straight
 * into the MPI library that {@link FfmLibrary} opened, with no C of ours in between, from one
 * class per concern of the {@link Seam} ({@link FfmEnvironment}, {@link FfmCommunicators},
 * {@link FfmCollectives}, {@link FfmPointToPoint}, {@link FfmOneSided}, {@link FfmTypes}).
 */
final class FfmBackend implements Backend {

    FfmBackend() {
        FfmLibrary.ABI.name(); // opens the library now: a failure belongs to the backend's start
    }

    @Override
    public Seam.Environment environment() {
        return new FfmEnvironment();
    }

    @Override
    public Seam.Communicators communicators() {
        return new FfmCommunicators();
    }

    @Override
    public Seam.Collectives collectives() {
        return new FfmCollectives();
    }

    @Override
    public Seam.PointToPoint pointToPoint() {
        return new FfmPointToPoint();
    }

    @Override
    public Seam.OneSided oneSided() {
        return new FfmOneSided();
    }

    @Override
    public Seam.Types types() {
        return new FfmTypes();
    }
}
