/*
 * Transitions (CATransition, include/animcore.h "Transitions"; reference
 * core-animation-geometry.md §6): the description and its fields, the composite of every type
 * and subtype at a progress against §6.2's table with worked numbers, the progress mapping with
 * start/end progress and easing, repeat and autoreverse, the "transition" key, did-start /
 * did-stop exactly once, removal, the default duration, a group refusing one, an action
 * returning one, the render list's transition fields and began/ended states over successive
 * fills, the dirty rectangle, and every refusal with its status and a message naming the
 * argument.
 */
#include <math.h>
#include <string.h>

#include "ac_engine_test.h"

#define TOL 1e-12

/* A layer of bounds 100 x 50 at position (50, 25): its entry's space is the root space. */
static ac_layer new_stage(ac_engine *engine) {
    ac_layer layer = new_layer(engine, 0);
    set_value(engine, layer, "bounds", ac_value_rect(0, 0, 100, 50));
    set_value(engine, layer, "position", ac_value_point(50, 25));
    return layer;
}

/* A transition of type / subtype over start..end progress, duration 1 s (0: the default). */
static ac_animation new_transition(ac_engine *engine, int32_t type, int32_t subtype, double start, double end,
                                   double duration_s) {
    ac_animation animation = 0;
    ac_transition parameters;
    ac_timing timing;
    AC_CHECK_OK(ac_animation_create_transition(engine, &animation));
    ac_transition_init(&parameters);
    parameters.type = type;
    parameters.subtype = subtype;
    parameters.start_progress = start;
    parameters.end_progress = end;
    AC_CHECK_OK(ac_animation_set_transition(engine, animation, &parameters));
    ac_timing_init_animation(&timing);
    timing.duration_s = duration_s;
    AC_CHECK_OK(ac_animation_set_timing(engine, animation, &timing));
    return animation;
}

/* One fill with presentation values: the layer's (only) entry; the dirty rect when asked. */
static const ac_render_entry *fill_one(ac_engine *engine, ac_render_list list, ac_layer root, double *dirty) {
    const ac_render_entry *entries = NULL;
    size_t count = 0;
    int32_t is_dirty = 0;
    AC_CHECK_OK(ac_render_list_fill(engine, list, root, AC_GEOMETRY_PRESENTATION, &entries, &count, dirty, &is_dirty));
    AC_CHECK_EQ_INT(count, 1);
    return entries;
}

static ac_transition_composite composite(int32_t type, int32_t subtype, double p) {
    ac_transition_composite out;
    memset(&out, 0xff, sizeof out);
    AC_CHECK_OK(ac_transition_composite_at(type, subtype, p, 100, 50, &out));
    AC_CHECK_EQ_INT(out.reserved, 0);
    return out;
}

static void expect_composite(ac_transition_composite c, double old_x, double old_y, double new_x, double new_y,
                             double old_alpha, double new_alpha, int32_t layering) {
    AC_CHECK_NEAR(c.old_offset[0], old_x, TOL);
    AC_CHECK_NEAR(c.old_offset[1], old_y, TOL);
    AC_CHECK_NEAR(c.new_offset[0], new_x, TOL);
    AC_CHECK_NEAR(c.new_offset[1], new_y, TOL);
    AC_CHECK_NEAR(c.old_alpha, old_alpha, TOL);
    AC_CHECK_NEAR(c.new_alpha, new_alpha, TOL);
    AC_CHECK_EQ_INT(c.layering, layering);
}

/* §6.2 at p = 0.25 over W x H = 100 x 50: D = (100, 0) from the right, (-100, 0) from the
   left, (0, 50) from the top, (0, -50) from the bottom; new at D (1 - p), old at -D p. */
