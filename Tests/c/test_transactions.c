/*
 * Transactions through the C API (CATransaction; reference §5, vectors X1–X12 of §9.4 adapted):
 * defaults, nesting and inheritance, values that end with their transaction, arbitrary keys,
 * the implicit transaction and flush, commit without begin, completions (once, after the
 * outermost commit, during a tick; several; finished 0 on removal, replacement or layer
 * destruction; nested), per-thread transactions, concurrent changes from several threads,
 * transactions left open at ac_engine_destroy(), reentrancy from callbacks, and bad input.
 */
#include <pthread.h>

#include "ac_engine_test.h"

/* ---------------------------------------------------------------------------------------- */
/* Helpers                                                                                   */
/* ---------------------------------------------------------------------------------------- */

/* Set while this thread is inside ac_engine_tick() (to check completions run during ticks). */
static _Thread_local int g_ticking;

static void tick_marked(ac_engine *engine, double now_s) {
    g_ticking = 1;
    AC_CHECK_OK(ac_engine_tick(engine, now_s));
    g_ticking = 0;
}

/* A layer committed by a first tick at frame 0 (so changes run actions). */
static ac_layer committed_layer(ac_engine *engine) {
    ac_layer layer = new_layer(engine, 0);
    tick(engine, frame_time(0));
    return layer;
}

static double duration_now(ac_engine *engine) {
    double duration = NAN;
    AC_CHECK_OK(ac_transaction_animation_duration(engine, &duration));
    return duration;
}

static int disabled_now(ac_engine *engine) {
    int32_t disabled = -1;
    AC_CHECK_OK(ac_transaction_disable_actions(engine, &disabled));
    return disabled;
}

static int additive_now(ac_engine *engine) {
    int32_t additive = -1;
    AC_CHECK_OK(ac_transaction_additive(engine, &additive));
    return additive;
}

/* The thread's timing function; *is_set 0/1. */
static ac_timing_function function_now(ac_engine *engine, int32_t *is_set) {
    ac_timing_function function;
    memset(&function, 0xff, sizeof function);
    AC_CHECK_OK(ac_transaction_timing_function(engine, &function, is_set));
    return function;
}

static ac_timing_function named(const char *name) {
    ac_timing_function function;
    AC_CHECK_OK(ac_timing_function_named(name, &function));
    return function;
}

static int same_function(ac_timing_function a, ac_timing_function b) {
    return a.kind == b.kind && a.steps == b.steps && a.step_position == b.step_position &&
           a.x1 == b.x1 && a.y1 == b.y1 && a.x2 == b.x2 && a.y2 == b.y2;
}

static double scalar_value_of(ac_engine *engine, const char *key) {
    ac_value value = ac_value_zeroed(-1);
    if (!AC_CHECK_OK(ac_transaction_get_value(engine, key, &value))) return NAN;
    AC_CHECK_EQ_INT(value.kind, AC_VALUE_SCALAR);
    return value.v[0];
}

/* The duration of the animation under key (-1 when none). */
static double animation_duration(ac_engine *engine, ac_layer layer, const char *key) {
    ac_animation copy = 0;
    double duration = -1;
    AC_CHECK_OK(ac_layer_copy_animation(engine, layer, key, &copy));
    if (copy != 0) {
        duration = get_timing(engine, copy).duration_s;
        AC_CHECK_OK(ac_animation_release(engine, copy));
    }
    return duration;
}

/* The begin time of the animation under key (NAN when none). */
static double animation_begin(ac_engine *engine, ac_layer layer, const char *key) {
    ac_animation copy = 0;
    double begin = NAN;
    AC_CHECK_OK(ac_layer_copy_animation(engine, layer, key, &copy));
    if (copy != 0) {
        begin = get_timing(engine, copy).begin_time_s;
        AC_CHECK_OK(ac_animation_release(engine, copy));
    }
    return begin;
}

/* A completion's record: calls, the last finished flag, the engine time and whether it ran
   inside a tick, and the destroy count. */
typedef struct completion_log {
    int calls;
    int finished;
    double time;
    int during_tick;
    int destroyed;
    int order;         /* the global order of the last call */
} completion_log;

static int g_order;

static void record_completion(ac_engine *engine, int32_t finished, void *user_data) {
    completion_log *log = (completion_log *)user_data;
    log->calls++;
    log->finished = finished;
    log->during_tick = g_ticking;
    log->order = ++g_order;
    AC_CHECK_OK(ac_engine_current_time(engine, &log->time));
}

static void destroy_completion(void *user_data) { ((completion_log *)user_data)->destroyed++; }

static void add_completion(ac_engine *engine, completion_log *log) {
    AC_CHECK_OK(ac_transaction_add_completion(engine, record_completion, log, destroy_completion));
}

/* ---------------------------------------------------------------------------------------- */
/* X1 — defaults                                                                             */
/* ---------------------------------------------------------------------------------------- */

