/*
 * The engine: configuration, create/destroy, the version check, tick and the engine's time,
 * the global speed, bad engine pointers (NULL, destroyed, foreign, made up), handles of one
 * engine used in another, what destroy ends (did-stop, destroy callbacks, also from inside a
 * callback), slot reuse, and several threads on one engine.
 */
#include <string.h>
#include <pthread.h>

#include "ac_engine_test.h"

static void test_config(void) {
    ac_engine_config config;
    AC_CHECK_OK(ac_engine_config_init(&config));
    AC_CHECK_EQ_INT(config.struct_size, sizeof(ac_engine_config));
    AC_CHECK_EQ_INT(config.header_version_major, AC_VERSION_MAJOR);
    AC_CHECK_EQ_DOUBLE(config.default_duration_s, 0.25);
    AC_CHECK_EQ_DOUBLE(config.global_speed, 1.0);
    AC_CHECK_STATUS(ac_engine_config_init(NULL), AC_ERR_NULL_POINTER);
}

static void test_create_destroy(void) {
    ac_engine *engine = NULL;
    ac_engine_config config;
    double value = -1;

    AC_CHECK_OK(ac_engine_create(NULL, &engine));
    AC_CHECK(engine != NULL);
    AC_CHECK_OK(ac_engine_global_speed(engine, &value));
    AC_CHECK_EQ_DOUBLE(value, 1.0);
    AC_CHECK_OK(ac_engine_current_time(engine, &value));
    AC_CHECK_EQ_DOUBLE(value, 0.0);
    AC_CHECK_OK(ac_engine_destroy(engine));
    AC_CHECK_OK(ac_engine_destroy(NULL));

    ac_engine_config_init(&config);
    config.default_duration_s = 0.5;
    config.global_speed = 2.0;
    AC_CHECK_OK(ac_engine_create(&config, &engine));
    AC_CHECK_OK(ac_engine_global_speed(engine, &value));
    AC_CHECK_EQ_DOUBLE(value, 2.0);
    {
        /* The default duration: an animation of duration 0 gets 0.5 s. */
        ac_layer layer = new_layer(engine, 0);
        ac_animation animation = scalar_animation(engine, "opacity", 1, 0, 1, 1, 0, 0, 0);
        ac_animation copy = 0;
        AC_CHECK_OK(ac_layer_add_animation(engine, layer, animation, "fade"));
        AC_CHECK_OK(ac_layer_copy_animation(engine, layer, "fade", &copy));
        AC_CHECK_EQ_DOUBLE(get_timing(engine, copy).duration_s, 0.5);
    }
    AC_CHECK_OK(ac_engine_destroy(engine));

    /* Many engines at once, destroyed in another order than made. */
    {
        ac_engine *engines[64];
        int index;
        for (index = 0; index < 64; ++index) AC_CHECK_OK(ac_engine_create(NULL, &engines[index]));
        for (index = 0; index < 64; index += 2) AC_CHECK_OK(ac_engine_destroy(engines[index]));
        for (index = 63; index > 0; index -= 2) AC_CHECK_OK(ac_engine_destroy(engines[index]));
    }
}

