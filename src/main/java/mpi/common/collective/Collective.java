package mpi.common.collective;

/**
 * The blocking collectives of MPI that the suite measures, and what each means for a
 * benchmark: its name in the title, whether it has a root, an in-place form, whether it
 * reduces (so sums its data), the buffers it needs, the per-rank counts and displacements of
 * its v-variant, and, for validation ({@code -c}), what each rank sends and what it must hold
 * after the call. The non-blocking twins ({@code MPI_Ibcast} ...) move the same data.
 *
 * <p>Sizes: a message of {@code size} bytes has {@code n = size / typeSize} elements. Each
 * rank's block is {@code n} elements (gather, scatter, all-gather, all-to-all and their
 * v-variants, with OMB's counts: {@code n} for every rank at displacement {@code rank * n});
 * a broadcast or reduction moves {@code n} elements; a reduce-scatter reduces a vector of
 * {@code n} elements split over the ranks (see {@link #layout}).
 */
public enum Collective {
    /** MPI_Barrier: no data. */
    BARRIER("Barrier", Shape.NONE, false, false),
    /** MPI_Bcast: the root's data to every rank. */
    BCAST("Broadcast", Shape.BCAST, true, false),
    /** MPI_Reduce: the sum of every rank's data, at the root. */
    REDUCE("Reduce", Shape.REDUCE, true, true),
    /** MPI_Allreduce: the sum of every rank's data, at every rank. */
    ALLREDUCE("Allreduce", Shape.ALLREDUCE, false, true),
    /** MPI_Gather: block r of the root's receive buffer is rank r's data. */
    GATHER("Gather", Shape.GATHER, true, true),
    /** MPI_Gatherv, with OMB's counts and displacements. */
    GATHERV("Gatherv", Shape.GATHER, true, true),
    /** MPI_Scatter: rank r receives block r of the root's send buffer. */
    SCATTER("Scatter", Shape.SCATTER, true, true),
    /** MPI_Scatterv, with OMB's counts and displacements. */
    SCATTERV("Scatterv", Shape.SCATTER, true, true),
    /** MPI_Allgather: block r of every rank's receive buffer is rank r's data. */
    ALLGATHER("Allgather", Shape.ALLGATHER, false, true),
    /** MPI_Allgatherv, with OMB's counts and displacements. */
    ALLGATHERV("Allgatherv", Shape.ALLGATHER, false, true),
    /** MPI_Alltoall: block s of rank r's receive buffer is block r of rank s's send buffer. */
    ALLTOALL("All-to-All Personalized Exchange", Shape.ALLTOALL, false, true),
    /** MPI_Alltoallv, with OMB's counts and displacements. */
    ALLTOALLV("All-to-Allv Personalized Exchange", Shape.ALLTOALL, false, true),
    /** MPI_Reduce_scatter: rank r receives its slice of the sum, slices as OMB splits them. */
    REDUCE_SCATTER("Reduce_scatter", Shape.REDUCE_SCATTER, false, true),
    /** MPI_Reduce_scatter_block: rank r receives its slice of n / np elements of the sum. */
    REDUCE_SCATTER_BLOCK("Reduce_scatter_block", Shape.REDUCE_SCATTER, false, true),
    /**
     * MPI_Alltoallw: an all-to-all with a datatype per block and displacements in bytes; as
     * in C OMB, every block has the one element type, n elements at byte
     * {@code rank * n * typeSize}. No in-place form: Open MPI's Java API has none.
     */
    ALLTOALLW("All-to-Allw Personalized Exchange", Shape.ALLTOALL, false, false),
    // The neighborhood collectives: on a distributed-graph communicator, each rank exchanges
    // with its neighbours only (CollectiveCall#neighbors); blocks as C OMB lays them out, n
    // elements per block, block k at element k * n, buffers of np blocks whatever the degree.
    /** MPI_Neighbor_allgather: block k of the receive buffer is source k's data. */
    NEIGHBOR_ALLGATHER("Neighborhood Allgather", Shape.NEIGHBOR_ALLGATHER, false, false),
    /** MPI_Neighbor_allgatherv, with C OMB's counts and displacements. */
    NEIGHBOR_ALLGATHERV("Neighborhood Allgatherv", Shape.NEIGHBOR_ALLGATHER, false, false),
    /** MPI_Neighbor_alltoall: block k goes to destination k, block k comes from source k. */
    NEIGHBOR_ALLTOALL("Neighborhood Alltoall", Shape.NEIGHBOR_ALLTOALL, false, false),
    /** MPI_Neighbor_alltoallv, with C OMB's counts and displacements. */
    NEIGHBOR_ALLTOALLV("Neighborhood All-to-Allv", Shape.NEIGHBOR_ALLTOALL, false, false),
    /** MPI_Neighbor_alltoallw: displacements in bytes, every block of the element type. */
    NEIGHBOR_ALLTOALLW("Neighborhood All-to-Allw", Shape.NEIGHBOR_ALLTOALL, false, false);

