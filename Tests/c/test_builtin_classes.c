/*
 * The built-in classes (include/animcore.h, "Layer classes"; reference
 * core-animation-geometry.md §1.5, §4, §5): their fixed handles and lookup by name, the
 * properties' defaults, ranges and animatable flags (text, shape and gradient layers: path
 * and array round trips, their animations taken), subclassing each, and the render list of
 * replicators (the spinner of §5.3: instance matrices, colours and time shifts; nested
 * replicators; the instance limits) and of transform layers (3D kept, depth order, nothing of
 * their own drawn; conversion and hit testing through them).
 */
#include <math.h>
#include <stdint.h>

#include "ac_engine_test.h"

#define TOL 1e-9

static ac_layer make(ac_engine *engine, ac_class layer_class, double w, double h, double x, double y, ac_layer parent) {
    ac_layer layer = new_layer(engine, layer_class);
    set_value(engine, layer, "bounds", ac_value_rect(0, 0, w, h));
    set_value(engine, layer, "position", ac_value_point(x, y));
    if (parent != 0) {
        AC_CHECK_OK(ac_layer_add_sublayer(engine, parent, layer));
        AC_CHECK_OK(ac_layer_release(engine, layer)); /* the tree holds it */
    }
    return layer;
}

static const ac_render_entry *fill(ac_engine *engine, ac_render_list list, ac_layer root, int32_t presentation,
                                   size_t *count) {
    const ac_render_entry *entries = NULL;
    *count = 0;
    AC_CHECK_OK(ac_render_list_fill(engine, list, root, presentation, &entries, count, NULL, NULL));
    return entries;
}

/* Where (x, y) of the plane z = 0 lands through a row-vector matrix, divided by w. */
static void map_point(const double m[16], double x, double y, double out[2]) {
    double w = x * m[3] + y * m[7] + m[15];
    out[0] = (x * m[0] + y * m[4] + m[12]) / w;
    out[1] = (x * m[1] + y * m[5] + m[13]) / w;
}

static ac_value rotation_z(double angle) {
    double m[16] = {cos(angle), sin(angle), 0, 0, -sin(angle), cos(angle), 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    return ac_value_transform3d(m);
}

static ac_value translation(double x, double y, double z) {
    double m[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1};
    return ac_value_transform3d(m);
}

static void test_handles_and_names(void) {
    ac_engine *engine = new_engine();
    const char *names[] = {"CALayer",          "CATextLayer",  "CAReplicatorLayer",
                           "CATransformLayer", "CAShapeLayer", "CAGradientLayer"};
    const ac_class handles[] = {AC_CLASS_LAYER,           AC_CLASS_TEXT_LAYER,  AC_CLASS_REPLICATOR_LAYER,
                                AC_CLASS_TRANSFORM_LAYER, AC_CLASS_SHAPE_LAYER, AC_CLASS_GRADIENT_LAYER};
    AC_CHECK_EQ_INT((long long)AC_CLASS_SHAPE_LAYER, 4);
    AC_CHECK_EQ_INT((long long)AC_CLASS_GRADIENT_LAYER, 5);
    for (int i = 0; i < 6; i++) {
        ac_class found = 99;
        AC_CHECK_OK(ac_class_find(engine, names[i], &found));
        AC_CHECK_EQ_INT((long long)found, (long long)handles[i]);
        ac_layer layer = new_layer(engine, handles[i]);
        ac_class layer_class = 99;
        AC_CHECK_OK(ac_layer_class(engine, layer, &layer_class));
        AC_CHECK_EQ_INT((long long)layer_class, (long long)handles[i]);
        AC_CHECK_OK(ac_layer_release(engine, layer));
    }
    ac_class out = 0;
    EXPECT_ERROR(ac_class_find(engine, "CAShinyLayer", &out), AC_ERR_UNKNOWN_NAME, "name");
    EXPECT_ERROR(ac_class_find(engine, NULL, &out), AC_ERR_NULL_POINTER, "name");
    EXPECT_ERROR(ac_class_find(engine, "CALayer", NULL), AC_ERR_NULL_POINTER, "out_class");
    EXPECT_ERROR(ac_class_create(engine, "CATextLayer", AC_CLASS_LAYER, NULL, 0, &out), AC_ERR_INVALID_ARGUMENT, "name");
    EXPECT_ERROR(ac_class_create(engine, "CAShapeLayer", AC_CLASS_LAYER, NULL, 0, &out), AC_ERR_INVALID_ARGUMENT, "name");
    EXPECT_ERROR(ac_class_create(engine, "CAGradientLayer", AC_CLASS_LAYER, NULL, 0, &out), AC_ERR_INVALID_ARGUMENT, "name");
    /* A declared class is found by its name too. */
    ac_class spinner = 0;
    AC_CHECK_OK(ac_class_create(engine, "Spinner", AC_CLASS_REPLICATOR_LAYER, NULL, 0, &spinner));
    AC_CHECK_OK(ac_class_find(engine, "Spinner", &out));
    AC_CHECK_EQ_INT((long long)out, (long long)spinner);
    /* The handles are the same in a second engine. */
    ac_engine *other = new_engine();
    AC_CHECK_OK(ac_class_find(other, "CAReplicatorLayer", &out));
    AC_CHECK_EQ_INT((long long)out, (long long)AC_CLASS_REPLICATOR_LAYER);
    ac_engine_destroy(other);
    ac_engine_destroy(engine);
}

static void test_text_layer(void) {
    ac_engine *engine = new_engine();
    ac_layer text = new_layer(engine, AC_CLASS_TEXT_LAYER);
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, text, "fontSize"), 36);
    ac_value white = model_value(engine, text, "foregroundColor");
    AC_CHECK_EQ_INT(white.kind, AC_VALUE_COLOR);
    for (int i = 0; i < 4; i++) AC_CHECK_EQ_DOUBLE(white.v[i], 1);
    AC_CHECK_EQ_INT(model_value(engine, text, "string").i, 0);
    AC_CHECK_EQ_INT(model_value(engine, text, "font").kind, AC_VALUE_TOKEN);
    AC_CHECK_EQ_INT(model_value(engine, text, "alignmentMode").i, AC_TEXT_ALIGNMENT_NATURAL);
    AC_CHECK_EQ_INT(model_value(engine, text, "truncationMode").i, AC_TEXT_TRUNCATION_NONE);
    AC_CHECK_EQ_INT(model_value(engine, text, "wrapped").i, 0);
    AC_CHECK_EQ_INT(model_value(engine, text, "allowsFontSubpixelQuantization").kind, AC_VALUE_BOOL);
    /* CALayer's properties come first, unchanged. */
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, text, "opacity"), 1);
    /* Ranges. */
    ac_value bad = ac_value_integer(5);
    EXPECT_ERROR(ac_layer_set_value(engine, text, key_of(engine, "alignmentMode"), &bad), AC_ERR_OUT_OF_RANGE, "alignmentMode");
    bad = ac_value_integer(-1);
    EXPECT_ERROR(ac_layer_set_value(engine, text, key_of(engine, "truncationMode"), &bad), AC_ERR_OUT_OF_RANGE, "truncationMode");
    set_value(engine, text, "alignmentMode", ac_value_integer(AC_TEXT_ALIGNMENT_CENTER));
    AC_CHECK_EQ_INT(model_value(engine, text, "alignmentMode").i, AC_TEXT_ALIGNMENT_CENTER);
    /* string is not animatable; fontSize animates. */
    ac_animation animation = 0;
    AC_CHECK_OK(ac_animation_create_basic(engine, "string", &animation));
    EXPECT_ERROR(ac_layer_add_animation(engine, text, animation, "s"), AC_ERR_NOT_ANIMATABLE, "string");
    ac_animation_release(engine, animation);
    tick(engine, T0);
    animation = scalar_animation(engine, "fontSize", 1, 36, 1, 72, 0, 0, 1.0);
    AC_CHECK_OK(ac_layer_add_animation(engine, text, animation, "size"));
    ac_animation_release(engine, animation);
    tick(engine, T0 + 0.1);
    tick(engine, T0 + 0.6);
    AC_CHECK_NEAR(presentation_scalar(engine, text, "fontSize"), 54, 1e-6);
    AC_CHECK_OK(ac_layer_release(engine, text));
    ac_engine_destroy(engine);
}