static void test_create_errors(void) {
    ac_engine *engine = NULL;
    ac_engine_config config;

    EXPECT_ERROR(ac_engine_create(NULL, NULL), AC_ERR_NULL_POINTER, "out_engine");

    ac_engine_config_init(&config);
    config.header_version_major = AC_VERSION_MAJOR + 1;
    EXPECT_ERROR(ac_engine_create(&config, &engine), AC_ERR_VERSION_MISMATCH, "header_version_major");
    config.header_version_major = -1;
    EXPECT_ERROR(ac_engine_create(&config, &engine), AC_ERR_VERSION_MISMATCH, "header_version_major");

    ac_engine_config_init(&config);
    config.struct_size = 8;
    EXPECT_ERROR(ac_engine_create(&config, &engine), AC_ERR_BAD_STRUCT_SIZE, "config->struct_size");

    ac_engine_config_init(&config);
    config.default_duration_s = NAN;
    EXPECT_ERROR(ac_engine_create(&config, &engine), AC_ERR_NOT_FINITE, "config->default_duration_s");
    config.default_duration_s = INFINITY;
    EXPECT_ERROR(ac_engine_create(&config, &engine), AC_ERR_NOT_FINITE, "config->default_duration_s");
    config.default_duration_s = 0;
    EXPECT_ERROR(ac_engine_create(&config, &engine), AC_ERR_OUT_OF_RANGE, "config->default_duration_s");
    config.default_duration_s = -1;
    EXPECT_ERROR(ac_engine_create(&config, &engine), AC_ERR_OUT_OF_RANGE, "config->default_duration_s");
    config.default_duration_s = 2e15;
    EXPECT_ERROR(ac_engine_create(&config, &engine), AC_ERR_OUT_OF_RANGE, "config->default_duration_s");

    ac_engine_config_init(&config);
    config.global_speed = NAN;
    EXPECT_ERROR(ac_engine_create(&config, &engine), AC_ERR_NOT_FINITE, "config->global_speed");
    config.global_speed = -0.5;
    EXPECT_ERROR(ac_engine_create(&config, &engine), AC_ERR_OUT_OF_RANGE, "config->global_speed");
    config.global_speed = 1e7;
    EXPECT_ERROR(ac_engine_create(&config, &engine), AC_ERR_OUT_OF_RANGE, "config->global_speed");
    config.global_speed = 0; /* frozen is allowed */
    AC_CHECK_OK(ac_engine_create(&config, &engine));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static void test_tick_and_speed(void) {
    ac_engine *engine = new_engine();
    double now = -1;

    tick(engine, 100.0);
    AC_CHECK_OK(ac_engine_current_time(engine, &now));
    AC_CHECK_EQ_DOUBLE(now, 100.0); /* the first tick sets engine time */
    tick(engine, 100.5);
    AC_CHECK_OK(ac_engine_current_time(engine, &now));
    AC_CHECK_NEAR(now, 100.5, 1e-12);

    AC_CHECK_OK(ac_engine_set_global_speed(engine, 0.5));
    tick(engine, 101.5); /* one host second at half speed */
    AC_CHECK_OK(ac_engine_current_time(engine, &now));
    AC_CHECK_NEAR(now, 101.0, 1e-12);

    AC_CHECK_OK(ac_engine_set_global_speed(engine, 0));
    tick(engine, 110.0);
    AC_CHECK_OK(ac_engine_current_time(engine, &now));
    AC_CHECK_NEAR(now, 101.0, 1e-12);
    AC_CHECK_OK(ac_engine_global_speed(engine, &now));
    AC_CHECK_EQ_DOUBLE(now, 0.0);

    AC_CHECK_OK(ac_engine_set_global_speed(engine, 3));
    tick(engine, 111.0);
    AC_CHECK_OK(ac_engine_current_time(engine, &now));
    AC_CHECK_NEAR(now, 104.0, 1e-12);

    /* Global speed slows animations: a 1 s animation at speed 0.5 is half done after 1 host s. */
    {
        ac_layer layer = new_layer(engine, 0);
        ac_animation animation = scalar_animation(engine, "opacity", 1, 0, 1, 1, 0, 0, 1.0);
        AC_CHECK_OK(ac_engine_set_global_speed(engine, 0.5));
        AC_CHECK_OK(ac_layer_add_animation(engine, layer, animation, "fade"));
        tick(engine, 112.0);
        tick(engine, 113.0);
        AC_CHECK_NEAR(presentation_scalar(engine, layer, "opacity"), 0.5, 1e-12);
    }

    EXPECT_ERROR(ac_engine_tick(engine, NAN), AC_ERR_NOT_FINITE, "now_s");
    EXPECT_ERROR(ac_engine_tick(engine, INFINITY), AC_ERR_NOT_FINITE, "now_s");
    EXPECT_ERROR(ac_engine_tick(engine, -INFINITY), AC_ERR_NOT_FINITE, "now_s");
    EXPECT_ERROR(ac_engine_tick(engine, 2e15), AC_ERR_OUT_OF_RANGE, "now_s");
    EXPECT_ERROR(ac_engine_set_global_speed(engine, NAN), AC_ERR_NOT_FINITE, "speed");
    EXPECT_ERROR(ac_engine_set_global_speed(engine, INFINITY), AC_ERR_NOT_FINITE, "speed");
    EXPECT_ERROR(ac_engine_set_global_speed(engine, -1), AC_ERR_OUT_OF_RANGE, "speed");
    EXPECT_ERROR(ac_engine_set_global_speed(engine, 2e6), AC_ERR_OUT_OF_RANGE, "speed");
    EXPECT_ERROR(ac_engine_current_time(engine, NULL), AC_ERR_NULL_POINTER, "out_time_s");
    EXPECT_ERROR(ac_engine_global_speed(engine, NULL), AC_ERR_NULL_POINTER, "out_speed");
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* Every engine call with `engine`, expecting `status` naming "engine". */
static void expect_refused(ac_engine *engine, ac_status status) {
    double d;
    ac_key key;
    ac_layer layer;
    ac_class layer_class;
    ac_animation animation;
    ac_value value = ac_value_scalar(1);
    size_t count;
    int32_t flag;
    char buffer[8];

    EXPECT_ERROR(ac_engine_tick(engine, 1.0), status, "engine");
    EXPECT_ERROR(ac_engine_current_time(engine, &d), status, "engine");
    EXPECT_ERROR(ac_engine_set_global_speed(engine, 1.0), status, "engine");
    EXPECT_ERROR(ac_engine_global_speed(engine, &d), status, "engine");
    EXPECT_ERROR(ac_engine_key(engine, "opacity", &key), status, "engine");
    EXPECT_ERROR(ac_engine_key_name(engine, 0, buffer, sizeof buffer, &count), status, "engine");
    EXPECT_ERROR(ac_class_create(engine, "X", 0, NULL, 0, &layer_class), status, "engine");
    EXPECT_ERROR(ac_class_set_display(engine, 0, NULL, NULL, NULL), status, "engine");
    EXPECT_ERROR(ac_layer_create(engine, 0, &layer), status, "engine");
    EXPECT_ERROR(ac_layer_retain(engine, 1), status, "engine");
    EXPECT_ERROR(ac_layer_release(engine, 1), status, "engine");
    EXPECT_ERROR(ac_layer_class(engine, 1, &layer_class), status, "engine");
    EXPECT_ERROR(ac_layer_set_value(engine, 1, 0, &value), status, "engine");
    EXPECT_ERROR(ac_layer_get_value(engine, 1, 0, &value), status, "engine");
    EXPECT_ERROR(ac_layer_get_presentation_value(engine, 1, 0, &value), status, "engine");
    EXPECT_ERROR(ac_layer_set_scalar(engine, 1, 0, 1.0), status, "engine");
    EXPECT_ERROR(ac_layer_get_scalar(engine, 1, 0, &d), status, "engine");
    EXPECT_ERROR(ac_layer_get_presentation_scalar(engine, 1, 0, &d), status, "engine");
    EXPECT_ERROR(ac_layers_get_presentation(engine, NULL, 0, 0, NULL, 0, &count), status, "engine");
    EXPECT_ERROR(ac_layer_snapshot(engine, 1, 0, NULL, 0, &count), status, "engine");
    EXPECT_ERROR(ac_layer_set_needs_display(engine, 1), status, "engine");
    EXPECT_ERROR(ac_layer_needs_display(engine, 1, &flag), status, "engine");
    EXPECT_ERROR(ac_layer_set_delegate(engine, 1, NULL), status, "engine");
    EXPECT_ERROR(ac_layer_add_sublayer(engine, 1, 2), status, "engine");
    EXPECT_ERROR(ac_layer_insert_sublayer(engine, 1, 2, 0), status, "engine");
    EXPECT_ERROR(ac_layer_remove_from_superlayer(engine, 1), status, "engine");
    EXPECT_ERROR(ac_layer_superlayer(engine, 1, &layer), status, "engine");
    EXPECT_ERROR(ac_layer_sublayers(engine, 1, NULL, 0, &count), status, "engine");
    EXPECT_ERROR(ac_layer_convert_time(engine, 1.0, 0, 0, &d), status, "engine");
    EXPECT_ERROR(ac_layer_local_time(engine, 1, &d), status, "engine");
    EXPECT_ERROR(ac_animation_create_basic(engine, "opacity", &animation), status, "engine");
    EXPECT_ERROR(ac_animation_release(engine, 1), status, "engine");
    EXPECT_ERROR(ac_animation_key_path(engine, 1, buffer, sizeof buffer, &count), status, "engine");
    EXPECT_ERROR(ac_animation_set_value(engine, 1, 0, NULL), status, "engine");
    EXPECT_ERROR(ac_animation_get_value(engine, 1, 0, &value, &flag), status, "engine");
    EXPECT_ERROR(ac_animation_set_timing(engine, 1, NULL), status, "engine");
    EXPECT_ERROR(ac_animation_get_timing(engine, 1, NULL), status, "engine");
    EXPECT_ERROR(ac_animation_set_timing_function(engine, 1, NULL), status, "engine");
    EXPECT_ERROR(ac_animation_set_flag(engine, 1, 0, 0), status, "engine");
    EXPECT_ERROR(ac_animation_get_flag(engine, 1, 0, &flag), status, "engine");
    EXPECT_ERROR(ac_animation_set_delegate(engine, 1, NULL), status, "engine");
    EXPECT_ERROR(ac_layer_add_animation(engine, 1, 1, "k"), status, "engine");
    EXPECT_ERROR(ac_layer_remove_animation(engine, 1, "k"), status, "engine");
    EXPECT_ERROR(ac_layer_remove_all_animations(engine, 1), status, "engine");
    EXPECT_ERROR(ac_layer_animation_count(engine, 1, &count), status, "engine");
    EXPECT_ERROR(ac_layer_animation_key(engine, 1, 0, buffer, sizeof buffer, &count), status, "engine");
    EXPECT_ERROR(ac_layer_copy_animation(engine, 1, "k", &animation), status, "engine");
}

static void test_bad_engine_pointers(void) {
    ac_engine *engine = new_engine();
    ac_engine *destroyed = new_engine();
    void *heap = malloc(256);
    uintptr_t bits;

    AC_CHECK_OK(ac_engine_destroy(destroyed));
    memset(heap, 0, 256);

    expect_refused(NULL, AC_ERR_NULL_POINTER);
    expect_refused(destroyed, AC_ERR_BAD_HANDLE);
    expect_refused((ac_engine *)heap, AC_ERR_BAD_HANDLE);
    expect_refused((ac_engine *)(uintptr_t)0x1234, AC_ERR_BAD_HANDLE);
    expect_refused((ac_engine *)(uintptr_t)UINTPTR_MAX, AC_ERR_BAD_HANDLE);
    /* A live engine's pointer with one bit changed (another generation, another slot). */
    memcpy(&bits, &engine, sizeof bits);
    expect_refused((ac_engine *)(bits ^ ((uintptr_t)1 << 20)), AC_ERR_BAD_HANDLE);
    expect_refused((ac_engine *)(bits ^ ((uintptr_t)1 << 8)), AC_ERR_BAD_HANDLE);
    expect_refused((ac_engine *)(bits ^ 1), AC_ERR_BAD_HANDLE);

    EXPECT_ERROR(ac_engine_destroy(destroyed), AC_ERR_BAD_HANDLE, "engine");
    EXPECT_ERROR(ac_engine_destroy((ac_engine *)heap), AC_ERR_BAD_HANDLE, "engine");
    EXPECT_ERROR(ac_engine_destroy((ac_engine *)(uintptr_t)0x1234), AC_ERR_BAD_HANDLE, "engine");

    /* The live engine is untouched by all that. */
    tick(engine, 5.0);
    AC_CHECK_OK(ac_engine_destroy(engine));
    expect_refused(engine, AC_ERR_BAD_HANDLE);

    /* A new engine may take the freed slot: the old pointers stay refused. */
    {
        ac_engine *again = new_engine();
        AC_CHECK(again != engine && again != destroyed);
        expect_refused(engine, AC_ERR_BAD_HANDLE);
        tick(again, 1.0);
        AC_CHECK_OK(ac_engine_destroy(again));
    }
    free(heap);
}

static void test_foreign_handles(void) {
    ac_engine *a = new_engine();
    ac_engine *b = new_engine();
    ac_layer layer_a = new_layer(a, 0);
    ac_layer layer_b = new_layer(b, 0);
    ac_property_desc desc;
    ac_value zero = ac_value_scalar(0);
    ac_class class_a = 0, out_class = 0;
    ac_animation animation_a = 0;
    ac_layer out_layer = 0;
    double d;

    ac_property_desc_init(&desc, "radius", &zero);
    AC_CHECK_OK(ac_class_create(a, "Circle", 0, &desc, 1, &class_a));
    AC_CHECK_OK(ac_animation_create_basic(a, "opacity", &animation_a));

    EXPECT_ERROR(ac_layer_get_scalar(b, layer_a, key_of(b, "opacity"), &d), AC_ERR_BAD_HANDLE, "layer");
    EXPECT_ERROR(ac_layer_add_sublayer(b, layer_b, layer_a), AC_ERR_BAD_HANDLE, "child");
    EXPECT_ERROR(ac_layer_add_sublayer(b, layer_a, layer_b), AC_ERR_BAD_HANDLE, "parent");
    EXPECT_ERROR(ac_layer_create(b, class_a, &out_layer), AC_ERR_BAD_HANDLE, "layer_class");
    EXPECT_ERROR(ac_class_create(b, "Sub", class_a, NULL, 0, &out_class), AC_ERR_BAD_HANDLE, "superclass");
    EXPECT_ERROR(ac_layer_add_animation(b, layer_b, animation_a, "k"), AC_ERR_BAD_HANDLE, "animation");
    EXPECT_ERROR(ac_animation_release(b, animation_a), AC_ERR_BAD_HANDLE, "animation");
    EXPECT_ERROR(ac_layer_release(b, layer_a), AC_ERR_BAD_HANDLE, "layer");
    EXPECT_ERROR(ac_layer_convert_time(b, 1.0, layer_a, 0, &d), AC_ERR_BAD_HANDLE, "from_layer");
    EXPECT_ERROR(ac_layer_convert_time(b, 1.0, 0, layer_a, &d), AC_ERR_BAD_HANDLE, "to_layer");
    /* Made-up class and animation handles. */
    EXPECT_ERROR(ac_layer_create(a, 12345, &out_layer), AC_ERR_BAD_HANDLE, "layer_class");
    EXPECT_ERROR(ac_layer_create(a, class_a + 1, &out_layer), AC_ERR_BAD_HANDLE, "layer_class");
    EXPECT_ERROR(ac_animation_release(a, animation_a + 1), AC_ERR_BAD_HANDLE, "animation");
    EXPECT_ERROR(ac_animation_release(a, 77), AC_ERR_BAD_HANDLE, "animation");

    /* Still fine in their own engine. */
    AC_CHECK_OK(ac_layer_create(a, class_a, &out_layer));
    AC_CHECK_OK(ac_layer_add_animation(a, layer_a, animation_a, "k"));

    /* After a's destruction, a's handles in b are still refused. */
    AC_CHECK_OK(ac_engine_destroy(a));
    EXPECT_ERROR(ac_layer_retain(b, layer_a), AC_ERR_BAD_HANDLE, "layer");
    AC_CHECK_OK(ac_engine_destroy(b));
}

/* Destroy stops animations (did-stop finished 0 now) and ends every registration once. */
static counters destroy_counts;
static int destroy_saw_live_engine;

static void stop_reads_engine(ac_engine *engine, ac_layer layer, const char *key, int32_t finished,
                              void *user_data) {
    double value = 0;
    count_stop(engine, layer, key, finished, user_data);
    /* The engine still answers during destroy's did-stop callbacks. */
    if (ac_layer_get_scalar(engine, layer, key_of(engine, "opacity"), &value) == AC_OK)
        destroy_saw_live_engine++;
}

static void test_destroy_ends_everything(void) {
    ac_engine *engine = new_engine();
    ac_property_desc desc;
    ac_value zero = ac_value_scalar(0);
    ac_class clock = 0;
    ac_layer layer, other;
    ac_animation animation;
    ac_animation_delegate delegate;
    ac_layer_delegate layer_delegate;
    counters class_display = {0}, delegate_display = {0};

    memset(&destroy_counts, 0, sizeof destroy_counts);
    ac_property_desc_init(&desc, "time", &zero);
    desc.needs_display = 1;
    AC_CHECK_OK(ac_class_create(engine, "Clock", 0, &desc, 1, &clock));
    AC_CHECK_OK(ac_class_set_display(engine, clock, count_display, &class_display, count_destroy));
    layer = new_layer(engine, clock);
    other = new_layer(engine, 0);
    ac_layer_delegate_init(&layer_delegate);
    layer_delegate.display = count_display;
    layer_delegate.user_data = &delegate_display;
    layer_delegate.destroy = count_destroy;
    AC_CHECK_OK(ac_layer_set_delegate(engine, other, &layer_delegate));

    animation = scalar_animation(engine, "opacity", 1, 0, 1, 1, 0, 0, 10.0);
    ac_animation_delegate_init(&delegate);
    delegate.did_start = count_start;
    delegate.did_stop = stop_reads_engine;
    delegate.user_data = &destroy_counts;
    delegate.destroy = count_destroy;
    AC_CHECK_OK(ac_animation_set_delegate(engine, animation, &delegate));
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, animation, "a"));
    AC_CHECK_OK(ac_layer_add_animation(engine, other, animation, "b"));
    tick(engine, 1.0);
    tick(engine, 2.0);
    AC_CHECK_EQ_INT(destroy_counts.started, 2);
    AC_CHECK_EQ_INT(destroy_counts.stopped_unfinished, 0);

    AC_CHECK_OK(ac_engine_destroy(engine));
    AC_CHECK_EQ_INT(destroy_counts.stopped_unfinished, 2); /* delivered by destroy */
    AC_CHECK_EQ_INT(destroy_counts.stopped_finished, 0);
    AC_CHECK_EQ_INT(destroy_saw_live_engine, 2);
    AC_CHECK_EQ_INT(destroy_counts.destroyed, 1); /* the description and both copies gone */
    AC_CHECK_EQ_INT(class_display.destroyed, 1);
    AC_CHECK_EQ_INT(delegate_display.destroyed, 1);
}

