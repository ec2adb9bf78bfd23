/*
 * Paths: the element constructors and shape builders (exact points), setting and reading a
 * keyframe animation's path, following it tick by tick (each segment's bezier at u = s, key
 * times, subpaths and close), the paced mode's constant speed along the arc length, and the
 * rotation modes (auto, autoReverse) read through "transform.rotation.z" and the matrix.
 */
#include "ac_keyframe_test.h"

/* The bezier circle constant 4/3 (sqrt 2 - 1). */
#define KAPPA 0.5522847498307936

static void check_element(const ac_path_element *e, int32_t type, double p0, double p1, double p2,
                          double p3, double p4, double p5, int index) {
    const double want[6] = {p0, p1, p2, p3, p4, p5};
    int i, ok = AC_CHECK_EQ_INT(e->type, type) && AC_CHECK_EQ_INT(e->reserved, 0);
    for (i = 0; i < 6; ++i) ok = AC_CHECK_NEAR(e->points[i], want[i], 1e-12) && ok;
    if (!ok) printf("    element %d\n", index);
}

static void test_constructors(void) {
    ac_path_element e = ac_path_curve_to(1, 2, 3, 4, 5, 6);
    check_element(&e, AC_PATH_CURVE_TO, 1, 2, 3, 4, 5, 6, 0);
    e = ac_path_quad_curve_to(1, 2, 3, 4);
    check_element(&e, AC_PATH_QUAD_CURVE_TO, 1, 2, 3, 4, 0, 0, 1);
    e = ac_path_move_to(7, 8);
    check_element(&e, AC_PATH_MOVE_TO, 7, 8, 0, 0, 0, 0, 2);
    e = ac_path_line_to(-7, -8);
    check_element(&e, AC_PATH_LINE_TO, -7, -8, 0, 0, 0, 0, 3);
    e = ac_path_close();
    check_element(&e, AC_PATH_CLOSE, 0, 0, 0, 0, 0, 0, 4);
}

