/*
 * Layers: the built-in class's defaults, custom classes with inheritance, model values of every
 * kind, key paths, undeclared keys, frame, the layer timing properties' ranges, keys, batch
 * reads and snapshots, the tree (add, insert, remove, reparent, cycles), convertTime and layer
 * time, references and stale handles.
 */
#include "ac_engine_test.h"

static int values_equal(ac_value a, ac_value b) {
    int index, count = 0;
    if (a.kind != b.kind || a.reserved != b.reserved) return 0;
    switch (a.kind) {
    case AC_VALUE_SCALAR: count = 1; break;
    case AC_VALUE_POINT: case AC_VALUE_SIZE: count = 2; break;
    case AC_VALUE_VECTOR3: count = 3; break;
    case AC_VALUE_RECT: case AC_VALUE_COLOR: count = 4; break;
    case AC_VALUE_AFFINE_TRANSFORM: count = 6; break;
    case AC_VALUE_TRANSFORM3D: count = 16; break;
    default: count = 0;
    }
    for (index = 0; index < AC_VALUE_MAX_SLOTS; ++index)
        if (index < count ? a.v[index] != b.v[index] : b.v[index] != 0.0) return 0;
    return a.i == b.i;
}

#define CHECK_VALUE(got, want)                                                            \
    do {                                                                                  \
        ac_value got_ = (got), want_ = (want);                                            \
        if (!AC_CHECK(values_equal(got_, want_)))                                         \
            printf("    kind %d vs %d, v[0..3] = %g %g %g %g vs %g %g %g %g, i %lld vs %lld\n", \
                   got_.kind, want_.kind, got_.v[0], got_.v[1], got_.v[2], got_.v[3],     \
                   want_.v[0], want_.v[1], want_.v[2], want_.v[3], (long long)got_.i,     \
                   (long long)want_.i);                                                   \
    } while (0)

static const double identity[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};

/* The header's list, in order. */
static const char *const builtin_names[] = {
    "bounds", "position", "zPosition", "anchorPoint", "anchorPointZ", "transform",
    "sublayerTransform", "opacity", "hidden", "backgroundColor", "borderColor", "borderWidth",
    "cornerRadius", "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius",
    "contentsRect", "contents", "masksToBounds", "doubleSided", "needsDisplayOnBoundsChange",
    "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration",
    "autoreverses", "fillMode", "geometryFlipped", "maskedCorners", "contentsGravity",
    "contentsScale", "allowsGroupOpacity", "contentsCenter"};
#define BUILTIN_COUNT 36

static ac_value builtin_default(int index) {
    switch (index) {
    case 0: return ac_value_rect(0, 0, 0, 0);
    case 1: return ac_value_point(0, 0);
    case 2: return ac_value_scalar(0);
    case 3: return ac_value_point(0.5, 0.5);
    case 4: return ac_value_scalar(0);
    case 5: case 6: return ac_value_transform3d(identity);
    case 7: return ac_value_scalar(1);
    case 8: return ac_value_bool(0);
    case 9: return ac_value_color(0, 0, 0, 0);
    case 10: return ac_value_color(0, 0, 0, 1);
    case 11: case 12: return ac_value_scalar(0);
    case 13: return ac_value_color(0, 0, 0, 1);
    case 14: return ac_value_scalar(0);
    case 15: return ac_value_size(0, -3);
    case 16: return ac_value_scalar(3);
    case 17: return ac_value_rect(0, 0, 1, 1);
    case 18: return ac_value_token(0);
    case 19: return ac_value_bool(0);
    case 20: return ac_value_bool(1);
    case 21: return ac_value_bool(0);
    case 22: return ac_value_scalar(0);
    case 23: return ac_value_scalar(INFINITY);
    case 24: return ac_value_scalar(1);
    case 25: case 26: case 27: return ac_value_scalar(0);
    case 28: return ac_value_bool(0);
    case 29: return ac_value_integer(AC_FILL_REMOVED);
    case 30: return ac_value_bool(0);
    case 31: return ac_value_integer(AC_CORNER_MIN_X_MIN_Y | AC_CORNER_MAX_X_MIN_Y | AC_CORNER_MIN_X_MAX_Y | AC_CORNER_MAX_X_MAX_Y);
    case 32: return ac_value_integer(AC_GRAVITY_RESIZE);
    case 33: return ac_value_scalar(1);
    case 34: return ac_value_bool(1);
    default: return ac_value_rect(0, 0, 1, 1); /* 35: contentsCenter */
    }
}