/* Destroying the engine from inside its own callback. */
static int inner_destroy_status = -1;
static counters inner_counts;

static void destroy_from_callback(ac_engine *engine, ac_layer layer, const char *key,
                                  int32_t finished, void *user_data) {
    count_stop(engine, layer, key, finished, user_data);
    inner_destroy_status = ac_engine_destroy(engine);
}

static void test_destroy_from_callback(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0);
    ac_animation animation = scalar_animation(engine, "opacity", 1, 0, 1, 1, 0, 0, 0.5);
    ac_animation_delegate delegate;
    double d;

    memset(&inner_counts, 0, sizeof inner_counts);
    ac_animation_delegate_init(&delegate);
    delegate.did_stop = destroy_from_callback;
    delegate.user_data = &inner_counts;
    delegate.destroy = count_destroy;
    AC_CHECK_OK(ac_animation_set_delegate(engine, animation, &delegate));
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, animation, "k"));
    tick(engine, 1.0);
    AC_CHECK_OK(ac_engine_tick(engine, 2.0)); /* ends the animation; its did-stop destroys */
    AC_CHECK_EQ_INT(inner_destroy_status, AC_OK);
    AC_CHECK_EQ_INT(inner_counts.stopped_finished, 1);
    AC_CHECK_EQ_INT(inner_counts.destroyed, 1); /* once the tick has returned */
    EXPECT_ERROR(ac_engine_current_time(engine, &d), AC_ERR_BAD_HANDLE, "engine");
}