static void test_defaults(void) {
    ac_engine *engine = new_engine();
    ac_engine *slow = NULL;
    ac_engine_config config;
    ac_value value = ac_value_zeroed(-1);
    int32_t is_set = -1;
    ac_timing_function function;

    AC_CHECK_EQ_DOUBLE(duration_now(engine), 0.25);
    AC_CHECK_EQ_INT(disabled_now(engine), 0);
    AC_CHECK_EQ_INT(additive_now(engine), 0);
    function = function_now(engine, &is_set);
    AC_CHECK_EQ_INT(is_set, 0);
    AC_CHECK(same_function(function, named("linear"))); /* none: reported as linear */
    AC_CHECK_EQ_DOUBLE(scalar_value_of(engine, "animationDuration"), 0.25);
    AC_CHECK_OK(ac_transaction_get_value(engine, "disableActions", &value));
    AC_CHECK_EQ_INT(value.kind, AC_VALUE_BOOL);
    AC_CHECK_EQ_INT(value.i, 0);
    EXPECT_ERROR(ac_transaction_get_value(engine, "aKeyNobodyDefined", &value), AC_ERR_UNKNOWN_KEY,
                 "aKeyNobodyDefined");
    /* Reading opened nothing: a commit is still unmatched. */
    EXPECT_ERROR(ac_transaction_commit(engine), AC_ERR_INVALID_STATE, "commit without begin");

    /* The engine's default duration is the transactions' default. */
    ac_engine_config_init(&config);
    config.default_duration_s = 0.5;
    AC_CHECK_OK(ac_engine_create(&config, &slow));
    AC_CHECK_EQ_DOUBLE(duration_now(slow), 0.5);
    {
        ac_layer layer = committed_layer(slow);
        set_scalar(slow, layer, "opacity", 0.5);
        AC_CHECK_EQ_DOUBLE(animation_duration(slow, layer, "opacity"), 0.5);
        /* A transaction's own duration wins. */
        AC_CHECK_OK(ac_transaction_begin(slow));
        AC_CHECK_OK(ac_transaction_set_animation_duration(slow, 2));
        set_scalar(slow, layer, "zPosition", 7);
        AC_CHECK_OK(ac_transaction_commit(slow));
        AC_CHECK_EQ_DOUBLE(animation_duration(slow, layer, "zPosition"), 2);
    }
    AC_CHECK_OK(ac_engine_destroy(slow));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* ---------------------------------------------------------------------------------------- */
/* X2, X3 — values live as long as their transaction; nesting inherits                     */
/* ---------------------------------------------------------------------------------------- */

static void test_value_lives_with_its_transaction(void) {
    ac_engine *engine = new_engine();
    AC_CHECK_OK(ac_transaction_begin(engine));
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 1.5));
    AC_CHECK_EQ_DOUBLE(duration_now(engine), 1.5);
    AC_CHECK_EQ_DOUBLE(scalar_value_of(engine, "animationDuration"), 1.5);
    AC_CHECK_OK(ac_transaction_commit(engine));
    AC_CHECK_EQ_DOUBLE(duration_now(engine), 0.25);
    EXPECT_ERROR(ac_transaction_commit(engine), AC_ERR_INVALID_STATE, "engine");
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static void test_nesting_inherits_and_does_not_leak(void) {
    ac_engine *engine = new_engine();
    ac_timing_function ease_in = named("easeIn"), linear = named("linear");
    ac_value v42 = ac_value_scalar(42), v7 = ac_value_scalar(7), yes = ac_value_bool(1);
    ac_value out = ac_value_zeroed(-1);
    int32_t is_set = -1;

    AC_CHECK_OK(ac_transaction_begin(engine));
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 1));
    AC_CHECK_OK(ac_transaction_set_disable_actions(engine, 1));
    AC_CHECK_OK(ac_transaction_set_timing_function(engine, &ease_in));
    AC_CHECK_OK(ac_transaction_set_additive(engine, 1));
    AC_CHECK_OK(ac_transaction_set_value(engine, "outerKey", &v42));

    AC_CHECK_OK(ac_transaction_begin(engine));
    /* The nested transaction reads the enclosing values. */
    AC_CHECK_EQ_DOUBLE(duration_now(engine), 1);
    AC_CHECK_EQ_INT(disabled_now(engine), 1);
    AC_CHECK_EQ_INT(additive_now(engine), 1);
    AC_CHECK(same_function(function_now(engine, &is_set), ease_in));
    AC_CHECK_EQ_INT(is_set, 1);
    AC_CHECK_EQ_DOUBLE(scalar_value_of(engine, "outerKey"), 42);
    /* NULL removes only its own function: it still reads the enclosing one. */
    AC_CHECK_OK(ac_transaction_set_timing_function(engine, NULL));
    AC_CHECK(same_function(function_now(engine, &is_set), ease_in));
    AC_CHECK_EQ_INT(is_set, 1);
    /* Its own values. */
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 2));
    AC_CHECK_OK(ac_transaction_set_disable_actions(engine, 0));
    AC_CHECK_OK(ac_transaction_set_timing_function(engine, &linear));
    AC_CHECK_OK(ac_transaction_set_additive(engine, 0));
    AC_CHECK_OK(ac_transaction_set_value(engine, "outerKey", &v7));
    AC_CHECK_OK(ac_transaction_set_value(engine, "innerKey", &yes));
    AC_CHECK_EQ_DOUBLE(duration_now(engine), 2);
    AC_CHECK_EQ_INT(disabled_now(engine), 0);
    AC_CHECK_EQ_INT(additive_now(engine), 0);
    AC_CHECK(same_function(function_now(engine, &is_set), linear));
    AC_CHECK_EQ_DOUBLE(scalar_value_of(engine, "outerKey"), 7);
    AC_CHECK_OK(ac_transaction_commit(engine));

    /* They end with it. */
    AC_CHECK_EQ_DOUBLE(duration_now(engine), 1);
    AC_CHECK_EQ_INT(disabled_now(engine), 1);
    AC_CHECK_EQ_INT(additive_now(engine), 1);
    AC_CHECK(same_function(function_now(engine, &is_set), ease_in));
    AC_CHECK_EQ_DOUBLE(scalar_value_of(engine, "outerKey"), 42);
    EXPECT_ERROR(ac_transaction_get_value(engine, "innerKey", &out), AC_ERR_UNKNOWN_KEY, "innerKey");
    AC_CHECK_OK(ac_transaction_commit(engine));

    AC_CHECK_EQ_DOUBLE(duration_now(engine), 0.25);
    AC_CHECK_EQ_INT(disabled_now(engine), 0);
    AC_CHECK_EQ_INT(additive_now(engine), 0);
    function_now(engine, &is_set);
    AC_CHECK_EQ_INT(is_set, 0);
    EXPECT_ERROR(ac_transaction_get_value(engine, "outerKey", &out), AC_ERR_UNKNOWN_KEY, "outerKey");
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static void test_nested_transaction_animates_with_the_inherited_settings(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = committed_layer(engine);
    ac_timing_function ease_in = named("easeIn"), got;
    ac_animation copy = 0;
    int32_t is_set = 0;

    AC_CHECK_OK(ac_transaction_begin(engine));
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 1.5));
    AC_CHECK_OK(ac_transaction_set_timing_function(engine, &ease_in));
    AC_CHECK_OK(ac_transaction_begin(engine));
    set_scalar(engine, layer, "opacity", 0.5);
    AC_CHECK_OK(ac_transaction_commit(engine));
    AC_CHECK_OK(ac_transaction_commit(engine));
    AC_CHECK_EQ_DOUBLE(animation_duration(engine, layer, "opacity"), 1.5);
    AC_CHECK_OK(ac_layer_copy_animation(engine, layer, "opacity", &copy));
    AC_CHECK_OK(ac_animation_get_timing_function(engine, copy, &got, &is_set));
    AC_CHECK_EQ_INT(is_set, 1);
    AC_CHECK(same_function(got, ease_in));
    AC_CHECK_OK(ac_animation_release(engine, copy));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* ---------------------------------------------------------------------------------------- */
/* X4, X5 — keyed access and arbitrary keys                                                  */
/* ---------------------------------------------------------------------------------------- */

