/*
 * Actions through the C API (reference §4, vectors A1–A11 of §9.4 adapted): the delegate's
 * action callback first (continue / none / animation), the actions table (with an explicit "no
 * action"), the class's default callback, the built-in implicit animation (from the
 * presentation value, with the transaction's duration and timing function), actionForKey
 * unaffected by disableActions, disableActions stopping actions but not the change, no action
 * for an unchanged value or before a layer's first tick, tree events (onOrderIn, onOrderOut,
 * transition with ac_layer_replace_sublayer), garbage answers, callbacks that release the layer,
 * add or remove animations and layers or destroy the engine, an actions table holding a copy of
 * a released description, registrations and their destroy functions, threads, and bad input.
 */
#include <pthread.h>

#include "ac_engine_test.h"

/* ---------------------------------------------------------------------------------------- */
/* Helpers                                                                                   */
/* ---------------------------------------------------------------------------------------- */

static ac_layer committed_layer(ac_engine *engine) {
    ac_layer layer = new_layer(engine, 0);
    tick(engine, frame_time(0));
    return layer;
}

/* A recognisable description: key path, duration d, from point (-d, -d) (or scalar -d). */
static void mark(ac_engine *engine, ac_animation animation, double duration, int point) {
    ac_timing timing = get_timing(engine, animation);
    ac_value from = point ? ac_value_point(-duration, -duration) : ac_value_scalar(-duration);
    timing.duration_s = duration;
    set_timing(engine, animation, timing);
    AC_CHECK_OK(ac_animation_set_value(engine, animation, AC_ANIMATION_FROM, &from));
}

static ac_animation marker(ac_engine *engine, double duration, const char *key_path) {
    ac_animation animation = 0;
    AC_CHECK_OK(ac_animation_create_basic(engine, key_path, &animation));
    mark(engine, animation, duration, strcmp(key_path, "position") == 0);
    return animation;
}

/* The duration of the animation under key; -1 when there is none. */
static double duration_of(ac_engine *engine, ac_layer layer, const char *key) {
    ac_animation copy = 0;
    double duration = -1;
    AC_CHECK_OK(ac_layer_copy_animation(engine, layer, key, &copy));
    if (copy != 0) {
        duration = get_timing(engine, copy).duration_s;
        AC_CHECK_OK(ac_animation_release(engine, copy));
    }
    return duration;
}

/* What action_for_key answers: the duration of its animation, -2 for NONE, -1 for CONTINUE. */
static double answer_of(ac_engine *engine, ac_layer layer, const char *key) {
    int32_t result = -7;
    ac_animation animation = 99;
    double answer = -9;
    AC_CHECK_OK(ac_layer_action_for_key(engine, layer, key, &result, &animation));
    switch (result) {
    case AC_ACTION_CONTINUE:
        AC_CHECK_EQ_INT(animation, 0);
        answer = -1;
        break;
    case AC_ACTION_NONE:
        AC_CHECK_EQ_INT(animation, 0);
        answer = -2;
        break;
    case AC_ACTION_ANIMATION:
        AC_CHECK(animation != 0);
        answer = get_timing(engine, animation).duration_s;
        AC_CHECK_OK(ac_animation_release(engine, animation));
        break;
    default:
        AC_CHECK(0);
    }
    return answer;
}

static int point_is(ac_value value, double x, double y) {
    return value.kind == AC_VALUE_POINT && value.v[0] == x && value.v[1] == y;
}

static double curve_at(const char *name, double x) {
    ac_timing_function function;
    double y = NAN;
    AC_CHECK_OK(ac_timing_function_named(name, &function));
    AC_CHECK_OK(ac_timing_function_evaluate(&function, x, 0, &y));
    return y;
}

/* A scripted action callback: answers `answer`, configures the fresh animation with
   `duration` (> 0) and a marker from value, and records what it was asked. */
typedef struct script {
    int32_t answer;
    double duration;      /* > 0: mark the animation with it */
    int asked;
    char keys[16][32];
    ac_layer layer;
    ac_animation handle;  /* the last description handed in */
    char handle_path[32]; /* its key path, read during the call */
    int handle_had_from;
    double handle_duration;
    int destroyed;
    int release_handle;   /* release the handle inside the call */
    pthread_t thread;
    /* an extra behaviour run before answering */
    void (*extra)(ac_engine *engine, ac_layer layer, const char *key, ac_animation animation,
                  struct script *script);
    void *context;
} script;

static int32_t scripted(ac_engine *engine, ac_layer layer, const char *key, ac_animation animation,
                        void *user_data) {
    script *s = (script *)user_data;
    size_t length = 0;
    ac_value from;
    int32_t is_set = -1;
    if (s->asked < 16) {
        strncpy(s->keys[s->asked], key, 31);
        s->keys[s->asked][31] = 0;
    }
    s->asked++;
    s->layer = layer;
    s->handle = animation;
    s->thread = pthread_self();
    AC_CHECK_OK(ac_animation_key_path(engine, animation, s->handle_path, sizeof s->handle_path, &length));
    AC_CHECK_OK(ac_animation_get_value(engine, animation, AC_ANIMATION_FROM, &from, &is_set));
    s->handle_had_from = is_set;
    s->handle_duration = get_timing(engine, animation).duration_s;
    if (s->extra) s->extra(engine, layer, key, animation, s);
    if (s->duration > 0) mark(engine, animation, s->duration, strcmp(key, "position") == 0);
    if (s->release_handle) AC_CHECK_OK(ac_animation_release(engine, animation));
    return s->answer;
}

static void script_destroyed(void *user_data) { ((script *)user_data)->destroyed++; }

static void set_callback(ac_engine *engine, ac_layer layer, script *s) {
    AC_CHECK_OK(ac_layer_set_action_callback(engine, layer, scripted, s, script_destroyed));
}

static void set_class_callback(ac_engine *engine, ac_class layer_class, script *s) {
    AC_CHECK_OK(ac_class_set_default_action(engine, layer_class, scripted, s, script_destroyed));
}

/* ---------------------------------------------------------------------------------------- */
/* A1–A4, A6 — the order of the search                                                       */
/* ---------------------------------------------------------------------------------------- */

static void test_delegate_none_ends_the_search(void) { /* A1 */
    ac_engine *engine = new_engine();
    ac_layer layer = committed_layer(engine);
    script delegate = {0}, klass = {0};
    ac_animation table = marker(engine, 3, "position");

    delegate.answer = AC_ACTION_NONE;
    klass.answer = AC_ACTION_ANIMATION;
    klass.duration = 4;
    set_callback(engine, layer, &delegate);
    AC_CHECK_OK(ac_layer_set_action(engine, layer, "position", table, 0));
    set_class_callback(engine, 0, &klass);
    AC_CHECK_EQ_DOUBLE(answer_of(engine, layer, "position"), -2);
    set_value(engine, layer, "position", ac_value_point(5, 5));
    AC_CHECK_EQ_INT(animation_count(engine, layer), 0); /* not even the built-in one */
    AC_CHECK(point_is(model_value(engine, layer, "position"), 5, 5));
    AC_CHECK_EQ_INT(delegate.asked, 2);
    AC_CHECK_EQ_STR(delegate.keys[0], "position");
    AC_CHECK_EQ_STR(delegate.keys[1], "position");
    AC_CHECK_EQ_INT(delegate.layer, layer);
    AC_CHECK_EQ_INT(klass.asked, 0);
    AC_CHECK_OK(ac_animation_release(engine, table));
    AC_CHECK_OK(ac_engine_destroy(engine));
    AC_CHECK_EQ_INT(delegate.destroyed, 1);
    AC_CHECK_EQ_INT(klass.destroyed, 1);
}