static void test_builders(void) {
    ac_path_element out[12];
    size_t count = 0;
    double kx, ky;

    /* Rect: move, right, down, left, close. */
    AC_CHECK_OK(ac_path_rect(10, 20, 30, 40, out, 12, &count));
    AC_CHECK_EQ_INT(count, AC_PATH_RECT_ELEMENTS);
    check_element(&out[0], AC_PATH_MOVE_TO, 10, 20, 0, 0, 0, 0, 0);
    check_element(&out[1], AC_PATH_LINE_TO, 40, 20, 0, 0, 0, 0, 1);
    check_element(&out[2], AC_PATH_LINE_TO, 40, 60, 0, 0, 0, 0, 2);
    check_element(&out[3], AC_PATH_LINE_TO, 10, 60, 0, 0, 0, 0, 3);
    check_element(&out[4], AC_PATH_CLOSE, 0, 0, 0, 0, 0, 0, 4);

    /* Ellipse in (0, 0, 100, 50): centre (50, 25), radii 50 and 25, from the right-most point. */
    AC_CHECK_OK(ac_path_ellipse(0, 0, 100, 50, out, 12, &count));
    AC_CHECK_EQ_INT(count, AC_PATH_ELLIPSE_ELEMENTS);
    kx = 50 * KAPPA;
    ky = 25 * KAPPA;
    check_element(&out[0], AC_PATH_MOVE_TO, 100, 25, 0, 0, 0, 0, 0);
    check_element(&out[1], AC_PATH_CURVE_TO, 100, 25 + ky, 50 + kx, 50, 50, 50, 1);
    check_element(&out[2], AC_PATH_CURVE_TO, 50 - kx, 50, 0, 25 + ky, 0, 25, 2);
    check_element(&out[3], AC_PATH_CURVE_TO, 0, 25 - ky, 50 - kx, 0, 50, 0, 3);
    check_element(&out[4], AC_PATH_CURVE_TO, 50 + kx, 0, 100, 25 - ky, 100, 25, 4);
    check_element(&out[5], AC_PATH_CLOSE, 0, 0, 0, 0, 0, 0, 5);
    /* A circle's quarter arc (the builder's last one) is within 0.03 % of the radius. */
    AC_CHECK_OK(ac_path_ellipse(0, 0, 100, 100, out, 12, &count));
    {
        double arc[8], x, y;
        int j;
        arc[0] = 50;
        arc[1] = 0;
        for (j = 0; j < 6; ++j) arc[2 + j] = out[4].points[j];
        for (j = 0; j <= 10; ++j) {
            bezier_at(arc, j / 10.0, &x, &y, NULL, NULL);
            AC_CHECK_NEAR(hypot(x - 50, y - 50), 50, 50 * 3e-4);
        }
    }

    /* Rounded rect (0, 0, 100, 60), corners 10 x 20. */
    AC_CHECK_OK(ac_path_rounded_rect(0, 0, 100, 60, 10, 20, out, 12, &count));
    AC_CHECK_EQ_INT(count, AC_PATH_ROUNDED_RECT_ELEMENTS);
    kx = 10 * KAPPA;
    ky = 20 * KAPPA;
    check_element(&out[0], AC_PATH_MOVE_TO, 10, 0, 0, 0, 0, 0, 0);
    check_element(&out[1], AC_PATH_LINE_TO, 90, 0, 0, 0, 0, 0, 1);
    check_element(&out[2], AC_PATH_CURVE_TO, 90 + kx, 0, 100, 20 - ky, 100, 20, 2);
    check_element(&out[3], AC_PATH_LINE_TO, 100, 40, 0, 0, 0, 0, 3);
    check_element(&out[4], AC_PATH_CURVE_TO, 100, 40 + ky, 90 + kx, 60, 90, 60, 4);
    check_element(&out[5], AC_PATH_LINE_TO, 10, 60, 0, 0, 0, 0, 5);
    check_element(&out[6], AC_PATH_CURVE_TO, 10 - kx, 60, 0, 40 + ky, 0, 40, 6);
    check_element(&out[7], AC_PATH_LINE_TO, 0, 20, 0, 0, 0, 0, 7);
    check_element(&out[8], AC_PATH_CURVE_TO, 0, 20 - ky, 10 - kx, 0, 10, 0, 8);
    check_element(&out[9], AC_PATH_CLOSE, 0, 0, 0, 0, 0, 0, 9);

    /* Corners clamped to [0, half the side]: 80 -> 50, -5 -> 0. */
    AC_CHECK_OK(ac_path_rounded_rect(0, 0, 100, 60, 80, -5, out, 12, &count));
    check_element(&out[0], AC_PATH_MOVE_TO, 50, 0, 0, 0, 0, 0, 0);
    check_element(&out[1], AC_PATH_LINE_TO, 50, 0, 0, 0, 0, 0, 1);
    check_element(&out[3], AC_PATH_LINE_TO, 100, 60, 0, 0, 0, 0, 3);

    /* Asking for the count; exactly enough room; one too few. */
    count = 0;
    AC_CHECK_STATUS(ac_path_ellipse(0, 0, 1, 1, NULL, 0, &count), AC_ERR_BUFFER_TOO_SMALL);
    AC_CHECK_EQ_INT(count, AC_PATH_ELLIPSE_ELEMENTS);
    AC_CHECK_OK(ac_path_rect(0, 0, 1, 1, out, AC_PATH_RECT_ELEMENTS, &count));
    AC_CHECK_STATUS(ac_path_rounded_rect(0, 0, 1, 1, 0.1, 0.1, out, 9, &count), AC_ERR_BUFFER_TOO_SMALL);
    AC_CHECK_EQ_INT(count, 10);
    /* Shapes appended into one array make a path of several subpaths. */
    AC_CHECK_OK(ac_path_rect(0, 0, 10, 10, out, 12, &count));
    AC_CHECK_OK(ac_path_ellipse(20, 0, 10, 10, out + count, 12 - count, &count));
    AC_CHECK_EQ_INT(count, 6);
    check_element(&out[5], AC_PATH_MOVE_TO, 30, 5, 0, 0, 0, 0, 5);
}

