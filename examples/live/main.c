/*
 * live: animcore in a real window (see live.h for the gestures). Usage:
 *
 *   live                         the window, the engine ticked at each frame's time from the
 *                                frame clock (SDL_GetTicks64 after each vsync-paced present)
 *   live --clock fixed           each frame advances exactly 1/60 s (paced at 60 Hz)
 *   live --step                  the fixed clock, advanced by "step N" lines on stdin (tests)
 *   live --frames N              exits after drawing frame N
 *   live --record FILE           writes each pointer event with its frame (input_log.c)
 *   live --trace                 prints a line per frame (the ball's position and velocity)
 *   live --replay FILE --render-offline FRAME OUT.png
 *                                no window: replays FILE's events with the fixed clock and
 *                                draws frame FRAME into OUT.png with the same compositor
 *
 * Every gesture prints one line on stdout (spring, tap, drag, throw); see README.md.
 */
#include "live.h"
#include "step_control.h"
#include "window.h"

#include <stdlib.h>
#include <string.h>

typedef struct options {
    int fixed_clock, stepped, trace;
    long last_frame;             /* --frames; -1: run until the window closes */
    const char *record, *replay; /* input log paths, or NULL */
    long offline_frame;          /* --render-offline FRAME; -1: the live window */
    const char *offline_png;
} options;

static void usage(const char *program) {
    fprintf(stderr,
            "usage: %s [--clock vsync|fixed] [--step] [--frames N] [--record FILE] [--trace]\n"
            "       %s --replay FILE --render-offline FRAME OUT.png\n",
            program, program);
    exit(2);
}

static options parse_options(int argc, char **argv) {
    options o = {0, 0, 0, -1, NULL, NULL, -1, NULL};
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
        int clock_named = next && (strcmp(next, "fixed") == 0 || strcmp(next, "vsync") == 0);
        if (strcmp(arg, "--clock") == 0 && clock_named) o.fixed_clock = strcmp(argv[++i], "fixed") == 0;
        else if (strcmp(arg, "--step") == 0) o.stepped = o.fixed_clock = 1;
        else if (strcmp(arg, "--trace") == 0) o.trace = 1;
        else if (strcmp(arg, "--frames") == 0 && next) o.last_frame = atol(argv[++i]);
        else if (strcmp(arg, "--record") == 0 && next) o.record = argv[++i];
        else if (strcmp(arg, "--replay") == 0 && next) o.replay = argv[++i];
        else if (strcmp(arg, "--render-offline") == 0 && i + 2 < argc) {
            o.offline_frame = atol(argv[++i]);
            o.offline_png = argv[++i];
        } else usage(argv[0]);
    }
    if ((o.replay == NULL) != (o.offline_png == NULL) || o.offline_frame < -1) usage(argv[0]);
    if (o.stepped) o.fixed_clock = 1; /* stepping is the fixed clock's, whatever --clock said */
    return o;
}

/* One frame's state line (--trace): what the test reads to aim a tap at the moving ball. */
static void trace_frame(live_scene *scene, long frame, double now_s) {
    double shown[2], velocity[2];
    scene_ball_motion(scene, shown, velocity);
    printf("frame %ld t=%.6f ball=(%.4f,%.4f) velocity=(%.4f,%.4f)\n", frame, now_s, shown[0],
           shown[1], velocity[0], velocity[1]);
}

/* The engine's time now: the frame's time on the fixed clock, else the last tick's. */
static double engine_time(live_scene *scene) {
    double now_s;
    live_check(ac_engine_current_time(scene->engine, &now_s), "ac_engine_current_time");
    return now_s;
}

/* --replay FILE --render-offline FRAME OUT.png: the same frames with no window. */
static int render_offline(const options *o) {
    static input_log log; /* 4096 events: too large for the stack */
    live_scene scene;
    gestures g;
    int next = 0;
    input_log_read(&log, o->replay);
    scene_create(&scene);
    gestures_init(&g, &scene, stdout);
    for (long frame = 0; frame <= o->offline_frame; frame++) {
        g.frame = (int)frame;
        for (; next < log.count && log.frame[next] == frame; next++) {
            log.events[next].time_s = engine_time(&scene);
            gestures_handle(&g, &log.events[next]);
        }
        live_check(ac_engine_tick(scene.engine, (double)frame / LIVE_FIXED_FPS), "ac_engine_tick");
        if (o->trace) trace_frame(&scene, frame, (double)frame / LIVE_FIXED_FPS);
    }
    cairo_surface_t *surface =
        cairo_image_surface_create(CAIRO_FORMAT_ARGB32, LIVE_WIDTH, LIVE_HEIGHT);
    cairo_t *cr = cairo_create(surface);
    scene_draw(&scene, cr);
    cairo_destroy(cr);
    cairo_status_t status = cairo_surface_write_to_png(surface, o->offline_png);
    cairo_surface_destroy(surface);
    scene_destroy(&scene);
    if (status != CAIRO_STATUS_SUCCESS) {
        fprintf(stderr, "live: writing %s: %s\n", o->offline_png, cairo_status_to_string(status));
        return 1;
    }
    return 0;
}

/* The live host's state: the window, the scene, the gestures, the clock. */
typedef struct host {
    options o;
    live_scene scene;
    gestures g;
    live_window window;
    step_control steps;
    FILE *record;        /* --record, or NULL */
    long frame;          /* the frame the next tick draws */
    int running;
    int paced;           /* sleep to 60 Hz: the fixed clock unstepped, a present without vsync */
    Uint64 last_frame_ms;
} host;