static void check_color(ac_value value, double r, double g, double b, double a) {
    AC_CHECK_EQ_INT(value.kind, AC_VALUE_COLOR);
    AC_CHECK_NEAR(value.v[0], r, TOL);
    AC_CHECK_NEAR(value.v[1], g, TOL);
    AC_CHECK_NEAR(value.v[2], b, TOL);
    AC_CHECK_NEAR(value.v[3], a, TOL);
}

/* Reference §4.1: every property's default, CALayer's first. */
static void test_shape_layer_defaults(void) {
    ac_engine *engine = new_engine();
    ac_layer shape = new_layer(engine, AC_CLASS_SHAPE_LAYER);
    size_t count = 99;
    AC_CHECK_OK(ac_layer_get_path(engine, shape, key_of(engine, "path"), 0, NULL, 0, &count));
    AC_CHECK_EQ_INT((long long)count, 0);
    check_color(model_value(engine, shape, "fillColor"), 0, 0, 0, 1);
    AC_CHECK_EQ_INT(model_value(engine, shape, "fillRule").kind, AC_VALUE_INTEGER);
    AC_CHECK_EQ_INT(model_value(engine, shape, "fillRule").i, AC_FILL_RULE_NON_ZERO);
    check_color(model_value(engine, shape, "strokeColor"), 0, 0, 0, 0);
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, shape, "strokeStart"), 0);
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, shape, "strokeEnd"), 1);
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, shape, "lineWidth"), 1);
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, shape, "miterLimit"), 10);
    AC_CHECK_EQ_INT(model_value(engine, shape, "lineCap").i, AC_LINE_CAP_BUTT);
    AC_CHECK_EQ_INT(model_value(engine, shape, "lineJoin").i, AC_LINE_JOIN_MITER);
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, shape, "lineDashPhase"), 0);
    count = 99;
    AC_CHECK_OK(ac_layer_get_numbers(engine, shape, key_of(engine, "lineDashPattern"), 0, NULL, 0, &count));
    AC_CHECK_EQ_INT((long long)count, 0);
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, shape, "opacity"), 1);
    AC_CHECK_OK(ac_layer_release(engine, shape));
    ac_engine_destroy(engine);
}

/* The enums refused outside their range on the single and batch set paths; strokeStart,
   strokeEnd, lineWidth and miterLimit kept as set ([INFERRED], the header). */
static void test_shape_layer_ranges(void) {
    ac_engine *engine = new_engine();
    ac_layer shape = new_layer(engine, AC_CLASS_SHAPE_LAYER);
    const char *keys[] = {"fillRule", "lineCap", "lineJoin"};
    const int64_t highest[] = {AC_FILL_RULE_EVEN_ODD, AC_LINE_CAP_SQUARE, AC_LINE_JOIN_BEVEL};
    for (int i = 0; i < 3; i++) {
        ac_value bad = ac_value_integer(highest[i] + 1);
        EXPECT_ERROR(ac_layer_set_value(engine, shape, key_of(engine, keys[i]), &bad), AC_ERR_OUT_OF_RANGE, keys[i]);
        bad = ac_value_integer(-1);
        EXPECT_ERROR(ac_layer_set_value(engine, shape, key_of(engine, keys[i]), &bad), AC_ERR_OUT_OF_RANGE, keys[i]);
        ac_key key = key_of(engine, keys[i]);
        double slot = (double)(highest[i] + 1);
        EXPECT_ERROR(ac_layers_set_value(engine, &shape, 1, key, &slot, 1), AC_ERR_OUT_OF_RANGE, keys[i]);
        set_value(engine, shape, keys[i], ac_value_integer(highest[i]));
        AC_CHECK_EQ_INT(model_value(engine, shape, keys[i]).i, highest[i]);
    }
    set_scalar(engine, shape, "strokeStart", -0.25);
    set_scalar(engine, shape, "strokeEnd", 1.5);
    set_scalar(engine, shape, "lineWidth", -2);
    set_scalar(engine, shape, "miterLimit", -1);
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, shape, "strokeStart"), -0.25);
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, shape, "strokeEnd"), 1.5);
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, shape, "lineWidth"), -2);
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, shape, "miterLimit"), -1);
    ac_value nan = ac_value_scalar(NAN);
    EXPECT_ERROR(ac_layer_set_value(engine, shape, key_of(engine, "strokeEnd"), &nan), AC_ERR_NOT_FINITE, "strokeEnd");
    /* fillRule, lineCap, lineJoin and lineDashPattern do not animate. */
    ac_animation animation = 0;
    AC_CHECK_OK(ac_animation_create_basic(engine, "lineCap", &animation));
    EXPECT_ERROR(ac_layer_add_animation(engine, shape, animation, "c"), AC_ERR_NOT_ANIMATABLE, "lineCap");
    ac_animation_release(engine, animation);
    AC_CHECK_OK(ac_animation_create_basic(engine, "lineDashPattern", &animation));
    EXPECT_ERROR(ac_layer_add_animation(engine, shape, animation, "d"), AC_ERR_NOT_ANIMATABLE, "lineDashPattern");
    ac_animation_release(engine, animation);
    AC_CHECK_OK(ac_layer_release(engine, shape));
    ac_engine_destroy(engine);
}

