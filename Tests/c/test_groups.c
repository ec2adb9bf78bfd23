/*
 * Groups (CAAnimationGroup) through the engine, tick by tick, one test per rule: child begin
 * times relative to the group's start, speeds multiplying, children clipped (not scaled) to the
 * group, zero-duration children spanning it, each child's own key path, nesting (to
 * AC_GROUP_DEPTH_MAX), only the group's delegate told, the children's removedOnCompletion
 * ignored, fill modes at both levels, removing the group removing every effect in the same
 * tick, the default duration, and the children copied when set and copied back.
 */
#include "ac_keyframe_test.h"

/* A group of count children (copied; the descriptions are released here) over duration_s. */
static ac_animation group_of(ac_engine *engine, ac_animation *children, size_t count, double duration_s) {
    ac_animation group = 0;
    size_t i;
    AC_CHECK_OK(ac_animation_create_group(engine, &group));
    AC_CHECK_OK(ac_animation_set_children(engine, group, children, count));
    for (i = 0; i < count; ++i) AC_CHECK_OK(ac_animation_release(engine, children[i]));
    set_duration(engine, group, duration_s);
    return group;
}

/* Edits one timing field group of a description. */
static void set_begin(ac_engine *engine, ac_animation a, double begin_s) {
    ac_timing t = get_timing(engine, a);
    t.begin_time_s = begin_s;
    set_timing(engine, a, t);
}
static void set_speed(ac_engine *engine, ac_animation a, double speed) {
    ac_timing t = get_timing(engine, a);
    t.speed = speed;
    set_timing(engine, a, t);
}
static void set_fill(ac_engine *engine, ac_animation a, int32_t fill) {
    ac_timing t = get_timing(engine, a);
    t.fill_mode = fill;
    set_timing(engine, a, t);
}
static void keep(ac_engine *engine, ac_animation a) {
    AC_CHECK_OK(ac_animation_set_flag(engine, a, AC_ANIMATION_REMOVED_ON_COMPLETION, 0));
}

/* What a frame should show at elapsed time e; NAN: the model value. */
typedef double (*expected_fn)(const void *context, double e);

/* Adds `group` to `layer` under "g" (released here), ticks at T0 and every frame through
   `frames`, comparing zPosition with expect(context, e), skipping frames near `skip`. */
static void run_group(const char *label, ac_engine *engine, ac_layer layer, ac_animation group,
                      int frames, expected_fn expect, const void *context, const double *skip,
                      size_t skip_count) {
    int k;
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, group, "g"));
    AC_CHECK_OK(ac_animation_release(engine, group));
    for (k = 0; k <= frames; ++k) {
        double e = frame_e(k), want, got;
        tick(engine, frame_time(k));
        if (near_any(e, skip, skip_count)) continue;
        want = expect(context, e);
        if (isnan(want)) want = model_scalar(engine, layer, "zPosition");
        got = presentation_scalar(engine, layer, "zPosition");
        if (!AC_CHECK_NEAR(got, want, 1e-9)) {
            printf("    %s: frame %d (e = %.6f)\n", label, k, e);
            return;
        }
    }
}

/* ---- Child begin times ------------------------------------------------------------------ */

static double begin_relative_expected(const void *context, double e) {
    double g = e - *(const double *)context; /* group time */
    if (g >= 0.5 && g < 1.5) return 10 * (g - 0.5);
    return NAN;
}

static void test_child_begin_relative(void) {
    /* Group of 2 s starting 1 s after T0; the child (0 -> 10 over 1 s) begins 0.5 s into it. */
    const double skip[3] = {1.5, 2.5, 3.0};
    const double delay = 1.0;
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0);
    ac_animation child = scalar_animation(engine, "zPosition", 1, 0, 1, 10, 0, 0, 1.0), group;
    double now = 0;
    set_begin(engine, child, 0.5);
    group = group_of(engine, &child, 1, 2.0);
    tick(engine, T0);
    AC_CHECK_OK(ac_engine_current_time(engine, &now));
    set_begin(engine, group, now + delay); /* a root layer's time is the engine's */
    run_group("child begin relative to the group", engine, layer, group, 200, begin_relative_expected, &delay, skip, 3);
    AC_CHECK_EQ_INT(animation_count(engine, layer), 0);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* ---- Speeds ----------------------------------------------------------------------------- */