static void test_keyed_access_shares_storage(void) {
    ac_engine *engine = new_engine();
    ac_value v125 = ac_value_scalar(1.25), yes = ac_value_bool(1), zero = ac_value_scalar(0);
    ac_value out = ac_value_zeroed(-1);

    AC_CHECK_OK(ac_transaction_begin(engine));
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 0.75));
    AC_CHECK_EQ_DOUBLE(scalar_value_of(engine, "animationDuration"), 0.75);
    AC_CHECK_OK(ac_transaction_set_value(engine, "animationDuration", &v125));
    AC_CHECK_EQ_DOUBLE(duration_now(engine), 1.25);
    AC_CHECK_OK(ac_transaction_set_value(engine, "disableActions", &yes));
    AC_CHECK_EQ_INT(disabled_now(engine), 1);
    AC_CHECK_OK(ac_transaction_get_value(engine, "disableActions", &out));
    AC_CHECK_EQ_INT(out.kind, AC_VALUE_BOOL);
    AC_CHECK_EQ_INT(out.i, 1);

    /* The settings keep their kinds and checks, and cannot be unset. */
    EXPECT_ERROR(ac_transaction_set_value(engine, "animationDuration", &yes), AC_ERR_WRONG_KIND, "value");
    EXPECT_ERROR(ac_transaction_set_value(engine, "animationDuration", NULL), AC_ERR_WRONG_KIND, "value");
    EXPECT_ERROR(ac_transaction_set_value(engine, "disableActions", &v125), AC_ERR_WRONG_KIND, "value");
    EXPECT_ERROR(ac_transaction_set_value(engine, "animationDuration", &zero), AC_ERR_OUT_OF_RANGE, "value");
    EXPECT_ERROR(ac_transaction_set_value(engine, "animationTimingFunction", &v125), AC_ERR_INVALID_ARGUMENT,
                 "ac_transaction_set_timing_function");
    EXPECT_ERROR(ac_transaction_get_value(engine, "animationTimingFunction", &out), AC_ERR_INVALID_ARGUMENT,
                 "animationTimingFunction");
    /* Refused changes changed nothing. */
    AC_CHECK_EQ_DOUBLE(duration_now(engine), 1.25);
    AC_CHECK_EQ_INT(disabled_now(engine), 1);
    AC_CHECK_OK(ac_transaction_commit(engine));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static void test_arbitrary_keys(void) {
    ac_engine *engine = new_engine();
    ac_value token = ac_value_token(0x53544F524544ull), tint = ac_value_color(1, 0.5, 0, 1);
    ac_value out = ac_value_zeroed(-1);
    ac_value matrix = ac_value_transform3d_identity();

    AC_CHECK_OK(ac_transaction_begin(engine));
    EXPECT_ERROR(ac_transaction_get_value(engine, "aKeyNobodyDefined", &out), AC_ERR_UNKNOWN_KEY, "aKeyNobodyDefined");
    AC_CHECK_OK(ac_transaction_set_value(engine, "aKeyNobodyDefined", &token));
    AC_CHECK_OK(ac_transaction_set_value(engine, "tint", &tint));
    AC_CHECK_OK(ac_transaction_set_value(engine, "matrix", &matrix));
    AC_CHECK_OK(ac_transaction_get_value(engine, "aKeyNobodyDefined", &out));
    AC_CHECK_EQ_INT(out.kind, AC_VALUE_TOKEN);
    AC_CHECK_EQ_INT((uint64_t)out.i, 0x53544F524544ull);
    AC_CHECK_OK(ac_transaction_get_value(engine, "tint", &out));
    AC_CHECK_EQ_INT(out.kind, AC_VALUE_COLOR);
    AC_CHECK_EQ_DOUBLE(out.v[1], 0.5);
    AC_CHECK_EQ_DOUBLE(out.v[3], 1);
    AC_CHECK_OK(ac_transaction_get_value(engine, "matrix", &out));
    AC_CHECK_EQ_INT(out.kind, AC_VALUE_TRANSFORM3D);
    AC_CHECK_EQ_DOUBLE(out.v[15], 1);
    EXPECT_ERROR(ac_transaction_get_value(engine, "stillUnset", &out), AC_ERR_UNKNOWN_KEY, "stillUnset");
    /* NULL unsets; unsetting a key never set is harmless. */
    AC_CHECK_OK(ac_transaction_set_value(engine, "tint", NULL));
    AC_CHECK_OK(ac_transaction_set_value(engine, "neverSet", NULL));
    EXPECT_ERROR(ac_transaction_get_value(engine, "tint", &out), AC_ERR_UNKNOWN_KEY, "tint");
    /* UTF-8 keys are fine. */
    AC_CHECK_OK(ac_transaction_set_value(engine, "gr\xc3\xb6\xc3\x9f" "e", &tint));
    AC_CHECK_OK(ac_transaction_get_value(engine, "gr\xc3\xb6\xc3\x9f" "e", &out));
    AC_CHECK_EQ_INT(out.kind, AC_VALUE_COLOR);
    AC_CHECK_OK(ac_transaction_commit(engine));
    EXPECT_ERROR(ac_transaction_get_value(engine, "aKeyNobodyDefined", &out), AC_ERR_UNKNOWN_KEY, "aKeyNobodyDefined");
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* ---------------------------------------------------------------------------------------- */
/* X6, X7 — the implicit transaction, flush; commit without begin                           */
/* ---------------------------------------------------------------------------------------- */

static void test_implicit_transaction_and_flush(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = committed_layer(engine);
    ac_value v3 = ac_value_scalar(3), out = ac_value_zeroed(-1);

    /* X6: setting a value with nothing begun opens an implicit transaction; flush ends it. */
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 5));
    AC_CHECK_EQ_DOUBLE(duration_now(engine), 5);
    AC_CHECK_OK(ac_transaction_flush(engine));
    AC_CHECK_EQ_DOUBLE(duration_now(engine), 0.25);
    AC_CHECK_OK(ac_transaction_flush(engine)); /* nothing pending: harmless */
    AC_CHECK_EQ_DOUBLE(duration_now(engine), 0.25);

    /* The next tick ends it too, from any thread (here: this one). */
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 5));
    AC_CHECK_OK(ac_transaction_set_value(engine, "custom", &v3));
    tick(engine, frame_time(1));
    AC_CHECK_EQ_DOUBLE(duration_now(engine), 0.25);
    EXPECT_ERROR(ac_transaction_get_value(engine, "custom", &out), AC_ERR_UNKNOWN_KEY, "custom");

    /* Its duration drives the changes made in it; the next change after a tick is in a new one. */
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 2));
    set_scalar(engine, layer, "opacity", 0.25);
    AC_CHECK_EQ_DOUBLE(animation_duration(engine, layer, "opacity"), 2);
    tick(engine, frame_time(2));
    AC_CHECK_EQ_DOUBLE(animation_begin(engine, layer, "opacity"), frame_time(2));
    set_scalar(engine, layer, "zPosition", 5);
    AC_CHECK_EQ_DOUBLE(animation_duration(engine, layer, "zPosition"), 0.25);

    /* A change with nothing begun, flushed: it starts at the next tick. */
    AC_CHECK_OK(ac_transaction_flush(engine));
    AC_CHECK(isnan(animation_begin(engine, layer, "zPosition")) ||
             animation_begin(engine, layer, "zPosition") == 0);
    tick(engine, frame_time(3));
    AC_CHECK_EQ_DOUBLE(animation_begin(engine, layer, "zPosition"), frame_time(3));

    /* X7: flush inside an explicit transaction keeps its values. */
    AC_CHECK_OK(ac_transaction_begin(engine));
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 7));
    AC_CHECK_OK(ac_transaction_flush(engine));
    AC_CHECK_EQ_DOUBLE(duration_now(engine), 7);
    AC_CHECK_OK(ac_transaction_commit(engine));
    AC_CHECK_EQ_DOUBLE(duration_now(engine), 0.25);

    /* An implicit transaction with an explicit one open inside waits for it: flush and tick do
       not end it until the explicit one commits. */
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 3));
    AC_CHECK_OK(ac_transaction_begin(engine));
    AC_CHECK_OK(ac_transaction_flush(engine));
    tick(engine, frame_time(4));
    AC_CHECK_EQ_DOUBLE(duration_now(engine), 3);
    AC_CHECK_OK(ac_transaction_commit(engine));
    AC_CHECK_EQ_DOUBLE(duration_now(engine), 3); /* the implicit one, still open */
    AC_CHECK_OK(ac_transaction_flush(engine));
    AC_CHECK_EQ_DOUBLE(duration_now(engine), 0.25);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static void test_commit_without_begin(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = committed_layer(engine);
    completion_log log = {0};

    EXPECT_ERROR(ac_transaction_commit(engine), AC_ERR_INVALID_STATE, "commit without begin");
    EXPECT_ERROR(ac_animate_commit(engine), AC_ERR_INVALID_STATE, "commit without begin");

    /* With only an implicit transaction open, holding a setting, a change and a completion:
       refused, and nothing else happens. */
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 5));
    set_scalar(engine, layer, "opacity", 0.5);
    add_completion(engine, &log);
    EXPECT_ERROR(ac_transaction_commit(engine), AC_ERR_INVALID_STATE, "engine");
    AC_CHECK_EQ_DOUBLE(duration_now(engine), 5);
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, layer, "opacity"), 0.5);
    AC_CHECK_EQ_INT(animation_count(engine, layer), 1);
    AC_CHECK_EQ_INT(log.calls, 0);

    /* A balanced pair leaves the next commit unmatched again. */
    AC_CHECK_OK(ac_transaction_begin(engine));
    AC_CHECK_OK(ac_transaction_commit(engine));
    EXPECT_ERROR(ac_transaction_commit(engine), AC_ERR_INVALID_STATE, "engine");
    AC_CHECK_EQ_DOUBLE(duration_now(engine), 5);
    /* Many unbalanced commits in a row are all refused. */
    {
        int index;
        for (index = 0; index < 100; ++index) AC_CHECK_STATUS(ac_transaction_commit(engine), AC_ERR_INVALID_STATE);
    }
    /* The implicit transaction commits at the next tick; the completion runs when the 5 s
       animation ends. */
    tick_marked(engine, frame_time(1));
    AC_CHECK_EQ_INT(log.calls, 0);
    tick_marked(engine, frame_time(1) + 5);
    AC_CHECK_EQ_INT(log.calls, 1);
    AC_CHECK_EQ_INT(log.finished, 1);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* ---------------------------------------------------------------------------------------- */
/* X9–X12 — completions                                                                      */
/* ---------------------------------------------------------------------------------------- */