/* A path and a dash pattern round trip; strokeEnd 0 -> 1 and fillColor animate; an animation
   of the path is taken, the model path kept. */
static void test_shape_layer_animation(void) {
    ac_engine *engine = new_engine();
    ac_layer shape = new_layer(engine, AC_CLASS_SHAPE_LAYER);
    ac_key path = key_of(engine, "path");
    ac_path_element elements[AC_PATH_ELLIPSE_ELEMENTS], read[AC_PATH_ELLIPSE_ELEMENTS];
    size_t count = 0;
    AC_CHECK_OK(ac_path_ellipse(0, 0, 100, 50, elements, AC_PATH_ELLIPSE_ELEMENTS, &count));
    AC_CHECK_OK(ac_layer_set_path(engine, shape, path, elements, count));
    count = 0;
    AC_CHECK_OK(ac_layer_get_path(engine, shape, path, 1, read, AC_PATH_ELLIPSE_ELEMENTS, &count));
    AC_CHECK_EQ_INT((long long)count, AC_PATH_ELLIPSE_ELEMENTS);
    for (size_t i = 0; i < count; i++) {
        AC_CHECK_EQ_INT(read[i].type, elements[i].type);
        for (int k = 0; k < 6; k++) AC_CHECK_EQ_DOUBLE(read[i].points[k], elements[i].points[k]);
    }
    const double dashes[] = {4, 2, 1};
    double dashes_read[3] = {0};
    ac_key dash = key_of(engine, "lineDashPattern");
    AC_CHECK_OK(ac_layer_set_numbers(engine, shape, dash, dashes, 3));
    AC_CHECK_OK(ac_layer_get_numbers(engine, shape, dash, 1, dashes_read, 3, &count));
    AC_CHECK_EQ_INT((long long)count, 3);
    for (int i = 0; i < 3; i++) AC_CHECK_EQ_DOUBLE(dashes_read[i], dashes[i]);
    tick(engine, T0);
    ac_animation animation = scalar_animation(engine, "strokeEnd", 1, 0, 1, 1, 0, 0, 1.0);
    AC_CHECK_OK(ac_layer_add_animation(engine, shape, animation, "draw"));
    ac_animation_release(engine, animation);
    AC_CHECK_OK(ac_animation_create_basic(engine, "fillColor", &animation));
    ac_value red = ac_value_color(1, 0, 0, 1), blue = ac_value_color(0, 0, 1, 1);
    AC_CHECK_OK(ac_animation_set_value(engine, animation, AC_ANIMATION_FROM, &red));
    AC_CHECK_OK(ac_animation_set_value(engine, animation, AC_ANIMATION_TO, &blue));
    ac_timing timing = get_timing(engine, animation);
    timing.duration_s = 1.0;
    set_timing(engine, animation, timing);
    AC_CHECK_OK(ac_layer_add_animation(engine, shape, animation, "fill"));
    ac_animation_release(engine, animation);
    tick(engine, T0 + 0.1); /* commits: both begin here */
    tick(engine, T0 + 0.35);
    AC_CHECK_NEAR(presentation_scalar(engine, shape, "strokeEnd"), 0.25, 1e-6);
    check_color(presentation_value(engine, shape, "fillColor"), 0.75, 0, 0.25, 1);
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, shape, "strokeEnd"), 1);
    /* The path animates (here to the empty path, another shape: the ellipse shows until half
       way; test_variable_animations covers the interpolation). */
    ac_value empty = ac_value_zeroed(AC_VALUE_PATH);
    AC_CHECK_OK(ac_animation_create_basic(engine, "path", &animation));
    AC_CHECK_OK(ac_animation_set_value(engine, animation, AC_ANIMATION_TO, &empty));
    AC_CHECK_OK(ac_layer_add_animation(engine, shape, animation, "morph"));
    ac_animation_release(engine, animation);
    AC_CHECK_OK(ac_layer_get_path(engine, shape, path, 1, read, AC_PATH_ELLIPSE_ELEMENTS, &count));
    AC_CHECK_EQ_INT((long long)count, AC_PATH_ELLIPSE_ELEMENTS);
    AC_CHECK_OK(ac_layer_release(engine, shape));
    ac_engine_destroy(engine);
}

/* Reference §4.2: defaults, the type range, colors and locations round trips, startPoint
   animating, animations of colors and locations taken. */
static void test_gradient_layer(void) {
    ac_engine *engine = new_engine();
    ac_layer gradient = new_layer(engine, AC_CLASS_GRADIENT_LAYER);
    ac_key colors = key_of(engine, "colors"), locations = key_of(engine, "locations");
    size_t count = 99;
    AC_CHECK_OK(ac_layer_get_colors(engine, gradient, colors, 0, NULL, 0, &count));
    AC_CHECK_EQ_INT((long long)count, 0);
    count = 99;
    AC_CHECK_OK(ac_layer_get_numbers(engine, gradient, locations, 0, NULL, 0, &count));
    AC_CHECK_EQ_INT((long long)count, 0);
    ac_value start = model_value(engine, gradient, "startPoint"), end = model_value(engine, gradient, "endPoint");
    AC_CHECK_EQ_INT(start.kind, AC_VALUE_POINT);
    AC_CHECK_EQ_DOUBLE(start.v[0], 0.5);
    AC_CHECK_EQ_DOUBLE(start.v[1], 0);
    AC_CHECK_EQ_DOUBLE(end.v[0], 0.5);
    AC_CHECK_EQ_DOUBLE(end.v[1], 1);
    AC_CHECK_EQ_INT(model_value(engine, gradient, "type").i, AC_GRADIENT_TYPE_AXIAL);
    ac_value bad = ac_value_integer(AC_GRADIENT_TYPE_CONIC + 1);
    EXPECT_ERROR(ac_layer_set_value(engine, gradient, key_of(engine, "type"), &bad), AC_ERR_OUT_OF_RANGE, "type");
    set_value(engine, gradient, "type", ac_value_integer(AC_GRADIENT_TYPE_RADIAL));
    AC_CHECK_EQ_INT(model_value(engine, gradient, "type").i, AC_GRADIENT_TYPE_RADIAL);
    /* Round trips, read as presentation values. */
    const double rgba[] = {1, 0, 0, 1, 0, 1, 0, 0.5, 0, 0, 1, 1};
    const double stops[] = {0, 0.25, 1};
    double rgba_read[12] = {0}, stops_read[3] = {0};
    AC_CHECK_OK(ac_layer_set_colors(engine, gradient, colors, rgba, 3));
    AC_CHECK_OK(ac_layer_set_numbers(engine, gradient, locations, stops, 3));
    AC_CHECK_OK(ac_layer_get_colors(engine, gradient, colors, 1, rgba_read, 3, &count));
    AC_CHECK_EQ_INT((long long)count, 3);
    for (int i = 0; i < 12; i++) AC_CHECK_EQ_DOUBLE(rgba_read[i], rgba[i]);
    AC_CHECK_OK(ac_layer_get_numbers(engine, gradient, locations, 1, stops_read, 3, &count));
    AC_CHECK_EQ_INT((long long)count, 3);
    for (int i = 0; i < 3; i++) AC_CHECK_EQ_DOUBLE(stops_read[i], stops[i]);
    /* startPoint animates; type does not; colors and locations animate. */
    tick(engine, T0);
    ac_animation animation = 0;
    AC_CHECK_OK(ac_animation_create_basic(engine, "startPoint", &animation));
    ac_value to = ac_value_point(0.5, 1);
    AC_CHECK_OK(ac_animation_set_value(engine, animation, AC_ANIMATION_TO, &to));
    ac_timing timing = get_timing(engine, animation);
    timing.duration_s = 1.0;
    set_timing(engine, animation, timing);
    AC_CHECK_OK(ac_layer_add_animation(engine, gradient, animation, "sweep"));
    ac_animation_release(engine, animation);
    tick(engine, T0 + 0.1);
    tick(engine, T0 + 0.6);
    AC_CHECK_NEAR(presentation_value(engine, gradient, "startPoint").v[1], 0.5, 1e-6);
    AC_CHECK_OK(ac_animation_create_basic(engine, "type", &animation));
    EXPECT_ERROR(ac_layer_add_animation(engine, gradient, animation, "t"), AC_ERR_NOT_ANIMATABLE, "type");
    ac_animation_release(engine, animation);
    const char *arrays[] = {"colors", "locations"};
    const int32_t kinds[] = {AC_VALUE_COLORS, AC_VALUE_NUMBERS};
    for (int i = 0; i < 2; i++) {
        ac_value empty = ac_value_zeroed(kinds[i]);
        AC_CHECK_OK(ac_animation_create_basic(engine, arrays[i], &animation));
        AC_CHECK_OK(ac_animation_set_value(engine, animation, AC_ANIMATION_TO, &empty));
        AC_CHECK_OK(ac_layer_add_animation(engine, gradient, animation, "a"));
        ac_animation_release(engine, animation);
    }
    AC_CHECK_OK(ac_layer_release(engine, gradient));
    ac_engine_destroy(engine);
}

