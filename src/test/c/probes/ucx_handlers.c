/*
 * Which of UCX's default error signals (SIGILL, SIGBUS, SIGFPE, SIGSEGV) have a handler in a C
 * program of the MPI library, when the library has loaded (its constructors ran) or after
 * MPI_Init: a mask of 1 << signal, printed as "ucx_handlers MASK". UCX_ERROR_SIGNALS is not
 * set, so UCX takes its default list, the one UcxSignalsIT's user sets. UcxSignalsIT expects
 * the binding to put back exactly these when the user asks for UCX's handlers: Debian's
 * MPICH 4.0.2 (UCX 1.13) installs all four; MPICH 5.0.2's wheel (UCX 1.20.1) none.
 */
#include <mpi.h>
#include <signal.h>
#include <stdio.h>

static int handled(void)
{
    static const int signals[] = {SIGILL, SIGBUS, SIGFPE, SIGSEGV};
    int mask = 0;
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction sa;
        if (sigaction(signals[i], NULL, &sa) == 0 && sa.sa_handler != SIG_DFL
                && sa.sa_handler != SIG_IGN) {
            mask |= 1 << signals[i];
        }
    }
    return mask;
}

int main(int argc, char **argv)
{
    int mask = handled();
    MPI_Init(&argc, &argv);
    mask |= handled();
    printf("ucx_handlers %d\n", mask);
    MPI_Finalize();
    return 0;
}