    private final String label;
    private final Shape shape;
    private final boolean rooted;
    private final boolean inPlace;

    Collective(String label, Shape shape, boolean rooted, boolean inPlace) {
        this.label = label;
        this.shape = shape;
        this.rooted = rooted;
        this.inPlace = inPlace;
    }

    /** @return the MPI function, e.g. {@code MPI_Reduce_scatter_block} */
    public String mpiName() {
        String lower = name().toLowerCase(java.util.Locale.ROOT);
        return "MPI_" + Character.toUpperCase(lower.charAt(0)) + lower.substring(1);
    }

    /** @return its name in C OMB's title, e.g. {@code Broadcast}: "Broadcast Latency Test" */
    public String label() {
        return label;
    }

    /** @return whether the call has a root ({@code -k}) */
    public boolean rooted() {
        return rooted;
    }

    /** @return whether MPI has an in-place form of the call ({@code -l}) */
    public boolean hasInPlace() {
        return inPlace;
    }

    /** @return whether the call reduces (sums) data: its default type is float, as in C OMB */
    public boolean reduction() {
        return shape == Shape.REDUCE || shape == Shape.ALLREDUCE || shape == Shape.REDUCE_SCATTER;
    }

    /** @return whether the call is a neighborhood collective, on a topology ({@code -N}) */
    public boolean neighborhood() {
        return shape == Shape.NEIGHBOR_ALLGATHER || shape == Shape.NEIGHBOR_ALLTOALL;
    }

    /**
     * @return whether the call takes a count and a displacement per rank (the v-variants),
     *         in units of its datatype: with {@code -D} they count instances of it
     */
    public boolean variable() {
        return switch (this) {
            case GATHERV, SCATTERV, ALLGATHERV, ALLTOALLV, NEIGHBOR_ALLGATHERV,
                    NEIGHBOR_ALLTOALLV -> true;
            default -> false;
        };
    }

    /** @return whether the call moves data (all but the barrier) */
    public boolean hasData() {
        return shape != Shape.NONE;
    }

    /**
     * @param elements  the message size in elements
     * @param processes the number of processes
     * @return the elements of the send buffer (of a broadcast: its one buffer)
     */
    public long sendElements(int elements, int processes) {
        return shape.send(elements, processes);
    }

    /** @return the elements of the receive buffer (see {@link #sendElements}) */
    public long receiveElements(int elements, int processes) {
        return shape.receive(elements, processes);
    }

    /**
     * @param elements  the message size in elements
     * @param processes the number of processes
     * @param inPlace   whether the in-place form runs: it has one buffer, as large as the
     *                  larger of the two
     * @return the bytes of all buffers of a rank, for elements of {@code typeSize} bytes
     */
    public long bufferBytes(int elements, int processes, boolean inPlace, int typeSize) {
        long send = sendElements(elements, processes);
        long recv = receiveElements(elements, processes);
        return (inPlace ? Math.max(send, recv) : send + recv) * typeSize;
    }

    /**
     * @param elements  the message size in elements
     * @param processes the number of processes
     * @return the count argument of the call: {@code elements}, or for a reduce-scatter-block
     *         each rank's block, {@code elements / processes}
     */
    public int callCount(int elements, int processes) {
        return this == REDUCE_SCATTER_BLOCK ? elements / processes : elements;
    }