static void test_completion_without_animations(void) {
    ac_engine *engine = new_engine();
    completion_log log = {0};
    int k;

    tick(engine, frame_time(0));
    AC_CHECK_OK(ac_transaction_begin(engine));
    add_completion(engine, &log);
    AC_CHECK_OK(ac_transaction_commit(engine));
    AC_CHECK_EQ_INT(log.calls, 0); /* not synchronously inside commit */
    tick_marked(engine, frame_time(1));
    AC_CHECK_EQ_INT(log.calls, 1);
    AC_CHECK_EQ_INT(log.finished, 1);
    AC_CHECK_EQ_INT(log.during_tick, 1);
    AC_CHECK_EQ_DOUBLE(log.time, frame_time(1));
    /* Its registration ended once it ran. */
    AC_CHECK_EQ_INT(log.destroyed, 1);
    for (k = 2; k <= 5; ++k) tick_marked(engine, frame_time(k));
    AC_CHECK_EQ_INT(log.calls, 1);
    AC_CHECK_EQ_INT(log.destroyed, 1);

    /* While its transaction is open it never runs, ticks or not. */
    memset(&log, 0, sizeof log);
    AC_CHECK_OK(ac_transaction_begin(engine));
    add_completion(engine, &log);
    for (k = 6; k <= 10; ++k) tick_marked(engine, frame_time(k));
    AC_CHECK_EQ_INT(log.calls, 0);
    AC_CHECK_OK(ac_transaction_commit(engine));
    AC_CHECK_EQ_INT(log.calls, 0);
    tick_marked(engine, frame_time(11));
    AC_CHECK_EQ_INT(log.calls, 1);
    AC_CHECK_EQ_DOUBLE(log.time, frame_time(11));

    /* The implicit transaction's completion: flush commits, the completion waits for a tick. */
    memset(&log, 0, sizeof log);
    add_completion(engine, &log);
    AC_CHECK_OK(ac_transaction_flush(engine));
    AC_CHECK_EQ_INT(log.calls, 0);
    tick_marked(engine, frame_time(12));
    AC_CHECK_EQ_INT(log.calls, 1);
    AC_CHECK_EQ_INT(log.during_tick, 1);
    AC_CHECK_OK(ac_engine_destroy(engine));
    AC_CHECK_EQ_INT(log.destroyed, 1);
}

static void test_completion_waits_for_every_animation(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = committed_layer(engine);
    completion_log log = {0};
    ac_animation lift;
    double start = frame_time(1);
    int k;

    AC_CHECK_OK(ac_transaction_begin(engine));
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 0.5));
    add_completion(engine, &log);
    set_scalar(engine, layer, "opacity", 0); /* implicit, 0.5 s */
    lift = scalar_animation(engine, "zPosition", 1, 0, 1, 10, 0, 0, 1.0);
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, lift, "lift"));
    AC_CHECK_OK(ac_animation_release(engine, lift));
    AC_CHECK_OK(ac_transaction_commit(engine));
    /* Both start at frame 1; the explicit one ends at frame 61 (start + 1 s). */
    for (k = 1; k <= 80; ++k) {
        tick_marked(engine, frame_time(k));
        if (frame_time(k) < start + 1 - 1e-9 && !AC_CHECK_EQ_INT(log.calls, 0)) {
            printf("    frame %d\n", k);
            break;
        }
    }
    AC_CHECK_EQ_INT(log.calls, 1);
    AC_CHECK_EQ_INT(log.finished, 1);
    AC_CHECK_EQ_INT(log.during_tick, 1);
    AC_CHECK_NEAR(log.time, start + 1, 1e-9);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static void test_several_completions_add_up(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = committed_layer(engine);
    completion_log logs[3];
    int index, k;

    memset(logs, 0, sizeof logs);
    g_order = 0;
    AC_CHECK_OK(ac_transaction_begin(engine));
    for (index = 0; index < 3; ++index) add_completion(engine, &logs[index]);
    set_scalar(engine, layer, "zPosition", 3);
    AC_CHECK_OK(ac_transaction_commit(engine));
    for (k = 1; k <= 30; ++k) tick_marked(engine, frame_time(k));
    for (index = 0; index < 3; ++index) {
        AC_CHECK_EQ_INT(logs[index].calls, 1);
        AC_CHECK_EQ_INT(logs[index].finished, 1);
        AC_CHECK_EQ_INT(logs[index].destroyed, 1);
        AC_CHECK_EQ_DOUBLE(logs[index].time, logs[0].time);
    }
    /* In the order they were added. */
    AC_CHECK(logs[0].order < logs[1].order && logs[1].order < logs[2].order);

    /* A NULL function: its destroy runs at once, nothing else. */
    {
        completion_log none = {0};
        AC_CHECK_OK(ac_transaction_add_completion(engine, NULL, &none, destroy_completion));
        AC_CHECK_EQ_INT(none.destroyed, 1);
        tick_marked(engine, frame_time(31));
        AC_CHECK_EQ_INT(none.calls, 0);
        AC_CHECK_EQ_INT(none.destroyed, 1);
    }
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static void test_completion_reports_unfinished(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = committed_layer(engine);
    completion_log removed = {0}, first = {0}, second = {0}, destroyed = {0};
    ac_layer doomed;
    int k;

    /* Removal: finished 0, once the other animation of the group has ended too. */
    AC_CHECK_OK(ac_transaction_begin(engine));
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 1));
    add_completion(engine, &removed);
    set_scalar(engine, layer, "opacity", 0);
    set_scalar(engine, layer, "zPosition", 9);
    AC_CHECK_OK(ac_transaction_commit(engine));
    for (k = 1; k <= 8; ++k) tick_marked(engine, frame_time(k));
    AC_CHECK_OK(ac_layer_remove_animation(engine, layer, "opacity"));
    tick_marked(engine, frame_time(9));
    AC_CHECK_EQ_INT(removed.calls, 0); /* zPosition still runs */
    for (k = 10; k <= 70; ++k) tick_marked(engine, frame_time(k));
    AC_CHECK_EQ_INT(removed.calls, 1);
    AC_CHECK_EQ_INT(removed.finished, 0);
    AC_CHECK_NEAR(removed.time, frame_time(61), 1e-9);

    /* Replacement: the replaced group's completion reports 0 at the next tick; the new one 1. */
    AC_CHECK_OK(ac_transaction_begin(engine));
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 1));
    add_completion(engine, &first);
    set_scalar(engine, layer, "zPosition", 100);
    AC_CHECK_OK(ac_transaction_commit(engine));
    for (k = 71; k <= 80; ++k) tick_marked(engine, frame_time(k));
    AC_CHECK_OK(ac_transaction_begin(engine));
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 0.25));
    add_completion(engine, &second);
    set_scalar(engine, layer, "zPosition", 0); /* replaces "zPosition" */
    AC_CHECK_OK(ac_transaction_commit(engine));
    tick_marked(engine, frame_time(81));
    AC_CHECK_EQ_INT(first.calls, 1);
    AC_CHECK_EQ_INT(first.finished, 0);
    AC_CHECK_EQ_DOUBLE(first.time, frame_time(81));
    for (k = 82; k <= 110; ++k) tick_marked(engine, frame_time(k));
    AC_CHECK_EQ_INT(first.calls, 1);
    AC_CHECK_EQ_INT(second.calls, 1);
    AC_CHECK_EQ_INT(second.finished, 1);
    AC_CHECK_NEAR(second.time, frame_time(81) + 0.25, 1e-9);

    /* The layer destroyed: finished 0 at the next tick. */
    doomed = new_layer(engine, 0);
    tick(engine, frame_time(111));
    AC_CHECK_OK(ac_transaction_begin(engine));
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 1));
    add_completion(engine, &destroyed);
    set_scalar(engine, doomed, "opacity", 0);
    AC_CHECK_OK(ac_transaction_commit(engine));
    for (k = 112; k <= 115; ++k) tick_marked(engine, frame_time(k));
    AC_CHECK_OK(ac_layer_release(engine, doomed));
    AC_CHECK_EQ_INT(destroyed.calls, 0);
    tick_marked(engine, frame_time(116));
    AC_CHECK_EQ_INT(destroyed.calls, 1);
    AC_CHECK_EQ_INT(destroyed.finished, 0);
    AC_CHECK_EQ_INT(destroyed.during_tick, 1);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static void test_nested_completions(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = committed_layer(engine);
    completion_log outer = {0}, inner = {0};
    int k;

    /* X12: set on the outer transaction; a nested begin/commit does not run either. */
    AC_CHECK_OK(ac_transaction_begin(engine));
    add_completion(engine, &outer);
    AC_CHECK_OK(ac_transaction_begin(engine));
    add_completion(engine, &inner);
    AC_CHECK_OK(ac_transaction_commit(engine));
    for (k = 1; k <= 5; ++k) tick_marked(engine, frame_time(k));
    AC_CHECK_EQ_INT(inner.calls, 0);
    AC_CHECK_EQ_INT(outer.calls, 0);
    AC_CHECK_OK(ac_transaction_commit(engine));
    AC_CHECK_EQ_INT(inner.calls + outer.calls, 0);
    tick_marked(engine, frame_time(6));
    AC_CHECK_EQ_INT(inner.calls, 1);
    AC_CHECK_EQ_INT(outer.calls, 1);
    AC_CHECK_EQ_DOUBLE(inner.time, frame_time(6));
    AC_CHECK_EQ_DOUBLE(outer.time, frame_time(6));

    /* The outer completion counts the nested transaction's animations. */
    memset(&outer, 0, sizeof outer);
    memset(&inner, 0, sizeof inner);
    AC_CHECK_OK(ac_transaction_begin(engine));
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 0.25));
    add_completion(engine, &outer);
    set_scalar(engine, layer, "opacity", 0.5);
    AC_CHECK_OK(ac_transaction_begin(engine));
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 1));
    add_completion(engine, &inner);
    set_scalar(engine, layer, "zPosition", 40);
    AC_CHECK_OK(ac_transaction_commit(engine));
    AC_CHECK_OK(ac_transaction_commit(engine));
    for (k = 7; k <= 90; ++k) tick_marked(engine, frame_time(k));
    AC_CHECK_EQ_INT(inner.calls, 1);
    AC_CHECK_EQ_INT(outer.calls, 1);
    AC_CHECK_NEAR(inner.time, frame_time(7) + 1, 1e-9);
    AC_CHECK_NEAR(outer.time, frame_time(7) + 1, 1e-9);
    AC_CHECK_EQ_INT(outer.finished, 1);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* ---------------------------------------------------------------------------------------- */