static void test_composite_table(void) {
    const int32_t over = AC_TRANSITION_LAYERING_NEW_OVER_OLD, under = AC_TRANSITION_LAYERING_OLD_OVER_NEW;
    /* fade: alphas 0.75 and 0.25, summed; the subtype does not matter. */
    expect_composite(composite(AC_TRANSITION_FADE, AC_TRANSITION_FROM_NONE, 0.25), 0, 0, 0, 0, 0.75, 0.25,
                     AC_TRANSITION_LAYERING_CROSS_DISSOLVE);
    expect_composite(composite(AC_TRANSITION_FADE, AC_TRANSITION_FROM_TOP, 0.25), 0, 0, 0, 0, 0.75, 0.25,
                     AC_TRANSITION_LAYERING_CROSS_DISSOLVE);
    /* moveIn: the old still, the new 75 from its side. */
    expect_composite(composite(AC_TRANSITION_MOVE_IN, AC_TRANSITION_FROM_RIGHT, 0.25), 0, 0, 75, 0, 1, 1, over);
    expect_composite(composite(AC_TRANSITION_MOVE_IN, AC_TRANSITION_FROM_LEFT, 0.25), 0, 0, -75, 0, 1, 1, over);
    expect_composite(composite(AC_TRANSITION_MOVE_IN, AC_TRANSITION_FROM_TOP, 0.25), 0, 0, 0, 37.5, 1, 1, over);
    expect_composite(composite(AC_TRANSITION_MOVE_IN, AC_TRANSITION_FROM_BOTTOM, 0.25), 0, 0, 0, -37.5, 1, 1, over);
    /* push: the old leaves by -D p = 25 the other way. */
    expect_composite(composite(AC_TRANSITION_PUSH, AC_TRANSITION_FROM_RIGHT, 0.25), -25, 0, 75, 0, 1, 1, over);
    expect_composite(composite(AC_TRANSITION_PUSH, AC_TRANSITION_FROM_LEFT, 0.25), 25, 0, -75, 0, 1, 1, over);
    expect_composite(composite(AC_TRANSITION_PUSH, AC_TRANSITION_FROM_TOP, 0.25), 0, -12.5, 0, 37.5, 1, 1, over);
    expect_composite(composite(AC_TRANSITION_PUSH, AC_TRANSITION_FROM_BOTTOM, 0.25), 0, 12.5, 0, -37.5, 1, 1, over);
    /* No subtype: from the left ([INFERRED]). */
    expect_composite(composite(AC_TRANSITION_PUSH, AC_TRANSITION_FROM_NONE, 0.25), 25, 0, -75, 0, 1, 1, over);
    /* reveal: the old leaves over the new, which stays. */
    expect_composite(composite(AC_TRANSITION_REVEAL, AC_TRANSITION_FROM_RIGHT, 0.25), -25, 0, 0, 0, 1, 1, under);
    expect_composite(composite(AC_TRANSITION_REVEAL, AC_TRANSITION_FROM_LEFT, 0.25), 25, 0, 0, 0, 1, 1, under);
    expect_composite(composite(AC_TRANSITION_REVEAL, AC_TRANSITION_FROM_TOP, 0.25), 0, -12.5, 0, 0, 1, 1, under);
    expect_composite(composite(AC_TRANSITION_REVEAL, AC_TRANSITION_FROM_BOTTOM, 0.25), 0, 12.5, 0, 0, 1, 1, under);
    /* The ends: p = 0 shows the old alone, p = 1 the new alone. */
    expect_composite(composite(AC_TRANSITION_PUSH, AC_TRANSITION_FROM_RIGHT, 0), 0, 0, 100, 0, 1, 1, over);
    expect_composite(composite(AC_TRANSITION_PUSH, AC_TRANSITION_FROM_RIGHT, 1), -100, 0, 0, 0, 1, 1, over);
    expect_composite(composite(AC_TRANSITION_FADE, AC_TRANSITION_FROM_NONE, 1), 0, 0, 0, 0, 0, 1,
                     AC_TRANSITION_LAYERING_CROSS_DISSOLVE);
    /* An overshooting curve: offsets go past their ends, alphas stay in [0, 1]. */
    expect_composite(composite(AC_TRANSITION_MOVE_IN, AC_TRANSITION_FROM_RIGHT, 1.1), 0, 0, -10, 0, 1, 1, over);
    expect_composite(composite(AC_TRANSITION_FADE, AC_TRANSITION_FROM_NONE, 1.1), 0, 0, 0, 0, 0, 1,
                     AC_TRANSITION_LAYERING_CROSS_DISSOLVE);
}