static void test_round_trip(void) {
    ac_engine *engine = new_engine();
    ac_animation a = 0, copy = 0;
    ac_layer layer = new_layer(engine, 0);
    ac_path_element in[7], out[8];
    size_t count = 0;
    int i;

    in[0] = ac_path_move_to(1, 2);
    in[1] = ac_path_line_to(3, 4);
    in[1].points[2] = 99; /* unused entries are ignored, read back 0 */
    in[1].points[5] = -1;
    in[2] = ac_path_quad_curve_to(5, 6, 7, 8);
    in[3] = ac_path_curve_to(9, 10, 11, 12, 13, 14);
    in[4] = ac_path_close();
    in[4].points[0] = 42;
    in[5] = ac_path_move_to(20, 20);
    in[6] = ac_path_line_to(30, 30);
    AC_CHECK_OK(ac_animation_create_keyframe(engine, "position", &a));
    AC_CHECK_OK(ac_animation_set_path(engine, a, in, 7));
    AC_CHECK_STATUS(ac_animation_get_path(engine, a, NULL, 0, &count), AC_ERR_BUFFER_TOO_SMALL);
    AC_CHECK_EQ_INT(count, 7);
    AC_CHECK_STATUS(ac_animation_get_path(engine, a, out, 6, &count), AC_ERR_BUFFER_TOO_SMALL);
    AC_CHECK_OK(ac_animation_get_path(engine, a, out, 8, &count));
    AC_CHECK_EQ_INT(count, 7);
    check_element(&out[0], AC_PATH_MOVE_TO, 1, 2, 0, 0, 0, 0, 0);
    check_element(&out[1], AC_PATH_LINE_TO, 3, 4, 0, 0, 0, 0, 1);
    check_element(&out[2], AC_PATH_QUAD_CURVE_TO, 5, 6, 7, 8, 0, 0, 2);
    check_element(&out[3], AC_PATH_CURVE_TO, 9, 10, 11, 12, 13, 14, 3);
    check_element(&out[4], AC_PATH_CLOSE, 0, 0, 0, 0, 0, 0, 4);
    check_element(&out[5], AC_PATH_MOVE_TO, 20, 20, 0, 0, 0, 0, 5);
    check_element(&out[6], AC_PATH_LINE_TO, 30, 30, 0, 0, 0, 0, 6);

    /* Through a layer and back, with the rotation mode. */
    AC_CHECK_OK(ac_animation_set_rotation_mode(engine, a, AC_ROTATION_AUTO_REVERSE));
    AC_CHECK_OK(ac_animation_set_calculation_mode(engine, a, AC_CALCULATION_PACED));
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, a, "path"));
    AC_CHECK_OK(ac_layer_copy_animation(engine, layer, "path", &copy));
    memset(out, 0, sizeof out);
    AC_CHECK_OK(ac_animation_get_path(engine, copy, out, 8, &count));
    AC_CHECK_EQ_INT(count, 7);
    for (i = 0; i < 7; ++i) AC_CHECK_EQ_INT(out[i].type, in[i].type);
    check_element(&out[3], AC_PATH_CURVE_TO, 9, 10, 11, 12, 13, 14, 3);
    {
        int32_t mode = -1;
        AC_CHECK_OK(ac_animation_get_rotation_mode(engine, copy, &mode));
        AC_CHECK_EQ_INT(mode, AC_ROTATION_AUTO_REVERSE);
        AC_CHECK_OK(ac_animation_get_calculation_mode(engine, copy, &mode));
        AC_CHECK_EQ_INT(mode, AC_CALCULATION_PACED);
    }

    /* NULL, 0: no path. */
    AC_CHECK_OK(ac_animation_set_path(engine, a, NULL, 0));
    AC_CHECK_OK(ac_animation_get_path(engine, a, NULL, 0, &count));
    AC_CHECK_EQ_INT(count, 0);
    ac_animation_release(engine, a);
    ac_animation_release(engine, copy);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* ---- Following a path ------------------------------------------------------------------- */

/* One segment as a cubic bezier (lines and quads raised exactly), for the expectations. */
typedef struct segment {
    double b[8];
} segment;

static segment line_segment(double x0, double y0, double x1, double y1) {
    segment s = {{x0, y0, x0 + (x1 - x0) / 3, y0 + (y1 - y0) / 3, x0 + 2 * (x1 - x0) / 3,
                  y0 + 2 * (y1 - y0) / 3, x1, y1}};
    return s;
}

static segment quad_segment(double x0, double y0, double cx, double cy, double x1, double y1) {
    segment s = {{x0, y0, x0 + 2 * (cx - x0) / 3, y0 + 2 * (cy - y0) / 3, x1 + 2 * (cx - x1) / 3,
                  y1 + 2 * (cy - y1) / 3, x1, y1}};
    return s;
}

static segment curve_segment(double x0, double y0, double c1x, double c1y, double c2x, double c2y,
                             double x1, double y1) {
    segment s = {{x0, y0, c1x, c1y, c2x, c2y, x1, y1}};
    return s;
}

/* Follows `elements` (linear mode) for duration_s with key_times (NULL: i / segments) and
   segment timing functions, comparing each frame with the segments' beziers at u = s. */