typedef struct speed_case {
    double rate;   /* value per second of e */
    double end;    /* e at which the group ends */
} speed_case;

static double speed_expected(const void *context, double e) {
    const speed_case *c = (const speed_case *)context;
    return e < c->end ? c->rate * e : NAN;
}

static void test_speeds_multiply(void) {
    /* Group speed 2, duration 2 (1 s of e); child speed 1.5, 0 -> 100 over 4 s: child time
       3e, value 75e. With the layer at speed 0.5 too: child time 1.5e, value 37.5e, 2 s. */
    int layer_slow;
    for (layer_slow = 0; layer_slow <= 1; ++layer_slow) {
        ac_engine *engine = new_engine();
        ac_layer layer = new_layer(engine, 0);
        ac_animation child = scalar_animation(engine, "zPosition", 1, 0, 1, 100, 0, 0, 4.0), group;
        speed_case c;
        set_speed(engine, child, 1.5);
        group = group_of(engine, &child, 1, 2.0);
        set_speed(engine, group, 2);
        if (layer_slow) set_scalar(engine, layer, "speed", 0.5);
        c.rate = layer_slow ? 37.5 : 75;
        c.end = layer_slow ? 2 : 1;
        run_group(layer_slow ? "speeds multiply (layer, group, child)" : "speeds multiply (group, child)", engine,
                  layer, group, 150, speed_expected, &c, &c.end, 1);
        AC_CHECK_OK(ac_engine_destroy(engine));
    }
}

/* ---- Clipping --------------------------------------------------------------------------- */

typedef struct clip_case {
    double after; /* after the group's end: the value, or NAN for the model */
} clip_case;

static double clip_expected(const void *context, double e) {
    const clip_case *c = (const clip_case *)context;
    return e < 1 ? 50 * e : c->after;
}

static void test_clipping(void) {
    /* A 2 s child (0 -> 100) in a 1 s group shows its first second only (50 per second, not
       100); after the group's end: the child's value at group time 1 (50) with the group's fill
       forwards, nothing with its fill removed. */
    int variant;
    for (variant = 0; variant < 3; ++variant) {
        ac_engine *engine = new_engine();
        ac_layer layer = new_layer(engine, 0);
        ac_animation child = scalar_animation(engine, "zPosition", 1, 0, 1, 100, 0, 0, 2.0), group;
        const double skip[1] = {1.0};
        clip_case c;
        group = group_of(engine, &child, 1, 1.0);
        if (variant == 0) {
            set_fill(engine, group, AC_FILL_FORWARDS);
            keep(engine, group);
            c.after = 50;
        } else if (variant == 1) {
            keep(engine, group); /* kept, but fill removed: no effect after the end */
            c.after = NAN;
        } else {
            c.after = NAN; /* removed on completion */
        }
        run_group(variant == 0 ? "clipped, group fill forwards"
                               : variant == 1 ? "clipped, group fill removed" : "clipped, group removed",
                  engine, layer, group, 120, clip_expected, &c, skip, 1);
        AC_CHECK_EQ_INT(animation_count(engine, layer), variant == 2 ? 0 : 1);
        AC_CHECK_OK(ac_engine_destroy(engine));
    }
}

/* ---- Zero-duration children ------------------------------------------------------------- */

static double span_expected(const void *context, double e) {
    double duration = *(const double *)context;
    return e < duration ? 10 * e / duration : NAN;
}

static void test_zero_duration_child(void) {
    /* A child of duration 0 (0 -> 10) spans the group's 2 s. */
    double duration = 2.0;
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0);
    ac_animation child = scalar_animation(engine, "zPosition", 1, 0, 1, 10, 0, 0, 0), group;
    group = group_of(engine, &child, 1, duration);
    run_group("zero-duration child spans the group", engine, layer, group, 140, span_expected, &duration, &duration, 1);
    AC_CHECK_OK(ac_engine_destroy(engine));

    /* A group added with duration 0 gets the transaction's (0.25 s); its child spans that. */
    duration = 0.25;
    engine = new_engine();
    layer = new_layer(engine, 0);
    child = scalar_animation(engine, "zPosition", 1, 0, 1, 10, 0, 0, 0);
    group = group_of(engine, &child, 1, 0);
    run_group("group of duration 0", engine, layer, group, 30, span_expected, &duration, &duration, 1);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* ---- Each child its own key path -------------------------------------------------------- */

