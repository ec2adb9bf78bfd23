/* Pointer events with the frame they were handled before (see live.h): the live host records
 * them (--record), the offline renderer replays them at the same frames (--replay), so both
 * draw the same picture. One event a line: "FRAME down|move|up X Y" (window points). The event
 * times are not written: with the fixed clock an event's time is the engine's time when it is
 * handled (the last tick's), which the replay recomputes. */
#include "live.h"

#include <stdlib.h>
#include <string.h>

static const char *const KIND_NAMES[] = {"down", "move", "up"};

const char *pointer_kind_name(pointer_kind kind) { return KIND_NAMES[kind]; }

void input_log_write(FILE *out, int frame, const pointer_event *event) {
    fprintf(out, "%d %s %.0f %.0f\n", frame, pointer_kind_name(event->kind), event->x, event->y);
    fflush(out);
}

void input_log_read(input_log *log, const char *path) {
    FILE *in = fopen(path, "r");
    char kind[8];
    int frame, line = 0;
    double x, y;
    if (in == NULL) {
        perror(path);
        exit(2);
    }
    log->count = 0;
    while (++line, fscanf(in, "%d %7s %lf %lf", &frame, kind, &x, &y) == 4) {
        pointer_event *event = &log->events[log->count];
        int known = 0;
        for (int k = 0; k < 3; k++)
            if (strcmp(kind, KIND_NAMES[k]) == 0) event->kind = (pointer_kind)k, known = 1;
        int in_order = log->count == 0 || frame >= log->frame[log->count - 1];
        if (!known || !in_order || log->count == INPUT_LOG_MAX) {
            fprintf(stderr, "%s:%d: not an event in frame order (or more than %d)\n", path, line,
                    INPUT_LOG_MAX);
            exit(2);
        }
        event->x = x, event->y = y, event->time_s = 0; /* set when replayed */
        log->frame[log->count++] = frame;
    }
    if (!feof(in)) {
        fprintf(stderr, "%s:%d: expected \"FRAME down|move|up X Y\"\n", path, line);
        exit(2);
    }
    fclose(in);
}