/* Reference §5.3: twelve dots about (50, 50), a twelfth of a second apart. */
static void test_spinner(void) {
    ac_engine *engine = new_engine();
    ac_class spinner_class = 0;
    ac_property_desc extra;
    ac_value one = ac_value_scalar(1);
    AC_CHECK_OK(ac_property_desc_init(&extra, "speedFactor", &one));
    AC_CHECK_OK(ac_class_create(engine, "Spinner", AC_CLASS_REPLICATOR_LAYER, &extra, 1, &spinner_class));
    ac_layer spinner = make(engine, spinner_class, 100, 100, 50, 50, 0);
    AC_CHECK_EQ_INT(model_value(engine, spinner, "instanceCount").i, 1); /* inherited default */
    ac_layer dot = make(engine, AC_CLASS_LAYER, 8, 8, 50, 10, spinner);
    set_value(engine, spinner, "instanceCount", ac_value_integer(12));
    set_value(engine, spinner, "instanceTransform", rotation_z(2 * PI / 12));
    set_value(engine, spinner, "instanceDelay", ac_value_scalar(1.0 / 12));
    set_value(engine, spinner, "instanceAlphaOffset", ac_value_scalar(-1.0 / 12));
    set_value(engine, spinner, "instanceRedOffset", ac_value_scalar(0.5));
    tick(engine, T0);
    ac_animation fade = scalar_animation(engine, "opacity", 1, 1, 1, 0, 0, 0, 1.0);
    ac_timing timing = get_timing(engine, fade);
    timing.repeat_count = INFINITY;
    set_timing(engine, fade, timing);
    AC_CHECK_OK(ac_layer_add_animation(engine, dot, fade, "fade"));
    ac_animation_release(engine, fade);
    tick(engine, T0); /* commits: the fade begins at T0 */
    tick(engine, T0 + 0.5);
    ac_render_list list = 0;
    AC_CHECK_OK(ac_render_list_create(engine, &list));
    size_t count = 0;
    const ac_render_entry *entries = fill(engine, list, spinner, 1, &count);
    AC_CHECK_EQ_INT((long long)count, 13);
    if (count == 13) {
        AC_CHECK_EQ_INT(entries[0].instance_index, 0);
        for (int k = 0; k < 12; k++) {
            const ac_render_entry *e = &entries[1 + k];
            double centre[2];
            map_point(e->matrix, 4, 4, centre);
            double angle = k * 2 * PI / 12;
            /* (50, 10) turned by k × 30° about (50, 50): [c s; -s c] on row vectors. */
            AC_CHECK_NEAR(centre[0], 50 + 40 * sin(angle), 1e-9);
            AC_CHECK_NEAR(centre[1], 50 - 40 * cos(angle), 1e-9);
            AC_CHECK_EQ_INT(e->instance_index, k);
            AC_CHECK_NEAR(e->instance_time_shift, k / 12.0, 1e-12);
            AC_CHECK_EQ_DOUBLE(e->instance_color[0], 1); /* 1 + k/2 clamped */
            AC_CHECK_EQ_DOUBLE(e->instance_color[1], 1);
            AC_CHECK_NEAR(e->instance_color[3], 1 - k / 12.0, 1e-12);
            /* At t − k/12; before its delayed begin, the model value (1). */
            double expected = k <= 6 ? 1 - (0.5 - k / 12.0) : 1;
            AC_CHECK_NEAR(e->opacity, expected, 1e-9);
            AC_CHECK_EQ_INT((long long)e->layer, (long long)dot);
            AC_CHECK_EQ_INT(e->parent, 0);
        }
        AC_CHECK_EQ_INT(entries[0].subtree_end, 13);
    }
    /* Model values: no time shift, the same matrices. */
    entries = fill(engine, list, spinner, 0, &count);
    AC_CHECK_EQ_INT((long long)count, 13);
    if (count == 13) AC_CHECK_EQ_DOUBLE(entries[12].opacity, 1);
    /* Hit testing sees the model tree: the dot itself only (instance 0). */
    ac_layer hit = 0;
    double at_first[2] = {50, 10};
    AC_CHECK_OK(ac_layer_hit_test(engine, spinner, AC_GEOMETRY_MODEL, at_first, &hit));
    AC_CHECK_EQ_INT((long long)hit, (long long)dot);
    double at_third[2] = {90, 50};
    AC_CHECK_OK(ac_layer_hit_test(engine, spinner, AC_GEOMETRY_MODEL, at_third, &hit));
    AC_CHECK_EQ_INT((long long)hit, (long long)spinner);
    /* instanceCount 0 draws no instance; the replicator itself is drawn. */
    set_value(engine, spinner, "instanceCount", ac_value_integer(0));
    entries = fill(engine, list, spinner, 0, &count);
    AC_CHECK_EQ_INT((long long)count, 1);
    AC_CHECK_OK(ac_render_list_destroy(engine, list));
    AC_CHECK_OK(ac_layer_release(engine, spinner));
    ac_engine_destroy(engine);
}