static void test_own_key_paths(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0);
    ac_animation children[3], group, copy = 0;
    const double fade[3] = {1, 0.5, 0};
    ac_path_element line[2];
    int k;

    children[0] = scalar_animation(engine, "zPosition", 1, 0, 1, 10, 0, 0, 0);
    children[1] = keyframe_scalars(engine, "opacity", fade, 3, NULL, 0, 0);
    line[0] = ac_path_move_to(0, 0);
    line[1] = ac_path_line_to(100, 0);
    children[2] = keyframe_path(engine, "position", line, 2, 0);
    group = group_of(engine, children, 3, 1.0);
    /* The group's own key path is ignored. */
    AC_CHECK_OK(ac_animation_set_key_path(engine, group, "notAProperty"));
    set_value(engine, layer, "position", ac_value_point(7, 7));
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, group, "g"));
    AC_CHECK_OK(ac_animation_release(engine, group));
    for (k = 0; k < 60; ++k) {
        double e = frame_e(k), x, y;
        tick(engine, frame_time(k));
        presentation_point(engine, layer, "position", &x, &y);
        if (!AC_CHECK_NEAR(presentation_scalar(engine, layer, "zPosition"), 10 * e, 1e-9) ||
            !AC_CHECK_NEAR(presentation_scalar(engine, layer, "opacity"), 1 - e, 1e-9) ||
            !AC_CHECK_NEAR(x, 100 * e, 1e-9) || !AC_CHECK_EQ_DOUBLE(y, 0)) {
            printf("    own key paths: frame %d\n", k);
            break;
        }
    }
    tick(engine, frame_time(70));
    AC_CHECK_EQ_DOUBLE(presentation_scalar(engine, layer, "opacity"), 1);
    AC_CHECK_EQ_DOUBLE(presentation_scalar(engine, layer, "zPosition"), 0);
    AC_CHECK_EQ_DOUBLE(presentation_value(engine, layer, "position").v[0], 7);
    AC_CHECK_STATUS(ac_layer_copy_animation(engine, layer, "g", &copy), AC_OK);
    AC_CHECK_EQ_INT(copy, 0); /* removed on completion */
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* ---- Nesting ---------------------------------------------------------------------------- */

static double nested_expected(const void *context, double e) {
    (void)context;
    return e >= 1 && e < 2 ? 20 * (e - 1) : NAN;
}

static void test_nesting(void) {
    /* outer (4 s) > middle (begin 1, speed 2, 2 s: outer times 1...2) > leaf (0 -> 40 over
       4 s): leaf time 2 (g - 1), value 20 (g - 1). */
    const double skip[3] = {1, 2, 4};
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0);
    ac_animation leaf = scalar_animation(engine, "zPosition", 1, 0, 1, 40, 0, 0, 4.0), middle, outer;
    middle = group_of(engine, &leaf, 1, 2.0);
    set_begin(engine, middle, 1);
    set_speed(engine, middle, 2);
    outer = group_of(engine, &middle, 1, 4.0);
    run_group("nested groups", engine, layer, outer, 260, nested_expected, NULL, skip, 3);
    AC_CHECK_OK(ac_engine_destroy(engine));

    /* AC_GROUP_DEPTH_MAX groups deep works; one more is refused when set. */
    {
        ac_animation current, deeper = 0;
        int depth;
        engine = new_engine();
        layer = new_layer(engine, 0);
        current = scalar_animation(engine, "zPosition", 1, 0, 1, 10, 0, 0, 1.0);
        for (depth = 1; depth <= AC_GROUP_DEPTH_MAX; ++depth) current = group_of(engine, &current, 1, 1.0);
        AC_CHECK_OK(ac_animation_create_group(engine, &deeper));
        AC_CHECK_STATUS(ac_animation_set_children(engine, deeper, &current, 1), AC_ERR_OUT_OF_RANGE);
        AC_CHECK_STR_CONTAINS(ac_last_error_message(), "children");
        AC_CHECK_OK(ac_layer_add_animation(engine, layer, current, "deep"));
        tick(engine, T0);
        tick(engine, T0 + 0.5);
        AC_CHECK_NEAR(presentation_scalar(engine, layer, "zPosition"), 5, 1e-9);
        ac_animation_release(engine, current);
        ac_animation_release(engine, deeper);
        AC_CHECK_OK(ac_engine_destroy(engine));
    }
}