static void run_follow(const char *label, const ac_path_element *elements, size_t element_count,
                       const segment *segments, size_t segment_count, const double *key_times,
                       const ac_timing_function *functions, size_t function_count, double duration_s) {
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0);
    ac_animation a = keyframe_path(engine, "position", elements, element_count, duration_s);
    double kt[16];
    size_t i;
    int k;

    if (key_times) {
        memcpy(kt, key_times, (segment_count + 1) * sizeof(double));
        AC_CHECK_OK(ac_animation_set_key_times(engine, a, key_times, segment_count + 1));
    } else {
        even_key_times(kt, segment_count + 1);
    }
    if (functions) AC_CHECK_OK(ac_animation_set_timing_functions(engine, a, functions, function_count));
    set_value(engine, layer, "position", ac_value_point(-1, -2));
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, a, "follow"));
    ac_animation_release(engine, a);
    for (k = 0; k <= (int)(duration_s * 60) + 10; ++k) {
        double e = frame_e(k), p = e / duration_s, s, x, y, want_x = -1, want_y = -2;
        tick(engine, frame_time(k));
        if (near_any(p, kt, segment_count + 1)) continue;
        if (p < 1) {
            i = find_segment(kt, segment_count + 1, p, &s);
            if (functions && i < function_count) s = ease(&functions[i], s);
            bezier_at(segments[i].b, s, &want_x, &want_y, NULL, NULL);
        }
        presentation_point(engine, layer, "position", &x, &y);
        if (!AC_CHECK_NEAR(x, want_x, 1e-9) || !AC_CHECK_NEAR(y, want_y, 1e-9)) {
            printf("    %s: frame %d (p = %.6f)\n", label, k, p);
            break;
        }
    }
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static void test_follow(void) {
    ac_path_element path[4];
    segment segments[4];
    const double key_times[4] = {0, 0.5, 0.75, 1};
    ac_timing_function functions[1];

    path[0] = ac_path_move_to(0, 0);
    path[1] = ac_path_line_to(100, 0);
    path[2] = ac_path_quad_curve_to(100, 100, 0, 100);
    path[3] = ac_path_curve_to(-50, 100, -50, 0, 0, 0);
    segments[0] = line_segment(0, 0, 100, 0);
    segments[1] = quad_segment(100, 0, 100, 100, 0, 100);
    segments[2] = curve_segment(0, 100, -50, 100, -50, 0, 0, 0);
    run_follow("line, quad, curve", path, 4, segments, 3, NULL, NULL, 0, 1.5);
    run_follow("with key times", path, 4, segments, 3, key_times, NULL, 0, 1.0);
    functions[0] = named_function("easeIn");
    run_follow("with a timing function for the first segment", path, 4, segments, 3, key_times, functions, 1, 1.0);

    /* A close draws back to the subpath's start; a move starts a new subpath (a jump). */
    {
        ac_path_element two[6];
        segment parts[4];
        two[0] = ac_path_move_to(0, 0);
        two[1] = ac_path_line_to(10, 0);
        two[2] = ac_path_line_to(10, 10);
        two[3] = ac_path_close();
        two[4] = ac_path_move_to(50, 50);
        two[5] = ac_path_line_to(60, 50);
        parts[0] = line_segment(0, 0, 10, 0);
        parts[1] = line_segment(10, 0, 10, 10);
        parts[2] = line_segment(10, 10, 0, 0);
        parts[3] = line_segment(50, 50, 60, 50);
        run_follow("close and a second subpath", two, 6, parts, 4, NULL, NULL, 0, 1.0);
    }
    /* A rect from the builder, followed round. */
    {
        ac_path_element rect[AC_PATH_RECT_ELEMENTS];
        segment sides[4];
        size_t count = 0;
        AC_CHECK_OK(ac_path_rect(10, 10, 40, 20, rect, AC_PATH_RECT_ELEMENTS, &count));
        sides[0] = line_segment(10, 10, 50, 10);
        sides[1] = line_segment(50, 10, 50, 30);
        sides[2] = line_segment(50, 30, 10, 30);
        sides[3] = line_segment(10, 30, 10, 10);
        run_follow("a rect", rect, count, sides, 4, NULL, NULL, 0, 2.0);
    }
}

