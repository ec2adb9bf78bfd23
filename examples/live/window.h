/* The live host's window (examples/live/window.c): an SDL2 window whose renderer presents in
 * step with the display (SDL_RENDERER_PRESENTVSYNC) a streaming texture that Cairo draws into. */
#ifndef ANIMCORE_LIVE_WINDOW_H
#define ANIMCORE_LIVE_WINDOW_H

#include <SDL.h>
#include <cairo.h>

typedef struct live_window {
    SDL_Window *window;
    SDL_Renderer *renderer;
    SDL_Texture *texture; /* ARGB8888: Cairo's ARGB32 on a little-endian machine */
    int width, height;    /* pixels; one pixel per point */
} live_window;

/* Opens the window (exits with SDL's message when it cannot). */
void window_open(live_window *w, const char *title, int width, int height);
void window_close(live_window *w);
/* Cairo over the texture's pixels until window_present(); draw the whole frame (the pixels a
 * lock gives are undefined). */
cairo_t *window_begin_frame(live_window *w, cairo_surface_t **out_surface);
/* Ends the Cairo drawing, unlocks the texture and presents it (waits for vsync when the
 * display has it). */
void window_present(live_window *w, cairo_t *cr, cairo_surface_t *surface);
/* Shows the last frame again (after an expose: the texture still holds it). */
void window_repaint(live_window *w);

#endif