/* ---- Delegates -------------------------------------------------------------------------- */

static void test_only_group_delegate(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0);
    counters group_counts = {0}, child_counts[2] = {{0}, {0}};
    ac_animation children[2], group;
    int k, i;

    children[0] = scalar_animation(engine, "zPosition", 1, 0, 1, 10, 0, 0, 0.25);
    children[1] = scalar_animation(engine, "opacity", 1, 0, 1, 1, 0, 0, 0.5);
    for (i = 0; i < 2; ++i) count_animation(engine, children[i], &child_counts[i]);
    group = group_of(engine, children, 2, 0.5);
    count_animation(engine, group, &group_counts);
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, group, "g"));
    AC_CHECK_OK(ac_animation_release(engine, group));
    for (k = 0; k <= 40; ++k) {
        tick(engine, frame_time(k));
        if (k == 1) AC_CHECK_EQ_INT(group_counts.started, 1);
        if (k == 29) AC_CHECK_EQ_INT(group_counts.stopped_finished, 0);
    }
    AC_CHECK_EQ_INT(group_counts.started, 1);
    AC_CHECK_EQ_INT(group_counts.stopped_finished, 1);
    AC_CHECK_EQ_INT(group_counts.stopped_unfinished, 0);
    AC_CHECK_EQ_STR(group_counts.last_key, "g");
    AC_CHECK_EQ_INT(group_counts.last_layer, layer);
    for (i = 0; i < 2; ++i) {
        AC_CHECK_EQ_INT(child_counts[i].started, 0);
        AC_CHECK_EQ_INT(child_counts[i].stopped_finished + child_counts[i].stopped_unfinished, 0);
    }
    AC_CHECK_OK(ac_engine_destroy(engine));
    /* Every registration ended once. */
    AC_CHECK_EQ_INT(group_counts.destroyed, 1);
    for (i = 0; i < 2; ++i) AC_CHECK_EQ_INT(child_counts[i].destroyed, 1);
    for (i = 0; i < 2; ++i) AC_CHECK_EQ_INT(child_counts[i].started, 0);
}

/* ---- removedOnCompletion of children ---------------------------------------------------- */

static double held_expected(const void *context, double e) {
    (void)context;
    if (e < 0.5) return 20 * e;
    if (e < 1) return 10; /* the child's fill forwards, though it is "removed on completion" */
    return NAN;           /* the group is gone */
}

static void test_children_removed_on_completion_ignored(void) {
    /* A child kept (removedOnCompletion 0, fill forwards) goes with its group. */
    {
        ac_engine *engine = new_engine();
        ac_layer layer = new_layer(engine, 0);
        ac_animation child = scalar_animation(engine, "zPosition", 1, 0, 1, 10, 0, 0, 0.5), group;
        const double skip[2] = {0.5, 1};
        keep(engine, child);
        set_fill(engine, child, AC_FILL_FORWARDS);
        group = group_of(engine, &child, 1, 1.0);
        run_group("child kept, group removed", engine, layer, group, 80, held_expected, NULL, skip, 2);
        AC_CHECK_EQ_INT(animation_count(engine, layer), 0);
        AC_CHECK_OK(ac_engine_destroy(engine));
    }
    /* A child removed on completion (the default) with fill forwards keeps filling inside its
       group. */
    {
        ac_engine *engine = new_engine();
        ac_layer layer = new_layer(engine, 0);
        ac_animation child = scalar_animation(engine, "zPosition", 1, 0, 1, 10, 0, 0, 0.5), group;
        const double skip[2] = {0.5, 1};
        set_fill(engine, child, AC_FILL_FORWARDS);
        group = group_of(engine, &child, 1, 1.0);
        run_group("child removed on completion, filling in its group", engine, layer, group, 80, held_expected,
                  NULL, skip, 2);
        AC_CHECK_OK(ac_engine_destroy(engine));
    }
}

/* ---- Fill at both levels ---------------------------------------------------------------- */

