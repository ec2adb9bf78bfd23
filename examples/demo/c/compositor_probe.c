/*
 * The C compositor on a render list made elsewhere: reads the entries (the raw bytes of
 * ac_render_entry[count], as Python's RenderList.fill() array holds them: entries.tobytes()) and
 * a PNG registered as the contents of token 1, draws them with compositor_draw() onto a clear
 * ARGB32 surface of WIDTH x HEIGHT and writes it as a PNG. bindings/python/tests/
 * test_demo_compositor.py uses it to hold compositor.c and compositor.py to the same pixels on
 * scenes the demo hosts do not show (a shadow in perspective, flipped nine-part contents).
 *
 * usage: compositor_probe ENTRIES.bin CONTENTS.png WIDTH HEIGHT OUT.png
 */
#include "compositor.h"
#include "demo.h"

#include <stdlib.h>

#define MAX_ENTRIES 1024

int main(int argc, char **argv) {
    static ac_render_entry entries[MAX_ENTRIES];
    if (argc != 6) {
        fprintf(stderr, "usage: %s ENTRIES.bin CONTENTS.png WIDTH HEIGHT OUT.png\n", argv[0]);
        return 2;
    }
    FILE *file = fopen(argv[1], "rb");
    if (file == NULL) {
        fprintf(stderr, "cannot read %s\n", argv[1]);
        return 1;
    }
    size_t count = fread(entries, sizeof entries[0], MAX_ENTRIES, file);
    int extra = fgetc(file); /* a partial entry or more than MAX_ENTRIES: not a render list */
    fclose(file);
    if (count == 0 || extra != EOF) {
        fprintf(stderr, "%s: not %zu-byte render entries (at most %d)\n", argv[1],
                sizeof entries[0], MAX_ENTRIES);
        return 1;
    }
    cairo_surface_t *contents = cairo_image_surface_create_from_png(argv[2]);
    demo_check_cairo(cairo_surface_status(contents), argv[2]);
    compositor comp;
    compositor_init(&comp);
    compositor_set_contents(&comp, 1, contents);
    cairo_surface_t *surface = demo_surface(atoi(argv[3]), atoi(argv[4]));
    cairo_t *cr = cairo_create(surface);
    compositor_draw(&comp, cr, entries, count);
    cairo_destroy(cr);
    compositor_finish(&comp);
    demo_check_cairo(cairo_surface_write_to_png(surface, argv[5]), argv[5]);
    cairo_surface_destroy(surface);
    cairo_surface_destroy(contents);
    return 0;
}
