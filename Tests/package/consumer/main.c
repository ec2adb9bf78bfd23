/* A C program outside the animcore tree: builds against the installed header and library. */
#include <animcore.h>
#include <math.h>
#include <stdio.h>

int main(void) {
    if (ac_version_number() != AC_VERSION_NUMBER) {
        fprintf(stderr, "header %s, library %s\n", AC_VERSION_STRING, ac_version_string());
        return 1;
    }
    ac_timing timing;
    ac_timing_function ease;
    double progress = NAN;
    if (ac_timing_init_animation(&timing) != AC_OK) return 1;
    timing.duration_s = 2.0;
    if (ac_timing_function_named("easeInEaseOut", &ease) != AC_OK) return 1;
    if (ac_timing_progress(&timing, &ease, 0.5, &progress) != AC_OK) return 1;
    /* easeInEaseOut at x = 0.25 is 0.129162 (Apple's measured value). */
    if (fabs(progress - 0.129162) > 1e-4) return 1;
    printf("animcore %s: progress %.6f\n", ac_version_string(), progress);
    return 0;
}