typedef struct fill_case {
    double delay;        /* group begin after T0 */
    int group_backwards; /* the group fills backwards */
    int group_forwards;  /* the group fills forwards (and is kept) */
    int child_forwards;  /* the child fills forwards too (it always fills backwards) */
} fill_case;

static double fill_expected(const void *context, double e) {
    const fill_case *c = (const fill_case *)context;
    double g = e - c->delay;
    if (g < 0) {
        if (!c->group_backwards) return NAN;
        g = 0;
    } else if (g >= 3) {
        if (!c->group_forwards) return NAN;
        g = 3;
    }
    /* The child: begin 1, 1 s, 5 -> 10, fill backwards (and forwards when asked). */
    if (g < 1) return 5;
    if (g < 2) return 5 + 5 * (g - 1);
    return c->child_forwards ? 10 : NAN;
}

static void run_fill(const char *label, const fill_case *c) {
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0);
    ac_animation child = scalar_animation(engine, "zPosition", 1, 5, 1, 10, 0, 0, 1.0), group;
    double skip[4], now = 0;
    int32_t group_fill = AC_FILL_REMOVED;
    skip[0] = c->delay;
    skip[1] = c->delay + 1;
    skip[2] = c->delay + 2;
    skip[3] = c->delay + 3;
    set_begin(engine, child, 1);
    set_fill(engine, child, c->child_forwards ? AC_FILL_BOTH : AC_FILL_BACKWARDS);
    group = group_of(engine, &child, 1, 3.0);
    if (c->group_backwards) group_fill |= AC_FILL_BACKWARDS;
    if (c->group_forwards) {
        group_fill |= AC_FILL_FORWARDS;
        keep(engine, group);
    }
    set_fill(engine, group, group_fill);
    tick(engine, T0);
    AC_CHECK_OK(ac_engine_current_time(engine, &now));
    if (c->delay > 0) set_begin(engine, group, now + c->delay);
    run_group(label, engine, layer, group, (int)((c->delay + 4) * 60), fill_expected, c, skip, 4);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static void test_fill_both_levels(void) {
    const fill_case plain = {0, 0, 0, 0};
    const fill_case group_forwards = {0, 0, 1, 0};
    const fill_case both_forwards = {0, 0, 1, 1};
    const fill_case group_backwards = {1, 1, 0, 0};
    const fill_case group_not_backwards = {1, 0, 0, 1};
    run_fill("child fills backwards inside its group", &plain);
    run_fill("group fills forwards, child after its end: the model", &group_forwards);
    run_fill("group and child fill forwards: the child's end", &both_forwards);
    run_fill("group fills backwards before its begin: the child's backwards fill", &group_backwards);
    run_fill("group without backwards fill: nothing before its begin", &group_not_backwards);
}

/* ---- Removing the group ----------------------------------------------------------------- */

static void test_remove_group(void) {
    int remove_all;
    for (remove_all = 0; remove_all <= 1; ++remove_all) {
        ac_engine *engine = new_engine();
        ac_layer layer = new_layer(engine, 0);
        ac_animation children[3], group;
        const double fade[2] = {1, 0};
        const double xy[4] = {0, 0, 100, 100};
        counters c = {0};
        int k;

        children[0] = scalar_animation(engine, "zPosition", 1, 0, 1, 10, 0, 0, 0);
        children[1] = keyframe_scalars(engine, "opacity", fade, 2, NULL, 0, 0);
        children[2] = keyframe_points(engine, "position", xy, 2, 0);
        group = group_of(engine, children, 3, 1.0);
        count_animation(engine, group, &c);
        AC_CHECK_OK(ac_layer_add_animation(engine, layer, group, "g"));
        AC_CHECK_OK(ac_animation_release(engine, group));
        for (k = 0; k <= 30; ++k) tick(engine, frame_time(k));
        AC_CHECK_NEAR(presentation_scalar(engine, layer, "zPosition"), 5, 1e-9);
        AC_CHECK_NEAR(presentation_scalar(engine, layer, "opacity"), 0.5, 1e-9);
        if (remove_all) AC_CHECK_OK(ac_layer_remove_all_animations(engine, layer));
        else AC_CHECK_OK(ac_layer_remove_animation(engine, layer, "g"));
        tick(engine, frame_time(31));
        /* Every child's effect is gone in the same tick. */
        AC_CHECK_EQ_DOUBLE(presentation_scalar(engine, layer, "zPosition"), 0);
        AC_CHECK_EQ_DOUBLE(presentation_scalar(engine, layer, "opacity"), 1);
        AC_CHECK_EQ_DOUBLE(presentation_value(engine, layer, "position").v[0], 0);
        AC_CHECK_EQ_DOUBLE(presentation_value(engine, layer, "position").v[1], 0);
        AC_CHECK_EQ_INT(c.stopped_unfinished, 1);
        AC_CHECK_EQ_INT(c.stopped_finished, 0);
        AC_CHECK_EQ_INT(animation_count(engine, layer), 0);
        tick(engine, frame_time(40));
        AC_CHECK_EQ_INT(c.stopped_unfinished, 1);
        AC_CHECK_OK(ac_engine_destroy(engine));
    }
}