static void test_description_fields(void) {
    ac_engine *engine = new_engine();
    ac_animation animation = 0;
    ac_transition read;
    int32_t kind = -1;
    ac_timing timing;
    char path[8];
    size_t length = 99;
    AC_CHECK_OK(ac_animation_create_transition(engine, &animation));
    AC_CHECK_OK(ac_animation_get_kind(engine, animation, &kind));
    AC_CHECK_EQ_INT(kind, AC_ANIMATION_KIND_TRANSITION);
    read.struct_size = sizeof read;
    AC_CHECK_OK(ac_animation_get_transition(engine, animation, &read));
    AC_CHECK_EQ_INT(read.type, AC_TRANSITION_FADE);
    AC_CHECK_EQ_INT(read.subtype, AC_TRANSITION_FROM_NONE);
    AC_CHECK_EQ_INT(read.reserved, 0);
    AC_CHECK_EQ_DOUBLE(read.start_progress, 0);
    AC_CHECK_EQ_DOUBLE(read.end_progress, 1);
    AC_CHECK_OK(ac_animation_get_timing(engine, animation, (timing.struct_size = sizeof timing, &timing)));
    AC_CHECK_EQ_DOUBLE(timing.duration_s, 0);
    AC_CHECK_OK(ac_animation_key_path(engine, animation, path, sizeof path, &length));
    AC_CHECK_EQ_INT(length, 0);
    ac_animation_release(engine, animation);

    animation = new_transition(engine, AC_TRANSITION_REVEAL, AC_TRANSITION_FROM_BOTTOM, 0.25, 0.75, 1);
    AC_CHECK_OK(ac_animation_get_transition(engine, animation, &read));
    AC_CHECK_EQ_INT(read.type, AC_TRANSITION_REVEAL);
    AC_CHECK_EQ_INT(read.subtype, AC_TRANSITION_FROM_BOTTOM);
    AC_CHECK_EQ_DOUBLE(read.start_progress, 0.25);
    AC_CHECK_EQ_DOUBLE(read.end_progress, 0.75);
    ac_animation_release(engine, animation);
    ac_engine_destroy(engine);
}

/* p = start + (end - start) f, f the eased fraction: a push from the right over 0.25..0.75. */
static void test_progress_mapping_and_easing(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = new_stage(engine);
    ac_render_list list = 0;
    ac_animation animation = new_transition(engine, AC_TRANSITION_PUSH, AC_TRANSITION_FROM_RIGHT, 0.25, 0.75, 1);
    ac_timing_function ease_in;
    double eased = 0;
    const ac_render_entry *e;
    AC_CHECK_OK(ac_render_list_create(engine, &list));
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, animation, NULL));
    tick(engine, T0);
    tick(engine, T0 + 0.2);
    e = fill_one(engine, list, layer, NULL);
    /* f = 0.2: p = 0.25 + 0.5 * 0.2 = 0.35; old at -35, new at 65. */
    AC_CHECK_NEAR(e->transition_progress, 0.35, TOL);
    AC_CHECK_EQ_INT(e->transition_type, AC_TRANSITION_PUSH);
    AC_CHECK_EQ_INT(e->transition_subtype, AC_TRANSITION_FROM_RIGHT);
    AC_CHECK_NEAR(e->transition_old_offset[0], -35, TOL);
    AC_CHECK_NEAR(e->transition_new_offset[0], 65, TOL);
    AC_CHECK_EQ_DOUBLE(e->transition_old_offset[1], 0);
    AC_CHECK_EQ_DOUBLE(e->transition_old_alpha, 1);
    AC_CHECK_EQ_DOUBLE(e->transition_new_alpha, 1);
    AC_CHECK_EQ_INT(e->transition_layering, AC_TRANSITION_LAYERING_NEW_OVER_OLD);

    /* With ease-in, f = easeIn(0.5). */
    AC_CHECK_OK(ac_timing_function_named("ease_in", &ease_in));
    AC_CHECK_OK(ac_timing_function_evaluate(&ease_in, 0.5, 0, &eased));
    AC_CHECK(eased > 0.3 && eased < 0.32);
    AC_CHECK_OK(ac_animation_set_timing_function(engine, animation, &ease_in));
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, animation, NULL));
    tick(engine, T0 + 1);
    tick(engine, T0 + 1.5);
    e = fill_one(engine, list, layer, NULL);
    AC_CHECK_NEAR(e->transition_progress, 0.25 + 0.5 * eased, TOL);
    AC_CHECK_NEAR(e->transition_new_offset[0], 100 * (1 - (0.25 + 0.5 * eased)), 1e-9);

    ac_animation_release(engine, animation);
    ac_engine_destroy(engine);
}

