/* The SDL2 window and Cairo drawing into its texture (see window.h). */
#include "window.h"

#include <stdio.h>
#include <stdlib.h>

static void fail(const char *what) {
    fprintf(stderr, "live: %s failed: %s\n", what, SDL_GetError());
    exit(1);
}

void window_open(live_window *w, const char *title, int width, int height) {
    if (SDL_Init(SDL_INIT_VIDEO) != 0) fail("SDL_Init");
    w->width = width, w->height = height;
    w->window = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width,
                                 height, 0);
    if (w->window == NULL) fail("SDL_CreateWindow");
    /* Accelerated when there is a GPU, else SDL's software renderer (Xvfb); vsync when the
     * display offers it, so the present paces the frame clock. */
    w->renderer = SDL_CreateRenderer(w->window, -1, SDL_RENDERER_PRESENTVSYNC);
    if (w->renderer == NULL) fail("SDL_CreateRenderer");
    w->texture = SDL_CreateTexture(w->renderer, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STREAMING,
                                   width, height);
    if (w->texture == NULL) fail("SDL_CreateTexture");
}

void window_close(live_window *w) {
    SDL_DestroyTexture(w->texture);
    SDL_DestroyRenderer(w->renderer);
    SDL_DestroyWindow(w->window);
    SDL_Quit();
}

cairo_t *window_begin_frame(live_window *w, cairo_surface_t **out_surface) {
    void *pixels;
    int pitch;
    if (SDL_LockTexture(w->texture, NULL, &pixels, &pitch) != 0) fail("SDL_LockTexture");
    /* SDL's ARGB8888 is a native-endian 32-bit 0xAARRGGBB, as Cairo's ARGB32; the drawing is
     * opaque (the stage fills the window), so premultiplication does not matter. */
    *out_surface = cairo_image_surface_create_for_data(pixels, CAIRO_FORMAT_ARGB32, w->width,
                                                       w->height, pitch);
    cairo_status_t status = cairo_surface_status(*out_surface);
    if (status != CAIRO_STATUS_SUCCESS) {
        fprintf(stderr, "live: Cairo over the texture: %s\n", cairo_status_to_string(status));
        exit(1);
    }
    return cairo_create(*out_surface);
}

void window_present(live_window *w, cairo_t *cr, cairo_surface_t *surface) {
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    cairo_surface_destroy(surface);
    SDL_UnlockTexture(w->texture);
    window_repaint(w);
}

void window_repaint(live_window *w) {
    if (SDL_RenderCopy(w->renderer, w->texture, NULL, NULL) != 0) fail("SDL_RenderCopy");
    SDL_RenderPresent(w->renderer);
}
