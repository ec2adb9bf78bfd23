/*
 * Counts every heap allocation of the process, for the benchmarks' "allocations per tick" and
 * "per change" figures. Link allocation_counter.c into the benchmark executable: its malloc,
 * calloc, realloc, posix_memalign and free wrappers take precedence over libc's for every shared
 * object (libanimcore.so included) and forward to glibc's own entry points, so the allocator is
 * unchanged. Without glibc, nothing is counted and COUNTS_ALLOCATIONS is 0.
 */
#ifndef ANIMCORE_BENCH_ALLOCATION_COUNTER_H
#define ANIMCORE_BENCH_ALLOCATION_COUNTER_H

#include <stdlib.h> /* defines __GLIBC__ on glibc */

#if defined(__GLIBC__)
#define COUNTS_ALLOCATIONS 1
#else
#define COUNTS_ALLOCATIONS 0
#endif

/** Allocation calls made so far by the whole process (0 without glibc). */
unsigned long long allocations(void);

#endif