/* Autoreverse and repeat: duration 1, autoreverses, repeat 2: forward, back, forward, back. */
static void test_repeat_and_autoreverse(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = new_stage(engine);
    ac_render_list list = 0;
    ac_animation animation = new_transition(engine, AC_TRANSITION_FADE, AC_TRANSITION_FROM_NONE, 0, 1, 1);
    ac_timing timing = get_timing(engine, animation);
    counters c = {0};
    const ac_render_entry *e;
    timing.autoreverses = 1;
    timing.repeat_count = 2;
    set_timing(engine, animation, timing);
    count_animation(engine, animation, &c);
    AC_CHECK_OK(ac_render_list_create(engine, &list));
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, animation, NULL));
    tick(engine, T0);
    tick(engine, T0 + 0.25);
    AC_CHECK_NEAR(fill_one(engine, list, layer, NULL)->transition_progress, 0.25, TOL);
    tick(engine, T0 + 1.25); /* the reverse leg: 0.75 */
    e = fill_one(engine, list, layer, NULL);
    AC_CHECK_NEAR(e->transition_progress, 0.75, TOL);
    AC_CHECK_NEAR(e->transition_old_alpha, 0.25, TOL);
    AC_CHECK_NEAR(e->transition_new_alpha, 0.75, TOL);
    tick(engine, T0 + 2.5); /* the second cycle, forward: 0.5 */
    AC_CHECK_NEAR(fill_one(engine, list, layer, NULL)->transition_progress, 0.5, TOL);
    tick(engine, T0 + 3.9);
    AC_CHECK_EQ_INT(c.started, 1);
    AC_CHECK_EQ_INT(c.stopped_finished + c.stopped_unfinished, 0);
    tick(engine, T0 + 4.1);
    AC_CHECK_EQ_INT(c.started, 1);
    AC_CHECK_EQ_INT(c.stopped_finished, 1);
    AC_CHECK_EQ_INT(c.stopped_unfinished, 0);
    AC_CHECK_EQ_STR(c.last_key, "transition");
    AC_CHECK_EQ_INT(animation_count(engine, layer), 0); /* removed on completion */
    tick(engine, T0 + 5);
    AC_CHECK_EQ_INT(c.started + c.stopped_finished + c.stopped_unfinished, 2); /* exactly once each */
    ac_animation_release(engine, animation);
    ac_engine_destroy(engine);
}

/* Any key becomes "transition"; a second transition replaces the first, which stops unfinished;
   removing it stops it too; a duration of 0 becomes 0.25 s. */
