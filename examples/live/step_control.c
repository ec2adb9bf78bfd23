/* --step: the frame clock is advanced by commands on standard input, so a test can put its
 * input between two known frames (see live.h). Commands, one a line: "step N" (draw N more
 * frames), "quit". End of input is a quit. Read without blocking: the window keeps handling
 * events while no step is due. */
#include "step_control.h"

#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Acts on one complete command line. */
static void command(step_control *control, const char *line) {
    int frames;
    if (sscanf(line, "step %d", &frames) == 1 && frames > 0) {
        control->frames_due += frames;
    } else if (strncmp(line, "quit", 4) == 0) {
        control->quit = 1;
    } else if (line[0] != '\0') {
        fprintf(stderr, "live: unknown command '%s' (known: step N, quit)\n", line);
    }
}

void step_control_init(step_control *control) {
    control->frames_due = 0;
    control->quit = 0;
    control->length = 0;
}

void step_control_poll(step_control *control) {
    struct pollfd input = {.fd = STDIN_FILENO, .events = POLLIN};
    while (!control->quit && poll(&input, 1, 0) > 0) {
        size_t room = sizeof control->pending - 1 - control->length;
        ssize_t got = read(STDIN_FILENO, control->pending + control->length, room);
        if (got <= 0) { /* end of input (or an error): nobody will step us again */
            control->quit = 1;
            return;
        }
        control->length += (size_t)got;
        control->pending[control->length] = '\0';
        char *line = control->pending, *end;
        while ((end = strchr(line, '\n')) != NULL) {
            *end = '\0';
            command(control, line);
            line = end + 1;
        }
        control->length = strlen(line); /* keep the incomplete line */
        memmove(control->pending, line, control->length + 1);
        if (control->length == sizeof control->pending - 1) /* a line too long: dropped */
            control->length = 0;
    }
}
