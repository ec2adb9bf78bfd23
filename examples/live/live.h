/*
 * The live host (examples/live): animcore driven by a real window's frame clock. SDL2 gives the
 * window, the pointer events and a vsync-paced present; Cairo draws the engine's render list
 * (the demo's compositor, examples/demo/c/compositor.c) straight into the window's streaming
 * texture. One seed runs interactively on a ball in a tray:
 *
 *   press on empty space   the ball springs there (an implicit spring, which starts from the
 *                          presentation value with the presentation velocity: a second press
 *                          during the motion retargets it with no jump);
 *   press on the ball      a hit test on the presentation tree finds it where it is drawn,
 *                          even while it moves, and its border flashes (a tap);
 *   drag the ball          it follows the pointer (model set with actions disabled); the
 *                          release throws it with a decay carrying the pointer's velocity,
 *                          rubber-banding at the tray's edges and keeping its final value.
 *
 * Files, one concept each: scene.c (the layers and their drawing), gestures.c (pointer events
 * to animations), pointer_velocity.c (the release velocity), input_log.c (recording and
 * replaying pointer events), window.c (SDL window and Cairo over its texture), main.c (options,
 * the frame loop, the offline renderer the test compares with).
 */
#ifndef ANIMCORE_LIVE_H
#define ANIMCORE_LIVE_H

#include <animcore.h>
#include <cairo.h>
#include <stdio.h>

#include "compositor.h"

#define LIVE_WIDTH 480  /* the window, in pixels = points (the root space) */
#define LIVE_HEIGHT 320
#define LIVE_FIXED_FPS 60 /* --clock fixed: frame n is at n / 60 s */

/* Exits with the library's message when status is not AC_OK. */
void live_check(ac_status status, const char *what);

/* ---- scene.c: the layers ---------------------------------------------------------------- */

typedef struct live_scene {
    ac_engine *engine;
    ac_layer stage;  /* the root: the whole window */
    ac_layer tray;   /* the container the ball moves in */
    ac_layer marker; /* a dot where the last spring is heading */
    ac_layer ball;   /* the seed's layer: springs, drags, throws, taps */
    ac_key position;
    ac_render_list list;
    compositor comp;
} live_scene;

void scene_create(live_scene *scene);
void scene_destroy(live_scene *scene);
/* Draws the render list of the presentation tree (the engine's last tick) onto cr. */
void scene_draw(live_scene *scene, cairo_t *cr);
/* The engine's key for a property name (exits on an error). */
ac_key scene_key(live_scene *scene, const char *name);
/* A layer's name for the printed events ("ball", "tray", ..., "none" for 0). */
const char *scene_layer_name(const live_scene *scene, ac_layer layer);
/* The ball's presentation position (tray space) and velocity (points per second). */
void scene_ball_motion(live_scene *scene, double position[2], double velocity[2]);
/* A window point (root space) in the tray's space. */
void scene_window_to_tray(live_scene *scene, const double window_point[2], double tray_point[2]);

/* ---- pointer_velocity.c: the release velocity ------------------------------------------- */

#define POINTER_SAMPLES 8          /* the most recent pointer samples kept */
#define POINTER_VELOCITY_WINDOW_S 0.1 /* the velocity spans the samples of the last 100 ms */

typedef struct pointer_velocity {
    int count; /* samples held, at most POINTER_SAMPLES; newest at (next - 1) */
    int next;
    double time_s[POINTER_SAMPLES];
    double x[POINTER_SAMPLES], y[POINTER_SAMPLES];
} pointer_velocity;

void pointer_velocity_reset(pointer_velocity *tracker);
void pointer_velocity_add(pointer_velocity *tracker, double time_s, double x, double y);
/* Points per second from the oldest sample within the window to the newest; 0 when < 2. */
void pointer_velocity_estimate(const pointer_velocity *tracker, double velocity[2]);

/* ---- gestures.c: pointer events to animations ------------------------------------------- */

#define GESTURE_DRAG_SLOP 4.0 /* points the pointer moves on the ball before a press is a drag */

typedef enum { POINTER_DOWN, POINTER_MOVE, POINTER_UP } pointer_kind;

/* One pointer event, in window points, at a host time in seconds on the engine's clock. */
typedef struct pointer_event {
    pointer_kind kind;
    double x, y;
    double time_s;
} pointer_event;

typedef struct gestures {
    live_scene *scene;
    FILE *report;           /* what happened, one line per gesture (stdout) */
    int frame;              /* the frame the next tick draws, for the report */
    int pressed_on_ball;    /* a press on the ball that has not been released */
    int dragging;           /* it has moved beyond GESTURE_DRAG_SLOP */
    double press[2];        /* where it was pressed (window points) */
    double grab_offset[2];  /* ball position - pointer, in tray points, kept during a drag */
    pointer_velocity velocity;
} gestures;

void gestures_init(gestures *g, live_scene *scene, FILE *report);
void gestures_handle(gestures *g, const pointer_event *event);

/* ---- input_log.c: pointer events with the frame they were handled before ---------------- */

#define INPUT_LOG_MAX 4096

typedef struct input_log {
    int count;
    int frame[INPUT_LOG_MAX];
    pointer_event events[INPUT_LOG_MAX];
} input_log;

/* "down", "move" or "up". */
const char *pointer_kind_name(pointer_kind kind);
/* Appends "FRAME down|move|up X Y" to out (flushed: the test reads it while the host runs). */
void input_log_write(FILE *out, int frame, const pointer_event *event);
/* Reads a file input_log_write() wrote; exits with a message on a malformed line. */
void input_log_read(input_log *log, const char *path);

#endif