static void test_nested_replicators(void) {
    ac_engine *engine = new_engine();
    ac_layer outer = make(engine, AC_CLASS_REPLICATOR_LAYER, 100, 100, 50, 50, 0);
    ac_layer inner = make(engine, AC_CLASS_REPLICATOR_LAYER, 100, 100, 50, 50, outer);
    make(engine, AC_CLASS_LAYER, 2, 2, 1, 1, inner);
    set_value(engine, outer, "instanceCount", ac_value_integer(3));
    set_value(engine, outer, "instanceTransform", translation(10, 0, 0));
    set_value(engine, outer, "instanceAlphaOffset", ac_value_scalar(-0.25));
    set_value(engine, inner, "instanceCount", ac_value_integer(4));
    set_value(engine, inner, "instanceTransform", translation(0, 10, 0));
    set_value(engine, inner, "instanceRedOffset", ac_value_scalar(-0.25));
    ac_render_list list = 0;
    AC_CHECK_OK(ac_render_list_create(engine, &list));
    size_t count = 0;
    const ac_render_entry *entries = fill(engine, list, outer, 0, &count);
    AC_CHECK_EQ_INT((long long)count, 1 + 3 * (1 + 4));
    if (count == 16) {
        const ac_render_entry *last = &entries[15]; /* outer k = 2, inner k = 3 */
        double at[2];
        map_point(last->matrix, 1, 1, at);
        AC_CHECK_NEAR(at[0], 1 + 20, TOL);
        AC_CHECK_NEAR(at[1], 1 + 30, TOL);
        AC_CHECK_EQ_INT(last->instance_index, 3);
        AC_CHECK_NEAR(last->instance_color[0], 0.25, TOL);
        AC_CHECK_NEAR(last->instance_color[3], 0.5, TOL);
        /* The inner replicator's own entry of outer instance 1. */
        AC_CHECK_EQ_INT((long long)entries[6].layer, (long long)inner);
        AC_CHECK_EQ_INT(entries[6].instance_index, 1);
        AC_CHECK_NEAR(entries[6].instance_color[3], 0.75, TOL);
        AC_CHECK_EQ_INT(entries[6].subtree_end, 11);
    }
    /* Filled again unchanged: each instance's entry matches its own previous one. */
    int32_t dirty = -1;
    AC_CHECK_OK(ac_render_list_fill(engine, list, outer, 0, &entries, &count, NULL, &dirty));
    AC_CHECK_EQ_INT(dirty, 0);
    for (size_t i = 0; i < count; i++) AC_CHECK_EQ_INT(entries[i].flags & AC_RENDER_CHANGED, 0);
    /* One more inner instance: only its entries (and the replicators') change. */
    set_value(engine, inner, "instanceCount", ac_value_integer(5));
    AC_CHECK_OK(ac_render_list_fill(engine, list, outer, 0, &entries, &count, NULL, &dirty));
    AC_CHECK_EQ_INT((long long)count, 1 + 3 * (1 + 5));
    AC_CHECK_EQ_INT(dirty, 1);
    if (count == 19) {
        AC_CHECK_EQ_INT(entries[2].flags & AC_RENDER_CHANGED, 0); /* outer 0, inner 0 */
        AC_CHECK_EQ_INT(entries[6].flags & AC_RENDER_CHANGED, AC_RENDER_CHANGED); /* outer 0, inner 4: new */
    }
    AC_CHECK_OK(ac_render_list_destroy(engine, list));
    AC_CHECK_OK(ac_layer_release(engine, outer));
    ac_engine_destroy(engine);
}