static void test_delegate_continue_falls_through_to_the_table(void) { /* A2 */
    ac_engine *engine = new_engine();
    ac_layer layer = committed_layer(engine);
    script delegate = {0};
    ac_animation table = marker(engine, 3, "position"), found = 0, copy = 0;
    int32_t result = -1, is_set = 0;
    ac_value from;
    char path[32];
    size_t length = 0;

    delegate.answer = AC_ACTION_CONTINUE;
    set_callback(engine, layer, &delegate);
    AC_CHECK_OK(ac_layer_set_action(engine, layer, "position", table, 0));
    /* action_for_key gives a new description, as the table holds it. */
    AC_CHECK_OK(ac_layer_action_for_key(engine, layer, "position", &result, &found));
    AC_CHECK_EQ_INT(result, AC_ACTION_ANIMATION);
    AC_CHECK(found != 0 && found != table);
    AC_CHECK_EQ_DOUBLE(get_timing(engine, found).duration_s, 3);
    AC_CHECK_OK(ac_animation_key_path(engine, found, path, sizeof path, &length));
    AC_CHECK_EQ_STR(path, "position");
    AC_CHECK_OK(ac_animation_release(engine, found));

    set_value(engine, layer, "position", ac_value_point(5, 5));
    AC_CHECK_OK(ac_layer_copy_animation(engine, layer, "position", &copy));
    if (AC_CHECK(copy != 0)) {
        AC_CHECK_EQ_DOUBLE(get_timing(engine, copy).duration_s, 3);
        AC_CHECK_OK(ac_animation_get_value(engine, copy, AC_ANIMATION_FROM, &from, &is_set));
        AC_CHECK_EQ_INT(is_set, 1);
        AC_CHECK(point_is(from, -3, -3));
        AC_CHECK_OK(ac_animation_release(engine, copy));
    }
    AC_CHECK_EQ_INT(delegate.asked, 2);
    AC_CHECK_OK(ac_animation_release(engine, table));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static void test_delegate_answer_wins_over_the_table(void) { /* A3 */
    ac_engine *engine = new_engine();
    ac_layer layer = committed_layer(engine);
    script delegate = {0};
    ac_animation table = marker(engine, 3, "position");

    delegate.answer = AC_ACTION_ANIMATION;
    delegate.duration = 2;
    set_callback(engine, layer, &delegate);
    AC_CHECK_OK(ac_layer_set_action(engine, layer, "position", table, 0));
    AC_CHECK_EQ_DOUBLE(answer_of(engine, layer, "position"), 2);
    set_value(engine, layer, "position", ac_value_point(5, 5));
    AC_CHECK_EQ_DOUBLE(duration_of(engine, layer, "position"), 2);
    /* The description handed in: fresh, key path = the key, no values, duration 0. */
    AC_CHECK_EQ_STR(delegate.handle_path, "position");
    AC_CHECK_EQ_INT(delegate.handle_had_from, 0);
    AC_CHECK_EQ_DOUBLE(delegate.handle_duration, 0);
    /* and released once the callback returned. */
    {
        size_t length = 0;
        EXPECT_ERROR(ac_animation_key_path(engine, delegate.handle, NULL, 0, &length), AC_ERR_BAD_HANDLE, "animation");
    }
    AC_CHECK_OK(ac_animation_release(engine, table));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static void test_table_no_action_ends_the_search(void) { /* A4 */
    ac_engine *engine = new_engine();
    ac_layer layer = committed_layer(engine);
    script klass = {0};

    klass.answer = AC_ACTION_ANIMATION;
    klass.duration = 4;
    AC_CHECK_OK(ac_layer_set_action(engine, layer, "position", 0, 1));
    set_class_callback(engine, 0, &klass);
    AC_CHECK_EQ_DOUBLE(answer_of(engine, layer, "position"), -2);
    set_value(engine, layer, "position", ac_value_point(5, 5));
    AC_CHECK_EQ_INT(animation_count(engine, layer), 0);
    AC_CHECK_EQ_INT(klass.asked, 0); /* never reached */
    /* Removing the entry restores the rest of the search. */
    AC_CHECK_OK(ac_layer_set_action(engine, layer, "position", 0, 0));
    AC_CHECK_EQ_DOUBLE(answer_of(engine, layer, "position"), 4);
    /* Removing an entry that is not there is harmless. */
    AC_CHECK_OK(ac_layer_set_action(engine, layer, "nothingHere", 0, 0));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static void test_base_class_has_no_default_action(void) { /* A6 */
    ac_engine *engine = new_engine();
    ac_layer layer = committed_layer(engine);
    AC_CHECK_EQ_DOUBLE(answer_of(engine, layer, "position"), -1);
    AC_CHECK_EQ_DOUBLE(answer_of(engine, layer, "opacity"), -1);
    AC_CHECK_EQ_DOUBLE(answer_of(engine, layer, "onOrderIn"), -1);
    AC_CHECK_EQ_DOUBLE(answer_of(engine, layer, "anyKeyAtAll"), -1);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* The class callback: an animation for "position", none for "opacity", else continue. */
static void class_by_key(ac_engine *engine, ac_layer layer, const char *key, ac_animation animation, script *s) {
    (void)engine;
    (void)layer;
    (void)animation;
    if (strcmp(key, "position") == 0) {
        s->answer = AC_ACTION_ANIMATION;
        s->duration = 4;
    } else {
        s->answer = strcmp(key, "opacity") == 0 ? AC_ACTION_NONE : AC_ACTION_CONTINUE;
        s->duration = 0;
    }
}

static void test_class_default_callback(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = committed_layer(engine);
    script klass = {0};
    ac_animation table = marker(engine, 3, "position");
    ac_value level0 = ac_value_scalar(0);
    ac_property_desc level;
    ac_class base = 0, derived = 0, earlier = 0;
    ac_layer derived_layer;
    script base_script = {0};

    klass.extra = class_by_key;
    AC_CHECK_OK(ac_class_create(engine, "Earlier", 0, NULL, 0, &earlier));
    set_class_callback(engine, 0, &klass);
    AC_CHECK_EQ_DOUBLE(answer_of(engine, layer, "position"), 4);
    set_value(engine, layer, "position", ac_value_point(1, 2));
    AC_CHECK_EQ_DOUBLE(duration_of(engine, layer, "position"), 4);
    /* NONE from the class: no animation, the value changes. */
    set_scalar(engine, layer, "opacity", 0.5);
    AC_CHECK_EQ_DOUBLE(duration_of(engine, layer, "opacity"), -1);
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, layer, "opacity"), 0.5);
    /* CONTINUE: the built-in implicit animation. */
    set_scalar(engine, layer, "zPosition", 8);
    AC_CHECK_EQ_DOUBLE(duration_of(engine, layer, "zPosition"), 0.25);
    /* The table wins over the class. */
    AC_CHECK_OK(ac_layer_set_action(engine, layer, "position", table, 0));
    AC_CHECK_EQ_DOUBLE(answer_of(engine, layer, "position"), 3);
    /* A class declared earlier keeps what it had (none). */
    {
        ac_layer old = new_layer(engine, earlier);
        AC_CHECK_EQ_DOUBLE(answer_of(engine, old, "position"), -1);
        AC_CHECK_OK(ac_layer_release(engine, old));
    }
    /* NULL removes the class callback (its destroy runs). */
    AC_CHECK_OK(ac_class_set_default_action(engine, 0, NULL, NULL, NULL));
    AC_CHECK_EQ_INT(klass.destroyed, 1);
    AC_CHECK_EQ_DOUBLE(answer_of(engine, layer, "opacity"), -1);

    /* A class declared later inherits its superclass's callback. */
    ac_property_desc_init(&level, "level", &level0);
    AC_CHECK_OK(ac_class_create(engine, "Base", 0, &level, 1, &base));
    base_script.answer = AC_ACTION_ANIMATION;
    base_script.duration = 1.5;
    set_class_callback(engine, base, &base_script);
    AC_CHECK_OK(ac_class_create(engine, "Derived", base, NULL, 0, &derived));
    derived_layer = new_layer(engine, derived);
    tick(engine, frame_time(1));
    AC_CHECK_EQ_DOUBLE(answer_of(engine, derived_layer, "level"), 1.5);
    set_scalar(engine, derived_layer, "level", 2);
    AC_CHECK_EQ_DOUBLE(duration_of(engine, derived_layer, "level"), 1.5);
    AC_CHECK_OK(ac_animation_release(engine, table));
    AC_CHECK_OK(ac_engine_destroy(engine));
    AC_CHECK_EQ_INT(base_script.destroyed, 1);
}

/* ---------------------------------------------------------------------------------------- */
/* The built-in implicit animation                                                           */
/* ---------------------------------------------------------------------------------------- */

static void test_built_in_implicit_animation(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = committed_layer(engine);
    ac_animation copy = 0;
    ac_value from;
    ac_timing_function function, expected;
    int32_t is_set = 0, flag = -1;
    double begin = frame_time(1);
    size_t length = 0;
    char path[32];
    int k;

    set_scalar(engine, layer, "opacity", 0.2);
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, layer, "opacity"), 0.2); /* at once */
    AC_CHECK_OK(ac_layer_copy_animation(engine, layer, "opacity", &copy));
    if (AC_CHECK(copy != 0)) {
        AC_CHECK_OK(ac_animation_key_path(engine, copy, path, sizeof path, &length));
        AC_CHECK_EQ_STR(path, "opacity");
        AC_CHECK_OK(ac_animation_get_value(engine, copy, AC_ANIMATION_FROM, &from, &is_set));
        AC_CHECK_EQ_INT(is_set, 1);
        AC_CHECK_EQ_DOUBLE(from.v[0], 1); /* the presentation value */
        AC_CHECK_EQ_DOUBLE(get_timing(engine, copy).duration_s, 0.25);
        AC_CHECK_OK(ac_animation_get_timing_function(engine, copy, &function, &is_set));
        AC_CHECK_EQ_INT(is_set, 1);
        AC_CHECK_OK(ac_timing_function_named("default", &expected));
        AC_CHECK(function.x1 == expected.x1 && function.y1 == expected.y1 && function.x2 == expected.x2 &&
                 function.y2 == expected.y2);
        AC_CHECK_OK(ac_animation_get_flag(engine, copy, AC_ANIMATION_ADDITIVE, &flag));
        AC_CHECK_EQ_INT(flag, 0);
        AC_CHECK_OK(ac_animation_release(engine, copy));
    }
    for (k = 1; k <= 20; ++k) {
        double t = frame_time(k), progress = (t - begin) / 0.25;
        if (progress > 1) progress = 1;
        tick(engine, t);
        if (!AC_CHECK_NEAR(presentation_scalar(engine, layer, "opacity"), 1 + (0.2 - 1) * curve_at("default", progress),
                           1e-9)) {
            printf("    frame %d\n", k);
            break;
        }
    }
    AC_CHECK_EQ_INT(animation_count(engine, layer), 0); /* removed on completion */

    /* The transaction's duration and curve. */
    AC_CHECK_OK(ac_transaction_begin(engine));
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 0.5));
    AC_CHECK_OK(ac_timing_function_named("easeIn", &function));
    AC_CHECK_OK(ac_transaction_set_timing_function(engine, &function));
    set_value(engine, layer, "position", ac_value_point(64, -32));
    AC_CHECK_OK(ac_transaction_commit(engine));
    AC_CHECK_EQ_DOUBLE(duration_of(engine, layer, "position"), 0.5);
    begin = frame_time(21);
    for (k = 21; k <= 60; ++k) {
        double t = frame_time(k), progress = (t - begin) / 0.5, f;
        ac_value shown;
        if (progress > 1) progress = 1;
        f = curve_at("easeIn", progress);
        tick(engine, t);
        shown = presentation_value(engine, layer, "position");
        if (!AC_CHECK_NEAR(shown.v[0], 64 * f, 1e-9) || !AC_CHECK_NEAR(shown.v[1], -32 * f, 1e-9)) {
            printf("    frame %d\n", k);
            break;
        }
    }

    /* A key path change searches the property's key and animates the whole property. */
    {
        script delegate = {0};
        set_callback(engine, layer, &delegate);
        set_scalar(engine, layer, "position.x", 10);
        AC_CHECK_EQ_INT(delegate.asked, 1);
        AC_CHECK_EQ_STR(delegate.keys[0], "position");
        AC_CHECK_EQ_STR(delegate.handle_path, "position");
        AC_CHECK_EQ_DOUBLE(duration_of(engine, layer, "position"), 0.25);
        AC_CHECK_OK(ac_engine_destroy(engine));
        AC_CHECK_EQ_INT(delegate.destroyed, 1);
    }
}