static void test_builtin_defaults(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0);
    ac_property_value snapshot[40];
    size_t count = 0;
    ac_class layer_class = 99;
    int32_t needs = -1;
    int index;

    AC_CHECK_OK(ac_layer_class(engine, layer, &layer_class));
    AC_CHECK_EQ_INT(layer_class, 0);
    for (index = 0; index < BUILTIN_COUNT; ++index) {
        CHECK_VALUE(model_value(engine, layer, builtin_names[index]), builtin_default(index));
        CHECK_VALUE(presentation_value(engine, layer, builtin_names[index]), builtin_default(index));
    }
    CHECK_VALUE(model_value(engine, layer, "frame"), ac_value_rect(0, 0, 0, 0));

    /* A snapshot lists them in the same order, model and presentation alike. */
    AC_CHECK_OK(ac_layer_snapshot(engine, layer, 0, snapshot, 40, &count));
    AC_CHECK_EQ_INT(count, BUILTIN_COUNT);
    for (index = 0; index < BUILTIN_COUNT && index < (int)count; ++index) {
        char name[64];
        size_t length = 0;
        AC_CHECK_OK(ac_engine_key_name(engine, snapshot[index].key, name, sizeof name, &length));
        AC_CHECK_EQ_STR(name, builtin_names[index]);
        AC_CHECK_EQ_INT(snapshot[index].key, key_of(engine, builtin_names[index]));
        CHECK_VALUE(snapshot[index].value, builtin_default(index));
    }
    AC_CHECK_OK(ac_layer_snapshot(engine, layer, 1, snapshot, 40, &count));
    AC_CHECK_EQ_INT(count, BUILTIN_COUNT);
    CHECK_VALUE(snapshot[7].value, ac_value_scalar(1));
    /* Asking for the count, and a buffer too small. */
    EXPECT_ERROR(ac_layer_snapshot(engine, layer, 0, NULL, 0, &count), AC_ERR_BUFFER_TOO_SMALL, "out_values");
    AC_CHECK_EQ_INT(count, BUILTIN_COUNT);
    EXPECT_ERROR(ac_layer_snapshot(engine, layer, 0, snapshot, 3, &count), AC_ERR_BUFFER_TOO_SMALL, "out_values");
    AC_CHECK_EQ_INT(count, BUILTIN_COUNT);
    EXPECT_ERROR(ac_layer_snapshot(engine, layer, 0, NULL, 40, &count), AC_ERR_NULL_POINTER, "out_values");
    EXPECT_ERROR(ac_layer_snapshot(engine, layer, 0, snapshot, 40, NULL), AC_ERR_NULL_POINTER, "out_count");
    EXPECT_ERROR(ac_layer_snapshot(engine, layer + 1, 0, snapshot, 40, &count), AC_ERR_BAD_HANDLE, "layer");

    /* A new layer needs no display. */
    AC_CHECK_OK(ac_layer_needs_display(engine, layer, &needs));
    AC_CHECK_EQ_INT(needs, 0);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static void test_custom_classes(void) {
    ac_engine *engine = new_engine();
    ac_value radius_default = ac_value_scalar(10), fill_default = ac_value_color(1, 0, 0, 1);
    ac_value segments_default = ac_value_integer(12);
    ac_property_desc shape_props[2], circle_props[1];
    ac_class shape = 0, circle = 0, got = 0;
    ac_layer shape_layer, circle_layer;
    ac_property_value snapshot[40];
    size_t count = 0;
    ac_value v;

    ac_property_desc_init(&shape_props[0], "radius", &radius_default);
    shape_props[0].needs_display = 1;
    ac_property_desc_init(&shape_props[1], "fill", &fill_default);
    ac_property_desc_init(&circle_props[0], "segments", &segments_default);
    circle_props[0].animatable = 0;
    AC_CHECK_OK(ac_class_create(engine, "Shape", 0, shape_props, 2, &shape));
    AC_CHECK_OK(ac_class_create(engine, "Circle", shape, circle_props, 1, &circle));
    AC_CHECK(shape != 0 && circle != 0 && shape != circle);

    shape_layer = new_layer(engine, shape);
    circle_layer = new_layer(engine, circle);
    AC_CHECK_OK(ac_layer_class(engine, shape_layer, &got));
    AC_CHECK_EQ_INT(got, shape);
    AC_CHECK_OK(ac_layer_class(engine, circle_layer, &got));
    AC_CHECK_EQ_INT(got, circle);

    /* The subclass has the built-in, Shape's and its own properties, with their defaults. */
    CHECK_VALUE(model_value(engine, circle_layer, "radius"), radius_default);
    CHECK_VALUE(model_value(engine, circle_layer, "fill"), fill_default);
    CHECK_VALUE(model_value(engine, circle_layer, "segments"), segments_default);
    CHECK_VALUE(model_value(engine, circle_layer, "opacity"), ac_value_scalar(1));
    AC_CHECK_OK(ac_layer_snapshot(engine, circle_layer, 0, snapshot, 40, &count));
    AC_CHECK_EQ_INT(count, BUILTIN_COUNT + 3);
    AC_CHECK_EQ_INT(snapshot[BUILTIN_COUNT].key, key_of(engine, "radius"));
    AC_CHECK_EQ_INT(snapshot[BUILTIN_COUNT + 1].key, key_of(engine, "fill"));
    AC_CHECK_EQ_INT(snapshot[BUILTIN_COUNT + 2].key, key_of(engine, "segments"));
    CHECK_VALUE(snapshot[BUILTIN_COUNT + 2].value, segments_default);
    AC_CHECK_OK(ac_layer_snapshot(engine, shape_layer, 0, snapshot, 40, &count));
    AC_CHECK_EQ_INT(count, BUILTIN_COUNT + 2);

    /* Shape does not declare "segments": an undeclared key there, unknown until set, never
       animatable. */
    EXPECT_ERROR(ac_layer_get_value(engine, shape_layer, key_of(engine, "segments"), &v),
                 AC_ERR_UNKNOWN_KEY, "segments");
    set_value(engine, shape_layer, "segments", ac_value_scalar(3.5));
    CHECK_VALUE(model_value(engine, shape_layer, "segments"), ac_value_scalar(3.5));
    {
        ac_animation animation = scalar_animation(engine, "segments", 1, 0, 1, 1, 0, 0, 1);
        EXPECT_ERROR(ac_layer_add_animation(engine, shape_layer, animation, "k"),
                     AC_ERR_NOT_ANIMATABLE, "segments");
        /* Declared but not animatable in Circle. */
        EXPECT_ERROR(ac_layer_add_animation(engine, circle_layer, animation, "k"),
                     AC_ERR_NOT_ANIMATABLE, "segments");
        ac_animation_release(engine, animation);
    }
    /* The custom property has a kind: another kind is refused. */
    v = ac_value_point(1, 2);
    EXPECT_ERROR(ac_layer_set_value(engine, circle_layer, key_of(engine, "radius"), &v),
                 AC_ERR_WRONG_KIND, "value");
    EXPECT_ERROR(ac_layer_set_scalar(engine, circle_layer, key_of(engine, "fill"), 1.0),
                 AC_ERR_WRONG_KIND, "value");
    {
        double d;
        EXPECT_ERROR(ac_layer_get_scalar(engine, circle_layer, key_of(engine, "fill"), &d),
                     AC_ERR_WRONG_KIND, "color");
    }
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static void test_class_errors(void) {
    ac_engine *engine = new_engine();
    ac_value zero = ac_value_scalar(0);
    ac_property_desc props[2];
    ac_class out = 0;

    ac_property_desc_init(&props[0], "a", &zero);
    ac_property_desc_init(&props[1], "b", &zero);
    EXPECT_ERROR(ac_class_create(engine, NULL, 0, props, 2, &out), AC_ERR_NULL_POINTER, "name");
    EXPECT_ERROR(ac_class_create(engine, "X", 0, props, 2, NULL), AC_ERR_NULL_POINTER, "out_class");
    EXPECT_ERROR(ac_class_create(engine, "X", 0, NULL, 2, &out), AC_ERR_NULL_POINTER, "properties");
    EXPECT_ERROR(ac_class_create(engine, "X", 77, props, 2, &out), AC_ERR_BAD_HANDLE, "superclass");
    EXPECT_ERROR(ac_class_create(engine, "\xff\xfe", 0, props, 2, &out), AC_ERR_INVALID_ARGUMENT, "name");
    EXPECT_ERROR(ac_class_create(engine, "X", 0, props, (size_t)-1, &out), AC_ERR_OUT_OF_RANGE, "count");

    props[1].name = "a";
    EXPECT_ERROR(ac_class_create(engine, "X", 0, props, 2, &out), AC_ERR_INVALID_ARGUMENT, "properties[1].name");
    props[1].name = "opacity";
    EXPECT_ERROR(ac_class_create(engine, "X", 0, props, 2, &out), AC_ERR_INVALID_ARGUMENT, "properties[1].name");
    props[1].name = "a.b";
    EXPECT_ERROR(ac_class_create(engine, "X", 0, props, 2, &out), AC_ERR_INVALID_ARGUMENT, "properties[1].name");
    props[1].name = "frame";
    EXPECT_ERROR(ac_class_create(engine, "X", 0, props, 2, &out), AC_ERR_INVALID_ARGUMENT, "properties[1].name");
    props[1].name = "";
    EXPECT_ERROR(ac_class_create(engine, "X", 0, props, 2, &out), AC_ERR_INVALID_ARGUMENT, "properties[1].name");
    props[1].name = NULL;
    EXPECT_ERROR(ac_class_create(engine, "X", 0, props, 2, &out), AC_ERR_NULL_POINTER, "properties[1].name");
    props[1].name = "b";
    props[1].struct_size = 4;
    EXPECT_ERROR(ac_class_create(engine, "X", 0, props, 2, &out), AC_ERR_BAD_STRUCT_SIZE, "properties[1]");
    props[1].struct_size = sizeof(ac_property_desc);
    props[1].animatable = 2;
    EXPECT_ERROR(ac_class_create(engine, "X", 0, props, 2, &out), AC_ERR_INVALID_ARGUMENT, "properties[1].animatable");
    props[1].animatable = 1;
    props[1].needs_display = -1;
    EXPECT_ERROR(ac_class_create(engine, "X", 0, props, 2, &out), AC_ERR_INVALID_ARGUMENT, "properties[1].needs_display");
    props[1].needs_display = 0;
    props[1].reserved = 5;
    EXPECT_ERROR(ac_class_create(engine, "X", 0, props, 2, &out), AC_ERR_INVALID_ARGUMENT, "properties[1].reserved");
    props[1].reserved = 0;
    props[1].default_value.v[0] = NAN;
    EXPECT_ERROR(ac_class_create(engine, "X", 0, props, 2, &out), AC_ERR_NOT_FINITE, "properties[1].default_value");
    props[1].default_value = ac_value_scalar(0);
    props[1].default_value.kind = 42;
    EXPECT_ERROR(ac_class_create(engine, "X", 0, props, 2, &out), AC_ERR_INVALID_ARGUMENT, "properties[1].default_value->kind");
    props[1].default_value = ac_value_bool(0);
    props[1].default_value.i = 3;
    EXPECT_ERROR(ac_class_create(engine, "X", 0, props, 2, &out), AC_ERR_OUT_OF_RANGE, "properties[1].default_value->i");
    props[1].default_value = ac_value_scalar(0);
    AC_CHECK_OK(ac_class_create(engine, "X", 0, props, 2, &out));
    /* A subclass may not redeclare the superclass's properties. */
    props[0].name = "c";
    props[1].name = "a";
    EXPECT_ERROR(ac_class_create(engine, "Y", out, props, 2, &out), AC_ERR_INVALID_ARGUMENT, "properties[1].name");
    /* No properties at all is fine. */
    AC_CHECK_OK(ac_class_create(engine, "Empty", 0, NULL, 0, &out));
    /* A name is taken once per engine (the built-in class's too), and free in another engine. */
    EXPECT_ERROR(ac_class_create(engine, "Empty", 0, NULL, 0, &out), AC_ERR_INVALID_ARGUMENT, "name: \"Empty\"");
    EXPECT_ERROR(ac_class_create(engine, "CALayer", 0, NULL, 0, &out), AC_ERR_INVALID_ARGUMENT, "name: \"CALayer\"");
    EXPECT_ERROR(ac_class_create(engine, "", 0, NULL, 0, &out), AC_ERR_INVALID_ARGUMENT, "name: the class name is empty");
    {
        ac_engine *other = new_engine();
        AC_CHECK_OK(ac_class_create(other, "Empty", 0, NULL, 0, &out));
        AC_CHECK_OK(ac_engine_destroy(other));
    }
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* Strict classes refuse undeclared keys where they are used; permissive ones store them. */
static void test_strict_classes(void) {
    ac_engine *engine = new_engine();
    ac_value radius_default = ac_value_scalar(10);
    ac_property_desc props[1];
    ac_class circle = 0, ring = 0, loose = 0;
    ac_layer layer, ring_layer, loose_layer;
    ac_value v, three = ac_value_scalar(3);

    ac_property_desc_init(&props[0], "radius", &radius_default);
    AC_CHECK_OK(ac_class_create(engine, "Circle", 0, props, 1, &circle));
    AC_CHECK_OK(ac_class_create(engine, "Loose", 0, NULL, 0, &loose));
    AC_CHECK_OK(ac_class_set_strict(engine, circle, 1));
    EXPECT_ERROR(ac_class_set_strict(engine, circle, 2), AC_ERR_INVALID_ARGUMENT, "strict");
    EXPECT_ERROR(ac_class_set_strict(engine, 77, 1), AC_ERR_BAD_HANDLE, "layer_class");
    /* A subclass declared later starts strict. */
    AC_CHECK_OK(ac_class_create(engine, "Ring", circle, NULL, 0, &ring));
    layer = new_layer(engine, circle);
    ring_layer = new_layer(engine, ring);
    loose_layer = new_layer(engine, loose);

    /* Set, read and animate: refused with the declared keys listed. */
    EXPECT_ERROR(ac_layer_set_value(engine, layer, key_of(engine, "radiuss"), &three), AC_ERR_UNKNOWN_KEY,
                 "\"radiuss\" is not a property of class Circle (a strict class); its own properties: radius");
    EXPECT_ERROR(ac_layer_set_scalar(engine, ring_layer, key_of(engine, "radiuss"), 3), AC_ERR_UNKNOWN_KEY, "Ring");
    EXPECT_ERROR(ac_layer_get_value(engine, layer, key_of(engine, "radiuss"), &v), AC_ERR_UNKNOWN_KEY, "radius");
    EXPECT_ERROR(ac_layer_get_presentation_value(engine, layer, key_of(engine, "userTag"), &v), AC_ERR_UNKNOWN_KEY,
                 "strict");
    EXPECT_ERROR(ac_layer_set_value(engine, layer, key_of(engine, "radius.x"), &three),
                 AC_ERR_UNKNOWN_KEY, "radius.x");
    {
        ac_animation animation = scalar_animation(engine, "radiuss", 1, 0, 1, 1, 0, 0, 1);
        EXPECT_ERROR(ac_layer_add_animation(engine, layer, animation, "k"), AC_ERR_UNKNOWN_KEY, "radiuss");
        ac_animation_release(engine, animation);
    }
    /* Declared and built-in keys, key paths and frame work as ever. */
    set_scalar(engine, layer, "radius", 4);
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, layer, "radius"), 4);
    set_scalar(engine, layer, "position.x", 5);
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, layer, "position.x"), 5);
    set_value(engine, layer, "frame", ac_value_rect(0, 0, 8, 8));
    /* The permissive class beside it stores undeclared keys. */
    set_value(engine, loose_layer, "userTag", ac_value_integer(7));
    CHECK_VALUE(model_value(engine, loose_layer, "userTag"), ac_value_integer(7));
    /* Permissive again: the key is stored; strict again: unreachable, not lost. */
    AC_CHECK_OK(ac_class_set_strict(engine, circle, 0));
    set_value(engine, layer, "userTag", ac_value_integer(9));
    AC_CHECK_OK(ac_class_set_strict(engine, circle, 1));
    EXPECT_ERROR(ac_layer_get_value(engine, layer, key_of(engine, "userTag"), &v), AC_ERR_UNKNOWN_KEY, "userTag");
    AC_CHECK_OK(ac_class_set_strict(engine, circle, 0));
    CHECK_VALUE(model_value(engine, layer, "userTag"), ac_value_integer(9));
    /* The subclass keeps the setting it started with. */
    EXPECT_ERROR(ac_layer_set_scalar(engine, ring_layer, key_of(engine, "radiuss"), 3), AC_ERR_UNKNOWN_KEY, "Ring");
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* One property per kind, set to a non-default value and read back exactly. */
static void test_every_kind(void) {
    ac_engine *engine = new_engine();
    static const double m[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    const char *names[11] = {"s", "p", "sz", "r", "v3", "c", "a", "t", "b", "i", "tk"};
    ac_value defaults[11], values[11];
    ac_property_desc props[11];
    ac_class all = 0;
    ac_layer layer;
    int index;

    defaults[0] = ac_value_scalar(0);
    defaults[1] = ac_value_point(0, 0);
    defaults[2] = ac_value_size(0, 0);
    defaults[3] = ac_value_rect(0, 0, 0, 0);
    defaults[4] = ac_value_vector3(0, 0, 0);
    defaults[5] = ac_value_color(0, 0, 0, 0);
    defaults[6] = ac_value_affine(1, 0, 0, 1, 0, 0);
    defaults[7] = ac_value_transform3d_identity();
    defaults[8] = ac_value_bool(0);
    defaults[9] = ac_value_integer(0);
    defaults[10] = ac_value_token(0);
    values[0] = ac_value_scalar(-2.5);
    values[1] = ac_value_point(1.5, -2);
    values[2] = ac_value_size(3, 4);
    values[3] = ac_value_rect(1, 2, 3, 4);
    values[4] = ac_value_vector3(1, 2, 3);
    values[5] = ac_value_color(0.1, 0.2, 0.3, 0.4);
    values[6] = ac_value_affine(2, 0.5, -0.5, 2, 10, 20);
    values[7] = ac_value_transform3d(m);
    values[8] = ac_value_bool(1);
    values[9] = ac_value_integer(INT64_MIN);
    values[10] = ac_value_token(UINT64_MAX - 5);
    for (index = 0; index < 11; ++index) ac_property_desc_init(&props[index], names[index], &defaults[index]);
    AC_CHECK_OK(ac_class_create(engine, "AllKinds", 0, props, 11, &all));
    layer = new_layer(engine, all);
    for (index = 0; index < 11; ++index) {
        CHECK_VALUE(model_value(engine, layer, names[index]), defaults[index]);
        set_value(engine, layer, names[index], values[index]);
        CHECK_VALUE(model_value(engine, layer, names[index]), values[index]);
        CHECK_VALUE(presentation_value(engine, layer, names[index]), values[index]);
    }
    AC_CHECK_EQ_INT((uint64_t)model_value(engine, layer, "tk").i, UINT64_MAX - 5);
    set_value(engine, layer, "i", ac_value_integer(INT64_MAX));
    AC_CHECK_EQ_INT(model_value(engine, layer, "i").i, INT64_MAX);
    set_value(engine, layer, "i", ac_value_integer(0));
    AC_CHECK_EQ_INT(model_value(engine, layer, "i").i, 0);

    /* Bad values: every one names the argument. */
    {
        ac_key key = key_of(engine, "r");
        ac_value bad = ac_value_rect(1, 2, NAN, 4);
        EXPECT_ERROR(ac_layer_set_value(engine, layer, key, &bad), AC_ERR_NOT_FINITE, "value: r.v[2] is nan");
        bad = ac_value_rect(1, 2, 3, INFINITY);
        EXPECT_ERROR(ac_layer_set_value(engine, layer, key, &bad), AC_ERR_NOT_FINITE, "value: r.v[3] is inf");
        bad = ac_value_rect(1, 2, 3, 4);
        bad.kind = AC_VALUE_COLORS + 1;
        EXPECT_ERROR(ac_layer_set_value(engine, layer, key, &bad), AC_ERR_INVALID_ARGUMENT, "value->kind");
        bad.kind = -1;
        EXPECT_ERROR(ac_layer_set_value(engine, layer, key, &bad), AC_ERR_INVALID_ARGUMENT, "value->kind");
        bad.kind = AC_VALUE_RECT;
        bad.reserved = 1;
        EXPECT_ERROR(ac_layer_set_value(engine, layer, key, &bad), AC_ERR_INVALID_ARGUMENT, "value->reserved");
        bad = ac_value_bool(0);
        bad.i = 2;
        EXPECT_ERROR(ac_layer_set_value(engine, layer, key_of(engine, "b"), &bad), AC_ERR_OUT_OF_RANGE, "value->i");
        EXPECT_ERROR(ac_layer_set_value(engine, layer, key, NULL), AC_ERR_NULL_POINTER, "value");
        bad = ac_value_size(1, 2);
        EXPECT_ERROR(ac_layer_set_value(engine, layer, key, &bad), AC_ERR_WRONG_KIND, "value");
        EXPECT_ERROR(ac_layer_set_scalar(engine, layer, key_of(engine, "s"), NAN), AC_ERR_NOT_FINITE, "value");
        EXPECT_ERROR(ac_layer_set_scalar(engine, layer, key_of(engine, "s"), INFINITY), AC_ERR_NOT_FINITE, "value");
        EXPECT_ERROR(ac_layer_get_value(engine, layer, key, NULL), AC_ERR_NULL_POINTER, "out_value");
        EXPECT_ERROR(ac_layer_get_presentation_value(engine, layer, key, NULL), AC_ERR_NULL_POINTER, "out_value");
        EXPECT_ERROR(ac_layer_get_scalar(engine, layer, key, NULL), AC_ERR_NULL_POINTER, "out_value");
        /* Nothing changed. */
        CHECK_VALUE(model_value(engine, layer, "r"), values[3]);
    }
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static void test_key_paths(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0);
    ac_value v;
    double d;

    set_scalar(engine, layer, "position.x", 10);
    CHECK_VALUE(model_value(engine, layer, "position"), ac_value_point(10, 0));
    set_scalar(engine, layer, "position.y", -4);
    CHECK_VALUE(model_value(engine, layer, "position"), ac_value_point(10, -4));
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, layer, "position.x"), 10);

    set_scalar(engine, layer, "bounds.size.width", 100);
    set_scalar(engine, layer, "bounds.size.height", 50);
    CHECK_VALUE(model_value(engine, layer, "bounds"), ac_value_rect(0, 0, 100, 50));
    set_value(engine, layer, "bounds.origin", ac_value_point(5, 6));
    CHECK_VALUE(model_value(engine, layer, "bounds"), ac_value_rect(5, 6, 100, 50));
    CHECK_VALUE(model_value(engine, layer, "bounds.size"), ac_value_size(100, 50));
    CHECK_VALUE(model_value(engine, layer, "bounds.origin"), ac_value_point(5, 6));
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, layer, "bounds.origin.y"), 6);

    /* Transform components on an identity transform. */
    set_scalar(engine, layer, "transform.rotation.z", PI / 2);
    v = model_value(engine, layer, "transform");
    AC_CHECK_NEAR(v.v[0], 0, 1e-12);  /* m11 = cos */
    AC_CHECK_NEAR(v.v[1], 1, 1e-12);  /* m12 = sin (row-vector convention) */
    AC_CHECK_NEAR(v.v[4], -1, 1e-12); /* m21 = -sin */
    AC_CHECK_NEAR(model_scalar(engine, layer, "transform.rotation.z"), PI / 2, 1e-12);
    AC_CHECK_NEAR(model_scalar(engine, layer, "transform.rotation"), PI / 2, 1e-12);
    set_value(engine, layer, "transform", ac_value_transform3d_identity());
    set_scalar(engine, layer, "transform.scale", 2);
    v = model_value(engine, layer, "transform");
    AC_CHECK_NEAR(v.v[0], 2, 1e-12);
    AC_CHECK_NEAR(v.v[5], 2, 1e-12);
    AC_CHECK_NEAR(v.v[10], 2, 1e-12);
    AC_CHECK_NEAR(model_scalar(engine, layer, "transform.scale"), 2, 1e-12);
    AC_CHECK_NEAR(model_scalar(engine, layer, "transform.scale.x"), 2, 1e-12);
    set_scalar(engine, layer, "transform.translation.x", 5);
    v = model_value(engine, layer, "transform");
    AC_CHECK_NEAR(v.v[12], 5, 1e-12); /* m41 */
    AC_CHECK_NEAR(v.v[0], 2, 1e-12);  /* the scale is kept */
    AC_CHECK_NEAR(model_scalar(engine, layer, "transform.translation.x"), 5, 1e-12);
    CHECK_VALUE(model_value(engine, layer, "transform.translation"), ac_value_size(5, 0));

    /* Key paths that do not exist, or of another kind. */
    EXPECT_ERROR(ac_layer_set_scalar(engine, layer, key_of(engine, "position.z"), 1), AC_ERR_UNKNOWN_KEY, "position.z");
    EXPECT_ERROR(ac_layer_get_scalar(engine, layer, key_of(engine, "position.z"), &d), AC_ERR_UNKNOWN_KEY, "position.z");
    EXPECT_ERROR(ac_layer_set_scalar(engine, layer, key_of(engine, "nothing.here"), 1), AC_ERR_UNKNOWN_KEY, "nothing.here");
    EXPECT_ERROR(ac_layer_set_scalar(engine, layer, key_of(engine, "opacity.x"), 1), AC_ERR_UNKNOWN_KEY, "opacity.x");
    v = ac_value_point(1, 2);
    EXPECT_ERROR(ac_layer_set_value(engine, layer, key_of(engine, "position.x"), &v), AC_ERR_WRONG_KIND, "value");
    EXPECT_ERROR(ac_layer_set_scalar(engine, layer, key_of(engine, "bounds.origin"), 1), AC_ERR_WRONG_KIND, "value");
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static void test_undeclared_keys(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0);
    ac_layer other = new_layer(engine, 0);
    ac_key tag = key_of(engine, "userTag");
    ac_value v;
    int32_t needs = -1;

    EXPECT_ERROR(ac_layer_get_value(engine, layer, tag, &v), AC_ERR_UNKNOWN_KEY, "userTag");
    EXPECT_ERROR(ac_layer_get_presentation_value(engine, layer, tag, &v), AC_ERR_UNKNOWN_KEY, "userTag");
    set_value(engine, layer, "userTag", ac_value_integer(7));
    CHECK_VALUE(model_value(engine, layer, "userTag"), ac_value_integer(7));
    CHECK_VALUE(presentation_value(engine, layer, "userTag"), ac_value_integer(7));
    /* Another kind may replace it (an undeclared key has no kind). */
    set_value(engine, layer, "userTag", ac_value_point(1, 2));
    CHECK_VALUE(model_value(engine, layer, "userTag"), ac_value_point(1, 2));
    /* Per layer. */
    EXPECT_ERROR(ac_layer_get_value(engine, other, tag, &v), AC_ERR_UNKNOWN_KEY, "userTag");
    /* No display for an undeclared key. */
    AC_CHECK_OK(ac_layer_needs_display(engine, layer, &needs));
    AC_CHECK_EQ_INT(needs, 0);
    /* Not animatable. */
    {
        ac_animation animation = scalar_animation(engine, "userTag", 1, 0, 1, 1, 0, 0, 1);
        EXPECT_ERROR(ac_layer_add_animation(engine, layer, animation, "k"), AC_ERR_NOT_ANIMATABLE, "userTag");
        ac_animation_release(engine, animation);
    }
    /* Keys the engine never gave out: made-up numbers (no engine's tag), and the last index
       with this engine's tag. */
    EXPECT_ERROR(ac_layer_get_value(engine, layer, 999999, &v), AC_ERR_BAD_HANDLE, "key");
    EXPECT_ERROR(ac_layer_set_scalar(engine, layer, 4000000000u, 1), AC_ERR_BAD_HANDLE, "key");
    EXPECT_ERROR(ac_layer_get_value(engine, layer, key_of(engine, "opacity") | 0xFFFFFu, &v), AC_ERR_UNKNOWN_KEY, "key");
    EXPECT_ERROR(ac_layer_set_scalar(engine, layer, key_of(engine, "opacity") | 0xFFFFFu, 1), AC_ERR_UNKNOWN_KEY, "key");
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static void test_keys(void) {
    ac_engine *engine = new_engine();
    ac_key a = 0, b = 1;
    char buffer[32];
    size_t length = 0;

    AC_CHECK_OK(ac_engine_key(engine, "position.x", &a));
    AC_CHECK_OK(ac_engine_key(engine, "position.x", &b));
    AC_CHECK_EQ_INT(a, b);
    AC_CHECK_OK(ac_engine_key(engine, "opacity", &b));
    AC_CHECK(a != b);
    AC_CHECK_OK(ac_engine_key_name(engine, a, buffer, sizeof buffer, &length));
    AC_CHECK_EQ_STR(buffer, "position.x");
    AC_CHECK_EQ_INT(length, 10);
    EXPECT_ERROR(ac_engine_key_name(engine, a, buffer, 10, &length), AC_ERR_BUFFER_TOO_SMALL, "buffer");
    AC_CHECK_EQ_INT(length, 10);
    EXPECT_ERROR(ac_engine_key_name(engine, a, NULL, 0, &length), AC_ERR_BUFFER_TOO_SMALL, "buffer");
    AC_CHECK_EQ_INT(length, 10);
    EXPECT_ERROR(ac_engine_key_name(engine, a, NULL, 5, &length), AC_ERR_NULL_POINTER, "buffer");
    EXPECT_ERROR(ac_engine_key_name(engine, a, buffer, sizeof buffer, NULL), AC_ERR_NULL_POINTER, "out_length");
    EXPECT_ERROR(ac_engine_key_name(engine, 123456, buffer, sizeof buffer, &length), AC_ERR_BAD_HANDLE, "key");
    EXPECT_ERROR(ac_engine_key_name(engine, a | 0xFFFFFu, buffer, sizeof buffer, &length), AC_ERR_UNKNOWN_KEY, "key");
    EXPECT_ERROR(ac_engine_key(engine, "", &a), AC_ERR_UNKNOWN_KEY, "name");
    EXPECT_ERROR(ac_engine_key(engine, NULL, &a), AC_ERR_NULL_POINTER, "name");
    EXPECT_ERROR(ac_engine_key(engine, "x", NULL), AC_ERR_NULL_POINTER, "out_key");
    EXPECT_ERROR(ac_engine_key(engine, "bad\xc3(", &a), AC_ERR_INVALID_ARGUMENT, "name");
    /* UTF-8 names are fine. */
    AC_CHECK_OK(ac_engine_key(engine, "h\xc3\xb6he", &a));
    AC_CHECK_OK(ac_engine_key_name(engine, a, buffer, sizeof buffer, &length));
    AC_CHECK_EQ_STR(buffer, "h\xc3\xb6he");
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static void test_frame(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0);
    ac_value v;

    set_value(engine, layer, "bounds", ac_value_rect(0, 0, 100, 50));
    set_value(engine, layer, "position", ac_value_point(200, 100));
    CHECK_VALUE(model_value(engine, layer, "frame"), ac_value_rect(150, 75, 100, 50));
    CHECK_VALUE(presentation_value(engine, layer, "frame"), ac_value_rect(150, 75, 100, 50));

    /* Setting the frame sets position and the bounds size (the origin stays). */
    set_value(engine, layer, "bounds", ac_value_rect(3, 4, 100, 50));
    set_value(engine, layer, "frame", ac_value_rect(10, 20, 30, 40));
    CHECK_VALUE(model_value(engine, layer, "position"), ac_value_point(25, 40));
    CHECK_VALUE(model_value(engine, layer, "bounds"), ac_value_rect(3, 4, 30, 40));
    CHECK_VALUE(model_value(engine, layer, "frame"), ac_value_rect(10, 20, 30, 40));

    /* anchorPoint (0, 0): the frame's origin is the position. */
    set_value(engine, layer, "anchorPoint", ac_value_point(0, 0));
    CHECK_VALUE(model_value(engine, layer, "frame"), ac_value_rect(25, 40, 30, 40));
    /* A transform scales the frame around the anchor. */
    set_scalar(engine, layer, "transform.scale.x", 2);
    v = model_value(engine, layer, "frame");
    AC_CHECK_NEAR(v.v[0], 25, 1e-9);
    AC_CHECK_NEAR(v.v[2], 60, 1e-9);
    AC_CHECK_NEAR(v.v[3], 40, 1e-9);

    EXPECT_ERROR(ac_layer_set_scalar(engine, layer, key_of(engine, "frame"), 1), AC_ERR_WRONG_KIND, "value");
    {
        ac_animation animation = 0;
        ac_value to = ac_value_rect(0, 0, 1, 1);
        AC_CHECK_OK(ac_animation_create_basic(engine, "frame", &animation));
        AC_CHECK_OK(ac_animation_set_value(engine, animation, AC_ANIMATION_TO, &to));
        EXPECT_ERROR(ac_layer_add_animation(engine, layer, animation, "f"), AC_ERR_NOT_ANIMATABLE, "frame");
    }
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static void test_timing_properties(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0);
    ac_value v;

    set_scalar(engine, layer, "duration", INFINITY);
    set_scalar(engine, layer, "duration", 3);
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, layer, "duration"), 3);
    set_scalar(engine, layer, "repeatCount", INFINITY);
    set_scalar(engine, layer, "repeatDuration", INFINITY);
    v = ac_value_scalar(INFINITY);
    AC_CHECK_OK(ac_layer_set_value(engine, layer, key_of(engine, "duration"), &v));
    set_value(engine, layer, "fillMode", ac_value_integer(AC_FILL_BOTH));
    set_value(engine, layer, "autoreverses", ac_value_bool(1));

    EXPECT_ERROR(ac_layer_set_scalar(engine, layer, key_of(engine, "speed"), NAN), AC_ERR_NOT_FINITE, "value");
    EXPECT_ERROR(ac_layer_set_scalar(engine, layer, key_of(engine, "speed"), INFINITY), AC_ERR_NOT_FINITE, "value");
    EXPECT_ERROR(ac_layer_set_scalar(engine, layer, key_of(engine, "speed"), 1e7), AC_ERR_OUT_OF_RANGE, "value");
    EXPECT_ERROR(ac_layer_set_scalar(engine, layer, key_of(engine, "beginTime"), INFINITY), AC_ERR_NOT_FINITE, "value");
    EXPECT_ERROR(ac_layer_set_scalar(engine, layer, key_of(engine, "beginTime"), -2e15), AC_ERR_OUT_OF_RANGE, "value");
    EXPECT_ERROR(ac_layer_set_scalar(engine, layer, key_of(engine, "timeOffset"), 2e15), AC_ERR_OUT_OF_RANGE, "value");
    EXPECT_ERROR(ac_layer_set_scalar(engine, layer, key_of(engine, "duration"), -1), AC_ERR_OUT_OF_RANGE, "value");
    EXPECT_ERROR(ac_layer_set_scalar(engine, layer, key_of(engine, "duration"), -INFINITY), AC_ERR_OUT_OF_RANGE, "value: duration is -inf");
    EXPECT_ERROR(ac_layer_set_scalar(engine, layer, key_of(engine, "repeatCount"), -0.5), AC_ERR_OUT_OF_RANGE, "value");
    EXPECT_ERROR(ac_layer_set_scalar(engine, layer, key_of(engine, "repeatDuration"), 5e15), AC_ERR_OUT_OF_RANGE, "value");
    v = ac_value_integer(7);
    EXPECT_ERROR(ac_layer_set_value(engine, layer, key_of(engine, "fillMode"), &v), AC_ERR_OUT_OF_RANGE, "value");
    EXPECT_ERROR(ac_layer_set_scalar(engine, layer, key_of(engine, "fillMode"), 1), AC_ERR_WRONG_KIND, "value");
    EXPECT_ERROR(ac_layer_set_scalar(engine, layer, key_of(engine, "opacity"), INFINITY), AC_ERR_NOT_FINITE, "value");
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, layer, "speed"), 1);
    /* Not animatable. */
    {
        ac_animation animation = scalar_animation(engine, "speed", 1, 0, 1, 1, 0, 0, 1);
        EXPECT_ERROR(ac_layer_add_animation(engine, layer, animation, "k"), AC_ERR_NOT_ANIMATABLE, "speed");
    }
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static size_t sublayers(ac_engine *engine, ac_layer parent, ac_layer *out, size_t capacity) {
    size_t count = 999;
    AC_CHECK_OK(ac_layer_sublayers(engine, parent, out, capacity, &count));
    return count;
}

