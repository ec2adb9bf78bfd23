/* bench_support.c — see bench_support.h. */
#include "bench_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <errno.h>
#include <sys/wait.h>
#include <unistd.h>

const char *bench_program = "benchmark";

double bench_now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void bench_check(ac_status status, const char *what) {
    if (status == AC_OK) return;
    fprintf(stderr, "%s: %s failed: %s (%s)\n", bench_program, what, ac_status_name(status),
            ac_last_error_message());
    exit(2);
}

void bench_set_timing(ac_engine *engine, ac_animation a, double duration_s, double begin_s, int32_t fill) {
    ac_timing timing;
    bench_check(ac_timing_init_animation(&timing), "ac_timing_init_animation");
    timing.duration_s = duration_s;
    timing.begin_time_s = begin_s;
    timing.fill_mode = fill;
    bench_check(ac_animation_set_timing(engine, a, &timing), "ac_animation_set_timing");
}

void bench_require(int ok) {
    if (ok) return;
    fprintf(stderr, "%s: out of memory\n", bench_program);
    exit(2);
}

void *bench_allocate(size_t count, size_t size) {
    void *p = calloc(count, size);
    bench_require(p != NULL);
    return p;
}

static uint64_t rng_state = 0x9E3779B97F4A7C15u;

double bench_next_unit(void) {
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (double)((rng_state * 0x2545F4914F6CDD1Du) >> 11) * 0x1.0p-53;
}

void bench_seed(uint64_t seed) { rng_state = seed; }

int bench_parse_sizes(const char *text, size_t *sizes, int capacity) {
    int count = 0;
    for (const char *p = text; *p; p += strspn(p, ",")) {
        char *end;
        if (count == capacity) return -1;
        sizes[count] = strtoull(p, &end, 10);
        if (end == p || sizes[count] == 0) return -1;
        count++;
        p = end;
    }
    return count > 0 ? count : -1;
}

static bool send_all(int fd, const void *data, size_t size) {
    for (const char *p = data; size > 0;) {
        ssize_t n = write(fd, p, size);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        p += n;
        size -= (size_t)n;
    }
    return true;
}

static bool receive_all(int fd, void *data, size_t size) {
    for (char *p = data; size > 0;) {
        ssize_t n = read(fd, p, size);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        p += n;
        size -= (size_t)n;
    }
    return true;
}

int bench_run_isolated(bool (*body)(const void *args, void *out), const void *args, void *out, size_t size,
                       bench_ending *ending) {
    fflush(stdout);
    int pipe_fds[2];
    if (pipe(pipe_fds) != 0) {
        fprintf(stderr, "%s: pipe: %s\n", bench_program, strerror(errno));
        exit(2);
    }
    pid_t child = fork();
    if (child < 0) {
        fprintf(stderr, "%s: fork: %s\n", bench_program, strerror(errno));
        exit(2);
    }
    if (child == 0) {
        close(pipe_fds[0]);
        unsigned char verdict = body(args, out);
        fflush(stdout);
        _exit(send_all(pipe_fds[1], &verdict, 1) && send_all(pipe_fds[1], out, size) ? 0 : 2);
    }
    close(pipe_fds[1]);
    unsigned char verdict = 0;
    bool received = receive_all(pipe_fds[0], &verdict, 1) && receive_all(pipe_fds[0], out, size);
    close(pipe_fds[0]);
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
    if (received && WIFEXITED(status) && WEXITSTATUS(status) == 0) return verdict != 0;
    ending->signaled = WIFSIGNALED(status);
    ending->code = WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status);
    return -1;
}