    /**
     * The per-rank counts and displacements, in elements, of a call of {@code elements}
     * elements: as C OMB's v-variants, {@code elements} for every rank at
     * {@code rank * elements}; for a reduce-scatter, C OMB's split of the vector,
     * {@code elements / np} per rank and one more for the first {@code elements % np} ranks
     * (so if {@code elements < np}, 1 for the first {@code elements} ranks and 0 for the
     * rest), each slice following the previous one; for a reduce-scatter-block
     * {@code elements / np} per rank; for the others, {@code elements} at 0.
     *
     * @param elements  the message size in elements
     * @param processes the number of processes
     * @param counts    receives the count of each rank ({@code processes} entries)
     * @param displs    receives the displacement of each rank
     */
    public void layout(int elements, int processes, int[] counts, int[] displs) {
        int portion = elements / processes;
        int remainder = elements % processes;
        int at = 0;
        for (int r = 0; r < processes; r++) {
            switch (shape) {
                case GATHER: case SCATTER: case ALLGATHER: case ALLTOALL:
                case NEIGHBOR_ALLGATHER: case NEIGHBOR_ALLTOALL:
                    counts[r] = elements;
                    displs[r] = r * elements;
                    break;
                case REDUCE_SCATTER:
                    counts[r] = this == REDUCE_SCATTER_BLOCK ? portion
                            : portion + (r < remainder ? 1 : 0);
                    displs[r] = at;
                    at += counts[r];
                    break;
                default:
                    counts[r] = elements;
                    displs[r] = 0;
                    break;
            }
        }
    }

    /**
     * Before a call (validation): writes the data {@code call}'s rank sends into its buffers.
     *
     * @param call the rank's view of the call, its size and root set
     */
    public void fill(CollectiveCall call) {
        shape.fill(call);
    }

    /**
     * After a call (validation): compares what {@code call}'s rank holds with what the
     * collective must have delivered, computed from every rank's pattern.
     *
     * @param call the rank's view of the call, as for {@link #fill}
     * @return the number of wrong elements, 0 if the call delivered what it should
     */
    public int check(CollectiveCall call) {
        return shape.check(call);
    }