static void test_key_replacement_and_removal(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = new_stage(engine);
    ac_animation first = new_transition(engine, AC_TRANSITION_FADE, AC_TRANSITION_FROM_NONE, 0, 1, 0);
    ac_animation second = new_transition(engine, AC_TRANSITION_PUSH, AC_TRANSITION_FROM_TOP, 0, 1, 2);
    ac_animation copy = 0;
    ac_transition read;
    counters one = {0}, two = {0};
    char key[32];
    size_t length = 0;
    count_animation(engine, first, &one);
    count_animation(engine, second, &two);
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, first, "fade-me"));
    AC_CHECK_EQ_INT(animation_count(engine, layer), 1);
    AC_CHECK_OK(ac_layer_animation_key(engine, layer, 0, key, sizeof key, &length));
    AC_CHECK_EQ_STR(key, "transition");
    AC_CHECK_OK(ac_layer_copy_animation(engine, layer, "transition", &copy));
    AC_CHECK_EQ_DOUBLE(get_timing(engine, copy).duration_s, 0.25);
    ac_animation_release(engine, copy);
    tick(engine, T0);
    AC_CHECK_EQ_INT(one.started, 1);

    AC_CHECK_OK(ac_layer_add_animation(engine, layer, second, NULL));
    AC_CHECK_EQ_INT(animation_count(engine, layer), 1);
    AC_CHECK_OK(ac_layer_copy_animation(engine, layer, "transition", &copy));
    read.struct_size = sizeof read;
    AC_CHECK_OK(ac_animation_get_transition(engine, copy, &read));
    AC_CHECK_EQ_INT(read.type, AC_TRANSITION_PUSH);
    AC_CHECK_EQ_INT(read.subtype, AC_TRANSITION_FROM_TOP);
    AC_CHECK_EQ_DOUBLE(get_timing(engine, copy).duration_s, 2);
    ac_animation_release(engine, copy);
    tick(engine, T0 + 0.1);
    AC_CHECK_EQ_INT(one.stopped_unfinished, 1);
    AC_CHECK_EQ_INT(one.stopped_finished, 0);
    AC_CHECK_EQ_INT(two.started, 1);

    AC_CHECK_OK(ac_layer_remove_animation(engine, layer, "transition"));
    tick(engine, T0 + 0.2);
    AC_CHECK_EQ_INT(two.stopped_unfinished, 1);
    AC_CHECK_EQ_INT(animation_count(engine, layer), 0);
    tick(engine, T0 + 3);
    AC_CHECK_EQ_INT(one.started + one.stopped_finished + one.stopped_unfinished, 2);
    AC_CHECK_EQ_INT(two.started + two.stopped_finished + two.stopped_unfinished, 2);

    /* A property animation under "transition" replaces a transition as keys do. */
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, first, NULL));
    {
        ac_animation fade = scalar_animation(engine, "opacity", 1, 1, 1, 0, 0, 0, 1);
        AC_CHECK_OK(ac_layer_add_animation(engine, layer, fade, "transition"));
        tick(engine, T0 + 3.1);
        AC_CHECK_EQ_INT(one.stopped_unfinished, 2);
        ac_animation_release(engine, fade);
    }
    ac_animation_release(engine, first);
    ac_animation_release(engine, second);
    ac_engine_destroy(engine);
}

/* Began, in effect and active, then ended, over successive fills; changed every fill while it
   runs; the dirty rectangle covers what it moves. */
static void test_render_list_lifecycle(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = new_stage(engine);
    ac_render_list list = 0;
    ac_animation animation = new_transition(engine, AC_TRANSITION_PUSH, AC_TRANSITION_FROM_RIGHT, 0, 1, 1);
    const ac_render_entry *e;
    uint64_t id;
    double dirty[4];
    AC_CHECK_OK(ac_render_list_create(engine, &list));
    tick(engine, T0);
    e = fill_one(engine, list, layer, NULL);
    AC_CHECK_EQ_INT(e->transition_id, 0);
    AC_CHECK_EQ_INT(e->transition_state, 0);
    AC_CHECK_EQ_DOUBLE(e->transition_new_alpha, 1);
    AC_CHECK_EQ_DOUBLE(e->transition_old_alpha, 0);

    AC_CHECK_OK(ac_layer_add_animation(engine, layer, animation, NULL));
    e = fill_one(engine, list, layer, NULL); /* not committed yet: nothing */
    AC_CHECK_EQ_INT(e->transition_id, 0);
    tick(engine, T0 + 0.1);
    tick(engine, T0 + 0.5);
    e = fill_one(engine, list, layer, dirty);
    id = e->transition_id;
    AC_CHECK(id != 0);
    AC_CHECK_EQ_INT(e->transition_state, AC_TRANSITION_BEGAN | AC_TRANSITION_IN_EFFECT | AC_TRANSITION_ACTIVE);
    AC_CHECK(e->flags & AC_RENDER_CHANGED);
    /* p = 0.4 (began at T0 + 0.1): old at -40, new at +60; the dirty rectangle is the bounds
       grown by the longer offset, 60. */
    AC_CHECK_NEAR(e->transition_progress, 0.4, 1e-9);
    AC_CHECK_NEAR(dirty[0], -60, 1e-9);
    AC_CHECK_NEAR(dirty[1], -60, 1e-9);
    AC_CHECK_NEAR(dirty[2], 220, 1e-9);
    AC_CHECK_NEAR(dirty[3], 170, 1e-9);

    /* Filled again without a tick: no longer new, still changed while active. */
    e = fill_one(engine, list, layer, NULL);
    AC_CHECK_EQ_INT(e->transition_id, id);
    AC_CHECK_EQ_INT(e->transition_state, AC_TRANSITION_IN_EFFECT | AC_TRANSITION_ACTIVE);
    AC_CHECK(e->flags & AC_RENDER_CHANGED);

    tick(engine, T0 + 1.2); /* finished and removed */
    e = fill_one(engine, list, layer, NULL);
    AC_CHECK_EQ_INT(e->transition_state, AC_TRANSITION_ENDED);
    AC_CHECK_EQ_INT(e->transition_id, id);
    AC_CHECK(e->flags & AC_RENDER_CHANGED);
    /* The next fill reports the end no more (its fields differ from the ended entry's, so it
       is changed once more); the one after is unchanged. */
    e = fill_one(engine, list, layer, NULL);
    AC_CHECK_EQ_INT(e->transition_state, 0);
    AC_CHECK_EQ_INT(e->transition_id, 0);
    e = fill_one(engine, list, layer, NULL);
    AC_CHECK(!(e->flags & AC_RENDER_CHANGED));

    /* A new transition gets another id; model-value fills carry none. */
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, animation, NULL));
    tick(engine, T0 + 1.3);
    e = fill_one(engine, list, layer, NULL);
    AC_CHECK(e->transition_id != 0 && e->transition_id != id);
    AC_CHECK(e->transition_state & AC_TRANSITION_BEGAN);
    {
        const ac_render_entry *entries = NULL;
        size_t count = 0;
        AC_CHECK_OK(ac_render_list_fill(engine, list, layer, AC_GEOMETRY_MODEL, &entries, &count, NULL, NULL));
        AC_CHECK_EQ_INT(entries[0].transition_state, AC_TRANSITION_ENDED);
    }
    ac_render_list_destroy(engine, list);
    ac_animation_release(engine, animation);
    ac_engine_destroy(engine);
}