static void test_instance_limits(void) {
    ac_engine *engine = new_engine();
    ac_layer outer = make(engine, AC_CLASS_REPLICATOR_LAYER, 10, 10, 5, 5, 0);
    ac_value bad = ac_value_integer(-1);
    EXPECT_ERROR(ac_layer_set_value(engine, outer, key_of(engine, "instanceCount"), &bad), AC_ERR_OUT_OF_RANGE, "instanceCount");
    bad = ac_value_integer((int64_t)AC_MAX_REPLICATOR_INSTANCES + 1);
    EXPECT_ERROR(ac_layer_set_value(engine, outer, key_of(engine, "instanceCount"), &bad), AC_ERR_OUT_OF_RANGE, "instanceCount");
    /* The batch set checks the same range. */
    double slot_values[1] = {(double)AC_MAX_REPLICATOR_INSTANCES + 1};
    EXPECT_ERROR(ac_layers_set_value(engine, &outer, 1, key_of(engine, "instanceCount"), slot_values, 1),
                 AC_ERR_OUT_OF_RANGE, "instanceCount");
    AC_CHECK_EQ_INT(model_value(engine, outer, "instanceCount").i, 1);
    bad = ac_value_scalar(NAN);
    EXPECT_ERROR(ac_layer_set_value(engine, outer, key_of(engine, "instanceDelay"), &bad), AC_ERR_NOT_FINITE, "instanceDelay");
    bad = ac_value_scalar(2e6);
    EXPECT_ERROR(ac_layer_set_value(engine, outer, key_of(engine, "instanceDelay"), &bad), AC_ERR_OUT_OF_RANGE, "instanceDelay");
    /* The product of nested counts is bounded: the inner replicator, without sublayers (so the
       list stays small), draws fewer instances than asked and says so. */
    ac_layer inner = make(engine, AC_CLASS_REPLICATOR_LAYER, 10, 10, 5, 5, outer);
    set_value(engine, inner, "instanceCount", ac_value_integer(AC_MAX_REPLICATOR_INSTANCES));
    ac_render_list list = 0;
    AC_CHECK_OK(ac_render_list_create(engine, &list));
    size_t count = 0;
    const ac_render_entry *entries = fill(engine, list, outer, 0, &count);
    AC_CHECK_EQ_INT((long long)count, 2);
    if (count == 2) AC_CHECK_EQ_INT(entries[1].flags & AC_RENDER_INSTANCES_CLAMPED, 0);
    set_value(engine, outer, "instanceCount", ac_value_integer(2));
    entries = fill(engine, list, outer, 0, &count);
    AC_CHECK_EQ_INT((long long)count, 3);
    if (count == 3) {
        AC_CHECK_EQ_INT(entries[0].flags & AC_RENDER_INSTANCES_CLAMPED, 0);
        AC_CHECK_EQ_INT(entries[1].flags & AC_RENDER_INSTANCES_CLAMPED, AC_RENDER_INSTANCES_CLAMPED);
    }
    /* instanceCount animates (integers interpolate and round); an animated count past the
       limit is clamped and flagged. */
    ac_layer lone = make(engine, AC_CLASS_REPLICATOR_LAYER, 10, 10, 5, 5, 0);
    ac_layer only_child = make(engine, AC_CLASS_LAYER, 2, 2, 1, 1, lone);
    tick(engine, T0);
    ac_animation grow = 0;
    AC_CHECK_OK(ac_animation_create_basic(engine, "instanceCount", &grow));
    ac_value from = ac_value_integer(1), to = ac_value_integer(9);
    AC_CHECK_OK(ac_animation_set_value(engine, grow, AC_ANIMATION_FROM, &from));
    AC_CHECK_OK(ac_animation_set_value(engine, grow, AC_ANIMATION_TO, &to));
    ac_timing timing;
    ac_timing_init_animation(&timing);
    timing.duration_s = 1;
    AC_CHECK_OK(ac_animation_set_timing(engine, grow, &timing));
    AC_CHECK_OK(ac_layer_add_animation(engine, lone, grow, "grow"));
    tick(engine, T0);
    tick(engine, T0 + 0.5);
    entries = fill(engine, list, lone, 1, &count);
    AC_CHECK_EQ_INT((long long)count, 1 + 5); /* 1 + (9 - 1) / 2 instances */
    AC_CHECK_OK(ac_layer_remove_all_animations(engine, lone));
    to = ac_value_integer((int64_t)1 << 40);
    AC_CHECK_OK(ac_animation_set_value(engine, grow, AC_ANIMATION_TO, &to));
    AC_CHECK_OK(ac_layer_add_animation(engine, lone, grow, "grow"));
    ac_animation_release(engine, grow);
    /* Without sublayers, so the clamped count costs nothing to draw. */
    AC_CHECK_OK(ac_layer_remove_from_superlayer(engine, only_child));
    tick(engine, T0 + 0.6);
    tick(engine, T0 + 1.1);
    entries = fill(engine, list, lone, 1, &count);
    AC_CHECK_EQ_INT((long long)count, 1);
    if (count == 1) AC_CHECK_EQ_INT(entries[0].flags & AC_RENDER_INSTANCES_CLAMPED, AC_RENDER_INSTANCES_CLAMPED);
    AC_CHECK_OK(ac_layer_release(engine, lone));
    AC_CHECK_OK(ac_render_list_destroy(engine, list));
    AC_CHECK_OK(ac_layer_release(engine, outer));
    ac_engine_destroy(engine);
}

static void test_transform_layer(void) {
    ac_engine *engine = new_engine();
    ac_layer root = make(engine, AC_CLASS_TRANSFORM_LAYER, 100, 100, 50, 50, 0);
    set_value(engine, root, "backgroundColor", ac_value_color(1, 0, 0, 1));
    set_value(engine, root, "opacity", ac_value_scalar(0.5));
    set_value(engine, root, "masksToBounds", ac_value_bool(1));
    /* Nearer by its transform (z 20) but behind by zPosition (0 against 5). */
    ac_layer near_one = make(engine, AC_CLASS_TRANSFORM_LAYER, 10, 10, 20, 20, root);
    set_value(engine, near_one, "transform", translation(0, 0, 20));
    ac_layer far_one = make(engine, AC_CLASS_LAYER, 10, 10, 60, 60, root);
    set_value(engine, far_one, "zPosition", ac_value_scalar(5));
    ac_layer leaf = make(engine, AC_CLASS_LAYER, 2, 2, 1, 1, near_one);
    ac_render_list list = 0;
    AC_CHECK_OK(ac_render_list_create(engine, &list));
    size_t count = 0;
    const ac_render_entry *entries = fill(engine, list, root, 0, &count);
    AC_CHECK_EQ_INT((long long)count, 4);
    if (count == 4) {
        AC_CHECK_EQ_INT(entries[0].flags & (AC_RENDER_SUBLAYERS_ONLY | AC_RENDER_CLIPS | AC_RENDER_OPACITY_GROUP),
                        AC_RENDER_SUBLAYERS_ONLY);
        AC_CHECK_EQ_DOUBLE(entries[0].background_color[3], 0);
        AC_CHECK_EQ_INT((long long)entries[1].layer, (long long)far_one); /* depth 5 before 20 */
        AC_CHECK_EQ_INT((long long)entries[2].layer, (long long)near_one);
        AC_CHECK_EQ_INT((long long)entries[3].layer, (long long)leaf);
        AC_CHECK_NEAR(entries[1].alpha, 0.5, TOL); /* the opacity goes to each sublayer */
        AC_CHECK_NEAR(entries[3].matrix[14], 20, TOL); /* kept in 3D through near_one */
    }
    /* The same tree of plain layers: zPosition order, and flattened. */
    ac_layer plain = make(engine, AC_CLASS_LAYER, 100, 100, 50, 50, 0);
    ac_layer mid = make(engine, AC_CLASS_LAYER, 10, 10, 20, 20, plain);
    set_value(engine, mid, "transform", translation(0, 0, 20));
    ac_layer other = make(engine, AC_CLASS_LAYER, 10, 10, 60, 60, plain);
    set_value(engine, other, "zPosition", ac_value_scalar(5));
    make(engine, AC_CLASS_LAYER, 2, 2, 1, 1, mid);
    entries = fill(engine, list, plain, 0, &count);
    AC_CHECK_EQ_INT((long long)count, 4);
    if (count == 4) {
        AC_CHECK_EQ_INT((long long)entries[1].layer, (long long)mid);
        AC_CHECK_EQ_INT((long long)entries[3].layer, (long long)other);
        AC_CHECK_NEAR(entries[2].matrix[14], 0, TOL);
    }
    AC_CHECK_OK(ac_render_list_destroy(engine, list));
    AC_CHECK_OK(ac_layer_release(engine, root));
    AC_CHECK_OK(ac_layer_release(engine, plain));
    ac_engine_destroy(engine);
}

/* Through a transform layer (reference §1.5, §2.1): the card's own lift (z 50) turns with the
 * transform layer about y, seen in the container's perspective; conversion, the matrix, the
 * render list and the hit test agree; the transform layer itself is never hit. */
