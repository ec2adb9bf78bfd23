/* The pointer's velocity at release (see live.h): the displacement over the recent samples
 * divided by their time span, as a touch velocity tracker does without its curve fit. Samples
 * older than POINTER_VELOCITY_WINDOW_S before the newest are left out, so a pointer that stops
 * before it lets go throws nothing. */
#include "live.h"

void pointer_velocity_reset(pointer_velocity *tracker) { tracker->count = tracker->next = 0; }

void pointer_velocity_add(pointer_velocity *tracker, double time_s, double x, double y) {
    tracker->time_s[tracker->next] = time_s;
    tracker->x[tracker->next] = x;
    tracker->y[tracker->next] = y;
    tracker->next = (tracker->next + 1) % POINTER_SAMPLES;
    if (tracker->count < POINTER_SAMPLES) tracker->count++;
}

void pointer_velocity_estimate(const pointer_velocity *tracker, double velocity[2]) {
    velocity[0] = velocity[1] = 0;
    if (tracker->count < 2) return;
    int newest = (tracker->next + POINTER_SAMPLES - 1) % POINTER_SAMPLES, oldest = newest;
    for (int age = 1; age < tracker->count; age++) { /* walk back while inside the window */
        int i = (newest + POINTER_SAMPLES - age) % POINTER_SAMPLES;
        if (tracker->time_s[newest] - tracker->time_s[i] > POINTER_VELOCITY_WINDOW_S) break;
        oldest = i;
    }
    double span_s = tracker->time_s[newest] - tracker->time_s[oldest];
    if (span_s <= 0) return; /* all in one instant: no measurable velocity */
    velocity[0] = (tracker->x[newest] - tracker->x[oldest]) / span_s;
    velocity[1] = (tracker->y[newest] - tracker->y[oldest]) / span_s;
}
