package mpi;

/** The MPI standard version a library implements, as {@link MPI#getVersion()} reads it. */
public final class Version {
    private final int version;
    private final int subVersion;

    Version(int version, int subVersion) {
        this.version = version;
        this.subVersion = subVersion;
    }

    /** @return the major version, e.g. 3 for MPI 3.1 */
    public int getVersion() {
        return version;
    }

    /** @return the minor version, e.g. 1 for MPI 3.1 */
    public int getSubVersion() {
        return subVersion;
    }

    @Override
    public String toString() {
        return "MPI " + version + "." + subVersion;
    }
}
