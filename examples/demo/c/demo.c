/* The C demo hosts' shared helpers (see demo.h). */
#include "demo.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void demo_check(ac_status status, const char *what) {
    if (status != AC_OK) {
        fprintf(stderr, "%s failed: %s\n", what, ac_last_error_message());
        exit(1);
    }
}

void demo_check_cairo(cairo_status_t status, const char *what) {
    if (status != CAIRO_STATUS_SUCCESS) {
        fprintf(stderr, "%s failed: %s\n", what, cairo_status_to_string(status));
        exit(1);
    }
}

ac_key demo_key(ac_engine *engine, const char *name) {
    ac_key key;
    demo_check(ac_engine_key(engine, name, &key), name);
    return key;
}

void demo_set(ac_engine *engine, ac_layer layer, const char *name, ac_value value) {
    demo_check(ac_layer_set_value(engine, layer, demo_key(engine, name), &value), name);
}

double demo_scalar(ac_engine *engine, ac_layer layer, ac_key key, int presentation) {
    double value;
    if (presentation)
        demo_check(ac_layer_get_presentation_scalar(engine, layer, key, &value), "presentation");
    else
        demo_check(ac_layer_get_scalar(engine, layer, key, &value), "model");
    return value;
}

ac_value demo_value(ac_engine *engine, ac_layer layer, ac_key key, int presentation) {
    ac_value value;
    if (presentation)
        demo_check(ac_layer_get_presentation_value(engine, layer, key, &value), "presentation");
    else
        demo_check(ac_layer_get_value(engine, layer, key, &value), "model");
    return value;
}

static void make_dirs(const char *dir) {
    char path[4096];
    size_t length = strlen(dir);
    if (length == 0 || length >= sizeof path) {
        fprintf(stderr, "bad output directory '%s'\n", dir);
        exit(1);
    }
    memcpy(path, dir, length + 1);
    for (size_t i = 1; i <= length; i++) {
        if (path[i] != '/' && path[i] != '\0') continue;
        char saved = path[i];
        path[i] = '\0';
        if (mkdir(path, 0777) != 0 && errno != EEXIST) {
            fprintf(stderr, "cannot create %s: %s\n", path, strerror(errno));
            exit(1);
        }
        path[i] = saved;
    }
}

const char *demo_out_dir(int argc, char **argv, const char *name) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s OUT_DIR\n  draws %s's frames (frame_NNNN.png) and values.csv "
                        "into OUT_DIR\n", argv[0], name);
        exit(2);
    }
    make_dirs(argv[1]);
    return argv[1];
}

FILE *demo_csv_open(const char *dir, const char *header) {
    char path[4200];
    snprintf(path, sizeof path, "%s/values.csv", dir);
    FILE *csv = fopen(path, "w");
    if (csv == NULL) {
        fprintf(stderr, "cannot write %s: %s\n", path, strerror(errno));
        exit(1);
    }
    fprintf(csv, "tick,t,%s\n", header);
    return csv;
}

void demo_csv_row(FILE *csv, int tick, const double *values, int count) {
    fprintf(csv, "%d,%.6f", tick, (double)tick / DEMO_FPS);
    for (int i = 0; i < count; i++) fprintf(csv, ",%.6f", values[i]);
    fputc('\n', csv);
}

void demo_csv_close(FILE *csv) {
    if (fclose(csv) != 0) {
        fprintf(stderr, "cannot write values.csv: %s\n", strerror(errno));
        exit(1);
    }
}

int demo_records(int tick) { return tick % DEMO_RECORD_EVERY == 0; }

void demo_write_frame(cairo_surface_t *surface, const char *dir, int tick) {
    char path[4200];
    snprintf(path, sizeof path, "%s/frame_%04d.png", dir, tick);
    cairo_surface_flush(surface);
    demo_check_cairo(cairo_surface_write_to_png(surface, path), path);
}

cairo_surface_t *demo_surface(int width, int height) {
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    demo_check_cairo(cairo_surface_status(surface), "cairo_image_surface_create");
    return surface;
}

void demo_background(cairo_t *cr, double grey) {
    cairo_set_source_rgb(cr, grey, grey, grey);
    cairo_paint(cr);
}

void demo_clear(cairo_t *cr) {
    cairo_save(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR);
    cairo_paint(cr);
    cairo_restore(cr);
}

void demo_text(cairo_t *cr, double x, double y, double size, const char *text) {
    cairo_select_font_face(cr, DEMO_FONT, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, size);
    cairo_move_to(cr, x, y);
    cairo_show_text(cr, text);
    cairo_new_path(cr);
}