/* Animations wait for the outermost commit                                                  */
/* ---------------------------------------------------------------------------------------- */

static void test_animations_start_after_the_outermost_commit(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = committed_layer(engine);
    ac_timing_function linear = named("linear");
    double begin = frame_time(7);
    int k;

    AC_CHECK_OK(ac_transaction_begin(engine));
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 0.5));
    AC_CHECK_OK(ac_transaction_set_timing_function(engine, &linear));
    AC_CHECK_OK(ac_transaction_begin(engine));
    set_scalar(engine, layer, "zPosition", 100);
    AC_CHECK_OK(ac_transaction_commit(engine)); /* nested: nothing starts */
    /* The animation is there at once and the model has the new value. */
    AC_CHECK_EQ_INT(animation_count(engine, layer), 1);
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, layer, "zPosition"), 100);
    for (k = 1; k <= 6; ++k) {
        tick(engine, frame_time(k));
        AC_CHECK_EQ_DOUBLE(presentation_scalar(engine, layer, "zPosition"), 0);
    }
    AC_CHECK_EQ_DOUBLE(animation_begin(engine, layer, "zPosition"), 0);
    AC_CHECK_OK(ac_transaction_commit(engine));
    for (k = 7; k <= 45; ++k) {
        double t = frame_time(k), expected;
        tick(engine, t);
        expected = t >= begin + 0.5 ? 100 : 100 * (t - begin) / 0.5;
        if (!AC_CHECK_NEAR(presentation_scalar(engine, layer, "zPosition"), expected, 1e-9)) {
            printf("    frame %d\n", k);
            break;
        }
    }
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* ---------------------------------------------------------------------------------------- */
/* X8 — threads                                                                              */
/* ---------------------------------------------------------------------------------------- */

typedef struct thread_pair {
    ac_engine *engine;
    pthread_barrier_t barrier;
    double seen_duration;
    int seen_disabled;
    double after_commit;
    ac_status commit_status;
} thread_pair;

/* Thread B: reads while A holds (duration 5, actions disabled), then runs its own. */
static void *thread_b(void *argument) {
    thread_pair *pair = (thread_pair *)argument;
    pthread_barrier_wait(&pair->barrier); /* A holds its transaction */
    pair->seen_duration = duration_now(pair->engine);
    pair->seen_disabled = disabled_now(pair->engine);
    /* B's own transaction, while A's is still open. */
    AC_CHECK_OK(ac_transaction_begin(pair->engine));
    AC_CHECK_OK(ac_transaction_set_animation_duration(pair->engine, 2));
    AC_CHECK_EQ_DOUBLE(duration_now(pair->engine), 2);
    pthread_barrier_wait(&pair->barrier); /* A checks its own value */
    pthread_barrier_wait(&pair->barrier); /* A committed */
    AC_CHECK_EQ_DOUBLE(duration_now(pair->engine), 2);
    pair->commit_status = ac_transaction_commit(pair->engine);
    pair->after_commit = duration_now(pair->engine);
    /* Nothing else is open on this thread. */
    AC_CHECK_STATUS(ac_transaction_commit(pair->engine), AC_ERR_INVALID_STATE);
    return NULL;
}

static void test_threads_have_their_own_transactions(void) {
    thread_pair pair;
    pthread_t b;

    memset(&pair, 0, sizeof pair);
    pair.engine = new_engine();
    pthread_barrier_init(&pair.barrier, NULL, 2);
    AC_CHECK_EQ_INT(pthread_create(&b, NULL, thread_b, &pair), 0);
    AC_CHECK_OK(ac_transaction_begin(pair.engine));
    AC_CHECK_OK(ac_transaction_set_animation_duration(pair.engine, 5));
    AC_CHECK_OK(ac_transaction_set_disable_actions(pair.engine, 1));
    pthread_barrier_wait(&pair.barrier);
    pthread_barrier_wait(&pair.barrier); /* B has its own transaction open */
    AC_CHECK_EQ_DOUBLE(duration_now(pair.engine), 5);
    AC_CHECK_EQ_INT(disabled_now(pair.engine), 1);
    AC_CHECK_OK(ac_transaction_commit(pair.engine));
    AC_CHECK_EQ_DOUBLE(duration_now(pair.engine), 0.25);
    pthread_barrier_wait(&pair.barrier);
    pthread_join(b, NULL);
    AC_CHECK_EQ_DOUBLE(pair.seen_duration, 0.25);
    AC_CHECK_EQ_INT(pair.seen_disabled, 0);
    AC_CHECK_OK(pair.commit_status);
    AC_CHECK_EQ_DOUBLE(pair.after_commit, 0.25);
    pthread_barrier_destroy(&pair.barrier);
    AC_CHECK_OK(ac_engine_destroy(pair.engine));
}

/* Several threads change properties at once, each in its own transactions (explicit and
   implicit), while another thread ticks: every change is kept, every completion runs once. */
enum { WORKERS = 4, CHANGES = 400, LAYERS_PER_WORKER = 4 };

typedef struct worker {
    ac_engine *engine;
    int index;
    ac_layer layers[LAYERS_PER_WORKER];
    completion_log completions[CHANGES / 20];
    int failures;
} worker;

static atomic_int g_workers_done;

static void *work(void *argument) {
    worker *w = (worker *)argument;
    ac_key opacity = key_of(w->engine, "opacity"), z = key_of(w->engine, "zPosition");
    int change;
    for (change = 0; change < CHANGES; ++change) {
        ac_layer layer = w->layers[change % LAYERS_PER_WORKER];
        int explicit_transaction = change % 2 == 0;
        if (explicit_transaction && ac_transaction_begin(w->engine) != AC_OK) w->failures++;
        if (change % 20 == 0 &&
            ac_transaction_add_completion(w->engine, record_completion, &w->completions[change / 20],
                                          destroy_completion) != AC_OK)
            w->failures++;
        if (ac_transaction_set_animation_duration(w->engine, 0.05 + 0.01 * w->index) != AC_OK) w->failures++;
        if (ac_layer_set_scalar(w->engine, layer, z, (double)(w->index * 100000 + change)) != AC_OK) w->failures++;
        if (ac_layer_set_scalar(w->engine, layer, opacity, (change % 100) / 100.0) != AC_OK) w->failures++;
        /* Each thread reads its own duration (in its explicit transactions: an implicit one
           may be committed by the ticking thread at any moment). */
        if (explicit_transaction && duration_now(w->engine) != 0.05 + 0.01 * w->index) w->failures++;
        if (explicit_transaction && ac_transaction_commit(w->engine) != AC_OK) w->failures++;
    }
    /* The thread's last implicit transaction: flushed so its completion can run. */
    if (ac_transaction_flush(w->engine) != AC_OK) w->failures++;
    atomic_fetch_add(&g_workers_done, 1);
    return NULL;
}

