package mpi;

/**
 * Chooses the backend of this run ({@link Backend}), once: the system property
 * {@value #PROPERTY} names it, {@code jni} (the default) or {@code ffm}. Each concern of the
 * {@link Seam} is a constant here, so every call site binds to its class.
 */
final class Backends {
    /** The system property that picks the backend. */
    static final String PROPERTY = "ombj.backend";

    private static final Backend BACKEND = select(System.getProperty(PROPERTY, "jni"));

    static final Seam.Environment ENVIRONMENT = BACKEND.environment();
    static final Seam.Communicators COMMUNICATORS = BACKEND.communicators();
    static final Seam.Collectives COLLECTIVES = BACKEND.collectives();
    static final Seam.PointToPoint POINT_TO_POINT = BACKEND.pointToPoint();
    static final Seam.OneSided ONE_SIDED = BACKEND.oneSided();
    static final Seam.Types TYPES = BACKEND.types();

    private Backends() {
    }

    private static Backend select(String name) {
        switch (name) {
            case "jni":
                return new JniBackend();
            case "ffm":
                return ffm();
            default:
                throw new UnsatisfiedLinkError("-D" + PROPERTY + "=" + name
                        + ": no such backend (jni or ffm)");
        }
    }

    /**
     * The FFM backend, from the jar's classes for Java 22 and later (a multi-release jar):
     * found by name, so that this class loads on JDK 17 too.
     */
    private static Backend ffm() {
        int feature = Runtime.version().feature();
        if (feature < 22) {
            throw new UnsatisfiedLinkError("-D" + PROPERTY + "=ffm needs Java 22 or later (this"
                    + " is Java " + feature + "): run a newer java, or use -D" + PROPERTY + "=jni");
        }
        try {
            return (Backend) Class.forName("mpi.FfmBackend").getDeclaredConstructor().newInstance();
        } catch (ClassNotFoundException e) {
            throw new UnsatisfiedLinkError("-D" + PROPERTY + "=ffm: this build has no FFM backend"
                    + " (it was built without a JDK 22 or later; see README-OMB-J.txt)");
        } catch (ReflectiveOperationException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            if (cause instanceof Error) {
                throw (Error) cause;
            }
            UnsatisfiedLinkError error = new UnsatisfiedLinkError(String.valueOf(cause.getMessage()));
            error.initCause(cause);
            throw error;
        }
    }
}