/* A later begin time without a backwards fill: carried (keep the snapshot) but not in effect;
   kept after its end with a forwards fill: in effect at its end, no longer active. */
static void test_waiting_and_filling(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = new_stage(engine);
    ac_render_list list = 0;
    ac_animation animation = new_transition(engine, AC_TRANSITION_MOVE_IN, AC_TRANSITION_FROM_LEFT, 0, 0.5, 1);
    ac_timing timing = get_timing(engine, animation);
    const ac_render_entry *e;
    int32_t off = 0;
    tick(engine, T0);
    timing.begin_time_s = T0 + 1;
    timing.fill_mode = AC_FILL_FORWARDS;
    set_timing(engine, animation, timing);
    AC_CHECK_OK(ac_animation_set_flag(engine, animation, AC_ANIMATION_REMOVED_ON_COMPLETION, 0));
    AC_CHECK_OK(ac_animation_get_flag(engine, animation, AC_ANIMATION_REMOVED_ON_COMPLETION, &off));
    AC_CHECK_EQ_INT(off, 0);
    AC_CHECK_OK(ac_render_list_create(engine, &list));
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, animation, NULL));
    tick(engine, T0 + 0.5);
    e = fill_one(engine, list, layer, NULL);
    AC_CHECK(e->transition_id != 0);
    AC_CHECK_EQ_INT(e->transition_state, AC_TRANSITION_BEGAN);
    AC_CHECK_EQ_DOUBLE(e->transition_old_alpha, 0);
    AC_CHECK_EQ_DOUBLE(e->transition_new_offset[0], 0);
    tick(engine, T0 + 3);
    e = fill_one(engine, list, layer, NULL);
    AC_CHECK_EQ_INT(e->transition_state, AC_TRANSITION_IN_EFFECT);
    AC_CHECK_NEAR(e->transition_progress, 0.5, TOL);
    AC_CHECK_NEAR(e->transition_new_offset[0], -50, TOL); /* from the left: -W (1 - 0.5) */
    ac_render_list_destroy(engine, list);
    ac_animation_release(engine, animation);
    ac_engine_destroy(engine);
}

/* The actions table answers a "contents" change with a transition: it runs under "transition". */
static void test_action_returns_transition(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = new_stage(engine);
    ac_animation animation = new_transition(engine, AC_TRANSITION_FADE, AC_TRANSITION_FROM_NONE, 0, 1, 0);
    char key[32];
    size_t length = 0;
    AC_CHECK_OK(ac_layer_set_action(engine, layer, "contents", animation, 0));
    tick(engine, T0); /* committed: changes run actions */
    set_value(engine, layer, "contents", ac_value_token(7));
    AC_CHECK_EQ_INT(animation_count(engine, layer), 1);
    AC_CHECK_OK(ac_layer_animation_key(engine, layer, 0, key, sizeof key, &length));
    AC_CHECK_EQ_STR(key, "transition");
    ac_animation_release(engine, animation);
    ac_engine_destroy(engine);
}