/* An unconfigured fresh animation answered as it is: from the presentation value to the new
   model value over the transaction's duration, linearly (the description has no curve). */
static void test_unconfigured_answer(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = committed_layer(engine);
    script delegate = {0};
    double begin = frame_time(1);
    int k;

    delegate.answer = AC_ACTION_ANIMATION;
    set_callback(engine, layer, &delegate);
    AC_CHECK_OK(ac_transaction_begin(engine));
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 0.5));
    set_scalar(engine, layer, "zPosition", 60);
    AC_CHECK_OK(ac_transaction_commit(engine));
    AC_CHECK_EQ_DOUBLE(duration_of(engine, layer, "zPosition"), 0.5);
    for (k = 1; k <= 40; ++k) {
        double t = frame_time(k), progress = (t - begin) / 0.5;
        if (progress > 1) progress = 1;
        tick(engine, t);
        if (!AC_CHECK_NEAR(presentation_scalar(engine, layer, "zPosition"), 60 * progress, 1e-9)) {
            printf("    frame %d\n", k);
            break;
        }
    }
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* ---------------------------------------------------------------------------------------- */
/* A7 — disableActions                                                                       */
/* ---------------------------------------------------------------------------------------- */

static void test_action_for_key_ignores_disable_actions(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = committed_layer(engine);
    script delegate = {0};
    ac_animation table = marker(engine, 3, "position");
    const char *keys[3] = {"position", "bounds", "opacity"};
    double enabled[3], disabled[3];
    int index;

    set_callback(engine, layer, &delegate);
    AC_CHECK_OK(ac_layer_set_action(engine, layer, "position", table, 0));
    AC_CHECK_OK(ac_layer_set_action(engine, layer, "bounds", 0, 1));
    for (index = 0; index < 3; ++index) enabled[index] = answer_of(engine, layer, keys[index]);
    AC_CHECK_OK(ac_transaction_begin(engine));
    AC_CHECK_OK(ac_transaction_set_disable_actions(engine, 1));
    for (index = 0; index < 3; ++index) disabled[index] = answer_of(engine, layer, keys[index]);
    AC_CHECK_OK(ac_transaction_commit(engine));
    AC_CHECK_EQ_DOUBLE(enabled[0], 3);
    AC_CHECK_EQ_DOUBLE(enabled[1], -2);
    AC_CHECK_EQ_DOUBLE(enabled[2], -1);
    for (index = 0; index < 3; ++index) AC_CHECK_EQ_DOUBLE(disabled[index], enabled[index]);
    AC_CHECK_EQ_INT(delegate.asked, 6); /* asked in both cases */
    AC_CHECK_OK(ac_animation_release(engine, table));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static void test_disable_actions_stops_actions_not_the_change(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = committed_layer(engine);
    script delegate = {0};
    ac_value yes = ac_value_bool(1);

    delegate.answer = AC_ACTION_ANIMATION;
    delegate.duration = 2;
    set_callback(engine, layer, &delegate);
    AC_CHECK_OK(ac_transaction_begin(engine));
    AC_CHECK_OK(ac_transaction_set_disable_actions(engine, 1));
    set_value(engine, layer, "position", ac_value_point(9, 9));
    set_scalar(engine, layer, "opacity", 0.25);
    /* Nested transactions inherit it. */
    AC_CHECK_OK(ac_transaction_begin(engine));
    set_scalar(engine, layer, "zPosition", 4);
    AC_CHECK_OK(ac_transaction_commit(engine));
    AC_CHECK_OK(ac_transaction_commit(engine));
    AC_CHECK_EQ_INT(delegate.asked, 0); /* no search runs */
    AC_CHECK_EQ_INT(animation_count(engine, layer), 0);
    AC_CHECK(point_is(model_value(engine, layer, "position"), 9, 9));
    tick(engine, frame_time(1));
    AC_CHECK_EQ_DOUBLE(presentation_scalar(engine, layer, "opacity"), 0.25);
    AC_CHECK_EQ_DOUBLE(presentation_scalar(engine, layer, "zPosition"), 4);
    /* The flag applied to that transaction only. */
    set_value(engine, layer, "position", ac_value_point(1, 1));
    AC_CHECK_EQ_INT(delegate.asked, 1);
    AC_CHECK_EQ_DOUBLE(duration_of(engine, layer, "position"), 2);
    tick(engine, frame_time(2));
    /* Set by key outside a transaction: the implicit transaction, until the next tick. */
    AC_CHECK_OK(ac_transaction_set_value(engine, "disableActions", &yes));
    set_scalar(engine, layer, "borderWidth", 3);
    AC_CHECK_EQ_DOUBLE(duration_of(engine, layer, "borderWidth"), -1);
    tick(engine, frame_time(3));
    set_scalar(engine, layer, "borderWidth", 4);
    AC_CHECK_EQ_DOUBLE(duration_of(engine, layer, "borderWidth"), 2);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* ---------------------------------------------------------------------------------------- */
/* When a change runs an action                                                              */
/* ---------------------------------------------------------------------------------------- */

static void test_same_value_runs_nothing(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = committed_layer(engine);
    script delegate = {0};

    set_callback(engine, layer, &delegate);
    set_scalar(engine, layer, "opacity", 1); /* the default */
    set_value(engine, layer, "position", ac_value_point(0, 0));
    set_scalar(engine, layer, "position.x", 0);
    set_value(engine, layer, "backgroundColor", ac_value_color(0, 0, 0, 0));
    AC_CHECK_EQ_INT(delegate.asked, 0);
    AC_CHECK_EQ_INT(animation_count(engine, layer), 0);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static void test_no_action_before_the_first_tick(void) { /* A8, A9 */
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0), late;
    script delegate = {0};
    ac_value mode0 = ac_value_integer(0);
    ac_property_desc mode;
    ac_class flags = 0;
    ac_layer flagged;

    set_callback(engine, layer, &delegate);
    set_scalar(engine, layer, "opacity", 0.5);
    set_value(engine, layer, "position", ac_value_point(10, 20));
    AC_CHECK_EQ_INT(animation_count(engine, layer), 0);
    AC_CHECK_EQ_INT(delegate.asked, 0);
    tick(engine, frame_time(0));
    AC_CHECK_EQ_DOUBLE(presentation_scalar(engine, layer, "opacity"), 0.5);
    /* Committed now: the same change animates for 0.25 s. */
    set_scalar(engine, layer, "opacity", 1);
    AC_CHECK_EQ_INT(delegate.asked, 1);
    AC_CHECK_EQ_DOUBLE(duration_of(engine, layer, "opacity"), 0.25);
    /* A layer made after the first tick is committed by the next one. */
    late = new_layer(engine, 0);
    set_scalar(engine, late, "opacity", 0.5);
    AC_CHECK_EQ_INT(animation_count(engine, late), 0);
    tick(engine, frame_time(1));
    set_scalar(engine, late, "opacity", 0.75);
    AC_CHECK_EQ_DOUBLE(duration_of(engine, late, "opacity"), 0.25);

    /* Non-animatable properties, timing properties and undeclared keys run nothing. */
    ac_property_desc_init(&mode, "mode", &mode0);
    mode.animatable = 0;
    AC_CHECK_OK(ac_class_create(engine, "Flags", 0, &mode, 1, &flags));
    flagged = new_layer(engine, flags);
    tick(engine, frame_time(2));
    memset(&delegate, 0, sizeof delegate);
    delegate.answer = AC_ACTION_ANIMATION;
    set_callback(engine, flagged, &delegate);
    set_value(engine, flagged, "needsDisplayOnBoundsChange", ac_value_bool(1));
    set_value(engine, flagged, "mode", ac_value_integer(3));
    set_scalar(engine, flagged, "someUndeclaredKey", 4);
    set_scalar(engine, flagged, "speed", 2);
    set_scalar(engine, flagged, "timeOffset", 1);
    AC_CHECK_EQ_INT(delegate.asked, 0);
    AC_CHECK_EQ_INT(animation_count(engine, flagged), 0);
    AC_CHECK_EQ_INT(model_value(engine, flagged, "mode").i, 3);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* The callback reads the layer during the search: its old model value, its presentation. */
typedef struct reading {
    double model;
    double presentation;
} reading;

static void read_opacity(ac_engine *engine, ac_layer layer, const char *key, ac_animation animation, script *s) {
    reading *r = (reading *)s->context;
    (void)key;
    (void)animation;
    r->model = model_scalar(engine, layer, "opacity");
    r->presentation = presentation_scalar(engine, layer, "opacity");
}

static void test_callback_sees_the_old_value(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = committed_layer(engine);
    script delegate = {0};
    reading r = {0, 0};
    int k;

    delegate.extra = read_opacity;
    delegate.context = &r;
    set_callback(engine, layer, &delegate);
    set_scalar(engine, layer, "opacity", 0.5);
    AC_CHECK_EQ_DOUBLE(r.model, 1);
    AC_CHECK_EQ_DOUBLE(r.presentation, 1);
    for (k = 1; k <= 8; ++k) tick(engine, frame_time(k));
    set_scalar(engine, layer, "opacity", 0);
    AC_CHECK_EQ_DOUBLE(r.model, 0.5);
    AC_CHECK(r.presentation < 1 && r.presentation > 0.5); /* mid-flight */
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* ---------------------------------------------------------------------------------------- */
/* Tree events                                                                               */
/* ---------------------------------------------------------------------------------------- */

typedef struct tree_log {
    ac_layer expected_parent;
    ac_layer superlayer_seen;
} tree_log;

/* Tree events: fade (opacity 0 -> 1, 0.5 s) on onOrderIn and transition; check the superlayer
   during onOrderOut; let property changes continue. */
static void tree_actions(ac_engine *engine, ac_layer layer, const char *key, ac_animation animation, script *s) {
    tree_log *log = (tree_log *)s->context;
    s->answer = AC_ACTION_CONTINUE;
    s->duration = 0;
    if (strcmp(key, "onOrderIn") == 0 || strcmp(key, "transition") == 0) {
        ac_value from = ac_value_scalar(0), to = ac_value_scalar(1);
        ac_timing timing = get_timing(engine, animation);
        timing.duration_s = 0.5;
        set_timing(engine, animation, timing);
        AC_CHECK_OK(ac_animation_set_key_path(engine, animation, "opacity"));
        AC_CHECK_OK(ac_animation_set_value(engine, animation, AC_ANIMATION_FROM, &from));
        AC_CHECK_OK(ac_animation_set_value(engine, animation, AC_ANIMATION_TO, &to));
        s->answer = AC_ACTION_ANIMATION;
    } else if (strcmp(key, "onOrderOut") == 0) {
        AC_CHECK_OK(ac_layer_superlayer(engine, layer, &log->superlayer_seen));
        s->answer = AC_ACTION_NONE;
    }
}

static void test_tree_events(void) {
    ac_engine *engine = new_engine();
    ac_layer parent = new_layer(engine, 0), child = new_layer(engine, 0), other = new_layer(engine, 0);
    ac_layer fresh, sublayers[4];
    script child_script = {0}, other_script = {0}, fresh_script = {0};
    tree_log log = {0, 0};
    size_t count = 0;
    char path[32];
    size_t length = 0;
    ac_animation copy = 0;
    int32_t disabled_dummy = 0;

    (void)disabled_dummy;
    tick(engine, frame_time(0));
    child_script.extra = tree_actions;
    child_script.context = &log;
    other_script.extra = tree_actions;
    other_script.context = &log;
    set_callback(engine, child, &child_script);
    set_callback(engine, other, &other_script);

    /* onOrderIn: the sublayer joins; its action runs (an opacity fade under "onOrderIn"). */
    AC_CHECK_OK(ac_layer_add_sublayer(engine, parent, child));
    AC_CHECK_EQ_INT(child_script.asked, 1);
    AC_CHECK_EQ_STR(child_script.keys[0], "onOrderIn");
    AC_CHECK_EQ_STR(child_script.handle_path, "onOrderIn"); /* the fresh description: key path = key */
    AC_CHECK_OK(ac_layer_animation_key(engine, child, 0, path, sizeof path, &length));
    AC_CHECK_EQ_STR(path, "onOrderIn");
    AC_CHECK_OK(ac_layer_copy_animation(engine, child, "onOrderIn", &copy));
    AC_CHECK_OK(ac_animation_key_path(engine, copy, path, sizeof path, &length));
    AC_CHECK_EQ_STR(path, "opacity");
    AC_CHECK_OK(ac_animation_release(engine, copy));
    tick(engine, frame_time(1));
    AC_CHECK_NEAR(presentation_scalar(engine, child, "opacity"), 0, 1e-12);
    tick(engine, frame_time(16));
    AC_CHECK_NEAR(presentation_scalar(engine, child, "opacity"), 0.5, 1e-9);

    /* transition: ac_layer_replace_sublayer runs the new layer's action. */
    AC_CHECK_OK(ac_layer_retain(engine, child)); /* keep it past its removal */
    AC_CHECK_OK(ac_layer_replace_sublayer(engine, child, other));
    AC_CHECK_EQ_INT(other_script.asked, 1);
    AC_CHECK_EQ_STR(other_script.keys[0], "transition");
    AC_CHECK_EQ_DOUBLE(duration_of(engine, other, "transition"), 0.5);
    AC_CHECK_OK(ac_layer_sublayers(engine, parent, sublayers, 4, &count));
    AC_CHECK_EQ_INT(count, 1);
    AC_CHECK_EQ_INT(sublayers[0], other);
    {
        ac_layer none = 99;
        AC_CHECK_OK(ac_layer_superlayer(engine, child, &none));
        AC_CHECK_EQ_INT(none, 0);
    }
    /* replace_sublayer runs neither onOrderIn nor onOrderOut. */
    AC_CHECK_EQ_INT(child_script.asked, 1);

    /* onOrderOut: runs before the layer leaves (its superlayer is still there). */
    log.superlayer_seen = 0;
    AC_CHECK_OK(ac_layer_remove_from_superlayer(engine, other));
    AC_CHECK_EQ_INT(other_script.asked, 2);
    AC_CHECK_EQ_STR(other_script.keys[1], "onOrderOut");
    AC_CHECK_EQ_INT(log.superlayer_seen, parent);
    /* Removing a layer with no superlayer runs nothing. */
    AC_CHECK_OK(ac_layer_remove_from_superlayer(engine, child));
    AC_CHECK_EQ_INT(child_script.asked, 1);

    /* A layer never committed runs no tree events; nor do layers while actions are disabled. */
    fresh = new_layer(engine, 0);
    fresh_script.extra = tree_actions;
    fresh_script.context = &log;
    set_callback(engine, fresh, &fresh_script);
    AC_CHECK_OK(ac_layer_add_sublayer(engine, parent, fresh));
    AC_CHECK_EQ_INT(fresh_script.asked, 0);
    AC_CHECK_OK(ac_transaction_begin(engine));
    AC_CHECK_OK(ac_transaction_set_disable_actions(engine, 1));
    AC_CHECK_OK(ac_layer_add_sublayer(engine, parent, child));
    AC_CHECK_OK(ac_layer_remove_from_superlayer(engine, child));
    AC_CHECK_OK(ac_transaction_commit(engine));
    AC_CHECK_EQ_INT(child_script.asked, 1);

    /* An action whose animation cannot be added (its key path is not a property): the tree
       changes, and the call returns the add's error. */
    tick(engine, frame_time(40));
    AC_CHECK_OK(ac_layer_remove_from_superlayer(engine, fresh)); /* onOrderOut: NONE */
    AC_CHECK_EQ_INT(fresh_script.asked, 1);
    fresh_script.extra = NULL;
    fresh_script.answer = AC_ACTION_ANIMATION; /* the fresh "onOrderIn" description, as it is */
    {
        ac_layer superlayer = 0;
        AC_CHECK_STATUS(ac_layer_add_sublayer(engine, parent, fresh), AC_ERR_NOT_ANIMATABLE);
        AC_CHECK_OK(ac_layer_superlayer(engine, fresh, &superlayer));
        AC_CHECK_EQ_INT(superlayer, parent);
        AC_CHECK_EQ_INT(animation_count(engine, fresh), 0);
    }

    /* Replacement errors. */
    EXPECT_ERROR(ac_layer_replace_sublayer(engine, child, other), AC_ERR_INVALID_ARGUMENT, "superlayer");
    EXPECT_ERROR(ac_layer_replace_sublayer(engine, fresh, parent), AC_ERR_CYCLE, "new_layer");
    EXPECT_ERROR(ac_layer_replace_sublayer(engine, 0, other), AC_ERR_BAD_HANDLE, "old_layer");
    EXPECT_ERROR(ac_layer_replace_sublayer(engine, fresh, 12345), AC_ERR_BAD_HANDLE, "new_layer");
    EXPECT_ERROR(ac_layer_replace_sublayer(NULL, fresh, other), AC_ERR_NULL_POINTER, "engine");
    AC_CHECK_OK(ac_engine_destroy(engine));
    AC_CHECK_EQ_INT(child_script.destroyed + other_script.destroyed + fresh_script.destroyed, 3);
}

/* On "onOrderIn": takes the layer out again and releases it (destroying it). */
static int32_t leave_and_release(ac_engine *engine, ac_layer layer, const char *key, ac_animation animation,
                                 void *user_data) {
    (void)animation;
    (*(int *)user_data)++;
    if (strcmp(key, "onOrderIn") != 0) return AC_ACTION_CONTINUE;
    AC_CHECK_OK(ac_layer_remove_from_superlayer(engine, layer)); /* runs "onOrderOut": continue */
    AC_CHECK_OK(ac_layer_release(engine, layer));
    return AC_ACTION_ANIMATION;
}

static void test_tree_event_callback_destroys_the_layer(void) {
    ac_engine *engine = new_engine();
    ac_layer parent = new_layer(engine, 0), child = new_layer(engine, 0);
    size_t count = 9;
    int asked = 0;

    tick(engine, frame_time(0));
    AC_CHECK_OK(ac_layer_set_action_callback(engine, child, leave_and_release, &asked, NULL));
    AC_CHECK_OK(ac_layer_add_sublayer(engine, parent, child));
    AC_CHECK_EQ_INT(asked, 2); /* onOrderIn, then onOrderOut from inside it */
    AC_CHECK_STATUS(ac_layer_retain(engine, child), AC_ERR_BAD_HANDLE);
    AC_CHECK_OK(ac_layer_sublayers(engine, parent, NULL, 0, &count));
    AC_CHECK_EQ_INT(count, 0);
    tick(engine, frame_time(1));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* ---------------------------------------------------------------------------------------- */
/* Garbage answers, callbacks that do things                                                 */
/* ---------------------------------------------------------------------------------------- */

static void test_garbage_answers_continue(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = committed_layer(engine);
    script delegate = {0};
    const int32_t answers[5] = {3, -1, 42, INT32_MIN, INT32_MAX};
    int index;

    set_callback(engine, layer, &delegate);
    for (index = 0; index < 5; ++index) {
        delegate.answer = answers[index];
        delegate.duration = 9; /* configured, but not run: the answer is not ANIMATION */
        set_scalar(engine, layer, "zPosition", 10 + index);
        AC_CHECK_EQ_DOUBLE(duration_of(engine, layer, "zPosition"), 0.25); /* the built-in one */
        AC_CHECK_EQ_DOUBLE(answer_of(engine, layer, "zPosition"), -1);
    }
    /* A callback that releases its description and answers ANIMATION: counts as CONTINUE. */
    delegate.answer = AC_ACTION_ANIMATION;
    delegate.duration = 0;
    delegate.release_handle = 1;
    set_scalar(engine, layer, "zPosition", 99);
    AC_CHECK_EQ_DOUBLE(duration_of(engine, layer, "zPosition"), 0.25);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* Releases the layer being changed. */
static void release_layer(ac_engine *engine, ac_layer layer, const char *key, ac_animation animation, script *s) {
    (void)key;
    (void)animation;
    (void)s;
    AC_CHECK_OK(ac_layer_release(engine, layer));
}

typedef struct busy_context {
    ac_layer created;
    counters spin;
} busy_context;

/* Removes the layer's animations, adds one under "extra", makes a sublayer, then answers with
   the animation configured. */
static void busy(ac_engine *engine, ac_layer layer, const char *key, ac_animation animation, script *s) {
    busy_context *context = (busy_context *)s->context;
    ac_animation extra = scalar_animation(engine, "zPosition", 1, 0, 1, 5, 0, 0, 1.0);
    ac_value from = ac_value_scalar(0.5);
    if (strcmp(key, "opacity") != 0) { /* (the "sublayers" event its own add causes) */
        ac_animation_release(engine, extra);
        s->answer = AC_ACTION_CONTINUE;
        return;
    }
    AC_CHECK_OK(ac_layer_remove_all_animations(engine, layer));
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, extra, "extra"));
    AC_CHECK_OK(ac_animation_release(engine, extra));
    context->created = new_layer(engine, 0);
    AC_CHECK_OK(ac_layer_add_sublayer(engine, layer, context->created));
    AC_CHECK_OK(ac_layer_release(engine, context->created)); /* the layer holds it */
    AC_CHECK_OK(ac_animation_set_value(engine, animation, AC_ANIMATION_FROM, &from));
    s->answer = AC_ACTION_ANIMATION;
}

/* On "sublayers": adds one more sublayer to the layer, whose own "sublayers" event asks again. */
static int32_t add_on_sublayers(ac_engine *engine, ac_layer layer, const char *key, ac_animation animation,
                                void *user_data) {
    ac_layer more = 0;
    (void)animation;
    if (strcmp(key, "sublayers") != 0) return AC_ACTION_CONTINUE;
    (*(int *)user_data)++;
    AC_CHECK_OK(ac_layer_create(engine, 0, &more));
    AC_CHECK_OK(ac_layer_add_sublayer(engine, layer, more));
    AC_CHECK_OK(ac_layer_release(engine, more)); /* the layer holds it */
    return AC_ACTION_CONTINUE;
}

/* Moves the layer in *user_data between two layers on every tree event of any layer (each move
   asks three searches: a chain that would multiply to millions within the depth bound). */
typedef struct shuttle {
    ac_layer a, b, x;
    long calls;
} shuttle;

static int32_t shuttle_on_events(ac_engine *engine, ac_layer layer, const char *key, ac_animation animation,
                                 void *user_data) {
    shuttle *s = (shuttle *)user_data;
    ac_layer superlayer = 0;
    (void)layer;
    (void)animation;
    if (strcmp(key, "onOrderIn") != 0 && strcmp(key, "sublayers") != 0) return AC_ACTION_CONTINUE;
    ++s->calls;
    AC_CHECK_OK(ac_layer_superlayer(engine, s->x, &superlayer));
    AC_CHECK_OK(ac_layer_add_sublayer(engine, superlayer == s->a ? s->b : s->a, s->x));
    return AC_ACTION_CONTINUE;
}

/* One outermost search and the handlers under it make at most 4096 searches: the call returns. */
static void test_action_chains_are_bounded(void) {
    ac_engine *engine = new_engine();
    shuttle s = {0, 0, 0, 0};
    s.a = new_layer(engine, 0);
    s.b = new_layer(engine, 0);
    s.x = new_layer(engine, 0);
    tick(engine, frame_time(0));
    AC_CHECK_OK(ac_class_set_default_action(engine, 0, shuttle_on_events, &s, NULL));
    AC_CHECK_OK(ac_layer_add_sublayer(engine, s.a, s.x));
    printf("shuttle: %ld handler calls\n", s.calls);
    /* The call's own three searches (the layer's onOrderIn, each superlayer's "sublayers") each
       begin a chain of at most 4096. */
    AC_CHECK(s.calls > 16 && s.calls <= 3 * 4096);
    AC_CHECK_OK(ac_class_set_default_action(engine, 0, NULL, NULL, NULL));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* An onOrderOut handler that takes the layer out and releases it (destroying it): the removal
   it was asked about has nothing left to do and returns AC_OK. */
static int32_t remove_and_release(ac_engine *engine, ac_layer layer, const char *key, ac_animation animation,
                                  void *user_data) {
    (void)animation;
    if (strcmp(key, "onOrderOut") != 0 || (*(int *)user_data)++ > 0) return AC_ACTION_CONTINUE;
    AC_CHECK_OK(ac_layer_remove_from_superlayer(engine, layer)); /* asked again: continues */
    AC_CHECK_OK(ac_layer_release(engine, layer));                /* the last reference */
    return AC_ACTION_NONE;
}

static void test_order_out_handler_destroys_the_layer(void) {
    ac_engine *engine = new_engine();
    ac_layer parent = new_layer(engine, 0), child = new_layer(engine, 0);
    int asked = 0;
    size_t count = 0;
    AC_CHECK_OK(ac_layer_add_sublayer(engine, parent, child));
    AC_CHECK_OK(ac_layer_release(engine, child)); /* the parent holds it */
    tick(engine, frame_time(0));
    AC_CHECK_OK(ac_layer_set_action_callback(engine, child, remove_and_release, &asked, NULL));
    AC_CHECK_OK(ac_layer_retain(engine, child)); /* the handler's to release */
    AC_CHECK_OK(ac_layer_remove_from_superlayer(engine, child));
    AC_CHECK_EQ_INT(asked, 2);
    AC_CHECK_STATUS(ac_layer_retain(engine, child), AC_ERR_BAD_HANDLE);
    AC_CHECK_OK(ac_layer_sublayers(engine, parent, NULL, 0, &count));
    AC_CHECK_EQ_INT(count, 0);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* A handler that makes the change it is asked about recurses until searches nest 16 deep; the
   17th answers no action: every call returns, the tree holds what they added. */
static void test_nested_actions_are_bounded(void) {
    ac_engine *engine = new_engine();
    ac_layer parent = committed_layer(engine), child = new_layer(engine, 0);
    int asked = 0;
    size_t count = 0;
    AC_CHECK_OK(ac_layer_set_action_callback(engine, parent, add_on_sublayers, &asked, NULL));
    AC_CHECK_OK(ac_layer_add_sublayer(engine, parent, child));
    AC_CHECK_EQ_INT(asked, 16);
    AC_CHECK_STATUS(ac_layer_sublayers(engine, parent, NULL, 0, &count), AC_ERR_BUFFER_TOO_SMALL);
    AC_CHECK_EQ_INT(count, 17);
    /* Bounded per chain, not for ever: the next change asks again. */
    AC_CHECK_OK(ac_layer_remove_from_superlayer(engine, child));
    AC_CHECK_EQ_INT(asked, 32);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static int32_t destroy_engine(ac_engine *engine, ac_layer layer, const char *key, ac_animation animation,
                              void *user_data) {
    (void)layer;
    (void)key;
    (void)animation;
    (*(int *)user_data)++;
    AC_CHECK_OK(ac_engine_destroy(engine));
    return AC_ACTION_ANIMATION;
}

static int32_t wrong_kind(ac_engine *engine, ac_layer layer, const char *key, ac_animation animation,
                          void *user_data) {
    ac_value point = ac_value_point(1, 2);
    (void)layer;
    (void)key;
    (void)user_data;
    AC_CHECK_OK(ac_animation_set_value(engine, animation, AC_ANIMATION_FROM, &point));
    return AC_ACTION_ANIMATION;
}

static void test_callbacks_that_do_things(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = committed_layer(engine), doomed;
    script delegate = {0};
    busy_context context;
    ac_animation spin;
    size_t count = 0;
    int destroys = 0;

    /* The callback releases the layer: the change returns BAD_HANDLE; nothing breaks. */
    doomed = new_layer(engine, 0);
    tick(engine, frame_time(1));
    delegate.extra = release_layer;
    delegate.answer = AC_ACTION_ANIMATION;
    set_callback(engine, doomed, &delegate);
    EXPECT_ERROR(ac_layer_set_scalar(engine, doomed, key_of(engine, "opacity"), 0), AC_ERR_BAD_HANDLE, "layer");
    AC_CHECK_EQ_INT(delegate.asked, 1);
    AC_CHECK_EQ_INT(delegate.destroyed, 1); /* the layer's registrations ended with it */
    AC_CHECK_STATUS(ac_layer_retain(engine, doomed), AC_ERR_BAD_HANDLE);
    {
        size_t length = 0;
        AC_CHECK_STATUS(ac_animation_key_path(engine, delegate.handle, NULL, 0, &length), AC_ERR_BAD_HANDLE);
    }
    tick(engine, frame_time(2));

    /* The callback removes and adds animations and layers. */
    memset(&delegate, 0, sizeof delegate);
    memset(&context, 0, sizeof context);
    spin = scalar_animation(engine, "zPosition", 1, 0, 1, 9, 0, 0, 10.0);
    count_animation(engine, spin, &context.spin);
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, spin, "spin"));
    AC_CHECK_OK(ac_animation_release(engine, spin));
    tick(engine, frame_time(3));
    delegate.extra = busy;
    delegate.context = &context;
    set_callback(engine, layer, &delegate);
    set_scalar(engine, layer, "opacity", 0);
    AC_CHECK_EQ_INT(animation_count(engine, layer), 2);
    AC_CHECK_EQ_DOUBLE(duration_of(engine, layer, "extra"), 1);
    AC_CHECK_EQ_DOUBLE(duration_of(engine, layer, "opacity"), 0.25);
    AC_CHECK_STATUS(ac_layer_sublayers(engine, layer, NULL, 0, &count), AC_ERR_BUFFER_TOO_SMALL);
    AC_CHECK_EQ_INT(count, 1);
    tick(engine, frame_time(4));
    AC_CHECK_EQ_INT(context.spin.stopped_unfinished, 1);
    AC_CHECK_NEAR(presentation_scalar(engine, layer, "opacity"), 0.5, 1e-12); /* its from value */
    AC_CHECK_OK(ac_layer_set_action_callback(engine, layer, NULL, NULL, NULL));
    AC_CHECK_EQ_INT(delegate.destroyed, 1);

    /* An animation of the wrong kind: the value changes, the call says why nothing runs. */
    AC_CHECK_OK(ac_layer_set_action_callback(engine, layer, wrong_kind, NULL, NULL));
    EXPECT_ERROR(ac_layer_set_scalar(engine, layer, key_of(engine, "borderWidth"), 3), AC_ERR_WRONG_KIND, "point");
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, layer, "borderWidth"), 3);
    AC_CHECK_EQ_DOUBLE(duration_of(engine, layer, "borderWidth"), -1);

    /* The callback destroys the engine: the change reports it. */
    AC_CHECK_OK(ac_layer_set_action_callback(engine, layer, destroy_engine, &destroys, NULL));
    EXPECT_ERROR(ac_layer_set_scalar(engine, layer, key_of(engine, "opacity"), 1), AC_ERR_INVALID_STATE, "engine");
    AC_CHECK_EQ_INT(destroys, 1);
    AC_CHECK_STATUS(ac_layer_set_scalar(engine, layer, 1, 1), AC_ERR_BAD_HANDLE);
}

/* ---------------------------------------------------------------------------------------- */
/* The actions table holds a copy                                                            */
/* ---------------------------------------------------------------------------------------- */

static void test_table_holds_a_copy(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = committed_layer(engine);
    ac_animation description = 0, copy = 0;
    ac_value from = ac_value_scalar(0.1), got;
    ac_timing timing;
    counters c;
    int32_t is_set = 0;
    int k;

    memset(&c, 0, sizeof c);
    AC_CHECK_OK(ac_animation_create_basic(engine, "opacity", &description));
    timing = get_timing(engine, description);
    timing.duration_s = 0.75;
    set_timing(engine, description, timing);
    AC_CHECK_OK(ac_animation_set_value(engine, description, AC_ANIMATION_FROM, &from));
    count_animation(engine, description, &c);
    AC_CHECK_OK(ac_layer_set_action(engine, layer, "opacity", description, 0));
    /* Edited, then released: the entry does not change. */
    timing.duration_s = 5;
    set_timing(engine, description, timing);
    AC_CHECK_OK(ac_animation_release(engine, description));
    AC_CHECK_EQ_INT(c.destroyed, 0); /* the table still holds a copy of its delegate */
    {
        size_t length = 0;
        AC_CHECK_STATUS(ac_animation_key_path(engine, description, NULL, 0, &length), AC_ERR_BAD_HANDLE);
    }
    for (k = 0; k < 2; ++k) {
        set_scalar(engine, layer, "opacity", k == 0 ? 0.5 : 0.9);
        AC_CHECK_OK(ac_layer_copy_animation(engine, layer, "opacity", &copy));
        if (AC_CHECK(copy != 0)) {
            AC_CHECK_EQ_DOUBLE(get_timing(engine, copy).duration_s, 0.75);
            AC_CHECK_OK(ac_animation_get_value(engine, copy, AC_ANIMATION_FROM, &got, &is_set));
            AC_CHECK_EQ_DOUBLE(got.v[0], 0.1);
            AC_CHECK_OK(ac_animation_release(engine, copy));
        }
        tick(engine, frame_time(1 + 60 * k));
        tick(engine, frame_time(60 + 60 * k));
    }
    /* Each use added a copy with the delegate: two starts and two finished stops. */
    AC_CHECK_EQ_INT(c.started, 2);
    AC_CHECK_EQ_INT(c.stopped_finished, 2);
    /* Removing the entry ends the last holder of the delegate. */
    AC_CHECK_OK(ac_layer_set_action(engine, layer, "opacity", 0, 0));
    AC_CHECK_EQ_INT(c.destroyed, 1);
    AC_CHECK_OK(ac_engine_destroy(engine));
    AC_CHECK_EQ_INT(c.destroyed, 1);
}

/* ---------------------------------------------------------------------------------------- */
/* Registrations                                                                             */
/* ---------------------------------------------------------------------------------------- */

static void test_registrations(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = committed_layer(engine);
    script first = {0}, second = {0};
    counters display;
    ac_layer_delegate delegate;

    memset(&display, 0, sizeof display);
    set_callback(engine, layer, &first);
    /* A display delegate does not touch the action callback, and back. */
    ac_layer_delegate_init(&delegate);
    delegate.display = count_display;
    delegate.user_data = &display;
    delegate.destroy = count_destroy;
    AC_CHECK_OK(ac_layer_set_delegate(engine, layer, &delegate));
    set_scalar(engine, layer, "opacity", 0.5);
    AC_CHECK_EQ_INT(first.asked, 1);
    AC_CHECK_OK(ac_layer_set_delegate(engine, layer, NULL));
    AC_CHECK_EQ_INT(display.destroyed, 1);
    set_scalar(engine, layer, "opacity", 0.6);
    AC_CHECK_EQ_INT(first.asked, 2);
    AC_CHECK_EQ_INT(first.destroyed, 0);
    AC_CHECK_OK(ac_layer_set_delegate(engine, layer, &delegate));
    /* Replacing the action callback ends the previous registration only. */
    set_callback(engine, layer, &second);
    AC_CHECK_EQ_INT(first.destroyed, 1);
    AC_CHECK_EQ_INT(display.destroyed, 1);
    AC_CHECK_OK(ac_layer_set_needs_display(engine, layer));
    tick(engine, frame_time(1));
    AC_CHECK_EQ_INT(display.display, 1);
    /* NULL function: the registration ends at once (the destroy given too). */
    {
        script none = {0};
        AC_CHECK_OK(ac_layer_set_action_callback(engine, layer, NULL, &none, script_destroyed));
        AC_CHECK_EQ_INT(none.destroyed, 1);
        AC_CHECK_OK(ac_class_set_default_action(engine, 0, NULL, &none, script_destroyed));
        AC_CHECK_EQ_INT(none.destroyed, 2);
    }
    AC_CHECK_EQ_INT(second.destroyed, 1);
    set_scalar(engine, layer, "opacity", 0.7);
    AC_CHECK_EQ_INT(second.asked, 0);
    /* The layer's destruction ends its registrations. */
    set_callback(engine, layer, &second);
    AC_CHECK_OK(ac_layer_release(engine, layer));
    AC_CHECK_EQ_INT(second.destroyed, 2);
    AC_CHECK_EQ_INT(display.destroyed, 2);
    /* Failed calls never run destroy. */
    {
        script failed = {0};
        AC_CHECK_STATUS(ac_layer_set_action_callback(engine, layer, scripted, &failed, script_destroyed),
                        AC_ERR_BAD_HANDLE);
        AC_CHECK_STATUS(ac_class_set_default_action(engine, 77, scripted, &failed, script_destroyed), AC_ERR_BAD_HANDLE);
        AC_CHECK_STATUS(ac_layer_set_action_callback(engine, layer, NULL, &failed, script_destroyed), AC_ERR_BAD_HANDLE);
        AC_CHECK_OK(ac_engine_destroy(engine));
        AC_CHECK_EQ_INT(failed.destroyed, 0);
    }
}

/* A destroy function that calls back into the engine (reads its time). */
typedef struct calling_destroy {
    ac_engine *engine;
    int calls;
    ac_status status;
} calling_destroy;

static void destroy_calling_in(void *user_data) {
    calling_destroy *d = (calling_destroy *)user_data;
    double time = 0;
    d->calls++;
    d->status = ac_engine_current_time(d->engine, &time);
}

static void ignore_stop(ac_engine *engine, ac_layer layer, const char *key, int32_t finished, void *user_data) {
    (void)engine;
    (void)layer;
    (void)key;
    (void)finished;
    (void)user_data;
}

static void test_replaced_registrations_may_call_in(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = committed_layer(engine);
    calling_destroy action = {engine, 0, -1}, klass = {engine, 0, -1}, display = {engine, 0, -1},
                    entry = {engine, 0, -1};
    ac_layer_delegate delegate;
    ac_animation_delegate animation_delegate;
    ac_animation description = marker(engine, 1, "opacity");

    /* Each registration's destroy calls in when it is replaced. */
    {
        static script quiet;
        AC_CHECK_OK(ac_layer_set_action_callback(engine, layer, scripted, &action, destroy_calling_in));
        AC_CHECK_OK(ac_layer_set_action_callback(engine, layer, scripted, &quiet, NULL));
        AC_CHECK_OK(ac_class_set_default_action(engine, 0, scripted, &klass, destroy_calling_in));
        AC_CHECK_OK(ac_class_set_default_action(engine, 0, NULL, NULL, NULL));
    }
    ac_layer_delegate_init(&delegate);
    delegate.display = count_display;
    delegate.user_data = &display;
    delegate.destroy = destroy_calling_in;
    AC_CHECK_OK(ac_layer_set_delegate(engine, layer, &delegate));
    AC_CHECK_OK(ac_layer_set_delegate(engine, layer, NULL));
    ac_animation_delegate_init(&animation_delegate);
    animation_delegate.did_stop = ignore_stop; /* never runs: no copy is added */
    animation_delegate.user_data = &entry;
    animation_delegate.destroy = destroy_calling_in;
    AC_CHECK_OK(ac_animation_set_delegate(engine, description, &animation_delegate));
    AC_CHECK_OK(ac_layer_set_action(engine, layer, "opacity", description, 0));
    AC_CHECK_OK(ac_animation_release(engine, description));
    AC_CHECK_OK(ac_layer_set_action(engine, layer, "opacity", 0, 1)); /* replaces the entry */
    AC_CHECK_EQ_INT(action.calls, 1);
    AC_CHECK_OK(action.status);
    AC_CHECK_EQ_INT(klass.calls, 1);
    AC_CHECK_OK(klass.status);
    AC_CHECK_EQ_INT(display.calls, 1);
    AC_CHECK_OK(display.status);
    AC_CHECK_EQ_INT(entry.calls, 1);
    AC_CHECK_OK(entry.status);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* ---------------------------------------------------------------------------------------- */
/* Threads: an action callback runs on the thread making the change                          */
/* ---------------------------------------------------------------------------------------- */

enum { ACTION_THREADS = 4, ACTION_CHANGES = 200 };

typedef struct action_worker {
    ac_engine *engine;
    ac_layer layer;
    script s;
    pthread_t self;
    int wrong_thread;
    int failures;
} action_worker;

static void note_thread(ac_engine *engine, ac_layer layer, const char *key, ac_animation animation, script *s) {
    action_worker *w = (action_worker *)s->context;
    (void)engine;
    (void)layer;
    (void)key;
    (void)animation;
    if (!pthread_equal(pthread_self(), w->self)) w->wrong_thread++;
}

static void *change_from_thread(void *argument) {
    action_worker *w = (action_worker *)argument;
    ac_key z = key_of(w->engine, "zPosition");
    int change;
    w->self = pthread_self();
    for (change = 1; change <= ACTION_CHANGES; ++change) {
        if (ac_transaction_begin(w->engine) != AC_OK) w->failures++;
        if (ac_layer_set_scalar(w->engine, w->layer, z, change) != AC_OK) w->failures++;
        if (ac_transaction_commit(w->engine) != AC_OK) w->failures++;
    }
    return NULL;
}

static void test_callbacks_run_on_the_changing_thread(void) {
    ac_engine *engine = new_engine();
    action_worker workers[ACTION_THREADS];
    pthread_t threads[ACTION_THREADS];
    int index, k;

    memset(workers, 0, sizeof workers);
    for (index = 0; index < ACTION_THREADS; ++index) {
        workers[index].engine = engine;
        workers[index].layer = new_layer(engine, 0);
        workers[index].s.answer = AC_ACTION_ANIMATION;
        workers[index].s.duration = 0.1;
        workers[index].s.extra = note_thread;
        workers[index].s.context = &workers[index];
        set_callback(engine, workers[index].layer, &workers[index].s);
    }
    tick(engine, frame_time(0));
    for (index = 0; index < ACTION_THREADS; ++index)
        AC_CHECK_EQ_INT(pthread_create(&threads[index], NULL, change_from_thread, &workers[index]), 0);
    for (k = 1; k <= 30; ++k) AC_CHECK_OK(ac_engine_tick(engine, frame_time(k)));
    for (index = 0; index < ACTION_THREADS; ++index) pthread_join(threads[index], NULL);
    for (k = 31; k <= 60; ++k) AC_CHECK_OK(ac_engine_tick(engine, frame_time(k)));
    for (index = 0; index < ACTION_THREADS; ++index) {
        AC_CHECK_EQ_INT(workers[index].failures, 0);
        AC_CHECK_EQ_INT(workers[index].wrong_thread, 0);
        AC_CHECK_EQ_INT(workers[index].s.asked, ACTION_CHANGES);
        AC_CHECK_EQ_DOUBLE(model_scalar(engine, workers[index].layer, "zPosition"), ACTION_CHANGES);
        /* The last answer's from value (-0.1) ended 0.1 s later: the model shows. */
        AC_CHECK_EQ_DOUBLE(presentation_scalar(engine, workers[index].layer, "zPosition"), ACTION_CHANGES);
    }
    AC_CHECK_OK(ac_engine_destroy(engine));
    for (index = 0; index < ACTION_THREADS; ++index) AC_CHECK_EQ_INT(workers[index].s.destroyed, 1);
}

/* ---------------------------------------------------------------------------------------- */
/* Bad input                                                                                 */
/* ---------------------------------------------------------------------------------------- */

static void test_bad_input(void) {
    ac_engine *engine = new_engine();
    ac_engine *gone = new_engine();
    ac_layer layer = committed_layer(engine), stale = new_layer(engine, 0);
    ac_animation description = marker(engine, 1, "opacity"), released = marker(engine, 1, "opacity");
    int32_t result = 0;
    ac_animation out = 0;
    script s = {0};

    AC_CHECK_OK(ac_engine_destroy(gone));
    AC_CHECK_OK(ac_layer_release(engine, stale));
    AC_CHECK_OK(ac_animation_release(engine, released));

    EXPECT_ERROR(ac_layer_set_action_callback(NULL, layer, scripted, &s, script_destroyed), AC_ERR_NULL_POINTER, "engine");
    EXPECT_ERROR(ac_layer_set_action_callback(gone, layer, scripted, &s, script_destroyed), AC_ERR_BAD_HANDLE, "engine");
    EXPECT_ERROR(ac_layer_set_action_callback(engine, stale, scripted, &s, script_destroyed), AC_ERR_BAD_HANDLE, "layer");
    EXPECT_ERROR(ac_layer_set_action_callback(engine, 0, scripted, &s, script_destroyed), AC_ERR_BAD_HANDLE, "layer");
    EXPECT_ERROR(ac_class_set_default_action(NULL, 0, scripted, &s, script_destroyed), AC_ERR_NULL_POINTER, "engine");
    EXPECT_ERROR(ac_class_set_default_action(gone, 0, scripted, &s, script_destroyed), AC_ERR_BAD_HANDLE, "engine");
    EXPECT_ERROR(ac_class_set_default_action(engine, 0xC100000000000005ull, scripted, &s, script_destroyed),
                 AC_ERR_BAD_HANDLE, "layer_class");
    AC_CHECK_EQ_INT(s.destroyed, 0);

    EXPECT_ERROR(ac_layer_set_action(NULL, layer, "opacity", description, 0), AC_ERR_NULL_POINTER, "engine");
    EXPECT_ERROR(ac_layer_set_action(gone, layer, "opacity", description, 0), AC_ERR_BAD_HANDLE, "engine");
    EXPECT_ERROR(ac_layer_set_action(engine, stale, "opacity", description, 0), AC_ERR_BAD_HANDLE, "layer");
    EXPECT_ERROR(ac_layer_set_action(engine, layer, NULL, description, 0), AC_ERR_NULL_POINTER, "key");
    EXPECT_ERROR(ac_layer_set_action(engine, layer, "", description, 0), AC_ERR_UNKNOWN_KEY, "key");
    EXPECT_ERROR(ac_layer_set_action(engine, layer, "\xe2\x82", description, 0), AC_ERR_INVALID_ARGUMENT, "UTF-8");
    EXPECT_ERROR(ac_layer_set_action(engine, layer, "opacity", released, 0), AC_ERR_BAD_HANDLE, "animation");
    EXPECT_ERROR(ac_layer_set_action(engine, layer, "opacity", 0xDEADBEEFull, 0), AC_ERR_BAD_HANDLE, "animation");
    EXPECT_ERROR(ac_layer_set_action(engine, layer, "opacity", description, 1), AC_ERR_INVALID_ARGUMENT, "no_action");
    EXPECT_ERROR(ac_layer_set_action(engine, layer, "opacity", 0, 2), AC_ERR_OUT_OF_RANGE, "no_action");
    EXPECT_ERROR(ac_layer_set_action(engine, layer, "opacity", 0, -1), AC_ERR_OUT_OF_RANGE, "no_action");
    /* Nothing was set by the refused calls. */
    AC_CHECK_EQ_DOUBLE(answer_of(engine, layer, "opacity"), -1);

    EXPECT_ERROR(ac_layer_action_for_key(NULL, layer, "opacity", &result, &out), AC_ERR_NULL_POINTER, "engine");
    EXPECT_ERROR(ac_layer_action_for_key(gone, layer, "opacity", &result, &out), AC_ERR_BAD_HANDLE, "engine");
    EXPECT_ERROR(ac_layer_action_for_key(engine, stale, "opacity", &result, &out), AC_ERR_BAD_HANDLE, "layer");
    EXPECT_ERROR(ac_layer_action_for_key(engine, layer, NULL, &result, &out), AC_ERR_NULL_POINTER, "key");
    EXPECT_ERROR(ac_layer_action_for_key(engine, layer, "", &result, &out), AC_ERR_UNKNOWN_KEY, "key");
    EXPECT_ERROR(ac_layer_action_for_key(engine, layer, "\xff", &result, &out), AC_ERR_INVALID_ARGUMENT, "UTF-8");
    EXPECT_ERROR(ac_layer_action_for_key(engine, layer, "opacity", NULL, &out), AC_ERR_NULL_POINTER, "out_result");
    EXPECT_ERROR(ac_layer_action_for_key(engine, layer, "opacity", &result, NULL), AC_ERR_NULL_POINTER,
                 "out_animation");

    EXPECT_ERROR(ac_animation_set_key_path(NULL, description, "opacity"), AC_ERR_NULL_POINTER, "engine");
    EXPECT_ERROR(ac_animation_set_key_path(gone, description, "opacity"), AC_ERR_BAD_HANDLE, "engine");
    EXPECT_ERROR(ac_animation_set_key_path(engine, released, "opacity"), AC_ERR_BAD_HANDLE, "animation");
    EXPECT_ERROR(ac_animation_set_key_path(engine, description, NULL), AC_ERR_NULL_POINTER, "key_path");
    EXPECT_ERROR(ac_animation_set_key_path(engine, description, ""), AC_ERR_UNKNOWN_KEY, "key_path");
    EXPECT_ERROR(ac_animation_set_key_path(engine, description, "\xc0\xaf"), AC_ERR_INVALID_ARGUMENT, "UTF-8");
    {
        char path[32];
        size_t length = 0;
        AC_CHECK_OK(ac_animation_set_key_path(engine, description, "transform.rotation.z"));
        AC_CHECK_OK(ac_animation_key_path(engine, description, path, sizeof path, &length));
        AC_CHECK_EQ_STR(path, "transform.rotation.z");
    }

    EXPECT_ERROR(ac_layer_replace_sublayer(gone, layer, layer), AC_ERR_BAD_HANDLE, "engine");
    EXPECT_ERROR(ac_layer_replace_sublayer(engine, stale, layer), AC_ERR_BAD_HANDLE, "old_layer");
    AC_CHECK_OK(ac_animation_release(engine, description));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

int main(void) {
    test_delegate_none_ends_the_search();
    test_delegate_continue_falls_through_to_the_table();
    test_delegate_answer_wins_over_the_table();
    test_table_no_action_ends_the_search();
    test_base_class_has_no_default_action();
    test_class_default_callback();
    test_built_in_implicit_animation();
    test_unconfigured_answer();
    test_action_for_key_ignores_disable_actions();
    test_disable_actions_stops_actions_not_the_change();
    test_same_value_runs_nothing();
    test_no_action_before_the_first_tick();
    test_callback_sees_the_old_value();
    test_tree_events();
    test_tree_event_callback_destroys_the_layer();
    test_garbage_answers_continue();
    test_callbacks_that_do_things();
    test_nested_actions_are_bounded();
    test_action_chains_are_bounded();
    test_order_out_handler_destroys_the_layer();
    test_table_holds_a_copy();
    test_registrations();
    test_replaced_registrations_may_call_in();
    test_callbacks_run_on_the_changing_thread();
    test_bad_input();
    return ac_test_finish();
}