static void test_concurrent_changes_lose_nothing(void) {
    ac_engine *engine = new_engine();
    worker workers[WORKERS];
    pthread_t threads[WORKERS];
    int index, layer, k = 1, done;

    memset(workers, 0, sizeof workers);
    atomic_store(&g_workers_done, 0);
    for (index = 0; index < WORKERS; ++index) {
        workers[index].engine = engine;
        workers[index].index = index;
        for (layer = 0; layer < LAYERS_PER_WORKER; ++layer) workers[index].layers[layer] = new_layer(engine, 0);
    }
    tick(engine, frame_time(0));
    for (index = 0; index < WORKERS; ++index)
        AC_CHECK_EQ_INT(pthread_create(&threads[index], NULL, work, &workers[index]), 0);
    /* Tick while they work, on this thread. */
    do {
        done = atomic_load(&g_workers_done) == WORKERS;
        AC_CHECK_OK(ac_engine_tick(engine, frame_time(k++)));
    } while (!done);
    for (index = 0; index < WORKERS; ++index) pthread_join(threads[index], NULL);
    /* Long enough for every animation to end. */
    for (index = 0; index < 60; ++index) AC_CHECK_OK(ac_engine_tick(engine, frame_time(k++)));

    for (index = 0; index < WORKERS; ++index) {
        worker *w = &workers[index];
        AC_CHECK_EQ_INT(w->failures, 0);
        for (layer = 0; layer < LAYERS_PER_WORKER; ++layer) {
            /* The last change of each layer is the one that stays. */
            int last = CHANGES - LAYERS_PER_WORKER + layer;
            AC_CHECK_EQ_DOUBLE(model_scalar(engine, w->layers[layer], "zPosition"), (double)(index * 100000 + last));
            AC_CHECK_EQ_DOUBLE(presentation_scalar(engine, w->layers[layer], "zPosition"),
                               (double)(index * 100000 + last));
            AC_CHECK_EQ_DOUBLE(model_scalar(engine, w->layers[layer], "opacity"), (last % 100) / 100.0);
            AC_CHECK_EQ_INT(animation_count(engine, w->layers[layer]), 0);
        }
        for (layer = 0; layer < CHANGES / 20; ++layer) {
            if (!AC_CHECK_EQ_INT(w->completions[layer].calls, 1)) printf("    worker %d completion %d\n", index, layer);
            AC_CHECK_EQ_INT(w->completions[layer].destroyed, 1);
            AC_CHECK_EQ_INT(w->completions[layer].during_tick, 0); /* the ticking thread is not marked */
        }
    }
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* ---------------------------------------------------------------------------------------- */
/* Transactions left open at ac_engine_destroy()                                            */
/* ---------------------------------------------------------------------------------------- */

typedef struct open_elsewhere {
    ac_engine *engine;
    ac_layer layer;
    completion_log *log;
} open_elsewhere;

static void *leave_open(void *argument) {
    open_elsewhere *job = (open_elsewhere *)argument;
    AC_CHECK_OK(ac_transaction_begin(job->engine));
    AC_CHECK_OK(ac_transaction_add_completion(job->engine, record_completion, job->log, destroy_completion));
    set_scalar(job->engine, job->layer, "zPosition", 12);
    return NULL; /* exits with its transaction open */
}

static void test_open_transactions_at_destroy(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = committed_layer(engine);
    completion_log explicit_log = {0}, nested_log = {0}, implicit_log = {0}, thread_log = {0};
    completion_log committed_log = {0};
    counters stops;
    open_elsewhere job;
    pthread_t thread;
    ac_animation animation;

    memset(&stops, 0, sizeof stops);
    /* A committed transaction whose animation still runs: its completion reports 0 too. */
    AC_CHECK_OK(ac_transaction_begin(engine));
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 10));
    add_completion(engine, &committed_log);
    set_scalar(engine, layer, "borderWidth", 4);
    AC_CHECK_OK(ac_transaction_commit(engine));
    tick(engine, frame_time(1));

    /* Open on this thread: an explicit one with a nested one inside, and an implicit one under
       them; an animation with a delegate added in it. */
    add_completion(engine, &implicit_log);
    AC_CHECK_OK(ac_transaction_begin(engine));
    add_completion(engine, &explicit_log);
    animation = scalar_animation(engine, "opacity", 1, 1, 1, 0, 0, 0, 1);
    count_animation(engine, animation, &stops);
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, animation, "fade"));
    AC_CHECK_OK(ac_animation_release(engine, animation));
    AC_CHECK_OK(ac_transaction_begin(engine));
    add_completion(engine, &nested_log);

    /* Open on another thread, which has exited. */
    job.engine = engine;
    job.layer = layer;
    job.log = &thread_log;
    AC_CHECK_EQ_INT(pthread_create(&thread, NULL, leave_open, &job), 0);
    pthread_join(thread, NULL);

    g_ticking = 0;
    AC_CHECK_OK(ac_engine_destroy(engine));
    /* Every completion ran once, during destroy, with finished 0, and its registration ended. */
    AC_CHECK_EQ_INT(committed_log.calls, 1);
    AC_CHECK_EQ_INT(committed_log.finished, 0);
    AC_CHECK_EQ_INT(implicit_log.calls, 1);
    AC_CHECK_EQ_INT(implicit_log.finished, 0);
    AC_CHECK_EQ_INT(explicit_log.calls, 1);
    AC_CHECK_EQ_INT(explicit_log.finished, 0);
    AC_CHECK_EQ_INT(nested_log.calls, 1);
    AC_CHECK_EQ_INT(nested_log.finished, 0);
    AC_CHECK_EQ_INT(thread_log.calls, 1);
    AC_CHECK_EQ_INT(thread_log.finished, 0);
    AC_CHECK_EQ_INT(committed_log.destroyed + implicit_log.destroyed + explicit_log.destroyed +
                        nested_log.destroyed + thread_log.destroyed,
                    5);
    /* The animation added in the open transaction stopped unfinished, before the completions. */
    AC_CHECK_EQ_INT(stops.stopped_unfinished, 1);
    AC_CHECK_EQ_INT(stops.started, 0);
    AC_CHECK_EQ_INT(stops.destroyed, 1);
}

/* ---------------------------------------------------------------------------------------- */
/* Reentrancy: changes made from completions and display callbacks                           */
/* ---------------------------------------------------------------------------------------- */

typedef struct reentry {
    ac_layer layer;
    int calls;
    completion_log chained;
    ac_status statuses[8];
} reentry;

/* A completion that opens a transaction, animates, adds a completion to it, and commits. */
static void completion_that_animates(ac_engine *engine, int32_t finished, void *user_data) {
    reentry *r = (reentry *)user_data;
    (void)finished;
    r->calls++;
    r->statuses[0] = ac_transaction_begin(engine);
    r->statuses[1] = ac_transaction_set_animation_duration(engine, 0.5);
    r->statuses[2] = ac_layer_set_scalar(engine, r->layer, key_of(engine, "opacity"), 0.25);
    r->statuses[3] = ac_transaction_add_completion(engine, record_completion, &r->chained, destroy_completion);
    r->statuses[4] = ac_transaction_commit(engine);
    /* An unmatched commit inside a callback: refused, harmless. */
    r->statuses[5] = ac_transaction_commit(engine);
    /* A tick from inside a completion. */
    r->statuses[6] = ac_engine_tick(engine, frame_time(2));
}