/* ---- Children copied in and out --------------------------------------------------------- */

static void test_children_copies(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0);
    ac_animation basic = scalar_animation(engine, "opacity", 1, 0.2, 1, 0.8, 0, 0, 0.5);
    ac_animation frames = 0, group = 0, copy = 0, child = 0;
    const double values[3] = {1, 2, 3};
    ac_animation list[3];
    size_t count = 99, length = 0;
    int32_t kind = -1, is_set = 0;
    ac_value v;
    char key_path[16];

    frames = keyframe_scalars(engine, "zPosition", values, 3, NULL, 0, 0.5);
    AC_CHECK_OK(ac_animation_create_group(engine, &group));
    AC_CHECK_OK(ac_animation_get_kind(engine, group, &kind));
    AC_CHECK_EQ_INT(kind, AC_ANIMATION_KIND_GROUP);
    AC_CHECK_OK(ac_animation_key_path(engine, group, key_path, sizeof key_path, &length));
    AC_CHECK_EQ_INT(length, 0);
    AC_CHECK_OK(ac_animation_child_count(engine, group, &count));
    AC_CHECK_EQ_INT(count, 0);
    list[0] = basic;
    list[1] = frames;
    list[2] = basic; /* the same description twice: two copies */
    AC_CHECK_OK(ac_animation_set_children(engine, group, list, 3));
    /* Copied now: later edits and releases do not reach the group. */
    v = ac_value_scalar(0.1);
    AC_CHECK_OK(ac_animation_set_value(engine, basic, AC_ANIMATION_TO, &v));
    AC_CHECK_OK(ac_animation_release(engine, frames));
    AC_CHECK_OK(ac_animation_child_count(engine, group, &count));
    AC_CHECK_EQ_INT(count, 3);
    AC_CHECK_OK(ac_animation_copy_child(engine, group, 0, &child));
    AC_CHECK_OK(ac_animation_get_value(engine, child, AC_ANIMATION_TO, &v, &is_set));
    AC_CHECK_EQ_DOUBLE(v.v[0], 0.8);
    ac_animation_release(engine, child);

    set_duration(engine, group, 0);
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, group, "g"));
    AC_CHECK_OK(ac_layer_copy_animation(engine, layer, "g", &copy));
    AC_CHECK_OK(ac_animation_get_kind(engine, copy, &kind));
    AC_CHECK_EQ_INT(kind, AC_ANIMATION_KIND_GROUP);
    AC_CHECK_EQ_DOUBLE(get_timing(engine, copy).duration_s, 0.25); /* resolved */
    AC_CHECK_OK(ac_animation_child_count(engine, copy, &count));
    AC_CHECK_EQ_INT(count, 3);
    AC_CHECK_OK(ac_animation_copy_child(engine, copy, 1, &child));
    AC_CHECK_OK(ac_animation_get_kind(engine, child, &kind));
    AC_CHECK_EQ_INT(kind, AC_ANIMATION_KIND_KEYFRAME);
    {
        double back[4] = {0};
        AC_CHECK_OK(ac_animation_key_path(engine, child, key_path, sizeof key_path, &length));
        AC_CHECK_EQ_STR(key_path, "zPosition");
        AC_CHECK_EQ_DOUBLE(get_timing(engine, child).duration_s, 0.5);
        {
            ac_value got[4];
            AC_CHECK_OK(ac_animation_get_values(engine, child, got, 4, &count));
            AC_CHECK_EQ_INT(count, 3);
            back[0] = got[0].v[0];
            back[2] = got[2].v[0];
        }
        AC_CHECK_EQ_DOUBLE(back[0], 1);
        AC_CHECK_EQ_DOUBLE(back[2], 3);
    }
    ac_animation_release(engine, child);
    AC_CHECK_OK(ac_animation_copy_child(engine, copy, 2, &child));
    AC_CHECK_OK(ac_animation_get_value(engine, child, AC_ANIMATION_FROM, &v, &is_set));
    AC_CHECK_EQ_INT(is_set, 1);
    AC_CHECK_EQ_DOUBLE(v.v[0], 0.2);
    ac_animation_release(engine, child);
    /* A group may contain a group (a copy of it). */
    AC_CHECK_OK(ac_animation_set_children(engine, group, &copy, 1));
    AC_CHECK_OK(ac_animation_copy_child(engine, group, 0, &child));
    AC_CHECK_OK(ac_animation_get_kind(engine, child, &kind));
    AC_CHECK_EQ_INT(kind, AC_ANIMATION_KIND_GROUP);
    /* NULL, 0: no children. */
    AC_CHECK_OK(ac_animation_set_children(engine, group, NULL, 0));
    AC_CHECK_OK(ac_animation_child_count(engine, group, &count));
    AC_CHECK_EQ_INT(count, 0);
    ac_animation_release(engine, child);
    ac_animation_release(engine, copy);
    ac_animation_release(engine, group);
    ac_animation_release(engine, basic);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* ---- The group's timing function --------------------------------------------------------- */