/* The actions table answers "sublayers" with a transition: a sublayer added, moved away or
   removed runs it on the superlayer whose sublayers changed, under "transition"; a mask's
   removal does not (it is none of the sublayers). */
static void test_sublayers_action_runs_a_transition(void) {
    ac_engine *engine = new_engine();
    ac_layer parent = new_stage(engine), other = new_stage(engine), child = new_layer(engine, 0);
    ac_layer mask = new_layer(engine, 0);
    ac_animation push = new_transition(engine, AC_TRANSITION_PUSH, AC_TRANSITION_FROM_LEFT, 0, 1, 0);
    char key[32];
    size_t length = 0;
    AC_CHECK_OK(ac_layer_set_action(engine, parent, "sublayers", push, 0));
    AC_CHECK_OK(ac_layer_set_action(engine, other, "sublayers", push, 0));
    tick(engine, T0); /* committed: tree changes run actions */
    AC_CHECK_OK(ac_layer_add_sublayer(engine, parent, child));
    AC_CHECK_EQ_INT(animation_count(engine, parent), 1);
    AC_CHECK_OK(ac_layer_animation_key(engine, parent, 0, key, sizeof key, &length));
    AC_CHECK_EQ_STR(key, "transition");
    AC_CHECK_OK(ac_layer_remove_all_animations(engine, parent));
    /* A move asks the superlayer it left and the one it joins. */
    AC_CHECK_OK(ac_layer_add_sublayer(engine, other, child));
    AC_CHECK_EQ_INT(animation_count(engine, parent), 1);
    AC_CHECK_EQ_INT(animation_count(engine, other), 1);
    AC_CHECK_OK(ac_layer_remove_all_animations(engine, parent));
    AC_CHECK_OK(ac_layer_remove_all_animations(engine, other));
    AC_CHECK_OK(ac_layer_remove_from_superlayer(engine, child));
    AC_CHECK_EQ_INT(animation_count(engine, other), 1);
    AC_CHECK_OK(ac_layer_remove_all_animations(engine, other));
    AC_CHECK_OK(ac_layer_set_mask(engine, other, mask)); /* no action */
    AC_CHECK_EQ_INT(animation_count(engine, other), 0);
    AC_CHECK_OK(ac_layer_remove_from_superlayer(engine, mask));
    AC_CHECK_EQ_INT(animation_count(engine, other), 0);
    ac_animation_release(engine, push);
    ac_engine_destroy(engine);
}

