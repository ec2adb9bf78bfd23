/*
 * What the C demo hosts share (examples/demo/c/demoNNN_*.c): the frame clock, the output files
 * and a few Cairo helpers. Each host drives animcore the way its seed's scenario says, draws
 * every second tick with Cairo from the engine's render list (compositor.h) and writes
 *
 *   <out>/frame_NNNN.png   one PNG per recorded tick (NNNN = the tick number)
 *   <out>/values.csv       one row per tick: the presentation and model values it plots
 *
 * The Python hosts (examples/demo/python/demoNNN_*.py, common module demo_common.py) do the
 * same, call for call: the same tick times, the same drawing in the same order, the same text.
 * examples/demo/README.md is the shared drawing spec; bindings/python/tests/test_demo_frames.py
 * checks that both write the same frames and the same values.csv.
 */
#ifndef ANIMCORE_DEMO_H
#define ANIMCORE_DEMO_H

#include <animcore.h>
#include <cairo.h>
#include <stdio.h>

#define DEMO_FPS 60         /* the host's frame clock: tick n is at n / 60 s */
#define DEMO_RECORD_EVERY 2 /* a PNG every second tick: the recorded clip runs at 30 fps */
#define DEMO_FONT "DejaVu Sans"

/* Exits with the library's message when status is not AC_OK. */
void demo_check(ac_status status, const char *what);
/* Exits with Cairo's message when status is not CAIRO_STATUS_SUCCESS. */
void demo_check_cairo(cairo_status_t status, const char *what);
ac_key demo_key(ac_engine *engine, const char *name);
void demo_set(ac_engine *engine, ac_layer layer, const char *name, ac_value value);
double demo_scalar(ac_engine *engine, ac_layer layer, ac_key key, int presentation);
ac_value demo_value(ac_engine *engine, ac_layer layer, ac_key key, int presentation);

/* The output directory from argv (usage message and exit when missing), created if needed. */
const char *demo_out_dir(int argc, char **argv, const char *name);

/* values.csv: header is the column list after "tick,t"; each row "%d,%.6f" then "%.6f" each. */
FILE *demo_csv_open(const char *dir, const char *header);
void demo_csv_row(FILE *csv, int tick, const double *values, int count);
void demo_csv_close(FILE *csv);

int demo_records(int tick); /* 1 when tick is a recorded one (every DEMO_RECORD_EVERY-th) */
void demo_write_frame(cairo_surface_t *surface, const char *dir, int tick);

/* A new ARGB32 surface and its context (both checked). */
cairo_surface_t *demo_surface(int width, int height);
/* Fills the whole target with an opaque grey. */
void demo_background(cairo_t *cr, double grey);
/* Clears the whole target to transparent (a layer's contents before -drawInContext:). */
void demo_clear(cairo_t *cr);
/* Draws text with its baseline starting at (x, y), in DEMO_FONT at size, in the current source. */
void demo_text(cairo_t *cr, double x, double y, double size, const char *text);

#endif
