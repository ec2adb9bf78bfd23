/*
 * bench_support.h — what every C benchmark needs around its workloads: a monotonic clock, a
 * call that must succeed, an allocation that must succeed, one deterministic random source (so
 * that a run's layers, values and jitter are the same every time), and a world run in a process
 * of its own.
 */
#ifndef ANIMCORE_BENCH_SUPPORT_H
#define ANIMCORE_BENCH_SUPPORT_H

#include "animcore.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The program's name, at the head of every failure message (each benchmark sets it first). */
extern const char *bench_program;

/* Seconds on CLOCK_MONOTONIC. */
double bench_now_s(void);

/* Exits 2 with the library's message when a call that must succeed failed; `what` names it. */
void bench_check(ac_status status, const char *what);

/* Sets a description's timing: the animation defaults with this duration, begin time and fill
 * mode (AC_FILL_*). */
void bench_set_timing(ac_engine *engine, ac_animation a, double duration_s, double begin_s, int32_t fill);

/* calloc(count, size), or exit 2 naming the program when memory is out. */
void *bench_allocate(size_t count, size_t size);

/* Exits 2 naming the program (out of memory) unless `ok`. */
void bench_require(int ok);

/* The next number of the program's xorshift64* sequence, uniform in [0, 1). */
double bench_next_unit(void);

/* Restarts the sequence at `seed` (not 0). */
void bench_seed(uint64_t seed);

/* Parses an -n argument, layer counts separated by commas ("1000,10000"), into sizes (room for
 * capacity). Returns how many; -1 for an empty list, a count that is not a positive number, or
 * more than capacity. */
int bench_parse_sizes(const char *text, size_t *sizes, int capacity);

/* How a world's process ended early: killed by a signal, or exited with a status. */
typedef struct bench_ending {
    bool signaled;
    int code; /* the signal or the exit status */
} bench_ending;

/* Runs body(args, out) in a child process (a fresh heap and the same random numbers, so that no
 * world's heap history bends another's figures) and brings its verdict and the `size` bytes at
 * `out` back through a pipe. Returns 1 or 0, what body returned; or -1 when the child ended
 * early, with *ending saying how. */
int bench_run_isolated(bool (*body)(const void *args, void *out), const void *args, void *out, size_t size,
                       bench_ending *ending);

#endif