static void test_transform_layer_geometry(void) {
    ac_engine *engine = new_engine();
    ac_layer container = make(engine, AC_CLASS_LAYER, 300, 200, 150, 100, 0);
    double perspective[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -1.0 / 500, 0, 0, 0, 1};
    set_value(engine, container, "sublayerTransform", ac_value_transform3d(perspective));
    ac_layer turning = make(engine, AC_CLASS_TRANSFORM_LAYER, 300, 200, 150, 100, container);
    const double angle = PI / 5, c = cos(angle), s = sin(angle);
    double turn[16] = {c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, 0, 0, 0, 1};
    set_value(engine, turning, "transform", ac_value_transform3d(turn));
    ac_layer card = make(engine, AC_CLASS_LAYER, 100, 100, 150, 100, turning);
    set_value(engine, card, "transform", translation(0, 0, 50));
    double matrix[16];
    AC_CHECK_OK(ac_layer_matrix_to_layer(engine, card, container, AC_GEOMETRY_MODEL, matrix));
    const double corners[3][2] = {{0, 0}, {100, 0}, {30, 70}};
    for (int k = 0; k < 3; k++) {
        /* About the transform layer's anchor: the corner lifted 50, turned, then the perspective. */
        double x = corners[k][0] - 50, y = corners[k][1] - 50, z = 50;
        double tx = x * c + z * s, tz = -x * s + z * c, w = 1 - tz / 500;
        double expected[2] = {tx / w + 150, y / w + 100}, out[2] = {0, 0}, via[2];
        int32_t mapped = -1;
        AC_CHECK_OK(ac_layer_convert_point(engine, card, container, AC_GEOMETRY_MODEL, corners[k], out, &mapped));
        AC_CHECK_EQ_INT(mapped, 1);
        AC_CHECK_NEAR(out[0], expected[0], TOL);
        AC_CHECK_NEAR(out[1], expected[1], TOL);
        map_point(matrix, corners[k][0], corners[k][1], via);
        AC_CHECK_NEAR(via[0], expected[0], TOL);
        AC_CHECK_NEAR(via[1], expected[1], TOL);
    }
    /* The render list draws the card with its matrix to the root space. */
    double to_root[16];
    AC_CHECK_OK(ac_layer_matrix_to_layer(engine, card, 0, AC_GEOMETRY_MODEL, to_root));
    ac_render_list list = 0;
    AC_CHECK_OK(ac_render_list_create(engine, &list));
    size_t count = 0;
    const ac_render_entry *entries = fill(engine, list, container, 0, &count);
    AC_CHECK_EQ_INT((long long)count, 3);
    if (count == 3) {
        AC_CHECK_EQ_INT((long long)entries[2].layer, (long long)card);
        for (int k = 0; k < 16; k++) AC_CHECK_NEAR(entries[2].matrix[k], to_root[k], TOL);
    }
    /* A tap on the card's middle finds it; a point of the transform layer's bounds off the
     * card finds the container. */
    const double middle_of_card[2] = {50, 50};
    double middle[2] = {0, 0};
    int32_t mapped = -1;
    AC_CHECK_OK(ac_layer_convert_point(engine, card, container, AC_GEOMETRY_MODEL, middle_of_card, middle, &mapped));
    ac_layer hit = 0;
    AC_CHECK_OK(ac_layer_hit_test(engine, container, AC_GEOMETRY_MODEL, middle, &hit));
    AC_CHECK_EQ_INT((long long)hit, (long long)card);
    const double corner[2] = {5, 5};
    AC_CHECK_OK(ac_layer_hit_test(engine, container, AC_GEOMETRY_MODEL, corner, &hit));
    AC_CHECK_EQ_INT((long long)hit, (long long)container);
    AC_CHECK_OK(ac_layer_hit_test(engine, turning, AC_GEOMETRY_MODEL, corner, &hit));
    AC_CHECK_EQ_INT((long long)hit, 0);
    AC_CHECK_OK(ac_render_list_destroy(engine, list));
    AC_CHECK_OK(ac_layer_release(engine, container));
    ac_engine_destroy(engine);
}

/* A card flipped by a transform layer (reference §1.7, [INFERRED] which matrix): a single-sided
 * face is drawn while its matrix through the transform layer faces the viewer. */
static void test_card_flip(void) {
    ac_engine *engine = new_engine();
    ac_layer container = make(engine, AC_CLASS_LAYER, 200, 200, 100, 100, 0);
    double perspective[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -1.0 / 500, 0, 0, 0, 1};
    set_value(engine, container, "sublayerTransform", ac_value_transform3d(perspective));
    ac_layer card = make(engine, AC_CLASS_TRANSFORM_LAYER, 100, 100, 100, 100, container);
    ac_layer front = make(engine, AC_CLASS_LAYER, 100, 100, 50, 50, card);
    ac_layer back = make(engine, AC_CLASS_LAYER, 100, 100, 50, 50, card);
    double half[16] = {-1, 0, 0, 0, 0, 1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 1}; /* pi about y */
    set_value(engine, back, "transform", ac_value_transform3d(half));
    set_value(engine, front, "doubleSided", ac_value_bool(0));
    set_value(engine, back, "doubleSided", ac_value_bool(0));
    ac_render_list list = 0;
    AC_CHECK_OK(ac_render_list_create(engine, &list));
    const double angles[3] = {0, 0.75 * PI, 0.25 * PI};
    const ac_layer shown[3] = {front, back, front};
    for (int k = 0; k < 3; k++) {
        const double c = cos(angles[k]), s = sin(angles[k]);
        double turn[16] = {c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, 0, 0, 0, 1};
        set_value(engine, card, "transform", ac_value_transform3d(turn));
        size_t count = 0;
        const ac_render_entry *entries = fill(engine, list, container, 0, &count);
        AC_CHECK_EQ_INT((long long)count, 3);
        if (count == 3) AC_CHECK_EQ_INT((long long)entries[2].layer, (long long)shown[k]);
        /* What is drawn is what is hit: the face turned away takes no tap. */
        const double middle[2] = {100, 100};
        ac_layer hit = 0;
        AC_CHECK_OK(ac_layer_hit_test(engine, container, AC_GEOMETRY_MODEL, middle, &hit));
        AC_CHECK_EQ_INT((long long)hit, (long long)shown[k]);
    }
    AC_CHECK_OK(ac_render_list_destroy(engine, list));
    AC_CHECK_OK(ac_layer_release(engine, container));
    ac_engine_destroy(engine);
}

/* Adds a discrete keyframe animation of `key` to `layer`: `before` until its time 0.5, then
 * `after`, for 1 s, held after its end. */