static void display_that_changes(ac_engine *engine, ac_layer layer, void *user_data) {
    reentry *r = (reentry *)user_data;
    r->calls++;
    if (r->calls > 1) return;
    /* Changes from display: in an explicit transaction and in the implicit one. */
    r->statuses[0] = ac_transaction_begin(engine);
    r->statuses[1] = ac_transaction_set_disable_actions(engine, 1);
    r->statuses[2] = ac_layer_set_scalar(engine, layer, key_of(engine, "zPosition"), 33);
    r->statuses[3] = ac_transaction_commit(engine);
    r->statuses[4] = ac_layer_set_scalar(engine, layer, key_of(engine, "borderWidth"), 2);
    r->statuses[5] = ac_transaction_add_completion(engine, record_completion, &r->chained, destroy_completion);
}

static void completion_that_destroys(ac_engine *engine, int32_t finished, void *user_data) {
    reentry *r = (reentry *)user_data;
    (void)finished;
    r->calls++;
    r->statuses[0] = ac_engine_destroy(engine);
    r->statuses[1] = ac_transaction_begin(engine); /* the pointer is refused from then on */
}

static void test_reentrancy(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = committed_layer(engine);
    reentry r;
    ac_layer_delegate delegate;
    int index, k;

    /* From a completion. */
    memset(&r, 0, sizeof r);
    r.layer = layer;
    AC_CHECK_OK(ac_transaction_begin(engine));
    AC_CHECK_OK(ac_transaction_add_completion(engine, completion_that_animates, &r, NULL));
    AC_CHECK_OK(ac_transaction_commit(engine));
    tick_marked(engine, frame_time(1));
    AC_CHECK_EQ_INT(r.calls, 1);
    for (index = 0; index < 5; ++index) AC_CHECK_OK(r.statuses[index]);
    AC_CHECK_EQ_INT(r.statuses[5], AC_ERR_INVALID_STATE);
    AC_CHECK_OK(r.statuses[6]);
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, layer, "opacity"), 0.25);
    AC_CHECK_EQ_DOUBLE(animation_duration(engine, layer, "opacity"), 0.5);
    /* The nested tick at frame 2 started it; it ends 0.5 s later, then the chained completion
       runs. */
    AC_CHECK_EQ_DOUBLE(animation_begin(engine, layer, "opacity"), frame_time(2));
    for (k = 3; k <= 40; ++k) tick_marked(engine, frame_time(k));
    AC_CHECK_EQ_INT(r.chained.calls, 1);
    AC_CHECK_EQ_INT(r.chained.finished, 1);
    AC_CHECK_NEAR(r.chained.time, frame_time(32), 1e-9);
    AC_CHECK_EQ_DOUBLE(presentation_scalar(engine, layer, "opacity"), 0.25);

    /* From a display callback. */
    memset(&r, 0, sizeof r);
    ac_layer_delegate_init(&delegate);
    delegate.display = display_that_changes;
    delegate.user_data = &r;
    AC_CHECK_OK(ac_layer_set_delegate(engine, layer, &delegate));
    AC_CHECK_OK(ac_layer_set_needs_display(engine, layer));
    tick_marked(engine, frame_time(41));
    AC_CHECK_EQ_INT(r.calls, 1);
    for (index = 0; index < 6; ++index) AC_CHECK_OK(r.statuses[index]);
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, layer, "zPosition"), 33);
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, layer, "borderWidth"), 2);
    {
        /* zPosition without an action (disabled), borderWidth with one. */
        ac_animation copy = 1;
        AC_CHECK_OK(ac_layer_copy_animation(engine, layer, "zPosition", &copy));
        AC_CHECK_EQ_INT(copy, 0);
        AC_CHECK_OK(ac_layer_copy_animation(engine, layer, "borderWidth", &copy));
        AC_CHECK(copy != 0);
        AC_CHECK_OK(ac_animation_release(engine, copy));
    }
    /* The display callback's implicit transaction commits at the next tick. */
    for (k = 42; k <= 70; ++k) tick_marked(engine, frame_time(k));
    AC_CHECK_EQ_INT(r.chained.calls, 1);
    AC_CHECK_EQ_INT(r.chained.finished, 1);
    AC_CHECK_NEAR(r.chained.time, frame_time(42) + 0.25, 1e-9);
    AC_CHECK_OK(ac_layer_set_delegate(engine, layer, NULL));

    /* A completion that destroys the engine. */
    memset(&r, 0, sizeof r);
    AC_CHECK_OK(ac_transaction_begin(engine));
    AC_CHECK_OK(ac_transaction_add_completion(engine, completion_that_destroys, &r, NULL));
    AC_CHECK_OK(ac_transaction_commit(engine));
    AC_CHECK_OK(ac_engine_tick(engine, frame_time(71)));
    AC_CHECK_EQ_INT(r.calls, 1);
    AC_CHECK_OK(r.statuses[0]);
    AC_CHECK_EQ_INT(r.statuses[1], AC_ERR_BAD_HANDLE);
    /* The engine is gone. */
    AC_CHECK_STATUS(ac_transaction_begin(engine), AC_ERR_BAD_HANDLE);
    AC_CHECK_STATUS(ac_engine_destroy(engine), AC_ERR_BAD_HANDLE);
}

/* ---------------------------------------------------------------------------------------- */
/* Bad input                                                                                 */
/* ---------------------------------------------------------------------------------------- */

