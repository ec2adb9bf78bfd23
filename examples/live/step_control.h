/* The stepped frame clock's commands on standard input (examples/live/step_control.c). */
#ifndef ANIMCORE_LIVE_STEP_CONTROL_H
#define ANIMCORE_LIVE_STEP_CONTROL_H

#include <stddef.h>

typedef struct step_control {
    int frames_due; /* frames to draw before waiting for the next command */
    int quit;       /* "quit" or end of input */
    size_t length;  /* bytes of an incomplete line in pending */
    char pending[256];
} step_control;

void step_control_init(step_control *control);
/* Reads the commands that have arrived, without waiting. */
void step_control_poll(step_control *control);

#endif