    /** How the data moves, shared by a collective and its v-variant. */
    private enum Shape {
        NONE {
            @Override
            long send(int n, int np) {
                return 0;
            }

            @Override
            long receive(int n, int np) {
                return 0;
            }

            @Override
            void fill(CollectiveCall c) {
            }

            @Override
            int check(CollectiveCall c) {
                return 0;
            }
        },
        /** One buffer: the root's data at the root, where the others receive it. */
        BCAST {
            @Override
            long send(int n, int np) {
                return n;
            }

            @Override
            long receive(int n, int np) {
                return 0;
            }

            @Override
            void fill(CollectiveCall c) {
                if (c.rank == c.root) {
                    c.write(c.send, 0, c.elements, c.root, 0);
                }
            }

            @Override
            int check(CollectiveCall c) {
                return c.rank == c.root ? 0 : c.copyErrors(c.send, 0, c.elements, c.root, 0);
            }
        },
        REDUCE {
            @Override
            void fill(CollectiveCall c) {
                c.write(c.data(), 0, c.elements, c.rank, 0);
            }

            @Override
            int check(CollectiveCall c) {
                return c.rank == c.root ? c.sumErrors(c.recv, 0, c.elements, 0) : 0;
            }
        },
        ALLREDUCE {
            @Override
            void fill(CollectiveCall c) {
                c.write(c.data(), 0, c.elements, c.rank, 0);
            }

            @Override
            int check(CollectiveCall c) {
                return c.sumErrors(c.recv, 0, c.elements, 0);
            }
        },
        /** In place, the root's own block is already in its receive buffer. */
        GATHER {
            @Override
            long receive(int n, int np) {
                return (long) n * np;
            }

            @Override
            void fill(CollectiveCall c) {
                if (c.inPlace && c.rank == c.root) {
                    c.write(c.recv, c.displs[c.rank], c.counts[c.rank], c.rank, 0);
                } else {
                    c.write(c.data(), 0, c.counts[c.rank], c.rank, 0);
                }
            }

            @Override
            int check(CollectiveCall c) {
                return c.rank == c.root ? blocksFromEveryRank(c, false) : 0;
            }
        },
        /** In place, each rank's own block is already in its receive buffer. */
        ALLGATHER {
            @Override
            long receive(int n, int np) {
                return (long) n * np;
            }

            @Override
            void fill(CollectiveCall c) {
                int at = c.inPlace ? c.displs[c.rank] : 0;
                c.write(c.data(), at, c.counts[c.rank], c.rank, 0);
            }

            @Override
            int check(CollectiveCall c) {
                return blocksFromEveryRank(c, false);
            }
        },
        /** In place, the root's send buffer is the whole buffer and its own block stays. */
        SCATTER {
            @Override
            long send(int n, int np) {
                return (long) n * np;
            }

            @Override
            void fill(CollectiveCall c) {
                if (c.rank == c.root) {
                    for (int b = 0; b < c.processes; b++) {
                        c.write(c.data(), c.displs[b], c.counts[b], c.root, b);
                    }
                }
            }

            @Override
            int check(CollectiveCall c) {
                int at = c.inPlace && c.rank == c.root ? c.displs[c.rank] : 0;
                return c.copyErrors(c.recv, at, c.counts[c.rank], c.root, c.rank);
            }
        },
        /** Block b of a rank's send data is meant for rank b. */
        ALLTOALL {
            @Override
            long send(int n, int np) {
                return (long) n * np;
            }

            @Override
            long receive(int n, int np) {
                return (long) n * np;
            }

            @Override
            void fill(CollectiveCall c) {
                for (int b = 0; b < c.processes; b++) {
                    c.write(c.data(), c.displs[b], c.counts[b], c.rank, b);
                }
            }

            @Override
            int check(CollectiveCall c) {
                return blocksFromEveryRank(c, true);
            }
        },
        /** Each rank's one block to every destination; block k from source k. */
        NEIGHBOR_ALLGATHER {
            @Override
            long receive(int n, int np) {
                return (long) n * np;
            }

            @Override
            void fill(CollectiveCall c) {
                c.write(c.send, 0, c.elements, c.rank, 0);
            }

            @Override
            int check(CollectiveCall c) {
                int bad = 0;
                for (int k = 0; k < c.sources.length; k++) {
                    bad += c.copyErrors(c.recv, c.displs[k], c.counts[k], c.sources[k], 0);
                }
                return bad;
            }
        },
        /** Block k for destination k, of the pattern of that destination's rank. */
        NEIGHBOR_ALLTOALL {
            @Override
            long send(int n, int np) {
                return (long) n * np;
            }

            @Override
            long receive(int n, int np) {
                return (long) n * np;
            }

            @Override
            void fill(CollectiveCall c) {
                for (int k = 0; k < c.destinations.length; k++) {
                    c.write(c.send, c.displs[k], c.counts[k], c.rank, c.destinations[k]);
                }
            }

            @Override
            int check(CollectiveCall c) {
                int bad = 0;
                for (int k = 0; k < c.sources.length; k++) {
                    bad += c.copyErrors(c.recv, c.displs[k], c.counts[k], c.sources[k], c.rank);
                }
                return bad;
            }
        },
        /** In place, the input is the whole receive buffer and the slice lands at its start. */
        REDUCE_SCATTER {
            @Override
            long receive(int n, int np) {
                return (n + (long) np - 1) / np;
            }

            @Override
            void fill(CollectiveCall c) {
                c.write(c.data(), 0, c.elements, c.rank, 0);
            }

            @Override
            int check(CollectiveCall c) {
                return c.sumErrors(c.recv, 0, c.counts[c.rank], c.displs[c.rank]);
            }
        };

        /** @return send buffer elements for blocks of {@code n} elements on {@code np} ranks */
        long send(int n, int np) {
            return n;
        }

        /** @return receive buffer elements */
        long receive(int n, int np) {
            return n;
        }

        abstract void fill(CollectiveCall c);

        abstract int check(CollectiveCall c);

        /**
         * @param personal whether rank s sent a block of its own for each destination
         *                 (all-to-all), or the same data to every rank (gathers)
         * @return the wrong elements of the receive buffer, block s from rank s
         */
        static int blocksFromEveryRank(CollectiveCall c, boolean personal) {
            int bad = 0;
            for (int s = 0; s < c.processes; s++) {
                bad += c.copyErrors(c.recv, c.displs[s], c.counts[s], s, personal ? c.rank : 0);
            }
            return bad;
        }
    }
}