static double ease_in_expected(const void *context, double e) {
    ac_timing_function f = named_function("easeIn");
    (void)context;
    return e < 2.0 ? 10 * ease(&f, e / 2.0) : NAN;
}

static void test_group_timing_function(void) {
    /* A group of 2 s with easeIn re-times its child (0 -> 10 over 2 s, linear). */
    const double end = 2.0;
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0);
    ac_animation child = scalar_animation(engine, "zPosition", 1, 0, 1, 10, 0, 0, 2.0), group;
    ac_timing_function f = named_function("easeIn");
    group = group_of(engine, &child, 1, 2.0);
    AC_CHECK_OK(ac_animation_set_timing_function(engine, group, &f));
    run_group("the group's timing function", engine, layer, group, 150, ease_in_expected, NULL, &end, 1);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* ---- A group as an action ------------------------------------------------------------- */

/* The delegate's action for "zPosition": a group of one child (0 -> 10, spanning 1 s), built in a
   description of its own and assigned to the one the engine hands over. */
static int32_t group_action(ac_engine *engine, ac_layer layer, const char *key, ac_animation animation,
                            void *user_data) {
    ac_animation child = scalar_animation(engine, "zPosition", 1, 0, 1, 10, 0, 0, 0), group;
    int32_t kind = -1;
    (void)layer;
    (void)key;
    ++*(int *)user_data;
    group = group_of(engine, &child, 1, 1.0);
    AC_CHECK_OK(ac_animation_assign(engine, animation, group));
    AC_CHECK_OK(ac_animation_get_kind(engine, animation, &kind));
    AC_CHECK(kind == AC_ANIMATION_KIND_GROUP);
    AC_CHECK_OK(ac_animation_release(engine, group));
    return AC_ACTION_ANIMATION;
}

static void test_group_as_action(void) {
    double duration = 1.0;
    int asked = 0, k;
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0);
    ac_animation copy = 0;
    int32_t kind = -1;
    tick(engine, frame_time(0) - 1.0); /* the layer is committed: changes run actions */
    AC_CHECK_OK(ac_layer_set_action_callback(engine, layer, group_action, &asked, NULL));
    set_scalar(engine, layer, "zPosition", 50);
    AC_CHECK(asked == 1);
    AC_CHECK_OK(ac_layer_copy_animation(engine, layer, "zPosition", &copy));
    AC_CHECK_OK(ac_animation_get_kind(engine, copy, &kind));
    AC_CHECK(kind == AC_ANIMATION_KIND_GROUP);
    AC_CHECK_OK(ac_animation_release(engine, copy));
    for (k = 0; k <= 70; ++k) {
        double e = frame_e(k), want = span_expected(&duration, e);
        tick(engine, frame_time(k));
        if (near_any(e, &duration, 1)) continue;
        if (!AC_CHECK_NEAR(presentation_scalar(engine, layer, "zPosition"), isnan(want) ? 50 : want, 1e-9)) {
            printf("    group as action: frame %d\n", k);
            break;
        }
    }
    /* Bad handles name the argument. */
    AC_CHECK(ac_animation_assign(engine, 0, 12345) == AC_ERR_BAD_HANDLE);
    AC_CHECK(strstr(ac_last_error_message(), "source") != NULL);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* ---- Sequences ---------------------------------------------------------------------------- */