static ac_layer superlayer(ac_engine *engine, ac_layer layer) {
    ac_layer parent = 12345;
    AC_CHECK_OK(ac_layer_superlayer(engine, layer, &parent));
    return parent;
}

static void test_tree(void) {
    ac_engine *engine = new_engine();
    ac_layer p = new_layer(engine, 0), q = new_layer(engine, 0);
    ac_layer a = new_layer(engine, 0), b = new_layer(engine, 0), c = new_layer(engine, 0);
    ac_layer list[8];
    size_t count = 0;

    AC_CHECK_EQ_INT(sublayers(engine, p, NULL, 0), 0);
    AC_CHECK_EQ_INT(superlayer(engine, a), 0);
    AC_CHECK_OK(ac_layer_add_sublayer(engine, p, a));
    AC_CHECK_OK(ac_layer_add_sublayer(engine, p, b));
    AC_CHECK_OK(ac_layer_insert_sublayer(engine, p, c, 0));
    AC_CHECK_EQ_INT(sublayers(engine, p, list, 8), 3);
    AC_CHECK(list[0] == c && list[1] == a && list[2] == b);
    AC_CHECK_EQ_INT(superlayer(engine, a), p);

    /* An index beyond the count clamps (also size_t's largest); re-adding moves. */
    AC_CHECK_OK(ac_layer_insert_sublayer(engine, p, c, 99));
    sublayers(engine, p, list, 8);
    AC_CHECK(list[0] == a && list[1] == b && list[2] == c);
    AC_CHECK_OK(ac_layer_insert_sublayer(engine, p, a, (size_t)-1));
    sublayers(engine, p, list, 8);
    AC_CHECK(list[0] == b && list[1] == c && list[2] == a);
    AC_CHECK_OK(ac_layer_insert_sublayer(engine, p, a, 1));
    sublayers(engine, p, list, 8);
    AC_CHECK(list[0] == b && list[1] == a && list[2] == c);

    /* Reparent: adding elsewhere moves it. */
    AC_CHECK_OK(ac_layer_add_sublayer(engine, q, a));
    AC_CHECK_EQ_INT(superlayer(engine, a), q);
    AC_CHECK_EQ_INT(sublayers(engine, p, list, 8), 2);
    AC_CHECK(list[0] == b && list[1] == c);
    AC_CHECK_EQ_INT(sublayers(engine, q, list, 8), 1);

    /* Remove. */
    AC_CHECK_OK(ac_layer_remove_from_superlayer(engine, b));
    AC_CHECK_EQ_INT(superlayer(engine, b), 0);
    AC_CHECK_EQ_INT(sublayers(engine, p, list, 8), 1);
    AC_CHECK_OK(ac_layer_remove_from_superlayer(engine, b)); /* no superlayer: no effect */

    /* Cycles: p -> q -> a; adding p under a or under itself is refused. */
    AC_CHECK_OK(ac_layer_add_sublayer(engine, p, q));
    EXPECT_ERROR(ac_layer_add_sublayer(engine, a, p), AC_ERR_CYCLE, "child");
    EXPECT_ERROR(ac_layer_add_sublayer(engine, q, p), AC_ERR_CYCLE, "child");
    EXPECT_ERROR(ac_layer_add_sublayer(engine, p, p), AC_ERR_CYCLE, "child");
    EXPECT_ERROR(ac_layer_insert_sublayer(engine, a, a, 0), AC_ERR_CYCLE, "child");
    AC_CHECK_EQ_INT(superlayer(engine, q), p);
    AC_CHECK_EQ_INT(superlayer(engine, p), 0);
    /* A layer with no sublayer is above another only through its mask: x hosts mask m, which
       holds y; adding x under y is refused too. */
    ac_layer x = 0, m = 0, y = 0;
    AC_CHECK_OK(ac_layer_create(engine, 0, &x));
    AC_CHECK_OK(ac_layer_create(engine, 0, &m));
    AC_CHECK_OK(ac_layer_create(engine, 0, &y));
    AC_CHECK_OK(ac_layer_set_mask(engine, x, m));
    AC_CHECK_OK(ac_layer_add_sublayer(engine, m, y));
    EXPECT_ERROR(ac_layer_add_sublayer(engine, y, x), AC_ERR_CYCLE, "child");
    for (int k = 0; k < 3; k++) AC_CHECK_OK(ac_layer_release(engine, (ac_layer[]){x, m, y}[k]));

    /* Buffers. */
    EXPECT_ERROR(ac_layer_sublayers(engine, p, list, 1, &count), AC_ERR_BUFFER_TOO_SMALL, "out_layers");
    AC_CHECK_EQ_INT(count, 2);
    EXPECT_ERROR(ac_layer_sublayers(engine, p, NULL, 0, &count), AC_ERR_BUFFER_TOO_SMALL, "out_layers");
    AC_CHECK_EQ_INT(count, 2);
    EXPECT_ERROR(ac_layer_sublayers(engine, p, NULL, 4, &count), AC_ERR_NULL_POINTER, "out_layers");
    EXPECT_ERROR(ac_layer_sublayers(engine, p, list, 4, NULL), AC_ERR_NULL_POINTER, "out_count");
    EXPECT_ERROR(ac_layer_superlayer(engine, p, NULL), AC_ERR_NULL_POINTER, "out_superlayer");
    EXPECT_ERROR(ac_layer_add_sublayer(engine, p, 0), AC_ERR_BAD_HANDLE, "child");
    EXPECT_ERROR(ac_layer_add_sublayer(engine, 0, a), AC_ERR_BAD_HANDLE, "parent");
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static void test_references(void) {
    ac_engine *engine = new_engine();
    ac_layer p = new_layer(engine, 0), a = new_layer(engine, 0), b = new_layer(engine, 0);
    ac_layer fresh;
    double d;

    /* A tree holds its sublayers: releasing the host's reference keeps a in the tree. */
    AC_CHECK_OK(ac_layer_add_sublayer(engine, p, a));
    AC_CHECK_OK(ac_layer_add_sublayer(engine, a, b));
    AC_CHECK_OK(ac_layer_release(engine, a));
    AC_CHECK_OK(ac_layer_release(engine, b));
    AC_CHECK_EQ_INT(superlayer(engine, a), p);
    set_scalar(engine, b, "opacity", 0.5);
    /* Releasing the root destroys the subtree. */
    AC_CHECK_OK(ac_layer_release(engine, p));
    EXPECT_ERROR(ac_layer_get_scalar(engine, p, key_of(engine, "opacity"), &d), AC_ERR_BAD_HANDLE, "layer");
    EXPECT_ERROR(ac_layer_get_scalar(engine, a, key_of(engine, "opacity"), &d), AC_ERR_BAD_HANDLE, "layer");
    EXPECT_ERROR(ac_layer_get_scalar(engine, b, key_of(engine, "opacity"), &d), AC_ERR_BAD_HANDLE, "layer");
    EXPECT_ERROR(ac_layer_release(engine, p), AC_ERR_BAD_HANDLE, "layer");
    EXPECT_ERROR(ac_layer_retain(engine, b), AC_ERR_BAD_HANDLE, "layer");

    /* Retain / release pairs; removing a layer only the tree held destroys it. */
    p = new_layer(engine, 0);
    a = new_layer(engine, 0);
    AC_CHECK_OK(ac_layer_retain(engine, a));
    AC_CHECK_OK(ac_layer_release(engine, a));
    AC_CHECK_OK(ac_layer_get_scalar(engine, a, key_of(engine, "opacity"), &d));
    AC_CHECK_OK(ac_layer_add_sublayer(engine, p, a));
    AC_CHECK_OK(ac_layer_release(engine, a));
    AC_CHECK_OK(ac_layer_remove_from_superlayer(engine, a));
    EXPECT_ERROR(ac_layer_get_scalar(engine, a, key_of(engine, "opacity"), &d), AC_ERR_BAD_HANDLE, "layer");
    AC_CHECK_EQ_INT(sublayers(engine, p, NULL, 0), 0);

    /* A retained child outlives its released parent, and loses its superlayer. */
    a = new_layer(engine, 0);
    AC_CHECK_OK(ac_layer_add_sublayer(engine, p, a));
    AC_CHECK_OK(ac_layer_release(engine, p));
    AC_CHECK_EQ_INT(superlayer(engine, a), 0);
    AC_CHECK_OK(ac_layer_release(engine, a));

    /* A freed slot's next layer has another handle; the old one stays stale. */
    fresh = new_layer(engine, 0);
    AC_CHECK(fresh != a && fresh != p);
    EXPECT_ERROR(ac_layer_get_scalar(engine, a, key_of(engine, "opacity"), &d), AC_ERR_BAD_HANDLE, "layer");
    AC_CHECK_OK(ac_layer_get_scalar(engine, fresh, key_of(engine, "opacity"), &d));

    AC_CHECK_OK(ac_layer_release(engine, 0));
    EXPECT_ERROR(ac_layer_retain(engine, 0), AC_ERR_BAD_HANDLE, "layer");
    EXPECT_ERROR(ac_layer_release(engine, 0xdeadbeef), AC_ERR_BAD_HANDLE, "layer");
    EXPECT_ERROR(ac_layer_create(engine, 0, NULL), AC_ERR_NULL_POINTER, "out_layer");
    EXPECT_ERROR(ac_layer_class(engine, fresh, NULL), AC_ERR_NULL_POINTER, "out_class");
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static void test_time(void) {
    ac_engine *engine = new_engine();
    ac_layer root = new_layer(engine, 0), mid = new_layer(engine, 0), leaf = new_layer(engine, 0);
    ac_layer single = new_layer(engine, 0), paused = new_layer(engine, 0);
    double t = 0;

    /* T20: root -> mid (begin 2, speed 3, offset 0.25) -> leaf (begin 1, speed 2, offset 0.5). */
    AC_CHECK_OK(ac_layer_add_sublayer(engine, root, mid));
    AC_CHECK_OK(ac_layer_add_sublayer(engine, mid, leaf));
    set_scalar(engine, mid, "beginTime", 2);
    set_scalar(engine, mid, "speed", 3);
    set_scalar(engine, mid, "timeOffset", 0.25);
    set_scalar(engine, leaf, "beginTime", 1);
    set_scalar(engine, leaf, "speed", 2);
    set_scalar(engine, leaf, "timeOffset", 0.5);
    AC_CHECK_OK(ac_layer_convert_time(engine, 10, mid, leaf, &t));
    AC_CHECK_NEAR(t, 18.5, 1e-12);
    AC_CHECK_OK(ac_layer_convert_time(engine, 10, root, leaf, &t));
    AC_CHECK_NEAR(t, 47, 1e-12);
    AC_CHECK_OK(ac_layer_convert_time(engine, 10, leaf, mid, &t));
    AC_CHECK_NEAR(t, 5.75, 1e-12);
    AC_CHECK_OK(ac_layer_convert_time(engine, 10, leaf, root, &t));
    AC_CHECK_NEAR(t, 23.0 / 6.0, 1e-12);
    AC_CHECK_OK(ac_layer_convert_time(engine, 10, leaf, 0, &t));
    AC_CHECK_NEAR(t, 23.0 / 6.0, 1e-12);
    AC_CHECK_OK(ac_layer_convert_time(engine, 10, 0, leaf, &t));
    AC_CHECK_NEAR(t, 47, 1e-12);
    AC_CHECK_OK(ac_layer_convert_time(engine, 10, 0, 0, &t));
    AC_CHECK_EQ_DOUBLE(t, 10);

    /* T21: one layer (begin 10, speed 2, offset 1) under absolute time. */
    set_scalar(engine, single, "beginTime", 10);
    set_scalar(engine, single, "speed", 2);
    set_scalar(engine, single, "timeOffset", 1);
    AC_CHECK_OK(ac_layer_convert_time(engine, 20, 0, single, &t));
    AC_CHECK_NEAR(t, 21, 1e-12);
    AC_CHECK_OK(ac_layer_convert_time(engine, 21, single, 0, &t));
    AC_CHECK_NEAR(t, 20, 1e-12);

    /* Layer time at the engine's time. */
    tick(engine, 100);
    AC_CHECK_OK(ac_layer_local_time(engine, single, &t));
    AC_CHECK_NEAR(t, (100 - 10) * 2 + 1, 1e-12);
    AC_CHECK_OK(ac_layer_local_time(engine, leaf, &t));
    AC_CHECK_NEAR(t, (((100 - 2) * 3 + 0.25) - 1) * 2 + 0.5, 1e-9);

    /* Speed 0 pauses at timeOffset; its time cannot be converted up. */
    set_scalar(engine, paused, "speed", 0);
    set_scalar(engine, paused, "timeOffset", 0.3);
    AC_CHECK_OK(ac_layer_local_time(engine, paused, &t));
    AC_CHECK_EQ_DOUBLE(t, 0.3);
    AC_CHECK_OK(ac_layer_convert_time(engine, 5, 0, paused, &t));
    AC_CHECK_EQ_DOUBLE(t, 0.3);
    EXPECT_ERROR(ac_layer_convert_time(engine, 1, paused, 0, &t), AC_ERR_NOT_INVERTIBLE, "from_layer");

    EXPECT_ERROR(ac_layer_convert_time(engine, NAN, leaf, 0, &t), AC_ERR_NOT_FINITE, "time_s");
    EXPECT_ERROR(ac_layer_convert_time(engine, 2e15, leaf, 0, &t), AC_ERR_OUT_OF_RANGE, "time_s");
    EXPECT_ERROR(ac_layer_convert_time(engine, 1, leaf, 0, NULL), AC_ERR_NULL_POINTER, "out_time_s");
    {
        ac_layer stale = new_layer(engine, 0);
        ac_layer_release(engine, stale);
        EXPECT_ERROR(ac_layer_convert_time(engine, 1, stale, 0, &t), AC_ERR_BAD_HANDLE, "from_layer");
        EXPECT_ERROR(ac_layer_convert_time(engine, 1, leaf, stale, &t), AC_ERR_BAD_HANDLE, "to_layer");
        EXPECT_ERROR(ac_layer_convert_time(engine, 1, stale, leaf, &t), AC_ERR_BAD_HANDLE, "from_layer");
    }
    EXPECT_ERROR(ac_layer_local_time(engine, leaf, NULL), AC_ERR_NULL_POINTER, "out_time_s");
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* A layer of the default timing under a container at speed 2 runs on the container's time; when
   the container is destroyed (the host keeps the layer), the layer runs on engine time again and
   its animation moves on from there: one engine second is one tenth of its 10 s fade. */
static void test_time_after_container_destroyed(void) {
    ac_engine *engine = new_engine();
    ac_layer container = new_layer(engine, 0), layer = new_layer(engine, 0);
    double t = 0;
    AC_CHECK_OK(ac_layer_add_sublayer(engine, container, layer));
    set_scalar(engine, container, "speed", 2);
    tick(engine, 0);
    ac_animation fade = scalar_animation(engine, "opacity", 1, 0, 1, 1, 0, 0, 10);
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, fade, "fade"));
    AC_CHECK_OK(ac_animation_release(engine, fade));
    for (int frame = 1; frame <= 10; frame++) tick(engine, frame * 0.1);
    double under_container = presentation_scalar(engine, layer, "opacity");
    AC_CHECK_OK(ac_layer_local_time(engine, layer, &t));
    AC_CHECK_NEAR(t, 2, 1e-12);
    AC_CHECK_OK(ac_layer_release(engine, container));
    tick(engine, 2);
    tick(engine, 3);
    AC_CHECK_OK(ac_layer_local_time(engine, layer, &t));
    AC_CHECK_NEAR(t, 3, 1e-12);
    AC_CHECK_NEAR(presentation_scalar(engine, layer, "opacity"), under_container + 0.1, 1e-12);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* Under 60 layers at the largest speed a layer's time is held at AC_TIME_LIMIT_S (1e6^60 s
   would pass the largest double), and a paused layer below it stands at its offset instead of
   inf * 0 = NaN: their animations show finite values. */
static void test_time_held(void) {
    ac_engine *engine = new_engine();
    ac_layer root = new_layer(engine, 0), parent = root, paused = new_layer(engine, 0);
    for (int i = 0; i < 60; i++) {
        ac_layer child = new_layer(engine, 0);
        set_scalar(engine, child, "speed", AC_SPEED_LIMIT);
        AC_CHECK_OK(ac_layer_add_sublayer(engine, parent, child));
        AC_CHECK_OK(ac_layer_release(engine, child));
        parent = child;
    }
    set_scalar(engine, paused, "speed", 0);
    AC_CHECK_OK(ac_layer_add_sublayer(engine, parent, paused));
    tick(engine, 0);
    ac_animation fade = scalar_animation(engine, "opacity", 1, 0, 1, 1, 0, 0, 0.25);
    ac_timing timing = get_timing(engine, fade);
    timing.repeat_count = INFINITY;
    set_timing(engine, fade, timing);
    AC_CHECK_OK(ac_layer_add_animation(engine, parent, fade, "fade"));
    AC_CHECK_OK(ac_layer_add_animation(engine, paused, fade, "fade"));
    AC_CHECK_OK(ac_animation_release(engine, fade));
    tick(engine, 1);
    double t = NAN;
    AC_CHECK_OK(ac_layer_local_time(engine, parent, &t));
    AC_CHECK_EQ_DOUBLE(t, AC_TIME_LIMIT_S);
    AC_CHECK_OK(ac_layer_local_time(engine, paused, &t));
    AC_CHECK_EQ_DOUBLE(t, 0.0);
    AC_CHECK(isfinite(presentation_scalar(engine, parent, "opacity")));
    AC_CHECK(isfinite(presentation_scalar(engine, paused, "opacity")));
    AC_CHECK_OK(ac_layer_release(engine, paused));
    AC_CHECK_OK(ac_layer_release(engine, root));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static void test_batch(void) {
    ac_engine *engine = new_engine();
    ac_layer layers[3] = {new_layer(engine, 0), new_layer(engine, 0), new_layer(engine, 0)};
    ac_key position = key_of(engine, "position"), hidden = key_of(engine, "hidden");
    double slots[16];
    size_t stride = 0;
    int index;

    for (index = 0; index < 3; ++index)
        set_value(engine, layers[index], "position", ac_value_point(index, 10 * index));
    AC_CHECK_OK(ac_layers_get_presentation(engine, layers, 3, position, slots, 16, &stride));
    AC_CHECK_EQ_INT(stride, 2);
    for (index = 0; index < 3; ++index) {
        AC_CHECK_EQ_DOUBLE(slots[2 * index], index);
        AC_CHECK_EQ_DOUBLE(slots[2 * index + 1], 10 * index);
    }
    set_value(engine, layers[1], "hidden", ac_value_bool(1));
    AC_CHECK_OK(ac_layers_get_presentation(engine, layers, 3, hidden, slots, 16, &stride));
    AC_CHECK_EQ_INT(stride, 1);
    AC_CHECK(slots[0] == 0 && slots[1] == 1 && slots[2] == 0);
    stride = 99;
    AC_CHECK_OK(ac_layers_get_presentation(engine, NULL, 0, position, NULL, 0, &stride));
    AC_CHECK_EQ_INT(stride, 0);

    stride = 0;
    EXPECT_ERROR(ac_layers_get_presentation(engine, layers, 3, position, slots, 5, &stride),
                 AC_ERR_BUFFER_TOO_SMALL, "out_slots");
    AC_CHECK_EQ_INT(stride, 2);
    EXPECT_ERROR(ac_layers_get_presentation(engine, layers, 3, position, NULL, 16, &stride),
                 AC_ERR_NULL_POINTER, "out_slots");
    EXPECT_ERROR(ac_layers_get_presentation(engine, NULL, 3, position, slots, 16, &stride),
                 AC_ERR_NULL_POINTER, "layers");
    EXPECT_ERROR(ac_layers_get_presentation(engine, layers, 3, position, slots, 16, NULL),
                 AC_ERR_NULL_POINTER, "out_stride");
    EXPECT_ERROR(ac_layers_get_presentation(engine, layers, 3, position | 0xFFFFFu, slots, 16, &stride),
                 AC_ERR_UNKNOWN_KEY, "key");
    EXPECT_ERROR(ac_layers_get_presentation(engine, layers, 3, 987654, slots, 16, &stride),
                 AC_ERR_BAD_HANDLE, "key");
    ac_layer_release(engine, layers[1]);
    EXPECT_ERROR(ac_layers_get_presentation(engine, layers, 3, position, slots, 16, &stride),
                 AC_ERR_BAD_HANDLE, "layers[1]");
    /* An undeclared key of another kind on one layer. */
    layers[1] = new_layer(engine, 0);
    set_value(engine, layers[0], "tag", ac_value_scalar(1));
    set_value(engine, layers[1], "tag", ac_value_point(1, 2));
    set_value(engine, layers[2], "tag", ac_value_scalar(3));
    EXPECT_ERROR(ac_layers_get_presentation(engine, layers, 3, key_of(engine, "tag"), slots, 16, &stride),
                 AC_ERR_WRONG_KIND, "layers[1]");
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* ac_layers_get_presentation_table: one row per layer, each key's numbers at its column, as
 * ac_layers_get_presentation gives them one key at a time; its errors name the layer and key. */
static void test_batch_table(void) {
    ac_engine *engine = new_engine();
    ac_layer layers[3] = {new_layer(engine, 0), new_layer(engine, 0), new_layer(engine, 0)};
    ac_key position = key_of(engine, "position"), hidden = key_of(engine, "hidden");
    ac_key transform = key_of(engine, "transform"), opacity = key_of(engine, "opacity");
    ac_key keys[5] = {position, hidden, transform, opacity, position};
    const size_t want_columns[5] = {0, 2, 3, 19, 20};
    double table[3 * 22], single[3 * 16];
    size_t stride = 0, single_stride = 0, columns[5] = {9, 9, 9, 9, 9};
    int index, key, k;

    tick(engine, frame_time(0));
    /* Implicit animations of position and opacity on every layer (their presentation is
     * between the model values at the next tick), hidden on layer 1. */
    for (index = 0; index < 3; ++index) {
        set_value(engine, layers[index], "position", ac_value_point(10 * index, -index));
        set_scalar(engine, layers[index], "opacity", 0.25 * index);
    }
    set_value(engine, layers[1], "hidden", ac_value_bool(1));
    tick(engine, frame_time(1));
    tick(engine, frame_time(5));
    AC_CHECK_OK(ac_layers_get_presentation_table(engine, layers, 3, keys, 5, table, 3 * 22, &stride, columns));
    AC_CHECK_EQ_INT(stride, 22);
    for (key = 0; key < 5; ++key) AC_CHECK_EQ_INT(columns[key], want_columns[key]);
    for (key = 0; key < 5; ++key) {
        AC_CHECK_OK(ac_layers_get_presentation(engine, layers, 3, keys[key], single, 3 * 16, &single_stride));
        for (index = 0; index < 3; ++index)
            for (k = 0; k < (int)single_stride; ++k)
                AC_CHECK_EQ_DOUBLE(table[index * 22 + want_columns[key] + k], single[index * single_stride + k]);
    }
    for (index = 0; index < 3; ++index) AC_CHECK(table[index * 22 + 2] == 0 || table[index * 22 + 2] == 1); /* hidden */
    AC_CHECK(table[22 + 19] > 0.25 && table[22 + 19] < 1); /* opacity on its way from 1 to 0.25 */
    /* columns may be NULL; nothing to read gives stride 0 and columns 0. */
    AC_CHECK_OK(ac_layers_get_presentation_table(engine, layers, 3, keys, 2, table, 3 * 3, &stride, NULL));
    AC_CHECK_EQ_INT(stride, 3);
    AC_CHECK_OK(ac_layers_get_presentation_table(engine, NULL, 0, keys, 5, NULL, 0, &stride, columns));
    AC_CHECK(stride == 0 && columns[0] == 0 && columns[4] == 0);
    stride = 7;
    AC_CHECK_OK(ac_layers_get_presentation_table(engine, layers, 3, NULL, 0, NULL, 0, &stride, NULL));
    AC_CHECK_EQ_INT(stride, 0);

    stride = 0;
    EXPECT_ERROR(ac_layers_get_presentation_table(engine, layers, 3, keys, 5, table, 65, &stride, columns),
                 AC_ERR_BUFFER_TOO_SMALL, "out_slots");
    AC_CHECK(stride == 22 && columns[2] == 3);
    EXPECT_ERROR(ac_layers_get_presentation_table(engine, layers, 3, keys, 5, NULL, 66, &stride, columns),
                 AC_ERR_NULL_POINTER, "out_slots");
    EXPECT_ERROR(ac_layers_get_presentation_table(engine, layers, 3, NULL, 5, table, 66, &stride, columns),
                 AC_ERR_NULL_POINTER, "keys");
    EXPECT_ERROR(ac_layers_get_presentation_table(engine, NULL, 3, keys, 5, table, 66, &stride, columns),
                 AC_ERR_NULL_POINTER, "layers");
    EXPECT_ERROR(ac_layers_get_presentation_table(engine, layers, 3, keys, 5, table, 66, NULL, columns),
                 AC_ERR_NULL_POINTER, "out_stride");
    EXPECT_ERROR(ac_layers_get_presentation_table(engine, layers, 3, keys, AC_PRESENTATION_TABLE_MAX_KEYS + 1, table,
                                                  66, &stride, columns),
                 AC_ERR_OUT_OF_RANGE, "key_count");
    EXPECT_ERROR(ac_layers_get_presentation_table(engine, layers, 3, keys, (size_t)-1, table, 66, &stride, columns),
                 AC_ERR_OUT_OF_RANGE, "key_count");
    keys[3] = opacity | 0xFFFFFu;
    EXPECT_ERROR(ac_layers_get_presentation_table(engine, layers, 3, keys, 5, table, 66, &stride, columns),
                 AC_ERR_UNKNOWN_KEY, "keys[3]");
    keys[3] = 987654;
    EXPECT_ERROR(ac_layers_get_presentation_table(engine, layers, 3, keys, 5, table, 66, &stride, columns),
                 AC_ERR_BAD_HANDLE, "keys[3]");
    keys[3] = opacity;
    ac_layer_release(engine, layers[1]);
    EXPECT_ERROR(ac_layers_get_presentation_table(engine, layers, 3, keys, 5, table, 66, &stride, columns),
                 AC_ERR_BAD_HANDLE, "layers[1]");
    /* An undeclared key of another kind on one layer. */
    layers[1] = new_layer(engine, 0);
    set_value(engine, layers[0], "tag", ac_value_scalar(1));
    set_value(engine, layers[1], "tag", ac_value_point(1, 2));
    set_value(engine, layers[2], "tag", ac_value_scalar(3));
    keys[1] = key_of(engine, "tag");
    EXPECT_ERROR(ac_layers_get_presentation_table(engine, layers, 3, keys, 5, table, 66, &stride, columns),
                 AC_ERR_WRONG_KIND, "layers[1], keys[1]");
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* ac_layers_set_value: every layer checked before any changes; each change runs its action. */
static void test_batch_set(void) {
    ac_engine *engine = new_engine();
    ac_layer layers[3] = {new_layer(engine, 0), new_layer(engine, 0), new_layer(engine, 0)};
    ac_key position = key_of(engine, "position"), opacity = key_of(engine, "opacity");
    ac_key hidden = key_of(engine, "hidden"), duration = key_of(engine, "duration");
    double points[6] = {1, 2, 3, 4, 5, 6}, scalars[3] = {0.25, 0.5, 0.75}, flags[3] = {1, 0, 1};
    ac_value v;
    int index;

    tick(engine, 1.0); /* committed: changes run actions */
    AC_CHECK_OK(ac_transaction_begin(engine));
    AC_CHECK_OK(ac_transaction_set_disable_actions(engine, 1));
    AC_CHECK_OK(ac_layers_set_value(engine, layers, 3, position, points, 2));
    AC_CHECK_OK(ac_transaction_commit(engine));
    for (index = 0; index < 3; ++index) {
        CHECK_VALUE(model_value(engine, layers[index], "position"), ac_value_point(points[2 * index], points[2 * index + 1]));
        AC_CHECK_EQ_INT(animation_count(engine, layers[index]), 0);
    }
    /* With actions: each change animates implicitly, from the presentation value. */
    AC_CHECK_OK(ac_layers_set_value(engine, layers, 3, opacity, scalars, 1));
    tick(engine, 1.0);
    for (index = 0; index < 3; ++index) {
        AC_CHECK_EQ_DOUBLE(model_scalar(engine, layers[index], "opacity"), scalars[index]);
        AC_CHECK_EQ_INT(animation_count(engine, layers[index]), 1);
        AC_CHECK_EQ_DOUBLE(presentation_scalar(engine, layers[index], "opacity"), 1.0);
    }
    /* Bools as 0 or 1. */
    AC_CHECK_OK(ac_layers_set_value(engine, layers, 3, hidden, flags, 1));
    AC_CHECK_OK(ac_layer_get_value(engine, layers[1], hidden, &v));
    CHECK_VALUE(v, ac_value_bool(0));
    AC_CHECK_OK(ac_layer_get_value(engine, layers[2], hidden, &v));
    CHECK_VALUE(v, ac_value_bool(1));

    /* Refusals change nothing: a value, a range, a stride, a handle, a kind. */
    points[4] = NAN;
    EXPECT_ERROR(ac_layers_set_value(engine, layers, 3, position, points, 2), AC_ERR_NOT_FINITE, "slots[4] (layers[2]'s value)");
    points[4] = 50;
    points[0] = 10;
    flags[2] = 0.5;
    EXPECT_ERROR(ac_layers_set_value(engine, layers, 3, hidden, flags, 1), AC_ERR_OUT_OF_RANGE, "slots[2] (layers[2]'s value)");
    scalars[1] = -1;
    EXPECT_ERROR(ac_layers_set_value(engine, layers, 3, duration, scalars, 1), AC_ERR_OUT_OF_RANGE, "slots[1] (layers[1]'s value)");
    EXPECT_ERROR(ac_layers_set_value(engine, layers, 3, position, points, 3), AC_ERR_INVALID_ARGUMENT, "stride");
    {
        ac_layer mixed[3] = {layers[0], layers[1], 0xC0FFEE};
        EXPECT_ERROR(ac_layers_set_value(engine, mixed, 3, position, points, 2), AC_ERR_BAD_HANDLE, "layers[2]");
        /* "level" is a scalar in one class and a point in another. */
        ac_value scalar = ac_value_scalar(0), point = ac_value_point(0, 0);
        ac_property_desc level;
        ac_class dot = 0, pin = 0;
        ac_layer pair[2];
        ac_property_desc_init(&level, "level", &scalar);
        AC_CHECK_OK(ac_class_create(engine, "Dot", 0, &level, 1, &dot));
        ac_property_desc_init(&level, "level", &point);
        AC_CHECK_OK(ac_class_create(engine, "Pin", 0, &level, 1, &pin));
        pair[0] = new_layer(engine, dot);
        pair[1] = new_layer(engine, pin);
        EXPECT_ERROR(ac_layers_set_value(engine, pair, 2, key_of(engine, "level"), scalars, 1), AC_ERR_WRONG_KIND,
                     "layers[1]");
        CHECK_VALUE(model_value(engine, pair[0], "level"), ac_value_scalar(0));
        /* An undeclared key takes any kind, as ac_layer_set_value() does. */
        set_value(engine, layers[0], "tag", ac_value_scalar(1));
        set_value(engine, layers[1], "tag", ac_value_point(1, 2));
        AC_CHECK_OK(ac_layers_set_value(engine, layers, 2, key_of(engine, "tag"), scalars, 1));
        CHECK_VALUE(model_value(engine, layers[1], "tag"), ac_value_scalar(-1));
    }
    CHECK_VALUE(model_value(engine, layers[0], "position"), ac_value_point(1, 2));
    CHECK_VALUE(model_value(engine, layers[2], "position"), ac_value_point(5, 6));
    AC_CHECK_OK(ac_layer_get_value(engine, layers[2], hidden, &v));
    CHECK_VALUE(v, ac_value_bool(1));
    {
        /* A finite frame that makes an infinite position (origin + anchorPoint x size) is refused
           before any layer changes. */
        double rects[8] = {10, 20, 30, 40, 0, 0, 1e10, 1e10};
        ac_key frame = key_of(engine, "frame");
        set_value(engine, layers[1], "anchorPoint", ac_value_point(1e300, 1e300));
        EXPECT_ERROR(ac_layers_set_value(engine, layers, 2, frame, rects, 4), AC_ERR_NOT_FINITE,
                     "slots[4] (layers[1]'s value)");
        CHECK_VALUE(model_value(engine, layers[0], "position"), ac_value_point(1, 2));
        set_value(engine, layers[1], "anchorPoint", ac_value_point(0.5, 0.5));
    }
    EXPECT_ERROR(ac_layers_set_value(engine, NULL, 3, position, points, 2), AC_ERR_NULL_POINTER, "layers");
    EXPECT_ERROR(ac_layers_set_value(engine, layers, 3, position, NULL, 2), AC_ERR_NULL_POINTER, "slots");
    EXPECT_ERROR(ac_layers_set_value(engine, layers, 3, position | 0xFFFFFu, points, 2), AC_ERR_UNKNOWN_KEY, "key");
    EXPECT_ERROR(ac_layers_set_value(engine, layers, 3, 987654, points, 2), AC_ERR_BAD_HANDLE, "key");
    AC_CHECK_OK(ac_layers_set_value(engine, NULL, 0, position, NULL, 0));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

int main(void) {
    test_builtin_defaults();
    test_custom_classes();
    test_class_errors();
    test_strict_classes();
    test_every_kind();
    test_key_paths();
    test_undeclared_keys();
    test_keys();
    test_frame();
    test_timing_properties();
    test_tree();
    test_references();
    test_time();
    test_time_after_container_destroyed();
    test_time_held();
    test_batch();
    test_batch_table();
    test_batch_set();
    return ac_test_finish();
}