static void test_paced_path(void) {
    /* Lines 100 and 300 long: linear reaches the corner at p = 0.5, paced at p = 0.25. */
    ac_path_element path[3];
    ac_engine *engine = new_engine();
    ac_layer linear = new_layer(engine, 0), paced = new_layer(engine, 0);
    ac_animation a;
    int k;

    path[0] = ac_path_move_to(0, 0);
    path[1] = ac_path_line_to(100, 0);
    path[2] = ac_path_line_to(100, 300);
    a = keyframe_path(engine, "position", path, 3, 1.0);
    AC_CHECK_OK(ac_layer_add_animation(engine, linear, a, "k"));
    AC_CHECK_OK(ac_animation_set_calculation_mode(engine, a, AC_CALCULATION_PACED));
    AC_CHECK_OK(ac_layer_add_animation(engine, paced, a, "k"));
    ac_animation_release(engine, a);
    for (k = 0; k < 60; ++k) {
        double e = frame_e(k), x, y, want_x, want_y, length = 400 * e;
        tick(engine, frame_time(k));
        /* Paced: 400 per second along the two lines. */
        presentation_point(engine, paced, "position", &x, &y);
        want_x = length <= 100 ? length : 100;
        want_y = length <= 100 ? 0 : length - 100;
        if (!AC_CHECK_NEAR(x, want_x, 1e-9) || !AC_CHECK_NEAR(y, want_y, 1e-9)) {
            printf("    paced path: frame %d\n", k);
            break;
        }
        /* Linear: each line in half the time. */
        presentation_point(engine, linear, "position", &x, &y);
        want_x = e < 0.5 ? 200 * e : 100;
        want_y = e < 0.5 ? 0 : 600 * (e - 0.5);
        if (!AC_CHECK_NEAR(x, want_x, 1e-9) || !AC_CHECK_NEAR(y, want_y, 1e-9)) {
            printf("    linear path: frame %d\n", k);
            break;
        }
    }
    AC_CHECK_OK(ac_engine_destroy(engine));

    /* A curve, paced: equal steps along it, every point on it. */
    {
        const double b[8] = {0, 150, 75, 0, 225, 300, 300, 150};
        double px[60], py[60], mean = 0, worst = 0;
        int j;
        path[0] = ac_path_move_to(0, 150);
        path[1] = ac_path_curve_to(75, 0, 225, 300, 300, 150);
        engine = new_engine();
        paced = new_layer(engine, 0);
        a = keyframe_path(engine, "position", path, 2, 1.0);
        AC_CHECK_OK(ac_animation_set_calculation_mode(engine, a, AC_CALCULATION_PACED));
        AC_CHECK_OK(ac_layer_add_animation(engine, paced, a, "k"));
        ac_animation_release(engine, a);
        for (k = 0; k < 60; ++k) {
            tick(engine, frame_time(k));
            presentation_point(engine, paced, "position", &px[k], &py[k]);
        }
        AC_CHECK_NEAR(px[0], 0, 1e-9);
        AC_CHECK_NEAR(py[0], 150, 1e-9);
        for (k = 1; k < 60; ++k) mean += hypot(px[k] - px[k - 1], py[k] - py[k - 1]) / 59;
        for (k = 1; k < 60; ++k) {
            double step = hypot(px[k] - px[k - 1], py[k] - py[k - 1]);
            if (fabs(step - mean) > worst) worst = fabs(step - mean);
        }
        if (!AC_CHECK(worst <= 0.01 * mean)) printf("    paced curve: mean step %g, worst deviation %g\n", mean, worst);
        for (k = 0; k < 60; k += 6) {
            double best = INFINITY;
            for (j = 0; j <= 4000; ++j) {
                double x, y;
                bezier_at(b, j / 4000.0, &x, &y, NULL, NULL);
                if (hypot(x - px[k], y - py[k]) < best) best = hypot(x - px[k], y - py[k]);
            }
            if (!AC_CHECK(best < 0.1)) printf("    paced curve: frame %d is %g from the curve\n", k, best);
        }
        AC_CHECK_OK(ac_engine_destroy(engine));
    }
}

/* ---- Rotation ---------------------------------------------------------------------------- */