static double sequence_expected(const void *context, double e) {
    (void)context;
    /* A over [0, 1) 0 -> 10; a gap of 0.5; B over [1.5, 2.5) 10 -> 20; C overlapping B by
       0.25 over [2.25, 3.25) 20 -> 30, shown over B (later in order). */
    if (e < 1) return 10 * e;
    if (e >= 2.25 && e < 3.25) return 20 + 10 * (e - 2.25);
    if (e >= 1.5 && e < 2.5) return 10 + 10 * (e - 1.5);
    return NAN;
}

/* AC_ANIMATION_SEQUENTIAL: a group whose children run one after another, begin times counting
   from the end of the child before (gap, overlap), its duration 0 its natural length (3.25 s,
   read back from the added copy); refused on another kind, read 0 there. */
static void test_sequence(void) {
    const double skip[5] = {1.0, 1.5, 2.25, 2.5, 3.25};
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0);
    ac_animation children[3] = {
        scalar_animation(engine, "zPosition", 1, 0, 1, 10, 0, 0, 1.0),
        scalar_animation(engine, "zPosition", 1, 10, 1, 20, 0, 0, 1.0),
        scalar_animation(engine, "zPosition", 1, 20, 1, 30, 0, 0, 1.0)};
    ac_animation group = 0, copy = 0;
    int32_t on = -1;

    AC_CHECK_OK(ac_animation_get_flag(engine, children[0], AC_ANIMATION_SEQUENTIAL, &on));
    AC_CHECK_EQ_INT(on, 0);
    EXPECT_ERROR(ac_animation_set_flag(engine, children[0], AC_ANIMATION_SEQUENTIAL, 1), AC_ERR_INVALID_ARGUMENT,
                 "only a group");
    set_begin(engine, children[1], 0.5);
    set_begin(engine, children[2], -0.25);
    group = group_of(engine, children, 3, 0);
    AC_CHECK_OK(ac_animation_get_flag(engine, group, AC_ANIMATION_SEQUENTIAL, &on));
    AC_CHECK_EQ_INT(on, 0);
    AC_CHECK_OK(ac_animation_set_flag(engine, group, AC_ANIMATION_SEQUENTIAL, 1));
    AC_CHECK_OK(ac_animation_get_flag(engine, group, AC_ANIMATION_SEQUENTIAL, &on));
    AC_CHECK_EQ_INT(on, 1);
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, group, "g"));
    AC_CHECK_OK(ac_layer_copy_animation(engine, layer, "g", &copy));
    AC_CHECK_NEAR(get_timing(engine, copy).duration_s, 3.25, 0);
    AC_CHECK_OK(ac_animation_get_flag(engine, copy, AC_ANIMATION_SEQUENTIAL, &on));
    AC_CHECK_EQ_INT(on, 1);
    AC_CHECK_OK(ac_animation_release(engine, copy));
    AC_CHECK_OK(ac_layer_remove_animation(engine, layer, "g"));
    run_group("sequence", engine, layer, group, 240, sequence_expected, NULL, skip, 5);
    AC_CHECK_EQ_INT(animation_count(engine, layer), 0);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

int main(void) {
    test_child_begin_relative();
    test_speeds_multiply();
    test_clipping();
    test_zero_duration_child();
    test_own_key_paths();
    test_nesting();
    test_only_group_delegate();
    test_children_removed_on_completion_ignored();
    test_fill_both_levels();
    test_remove_group();
    test_children_copies();
    test_group_as_action();
    test_group_timing_function();
    test_sequence();
    return ac_test_finish();
}
