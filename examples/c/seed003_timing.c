/*
 * Seed 003 ("Layer Time", iOS Core Animation: Advanced Techniques, ch. 9) on animcore: the
 * ship and door scenarios' CAMediaTiming settings, printed as a table of progress over time.
 *
 * Each row is one animation as the chapter sets it up; each column a parent time in seconds;
 * each cell the animation's progress (0 = fromValue, 1 = toValue, before any timing function)
 * or "-" where the animation has no effect and the model value shows.
 */
#include <animcore.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Exits with the library's message when a call fails. */
static void check(ac_status status, const char *what) {
    if (status != AC_OK) {
        fprintf(stderr, "%s failed: %s\n", what, ac_last_error_message());
        exit(1);
    }
}

/* One row: a label and the animation's timing, evaluated in `layer`'s time space. */
typedef struct scenario {
    const char *label;
    ac_timing layer;     /* the layer the animation is on (its own CAMediaTiming) */
    ac_timing animation; /* the animation's timing; begin 0 = added at layer time 0 */
} scenario;

static scenario make_scenario(const char *label) {
    scenario s;
    s.label = label;
    check(ac_timing_init_layer(&s.layer), "ac_timing_init_layer");
    check(ac_timing_init_animation(&s.animation), "ac_timing_init_animation");
    return s;
}

int main(void) {
    enum { SCENARIOS = 12 };
    scenario rows[SCENARIOS];
    int n = 0;

    /* Listing 9.1: the ship spins by 2π with a duration and a (fractional) repeatCount. */
    rows[n] = make_scenario("ship: duration 1, repeatCount 2.5");
    rows[n].animation.duration_s = 1.0;
    rows[n].animation.repeat_count = 2.5;
    n++;
    rows[n] = make_scenario("ship: duration 0.75, repeatCount 0 (once)");
    rows[n].animation.duration_s = 0.75;
    n++;

    /* Listing 9.2: the door swings open and shut forever. */
    rows[n] = make_scenario("door: duration 1, autoreverses, repeatDuration inf");
    rows[n].animation.duration_s = 1.0;
    rows[n].animation.autoreverses = 1;
    rows[n].animation.repeat_duration_s = INFINITY;
    n++;

    /* Listing 9.3: the ship follows a path; the sliders set speed and timeOffset. */
    rows[n] = make_scenario("path: duration 1, speed 1, timeOffset 0");
    rows[n].animation.duration_s = 1.0;
    n++;
    rows[n] = make_scenario("path: duration 1, speed 1, timeOffset 0.5 (wraps)");
    rows[n].animation.duration_s = 1.0;
    rows[n].animation.time_offset_s = 0.5;
    n++;
    rows[n] = make_scenario("path: duration 1, speed 2, timeOffset 0.5");
    rows[n].animation.duration_s = 1.0;
    rows[n].animation.speed = 2.0;
    rows[n].animation.time_offset_s = 0.5;
    n++;
    rows[n] = make_scenario("path: duration 1, speed 0.5");
    rows[n].animation.duration_s = 1.0;
    rows[n].animation.speed = 0.5;
    n++;

    /* fillMode: an animation that begins at 0.5 s and lasts 1 s, in each fill mode. */
    const char *fills[] = {"removed", "forwards", "backwards", "both"};
    for (int fill = AC_FILL_REMOVED; fill <= AC_FILL_BOTH; fill++) {
        static char labels[4][64];
        snprintf(labels[fill], sizeof labels[fill], "fill %s: beginTime 0.5, duration 1",
                 fills[fill]);
        rows[n] = make_scenario(labels[fill]);
        rows[n].animation.begin_time_s = 0.5;
        rows[n].animation.duration_s = 1.0;
        rows[n].animation.fill_mode = fill;
        n++;
    }

    /* Listing 9.4: the layer is paused (speed 0) and scrubbed through timeOffset 0.3. */
    rows[n] = make_scenario("door scrubbed: layer speed 0, layer timeOffset 0.3");
    rows[n].layer.speed = 0.0;
    rows[n].layer.time_offset_s = 0.3;
    rows[n].animation.duration_s = 1.0;
    n++;

    const double times[] = {0.0, 0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 2.5, 3.0};
    const int columns = (int)(sizeof times / sizeof times[0]);

    printf("Seed 003: progress over time (\"-\" = no effect, the model value shows)\n\n");
    printf("%-52s", "t (s)");
    for (int c = 0; c < columns; c++) printf("%6.2f", times[c]);
    printf("\n");
    for (int r = 0; r < n; r++) {
        printf("%-52s", rows[r].label);
        for (int c = 0; c < columns; c++) {
            double layer_time, progress;
            check(ac_time_chain_to_local(&rows[r].layer, 1, times[c], &layer_time),
                  "ac_time_chain_to_local");
            check(ac_timing_progress(&rows[r].animation, NULL, layer_time, &progress),
                  "ac_timing_progress");
            if (isnan(progress)) printf("%6s", "-");
            else printf("%6.2f", progress);
        }
        printf("\n");
    }
    return 0;
}