static void run_rotation(int32_t mode, int scaled) {
    const double b[8] = {0, 150, 75, 0, 225, 300, 300, 150};
    ac_path_element path[2];
    ac_engine *engine = new_engine();
    ac_layer ship = new_layer(engine, 0);
    ac_animation a;
    double extra = mode == AC_ROTATION_AUTO_REVERSE ? PI : 0;
    int k;

    path[0] = ac_path_move_to(0, 150);
    path[1] = ac_path_curve_to(75, 0, 225, 300, 300, 150);
    if (scaled) {
        ac_value scale = ac_value_transform3d_identity();
        scale.v[0] = 2; /* m11: x scaled by 2 */
        set_value(engine, ship, "transform", scale);
    }
    a = keyframe_path(engine, "position", path, 2, 1.0);
    AC_CHECK_OK(ac_animation_set_rotation_mode(engine, a, mode));
    AC_CHECK_OK(ac_layer_add_animation(engine, ship, a, "slide"));
    ac_animation_release(engine, a);
    for (k = 0; k <= 70; ++k) {
        double e = frame_e(k), x, y, dx, dy, angle;
        ac_value m;
        tick(engine, frame_time(k));
        if (near_any(e, (const double[]){1.0}, 1)) continue;
        m = presentation_value(engine, ship, "transform");
        if (e >= 1) {
            /* Removed: the model transform again. */
            AC_CHECK_EQ_DOUBLE(m.v[0], scaled ? 2 : 1);
            AC_CHECK_EQ_DOUBLE(m.v[1], 0);
            continue;
        }
        bezier_at(b, e, &x, &y, &dx, &dy);
        angle = atan2(dy, dx) + extra;
        if (!scaled) {
            if (!AC_CHECK_ANGLE(presentation_scalar(engine, ship, "transform.rotation.z"), angle, 1e-9)) {
                printf("    rotation mode %d: frame %d\n", (int)mode, k);
                break;
            }
        }
        /* Rz(angle) concatenated with the transform underneath (row vectors: Rz x S). */
        if (!AC_CHECK_NEAR(m.v[0], (scaled ? 2 : 1) * cos(angle), 1e-9) || !AC_CHECK_NEAR(m.v[1], sin(angle), 1e-9) ||
            !AC_CHECK_NEAR(m.v[4], -(scaled ? 2 : 1) * sin(angle), 1e-9) || !AC_CHECK_NEAR(m.v[5], cos(angle), 1e-9)) {
            printf("    rotation mode %d, scaled %d: frame %d\n", (int)mode, scaled, k);
            break;
        }
        {
            double px, py;
            presentation_point(engine, ship, "position", &px, &py);
            if (!AC_CHECK_NEAR(px, x, 1e-9) || !AC_CHECK_NEAR(py, y, 1e-9)) break;
        }
    }
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static void test_rotation(void) {
    run_rotation(AC_ROTATION_AUTO, 0);
    run_rotation(AC_ROTATION_AUTO_REVERSE, 0);
    run_rotation(AC_ROTATION_AUTO, 1);

    /* Straight lines: right is 0, down is pi/2; no rotation mode leaves the transform alone. */
    {
        ac_path_element path[3];
        ac_engine *engine = new_engine();
        ac_layer turning = new_layer(engine, 0), still = new_layer(engine, 0);
        ac_animation a;
        path[0] = ac_path_move_to(0, 0);
        path[1] = ac_path_line_to(100, 0);
        path[2] = ac_path_line_to(100, 100);
        a = keyframe_path(engine, "position", path, 3, 1.0);
        AC_CHECK_OK(ac_layer_add_animation(engine, still, a, "k"));
        AC_CHECK_OK(ac_animation_set_rotation_mode(engine, a, AC_ROTATION_AUTO));
        AC_CHECK_OK(ac_layer_add_animation(engine, turning, a, "k"));
        ac_animation_release(engine, a);
        tick(engine, T0);
        tick(engine, T0 + 0.25);
        AC_CHECK_ANGLE(presentation_scalar(engine, turning, "transform.rotation.z"), 0, 1e-12);
        AC_CHECK_EQ_DOUBLE(presentation_scalar(engine, still, "transform.rotation.z"), 0);
        tick(engine, T0 + 0.75);
        AC_CHECK_ANGLE(presentation_scalar(engine, turning, "transform.rotation.z"), PI / 2, 1e-12);
        AC_CHECK_EQ_DOUBLE(presentation_value(engine, still, "transform").v[0], 1);
        AC_CHECK_EQ_DOUBLE(model_value(engine, turning, "transform").v[1], 0);
        AC_CHECK_OK(ac_engine_destroy(engine));
    }
}

int main(void) {
    test_constructors();
    test_builders();
    test_round_trip();
    test_follow();
    test_paced_path();
    test_rotation();
    return ac_test_finish();
}
