package mpi;

/**
 * The JNI backend: each concern's calls are the native methods of its {@code Jni<Concern>}
 * class, in {@code libombj.so} (src/main/native), built with the MPI library's compiler
 * wrapper. Creating it loads the signal guard and the JNI library.
 */
final class JniBackend implements Backend {

    JniBackend() {
        NativeLibrary.load();
    }

    @Override
    public Seam.Environment environment() {
        return new JniEnvironment();
    }

    @Override
    public Seam.Communicators communicators() {
        return new JniCommunicators();
    }

    @Override
    public Seam.Collectives collectives() {
        return new JniCollectives();
    }

    @Override
    public Seam.PointToPoint pointToPoint() {
        return new JniPointToPoint();
    }

    @Override
    public Seam.OneSided oneSided() {
        return new JniOneSided();
    }

    @Override
    public Seam.Types types() {
        return new JniTypes();
    }
}