/* Several threads on one engine, and each on its own. */
typedef struct worker {
    ac_engine *engine;
    ac_layer layer;
    int id;
    int failures;
} worker;

static void *hammer(void *argument) {
    worker *w = (worker *)argument;
    ac_key x = 0;
    int round;
    if (ac_engine_key(w->engine, "position.x", &x) != AC_OK) w->failures++;
    for (round = 0; round < 2000; ++round) {
        double value = 0;
        ac_layer mine = 0;
        if (ac_layer_set_scalar(w->engine, w->layer, x, (double)round) != AC_OK) w->failures++;
        if (ac_layer_get_presentation_scalar(w->engine, w->layer, x, &value) != AC_OK) w->failures++;
        if (ac_layer_create(w->engine, 0, &mine) != AC_OK) w->failures++;
        if (ac_layer_add_sublayer(w->engine, w->layer, mine) != AC_OK) w->failures++;
        if (ac_layer_release(w->engine, mine) != AC_OK) w->failures++;
        if (ac_layer_remove_from_superlayer(w->engine, mine) != AC_OK) w->failures++;
        if (w->id == 0 && round % 10 == 0 && ac_engine_tick(w->engine, 1.0 + round) != AC_OK) w->failures++;
    }
    return NULL;
}

static void *own_engine(void *argument) {
    worker *w = (worker *)argument;
    int round;
    for (round = 0; round < 50; ++round) {
        ac_engine *engine = NULL;
        ac_layer layer = 0;
        if (ac_engine_create(NULL, &engine) != AC_OK) { w->failures++; continue; }
        if (ac_layer_create(engine, 0, &layer) != AC_OK) w->failures++;
        if (ac_engine_tick(engine, 1.0) != AC_OK) w->failures++;
        if (ac_engine_destroy(engine) != AC_OK) w->failures++;
    }
    return NULL;
}