static void add_switch(ac_engine *engine, ac_layer layer, const char *key, ac_value before, ac_value after) {
    ac_animation animation = 0;
    AC_CHECK_OK(ac_animation_create_keyframe(engine, key, &animation));
    const ac_value values[2] = {before, after};
    const double times[3] = {0, 0.5, 1};
    AC_CHECK_OK(ac_animation_set_values(engine, animation, values, 2));
    AC_CHECK_OK(ac_animation_set_key_times(engine, animation, times, 3));
    AC_CHECK_OK(ac_animation_set_calculation_mode(engine, animation, AC_CALCULATION_DISCRETE));
    AC_CHECK_OK(ac_animation_set_flag(engine, animation, AC_ANIMATION_REMOVED_ON_COMPLETION, 0));
    ac_timing timing;
    ac_timing_init_animation(&timing);
    timing.duration_s = 1;
    timing.fill_mode = AC_FILL_FORWARDS;
    AC_CHECK_OK(ac_animation_set_timing(engine, animation, &timing));
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, animation, key));
    AC_CHECK_OK(ac_animation_release(engine, animation));
}

/* A delayed replicator instance reads its sublayers' hidden state and zPosition at its own
 * time (reference §5.2): instance k at t - k. */
static void test_instance_order(void) {
    ac_engine *engine = new_engine();
    ac_layer replicator = make(engine, AC_CLASS_REPLICATOR_LAYER, 100, 100, 50, 50, 0);
    ac_layer blink = make(engine, AC_CLASS_LAYER, 8, 8, 10, 10, replicator);
    ac_layer under = make(engine, AC_CLASS_LAYER, 8, 8, 10, 10, replicator);
    set_value(engine, replicator, "instanceCount", ac_value_integer(3));
    set_value(engine, replicator, "instanceDelay", ac_value_scalar(1));
    tick(engine, T0);
    add_switch(engine, blink, "hidden", ac_value_bool(0), ac_value_bool(1));
    add_switch(engine, under, "zPosition", ac_value_scalar(0), ac_value_scalar(1));
    tick(engine, T0);
    tick(engine, T0 + 1.2);
    ac_render_list list = 0;
    AC_CHECK_OK(ac_render_list_create(engine, &list));
    size_t count = 0;
    const ac_render_entry *entries = fill(engine, list, replicator, 1, &count);
    /* Instance 0 at 1.2: blink hidden, under risen; instances 1 and 2: both, in added order. */
    const ac_layer expected[6] = {replicator, under, blink, under, blink, under};
    const int32_t instances[6] = {0, 0, 1, 1, 2, 2};
    AC_CHECK_EQ_INT((long long)count, 6);
    for (size_t k = 0; k < count && k < 6; k++) {
        AC_CHECK_EQ_INT((long long)entries[k].layer, (long long)expected[k]);
        AC_CHECK_EQ_INT(entries[k].instance_index, instances[k]);
    }
    AC_CHECK_OK(ac_render_list_destroy(engine, list));
    AC_CHECK_OK(ac_layer_release(engine, replicator));
    ac_engine_destroy(engine);
}

/* A delayed replicator instance reads whether its sublayers' masks draw, and their
 * transitions, at its own time too: instance k at t - k. */
static void test_instance_mask_and_transition(void) {
    ac_engine *engine = new_engine();
    ac_layer replicator = make(engine, AC_CLASS_REPLICATOR_LAYER, 100, 100, 50, 50, 0);
    ac_layer card = make(engine, AC_CLASS_LAYER, 8, 8, 10, 10, replicator);
    ac_layer masked = make(engine, AC_CLASS_LAYER, 8, 8, 30, 10, replicator);
    ac_layer cover = make(engine, AC_CLASS_LAYER, 8, 8, 4, 4, 0);
    AC_CHECK_OK(ac_layer_set_mask(engine, masked, cover));
    set_value(engine, replicator, "instanceCount", ac_value_integer(3));
    set_value(engine, replicator, "instanceDelay", ac_value_scalar(1));
    tick(engine, T0);
    /* The mask hides itself from its time 0.5 on; the card fades over 2 s from its time 0. */
    add_switch(engine, cover, "hidden", ac_value_bool(0), ac_value_bool(1));
    ac_animation fade = 0;
    ac_transition parameters;
    ac_timing timing;
    AC_CHECK_OK(ac_animation_create_transition(engine, &fade));
    ac_transition_init(&parameters);
    AC_CHECK_OK(ac_animation_set_transition(engine, fade, &parameters));
    ac_timing_init_animation(&timing);
    timing.duration_s = 2;
    AC_CHECK_OK(ac_animation_set_timing(engine, fade, &timing));
    AC_CHECK_OK(ac_layer_add_animation(engine, card, fade, "transition"));
    AC_CHECK_OK(ac_animation_release(engine, fade));
    tick(engine, T0);
    tick(engine, T0 + 1.2);
    ac_render_list list = 0;
    AC_CHECK_OK(ac_render_list_create(engine, &list));
    size_t count = 0;
    const ac_render_entry *entries = fill(engine, list, replicator, 1, &count);
    /* Instance 0 at 1.2: the mask hidden, so `masked` draws nothing; instances 1 (at 0.2) and
     * 2 (at -0.8, the model) draw it with its mask. */
    const ac_layer expected[8] = {replicator, card, card, masked, cover, card, masked, cover};
    AC_CHECK_EQ_INT((long long)count, 8);
    for (size_t k = 0; k < count && k < 8; k++) AC_CHECK_EQ_INT((long long)entries[k].layer, (long long)expected[k]);
    if (count == 8) {
        /* The transition at each instance's time: 0.6 and 0.1 of the way; not begun in the third. */
        const size_t cards[3] = {1, 2, 5};
        const double progress[3] = {0.6, 0.1, 0};
        for (size_t k = 0; k < 3; k++) {
            const ac_render_entry *e = &entries[cards[k]];
            AC_CHECK_EQ_INT(e->instance_index, (int32_t)k);
            AC_CHECK_NEAR(e->transition_progress, progress[k], 1e-12);
            AC_CHECK_EQ_INT((e->transition_state & AC_TRANSITION_IN_EFFECT) != 0, k < 2);
            AC_CHECK(e->transition_id != 0 && e->transition_id == entries[1].transition_id);
        }
        AC_CHECK_NEAR(entries[2].transition_new_alpha, 0.1, 1e-12);
    }
    AC_CHECK_OK(ac_render_list_destroy(engine, list));
    AC_CHECK_OK(ac_layer_release(engine, cover));
    AC_CHECK_OK(ac_layer_release(engine, replicator));
    ac_engine_destroy(engine);
}

int main(void) {
    test_handles_and_names();
    test_text_layer();
    test_shape_layer_defaults();
    test_shape_layer_ranges();
    test_shape_layer_animation();
    test_gradient_layer();
    test_spinner();
    test_nested_replicators();
    test_instance_limits();
    test_transform_layer();
    test_transform_layer_geometry();
    test_card_flip();
    test_instance_order();
    test_instance_mask_and_transition();
    return ac_test_finish();
}