static void test_bad_input(void) {
    ac_engine *engine = new_engine();
    ac_engine *gone = new_engine();
    ac_engine *made_up = (ac_engine *)(uintptr_t)0x1234;
    ac_timing_function bad_function, good = named("easeOut");
    ac_value value = ac_value_scalar(1), bad_kind = ac_value_zeroed(99), nan_value = ac_value_scalar(NAN);
    double duration = 0;
    int32_t flag = 0;
    completion_log log = {0};

    AC_CHECK_OK(ac_engine_destroy(gone));

    /* NULL, destroyed and made-up engines, for every call. */
    EXPECT_ERROR(ac_transaction_begin(NULL), AC_ERR_NULL_POINTER, "engine");
    EXPECT_ERROR(ac_transaction_commit(NULL), AC_ERR_NULL_POINTER, "engine");
    EXPECT_ERROR(ac_transaction_flush(NULL), AC_ERR_NULL_POINTER, "engine");
    EXPECT_ERROR(ac_transaction_set_animation_duration(NULL, 1), AC_ERR_NULL_POINTER, "engine");
    EXPECT_ERROR(ac_transaction_animation_duration(NULL, &duration), AC_ERR_NULL_POINTER, "engine");
    EXPECT_ERROR(ac_transaction_set_timing_function(NULL, &good), AC_ERR_NULL_POINTER, "engine");
    EXPECT_ERROR(ac_transaction_timing_function(NULL, &bad_function, &flag), AC_ERR_NULL_POINTER, "engine");
    EXPECT_ERROR(ac_transaction_set_disable_actions(NULL, 1), AC_ERR_NULL_POINTER, "engine");
    EXPECT_ERROR(ac_transaction_disable_actions(NULL, &flag), AC_ERR_NULL_POINTER, "engine");
    EXPECT_ERROR(ac_transaction_set_additive(NULL, 1), AC_ERR_NULL_POINTER, "engine");
    EXPECT_ERROR(ac_transaction_additive(NULL, &flag), AC_ERR_NULL_POINTER, "engine");
    EXPECT_ERROR(ac_transaction_set_value(NULL, "k", &value), AC_ERR_NULL_POINTER, "engine");
    EXPECT_ERROR(ac_transaction_get_value(NULL, "k", &value), AC_ERR_NULL_POINTER, "engine");
    EXPECT_ERROR(ac_transaction_add_completion(NULL, record_completion, &log, destroy_completion),
                 AC_ERR_NULL_POINTER, "engine");
    {
        ac_engine *bad[2];
        int index;
        bad[0] = gone;
        bad[1] = made_up;
        for (index = 0; index < 2; ++index) {
            ac_engine *e = bad[index];
            EXPECT_ERROR(ac_transaction_begin(e), AC_ERR_BAD_HANDLE, "engine");
            EXPECT_ERROR(ac_transaction_commit(e), AC_ERR_BAD_HANDLE, "engine");
            EXPECT_ERROR(ac_transaction_flush(e), AC_ERR_BAD_HANDLE, "engine");
            EXPECT_ERROR(ac_transaction_set_animation_duration(e, 1), AC_ERR_BAD_HANDLE, "engine");
            EXPECT_ERROR(ac_transaction_animation_duration(e, &duration), AC_ERR_BAD_HANDLE, "engine");
            EXPECT_ERROR(ac_transaction_set_timing_function(e, &good), AC_ERR_BAD_HANDLE, "engine");
            EXPECT_ERROR(ac_transaction_timing_function(e, &bad_function, &flag), AC_ERR_BAD_HANDLE, "engine");
            EXPECT_ERROR(ac_transaction_set_disable_actions(e, 1), AC_ERR_BAD_HANDLE, "engine");
            EXPECT_ERROR(ac_transaction_disable_actions(e, &flag), AC_ERR_BAD_HANDLE, "engine");
            EXPECT_ERROR(ac_transaction_set_additive(e, 1), AC_ERR_BAD_HANDLE, "engine");
            EXPECT_ERROR(ac_transaction_additive(e, &flag), AC_ERR_BAD_HANDLE, "engine");
            EXPECT_ERROR(ac_transaction_set_value(e, "k", &value), AC_ERR_BAD_HANDLE, "engine");
            EXPECT_ERROR(ac_transaction_get_value(e, "k", &value), AC_ERR_BAD_HANDLE, "engine");
            EXPECT_ERROR(ac_transaction_add_completion(e, record_completion, &log, destroy_completion),
                         AC_ERR_BAD_HANDLE, "engine");
            EXPECT_ERROR(ac_transaction_add_completion(e, NULL, &log, destroy_completion), AC_ERR_BAD_HANDLE,
                         "engine");
        }
    }
    /* A failed call never runs destroy. */
    AC_CHECK_EQ_INT(log.destroyed, 0);

    /* NULL out pointers. */
    EXPECT_ERROR(ac_transaction_animation_duration(engine, NULL), AC_ERR_NULL_POINTER, "out_duration_s");
    EXPECT_ERROR(ac_transaction_timing_function(engine, NULL, &flag), AC_ERR_NULL_POINTER, "out_function");
    EXPECT_ERROR(ac_transaction_timing_function(engine, &bad_function, NULL), AC_ERR_NULL_POINTER, "out_is_set");
    EXPECT_ERROR(ac_transaction_disable_actions(engine, NULL), AC_ERR_NULL_POINTER, "out_disable");
    EXPECT_ERROR(ac_transaction_additive(engine, NULL), AC_ERR_NULL_POINTER, "out_additive");
    EXPECT_ERROR(ac_transaction_get_value(engine, "animationDuration", NULL), AC_ERR_NULL_POINTER, "out_value");

    /* Durations. */
    EXPECT_ERROR(ac_transaction_set_animation_duration(engine, NAN), AC_ERR_NOT_FINITE, "duration_s");
    EXPECT_ERROR(ac_transaction_set_animation_duration(engine, INFINITY), AC_ERR_NOT_FINITE, "duration_s");
    EXPECT_ERROR(ac_transaction_set_animation_duration(engine, -INFINITY), AC_ERR_NOT_FINITE, "duration_s");
    EXPECT_ERROR(ac_transaction_set_animation_duration(engine, -1), AC_ERR_OUT_OF_RANGE, "duration_s");
    EXPECT_ERROR(ac_transaction_set_animation_duration(engine, 0), AC_ERR_OUT_OF_RANGE, "duration_s");
    EXPECT_ERROR(ac_transaction_set_animation_duration(engine, -0.0), AC_ERR_OUT_OF_RANGE, "duration_s");
    EXPECT_ERROR(ac_transaction_set_animation_duration(engine, 2e15), AC_ERR_OUT_OF_RANGE, "duration_s");
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 1e15));
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 1e-9));
    AC_CHECK_EQ_DOUBLE(duration_now(engine), 1e-9);
    /* Flags. */
    EXPECT_ERROR(ac_transaction_set_disable_actions(engine, 2), AC_ERR_OUT_OF_RANGE, "disable");
    EXPECT_ERROR(ac_transaction_set_disable_actions(engine, -1), AC_ERR_OUT_OF_RANGE, "disable");
    EXPECT_ERROR(ac_transaction_set_additive(engine, 7), AC_ERR_OUT_OF_RANGE, "additive");
    AC_CHECK_EQ_INT(disabled_now(engine), 0);
    AC_CHECK_EQ_INT(additive_now(engine), 0);
    /* Timing functions. */
    bad_function = good;
    bad_function.x1 = 2;
    EXPECT_ERROR(ac_transaction_set_timing_function(engine, &bad_function), AC_ERR_INVALID_ARGUMENT, "function");
    bad_function = good;
    bad_function.reserved = 1;
    EXPECT_ERROR(ac_transaction_set_timing_function(engine, &bad_function), AC_ERR_INVALID_ARGUMENT, "reserved");
    bad_function = good;
    bad_function.kind = 9;
    EXPECT_ERROR(ac_transaction_set_timing_function(engine, &bad_function), AC_ERR_INVALID_ARGUMENT, "kind");
    bad_function = good;
    bad_function.y1 = NAN;
    EXPECT_ERROR(ac_transaction_set_timing_function(engine, &bad_function), AC_ERR_INVALID_ARGUMENT, "function");
    function_now(engine, &flag);
    AC_CHECK_EQ_INT(flag, 0);
    /* Keys and values. */
    EXPECT_ERROR(ac_transaction_set_value(engine, NULL, &value), AC_ERR_NULL_POINTER, "key");
    EXPECT_ERROR(ac_transaction_get_value(engine, NULL, &value), AC_ERR_NULL_POINTER, "key");
    EXPECT_ERROR(ac_transaction_set_value(engine, "", &value), AC_ERR_UNKNOWN_KEY, "key");
    EXPECT_ERROR(ac_transaction_get_value(engine, "", &value), AC_ERR_UNKNOWN_KEY, "key");
    EXPECT_ERROR(ac_transaction_set_value(engine, "\xff\xfe", &value), AC_ERR_INVALID_ARGUMENT, "UTF-8");
    EXPECT_ERROR(ac_transaction_get_value(engine, "\xc3", &value), AC_ERR_INVALID_ARGUMENT, "UTF-8");
    EXPECT_ERROR(ac_transaction_set_value(engine, "k", &bad_kind), AC_ERR_INVALID_ARGUMENT, "value->kind");
    EXPECT_ERROR(ac_transaction_set_value(engine, "k", &nan_value), AC_ERR_NOT_FINITE, "value->v[0]");
    value.reserved = 3;
    EXPECT_ERROR(ac_transaction_set_value(engine, "k", &value), AC_ERR_INVALID_ARGUMENT, "value->reserved");
    value = ac_value_bool(0);
    value.i = 5;
    EXPECT_ERROR(ac_transaction_set_value(engine, "k", &value), AC_ERR_OUT_OF_RANGE, "value->i");
    EXPECT_ERROR(ac_transaction_get_value(engine, "k", &value), AC_ERR_UNKNOWN_KEY, "k");
    AC_CHECK_OK(ac_transaction_flush(engine));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

int main(void) {
    test_defaults();
    test_value_lives_with_its_transaction();
    test_nesting_inherits_and_does_not_leak();
    test_nested_transaction_animates_with_the_inherited_settings();
    test_keyed_access_shares_storage();
    test_arbitrary_keys();
    test_implicit_transaction_and_flush();
    test_commit_without_begin();
    test_completion_without_animations();
    test_completion_waits_for_every_animation();
    test_several_completions_add_up();
    test_completion_reports_unfinished();
    test_nested_completions();
    test_animations_start_after_the_outermost_commit();
    test_threads_have_their_own_transactions();
    test_concurrent_changes_lose_nothing();
    test_open_transactions_at_destroy();
    test_reentrancy();
    test_bad_input();
    return ac_test_finish();
}