static void test_threads(void) {
    ac_engine *engine = new_engine();
    pthread_t threads[8];
    worker workers[8];
    int index;
    for (index = 0; index < 8; ++index) {
        workers[index].engine = engine;
        workers[index].layer = new_layer(engine, 0);
        workers[index].id = index;
        workers[index].failures = 0;
        pthread_create(&threads[index], NULL, index < 4 ? hammer : own_engine, &workers[index]);
    }
    for (index = 0; index < 8; ++index) {
        pthread_join(threads[index], NULL);
        AC_CHECK_EQ_INT(workers[index].failures, 0);
    }
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* Destroy racing with calls from other threads: every call answers OK or BAD_HANDLE. */
typedef struct racer {
    ac_engine *engine;
    int odd;
} racer;

static void *race(void *argument) {
    racer *r = (racer *)argument;
    int round;
    for (round = 0; round < 20000; ++round) {
        double d;
        ac_status status = ac_engine_current_time(r->engine, &d);
        if (status != AC_OK && status != AC_ERR_BAD_HANDLE && status != AC_ERR_INVALID_STATE) r->odd++;
        if (status == AC_ERR_BAD_HANDLE) break;
    }
    return NULL;
}

static void test_destroy_race(void) {
    int trial;
    for (trial = 0; trial < 20; ++trial) {
        ac_engine *engine = new_engine();
        pthread_t threads[3];
        racer racers[3];
        int index;
        for (index = 0; index < 3; ++index) {
            racers[index].engine = engine;
            racers[index].odd = 0;
            pthread_create(&threads[index], NULL, race, &racers[index]);
        }
        AC_CHECK_OK(ac_engine_destroy(engine));
        for (index = 0; index < 3; ++index) {
            pthread_join(threads[index], NULL);
            AC_CHECK_EQ_INT(racers[index].odd, 0);
        }
    }
}

/* Random inputs everywhere: every call answers a known status and nothing crashes. Engine
   pointers are forged with the library's tag too (random slots and generations). */
static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint64_t next_random(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static int known(ac_status status) { return status >= 0 && status < AC_STATUS_COUNT; }

static void test_random_inputs(void) {
    ac_engine *engine = new_engine();
    ac_layer layers[4];
    ac_key keys[4];
    ac_animation animation = scalar_animation(engine, "opacity", 1, 0, 1, 1, 0, 0, 1);
    uintptr_t bits;
    int round, unknown = 0, index;

    for (index = 0; index < 4; ++index) layers[index] = new_layer(engine, 0);
    keys[0] = key_of(engine, "opacity");
    keys[1] = key_of(engine, "position.x");
    keys[2] = key_of(engine, "transform");
    keys[3] = key_of(engine, "undeclared");
    memcpy(&bits, &engine, sizeof bits);
    for (round = 0; round < 20000; ++round) {
        uint64_t r = next_random();
        ac_layer layer = (r & 3) == 0 ? next_random() : layers[r % 4] ^ ((r & 4) ? (uint64_t)1 << (r % 64) : 0);
        ac_key key = (r & 8) ? (ac_key)next_random() : keys[(r >> 4) % 4];
        ac_value value;
        double d = 0;
        size_t count = 0;
        ac_layer out_layer = 0;
        ac_engine *target = engine;
        unsigned char *bytes = (unsigned char *)&value;
        for (index = 0; index < (int)sizeof value; ++index) bytes[index] = (unsigned char)next_random();
        if ((r & 0x30) == 0) value.kind = (int32_t)(next_random() % 12);
        if ((r & 0xC0) == 0) value.reserved = 0;
        if ((r & 0x300) == 0) {
            /* A forged pointer: the tag and nibble right, slot and generation random. */
            uintptr_t forged = (bits & ~(uintptr_t)0x0000FFFFFFFFFFF0ull) | (next_random() & 0x0000FFFFFFFFFFF0ull);
            if (forged != bits) target = (ac_engine *)forged;
        }
        unknown += !known(ac_layer_set_value(target, layer, key, &value));
        unknown += !known(ac_layer_get_value(target, layer, key, &value));
        unknown += !known(ac_layer_get_presentation_scalar(target, layer, key, &d));
        unknown += !known(ac_layer_set_scalar(target, layer, key, (double)(int64_t)next_random()));
        unknown += !known(ac_layer_add_sublayer(target, layers[r % 4], layer));
        unknown += !known(ac_layer_insert_sublayer(target, layer, layers[(r >> 8) % 4], (size_t)next_random()));
        unknown += !known(ac_layer_sublayers(target, layer, NULL, 0, &count));
        unknown += !known(ac_layer_convert_time(target, (double)(r % 1000), layer, layers[r % 4], &d));
        unknown += !known(ac_layer_add_animation(target, layer, (r & 0x400) ? animation : next_random(), "k"));
        unknown += !known(ac_layer_create(target, (r & 0x800) ? next_random() : 0, &out_layer));
        unknown += !known(ac_layers_get_presentation(target, layers, 4, key, NULL, 0, &count));
        if ((r & 0x1000) == 0) unknown += !known(ac_engine_tick(target, 1000.0 + round));
        if (out_layer != 0 && target == engine) ac_layer_release(engine, out_layer);
    }
    AC_CHECK_EQ_INT(unknown, 0);
    /* The engine still works. */
    tick(engine, 1e6);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/*
 * Tick threads: the count's range and messages; a large world ticked on 1 and on 3 threads
 * gives the same presentation to the bit (tick and batch read split among the threads, with a
 * bad handle in the middle of a threaded batch reported at its own index).
 */
#define THREAD_LAYERS 20000
static void test_tick_threads(void) {
    ac_engine *engines[2] = {new_engine(), new_engine()};
    static ac_layer layers[2][THREAD_LAYERS];
    static double slots[2][THREAD_LAYERS];
    int32_t count = 0;
    size_t stride = 0;
    int e, i, frame, differences = 0;

    AC_CHECK_OK(ac_engine_tick_threads(engines[0], &count));
    AC_CHECK_EQ_INT(count, 1);
    EXPECT_ERROR(ac_engine_set_tick_threads(engines[0], 0), AC_ERR_OUT_OF_RANGE, "count is 0; it must be in 1...64");
    EXPECT_ERROR(ac_engine_set_tick_threads(engines[0], AC_TICK_THREADS_MAX + 1), AC_ERR_OUT_OF_RANGE, "count is 65");
    EXPECT_ERROR(ac_engine_set_tick_threads(engines[0], -3), AC_ERR_OUT_OF_RANGE, "count is -3");
    EXPECT_ERROR(ac_engine_tick_threads(engines[0], NULL), AC_ERR_NULL_POINTER, "out_count");
    EXPECT_ERROR(ac_engine_set_tick_threads(NULL, 2), AC_ERR_NULL_POINTER, "engine");
    AC_CHECK_OK(ac_engine_set_tick_threads(engines[1], 3));
    AC_CHECK_OK(ac_engine_tick_threads(engines[1], &count));
    AC_CHECK_EQ_INT(count, 3);

    for (e = 0; e < 2; e++) {
        tick(engines[e], 0.0);
        for (i = 0; i < THREAD_LAYERS; i++) {
            ac_animation animation = scalar_animation(engines[e], "opacity", 1, 0.001 * (i % 1000), 1, 1, 0, 0, 1 + (i % 7) * 0.25);
            ac_timing timing = get_timing(engines[e], animation);
            timing.begin_time_s = 0.01 * (i % 50);
            set_timing(engines[e], animation, timing);
            layers[e][i] = new_layer(engines[e], 0);
            AC_CHECK_OK(ac_layer_add_animation(engines[e], layers[e][i], animation, "fade"));
            AC_CHECK_OK(ac_animation_release(engines[e], animation));
        }
    }
    for (frame = 1; frame <= 150; frame++) {
        for (e = 0; e < 2; e++) {
            tick(engines[e], frame / 60.0);
            AC_CHECK_OK(ac_layers_get_presentation(engines[e], layers[e], THREAD_LAYERS, key_of(engines[e], "opacity"),
                                                   slots[e], THREAD_LAYERS, &stride));
        }
        for (i = 0; i < THREAD_LAYERS; i++) differences += memcmp(&slots[0][i], &slots[1][i], sizeof(double)) != 0;
    }
    AC_CHECK_EQ_INT(differences, 0);
    /* Halfway through, some moving and some done. */
    AC_CHECK(slots[1][THREAD_LAYERS - 1] == 1.0);

    /* A released layer in the last part of a threaded batch: refused at its index. */
    AC_CHECK_OK(ac_layer_release(engines[1], layers[1][THREAD_LAYERS - 5]));
    EXPECT_ERROR(ac_layers_get_presentation(engines[1], layers[1], THREAD_LAYERS, key_of(engines[1], "opacity"),
                                            slots[1], THREAD_LAYERS, &stride),
                 AC_ERR_BAD_HANDLE, "layers[19995]");
    AC_CHECK_OK(ac_engine_set_tick_threads(engines[1], 1));
    AC_CHECK_OK(ac_engine_destroy(engines[0]));
    AC_CHECK_OK(ac_engine_destroy(engines[1]));
}

int main(void) {
    test_config();
    test_create_destroy();
    test_create_errors();
    test_tick_and_speed();
    test_bad_engine_pointers();
    test_foreign_handles();
    test_destroy_ends_everything();
    test_destroy_from_callback();
    test_threads();
    test_destroy_race();
    test_random_inputs();
    test_tick_threads();
    return ac_test_finish();
}