/* An SDL pointer event (left button or motion) as a pointer_event; 0 for any other event. */
static int pointer_from_sdl(const SDL_Event *e, pointer_event *out) {
    int button = e->type == SDL_MOUSEBUTTONDOWN || e->type == SDL_MOUSEBUTTONUP;
    if (button && e->button.button == SDL_BUTTON_LEFT) {
        out->kind = e->type == SDL_MOUSEBUTTONDOWN ? POINTER_DOWN : POINTER_UP;
        out->x = e->button.x, out->y = e->button.y;
    } else if (e->type == SDL_MOUSEMOTION) {
        out->kind = POINTER_MOVE;
        out->x = e->motion.x, out->y = e->motion.y;
    } else {
        return 0;
    }
    out->time_s = e->common.timestamp / 1000.0; /* SDL_GetTicks' milliseconds, the frame clock's */
    return 1;
}

static void handle_event(host *h, const SDL_Event *e) {
    pointer_event event;
    if (e->type == SDL_QUIT) h->running = 0;
    if (e->type == SDL_WINDOWEVENT && e->window.event == SDL_WINDOWEVENT_EXPOSED)
        window_repaint(&h->window);
    if (!pointer_from_sdl(e, &event)) return;
    /* The fixed clock stamps an event with the engine's time (the last tick's), as the replay
     * does: the release velocity is then the same in both. */
    if (h->o.fixed_clock) event.time_s = engine_time(&h->scene);
    if (h->record) input_log_write(h->record, (int)h->frame, &event);
    if (h->o.trace)
        printf("event frame=%ld %s (%.0f,%.0f)\n", h->frame, pointer_kind_name(event.kind), event.x,
               event.y);
    h->g.frame = (int)h->frame;
    gestures_handle(&h->g, &event);
}

/* Handles the events that have arrived; stepped and no frame due, waits a little for some. */
static void pump_events(host *h) {
    SDL_Event e;
    if (h->o.stepped) {
        step_control_poll(&h->steps);
        if (h->steps.quit) h->running = 0;
        if (h->steps.frames_due == 0 && SDL_WaitEventTimeout(&e, 10)) handle_event(h, &e);
    }
    while (SDL_PollEvent(&e)) handle_event(h, &e);
}

/*
 * Ticks the engine at the frame's time, draws the render list into the window, presents. On the
 * display's clock the frame's time is when the previous present returned (a vsync): this frame
 * shows one refresh later, a constant latency that keeps the motion even.
 */
static void draw_frame(host *h) {
    double now_s = h->o.fixed_clock ? (double)h->frame / LIVE_FIXED_FPS : SDL_GetTicks64() / 1000.0;
    cairo_surface_t *surface;
    live_check(ac_engine_tick(h->scene.engine, now_s), "ac_engine_tick");
    cairo_t *cr = window_begin_frame(&h->window, &surface);
    scene_draw(&h->scene, cr);
    window_present(&h->window, cr, surface);
    if (h->o.trace) trace_frame(&h->scene, h->frame, now_s);
    if (h->paced) { /* at most 60 frames per wall-clock second */
        Uint64 due_ms = h->last_frame_ms + 1000 / LIVE_FIXED_FPS, now_ms = SDL_GetTicks64();
        if (now_ms < due_ms) SDL_Delay((Uint32)(due_ms - now_ms));
        h->last_frame_ms = SDL_GetTicks64();
    }
    if (h->o.stepped) h->steps.frames_due--;
    if (h->o.last_frame >= 0 && h->frame >= h->o.last_frame) h->running = 0;
    h->frame++;
}

static int run_window(const options *o) {
    static host h; /* the engine's scene and the window, for the program's life */
    SDL_RendererInfo info;
    h.o = *o;
    h.running = 1;
    h.record = o->record ? fopen(o->record, "w") : NULL;
    if (o->record && h.record == NULL) {
        perror(o->record);
        return 2;
    }
    scene_create(&h.scene);
    gestures_init(&h.g, &h.scene, stdout);
    step_control_init(&h.steps);
    window_open(&h.window, "animcore live", LIVE_WIDTH, LIVE_HEIGHT);
    SDL_GetRendererInfo(h.window.renderer, &info);
    h.paced = !o->stepped && (o->fixed_clock || !(info.flags & SDL_RENDERER_PRESENTVSYNC));
    h.last_frame_ms = SDL_GetTicks64();
    printf("ready renderer=%s vsync=%d clock=%s\n", info.name,
           !!(info.flags & SDL_RENDERER_PRESENTVSYNC),
           o->stepped ? "step" : o->fixed_clock ? "fixed" : "vsync");
    while (h.running) {
        pump_events(&h);
        if (h.running && (!o->stepped || h.steps.frames_due > 0)) draw_frame(&h);
    }
    window_close(&h.window);
    scene_destroy(&h.scene);
    if (h.record) fclose(h.record);
    return 0;
}

int main(int argc, char **argv) {
    options o = parse_options(argc, argv);
    setvbuf(stdout, NULL, _IOLBF, 0); /* one line at a time: a test reads them as they come */
    return o.offline_png ? render_offline(&o) : run_window(&o);
}