static void test_bad_input(void) {
    ac_engine *engine = new_engine();
    ac_animation transition = new_transition(engine, AC_TRANSITION_FADE, AC_TRANSITION_FROM_NONE, 0, 1, 1);
    ac_animation basic = scalar_animation(engine, "opacity", 1, 0, 1, 1, 0, 0, 1);
    ac_animation group = 0;
    ac_transition t, read;
    ac_transition_composite out;
    ac_animation out_animation = 0;

    EXPECT_ERROR(ac_animation_create_transition(engine, NULL), AC_ERR_NULL_POINTER, "out_animation");
    EXPECT_ERROR(ac_animation_set_transition(engine, transition, NULL), AC_ERR_NULL_POINTER, "transition");
    ac_transition_init(&t);
    t.struct_size = 4;
    EXPECT_ERROR(ac_animation_set_transition(engine, transition, &t), AC_ERR_BAD_STRUCT_SIZE, "transition->struct_size");
    ac_transition_init(&t);
    t.type = 4;
    EXPECT_ERROR(ac_animation_set_transition(engine, transition, &t), AC_ERR_OUT_OF_RANGE, "transition->type");
    ac_transition_init(&t);
    t.subtype = -1;
    EXPECT_ERROR(ac_animation_set_transition(engine, transition, &t), AC_ERR_OUT_OF_RANGE, "transition->subtype");
    ac_transition_init(&t);
    t.reserved = 1;
    EXPECT_ERROR(ac_animation_set_transition(engine, transition, &t), AC_ERR_INVALID_ARGUMENT, "transition->reserved");
    ac_transition_init(&t);
    t.start_progress = -0.5;
    EXPECT_ERROR(ac_animation_set_transition(engine, transition, &t), AC_ERR_OUT_OF_RANGE, "transition->start_progress");
    ac_transition_init(&t);
    t.end_progress = 2;
    EXPECT_ERROR(ac_animation_set_transition(engine, transition, &t), AC_ERR_OUT_OF_RANGE, "transition->end_progress");
    ac_transition_init(&t);
    t.end_progress = NAN;
    EXPECT_ERROR(ac_animation_set_transition(engine, transition, &t), AC_ERR_NOT_FINITE, "transition->end_progress");
    ac_transition_init(&t);
    t.start_progress = 0.75;
    t.end_progress = 0.25;
    EXPECT_ERROR(ac_animation_set_transition(engine, transition, &t), AC_ERR_INVALID_ARGUMENT, "transition->end_progress");
    ac_transition_init(&t);
    EXPECT_ERROR(ac_animation_set_transition(engine, basic, &t), AC_ERR_INVALID_ARGUMENT, "animation");
    EXPECT_ERROR(ac_animation_set_transition(engine, 0, &t), AC_ERR_BAD_HANDLE, "animation");
    /* A failing set changed nothing. */
    read.struct_size = sizeof read;
    AC_CHECK_OK(ac_animation_get_transition(engine, transition, &read));
    AC_CHECK_EQ_DOUBLE(read.start_progress, 0);
    AC_CHECK_EQ_DOUBLE(read.end_progress, 1);

    EXPECT_ERROR(ac_animation_get_transition(engine, transition, NULL), AC_ERR_NULL_POINTER, "out_transition");
    read.struct_size = 3;
    EXPECT_ERROR(ac_animation_get_transition(engine, transition, &read), AC_ERR_BAD_STRUCT_SIZE, "out_transition");
    read.struct_size = sizeof read;
    EXPECT_ERROR(ac_animation_get_transition(engine, basic, &read), AC_ERR_INVALID_ARGUMENT, "animation");
    EXPECT_ERROR(ac_animation_get_transition(engine, 12345, &read), AC_ERR_BAD_HANDLE, "animation");

    EXPECT_ERROR(ac_transition_composite_at(0, 0, 0.5, 1, 1, NULL), AC_ERR_NULL_POINTER, "out_composite");
    EXPECT_ERROR(ac_transition_composite_at(9, 0, 0.5, 1, 1, &out), AC_ERR_OUT_OF_RANGE, "type");
    EXPECT_ERROR(ac_transition_composite_at(0, 5, 0.5, 1, 1, &out), AC_ERR_OUT_OF_RANGE, "subtype");
    EXPECT_ERROR(ac_transition_composite_at(0, 0, NAN, 1, 1, &out), AC_ERR_NOT_FINITE, "progress");
    EXPECT_ERROR(ac_transition_composite_at(0, 0, 0.5, INFINITY, 1, &out), AC_ERR_NOT_FINITE, "width");
    EXPECT_ERROR(ac_transition_composite_at(0, 0, 0.5, 1, NAN, &out), AC_ERR_NOT_FINITE, "height");

    /* A group refuses a transition child; a transition takes no value function. */
    AC_CHECK_OK(ac_animation_create_group(engine, &group));
    EXPECT_ERROR(ac_animation_set_children(engine, group, &transition, 1), AC_ERR_INVALID_ARGUMENT, "children[0]");
    EXPECT_ERROR(ac_animation_set_value_function(engine, transition, "rotateZ"), AC_ERR_INVALID_ARGUMENT, "valueFunction");
    EXPECT_ERROR(ac_animation_create_transition(NULL, &out_animation), AC_ERR_NULL_POINTER, "engine");
    ac_animation_release(engine, group);
    ac_animation_release(engine, basic);
    ac_animation_release(engine, transition);
    ac_engine_destroy(engine);
}

int main(void) {
    test_composite_table();
    test_description_fields();
    test_progress_mapping_and_easing();
    test_repeat_and_autoreverse();
    test_key_replacement_and_removal();
    test_render_list_lifecycle();
    test_waiting_and_filling();
    test_action_returns_transition();
    test_sublayers_action_runs_a_transition();
    test_bad_input();
    return ac_test_finish();
}
