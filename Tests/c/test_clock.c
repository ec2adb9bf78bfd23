/*
 * The host clock (ac_engine_set_clock): a lazy host's animations begin at the change, as Core
 * Animation's begin at their commit's time. Implicit and explicit transactions, nesting, no
 * clock (unchanged), bad readings, the global speed, the clock cleared and replaced, a clock
 * that calls the engine, and destroy.
 */
#include "ac_engine_test.h"

/* A host clock reading *(double *)user_data, counting its calls in g_reads. */
static int g_reads;
static double read_time(void *user_data) {
    g_reads++;
    return *(double *)user_data;
}

static int g_destroyed;
static void count_destroyed(void *user_data) {
    (void)user_data;
    g_destroyed++;
}

/* The "default" curve (implicit animations') at x. */
static double default_curve(double x) {
    ac_timing_function function;
    double y = NAN;
    AC_CHECK_OK(ac_timing_function_named("default", &function));
    AC_CHECK_OK(ac_timing_function_evaluate(&function, x, 0, &y));
    return y;
}

/* An engine with a layer committed by a first tick at 10. */
static ac_engine *engine_with_layer(ac_layer *out_layer, double *clock_time) {
    ac_engine *engine = new_engine();
    *out_layer = new_layer(engine, 0);
    if (clock_time) AC_CHECK_OK(ac_engine_set_clock(engine, read_time, clock_time, NULL));
    tick(engine, 10);
    return engine;
}

/* The brief's example: set at 10.2 (clock 10.2), tick at 10.5: 0.3 s into the curve. */
static void test_lazy_host_begins_at_the_change(void) {
    double now = 10;
    ac_layer layer;
    ac_engine *engine = engine_with_layer(&layer, &now);
    now = 10.2;
    set_scalar(engine, layer, "opacity", 0);
    tick(engine, 10.5);
    /* 0.25 s: over by 10.45, as Core Animation shows (without a clock it would read 1). */
    AC_CHECK_EQ_DOUBLE(presentation_scalar(engine, layer, "opacity"), 0);

    /* An explicit transaction reads at its commit: (11.4 - 11.1) / 0.5 of the default curve. */
    tick(engine, 11);
    g_reads = 0;
    AC_CHECK_OK(ac_transaction_begin(engine));
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 0.5));
    set_scalar(engine, layer, "opacity", 1);
    AC_CHECK_EQ_INT(g_reads, 0);
    now = 11.1;
    AC_CHECK_OK(ac_transaction_commit(engine));
    AC_CHECK_EQ_INT(g_reads, 1);
    /* Until the tick the property shows the last tick's value. */
    AC_CHECK_EQ_DOUBLE(presentation_scalar(engine, layer, "opacity"), 0);
    tick(engine, 11.4);
    AC_CHECK_NEAR(presentation_scalar(engine, layer, "opacity"), default_curve(0.3 / 0.5), 1e-9);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* The implicit transaction reads the clock once, at its first change; a flush ends it. */
static void test_implicit_reads_at_its_first_change(void) {
    double now = 10;
    ac_layer a, b;
    ac_engine *engine = engine_with_layer(&a, &now);
    b = new_layer(engine, 0);
    tick(engine, 10.1);
    g_reads = 0;
    now = 10.2;
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 1));
    ac_timing_function linear;
    AC_CHECK_OK(ac_timing_function_named("linear", &linear));
    AC_CHECK_OK(ac_transaction_set_timing_function(engine, &linear));
    set_scalar(engine, a, "opacity", 0);
    now = 10.3;
    set_scalar(engine, a, "zPosition", 10);
    AC_CHECK_EQ_INT(g_reads, 1);
    AC_CHECK_OK(ac_transaction_flush(engine));
    /* After the flush, the next change opens a new transaction: read again. */
    now = 10.4;
    set_scalar(engine, b, "opacity", 0);
    AC_CHECK_EQ_INT(g_reads, 2);
    tick(engine, 10.6);
    AC_CHECK_NEAR(presentation_scalar(engine, a, "opacity"), 1 - 0.4, 1e-12);
    AC_CHECK_NEAR(presentation_scalar(engine, a, "zPosition"), 10 * 0.4, 1e-12);
    AC_CHECK_NEAR(presentation_scalar(engine, b, "opacity"), 1 - default_curve(0.2 / 0.25), 1e-9);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* Nested explicit transactions: the outermost commit reads; inner commits do not. */
static void test_nested_transactions_read_at_the_outermost_commit(void) {
    double now = 10;
    ac_layer layer;
    ac_engine *engine = engine_with_layer(&layer, &now);
    tick(engine, 10.1);
    g_reads = 0;
    AC_CHECK_OK(ac_transaction_begin(engine));
    AC_CHECK_OK(ac_transaction_begin(engine));
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 1));
    now = 10.15;
    set_scalar(engine, layer, "opacity", 0);
    AC_CHECK_OK(ac_transaction_commit(engine));
    AC_CHECK_EQ_INT(g_reads, 0);
    now = 10.25;
    AC_CHECK_OK(ac_transaction_commit(engine));
    AC_CHECK_EQ_INT(g_reads, 1);
    tick(engine, 10.5);
    AC_CHECK_NEAR(presentation_scalar(engine, layer, "opacity"), 1 - default_curve(0.25), 1e-9);

    /* Explicit inside an implicit: the implicit one's reading (at its first change) counts. */
    now = 10.6;
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 1)); /* opens the implicit one */
    now = 10.7;
    AC_CHECK_OK(ac_transaction_begin(engine));
    set_scalar(engine, layer, "opacity", 1);
    AC_CHECK_OK(ac_transaction_commit(engine));
    tick(engine, 10.8);
    /* From the presentation at 10.5 (the last tick), 0.2 s into 1 s. */
    double from = 1 - default_curve(0.25);
    AC_CHECK_NEAR(presentation_scalar(engine, layer, "opacity"), from + (1 - from) * default_curve(0.2), 1e-9);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* No clock: the animation begins at the tick, as before. */
static void test_no_clock_begins_at_the_tick(void) {
    ac_layer layer;
    ac_engine *engine = engine_with_layer(&layer, NULL);
    tick(engine, 10.1);
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 1));
    set_scalar(engine, layer, "opacity", 0);
    tick(engine, 10.5);
    AC_CHECK_EQ_DOUBLE(presentation_scalar(engine, layer, "opacity"), 1);
    tick(engine, 10.75);
    AC_CHECK_NEAR(presentation_scalar(engine, layer, "opacity"), 1 - default_curve(0.25), 1e-9);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* Readings outside the last frame are clamped; bad ones refuse the next tick, once. */
static void test_clamped_and_bad_readings(void) {
    double now = 10;
    ac_layer layer;
    ac_engine *engine = engine_with_layer(&layer, &now);
    tick(engine, 10.5);
    now = 9; /* before the last tick (10.5): begins there */
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 1));
    set_scalar(engine, layer, "opacity", 0);
    tick(engine, 10.75);
    AC_CHECK_NEAR(presentation_scalar(engine, layer, "opacity"), 1 - default_curve(0.25), 1e-9);

    now = 99; /* after the tick: begins at it */
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 1));
    set_scalar(engine, layer, "zPosition", 5);
    tick(engine, 11);
    AC_CHECK_EQ_DOUBLE(presentation_scalar(engine, layer, "zPosition"), 0);

    const double bad[] = {NAN, INFINITY, -1e300};
    const ac_status want[] = {AC_ERR_NOT_FINITE, AC_ERR_NOT_FINITE, AC_ERR_OUT_OF_RANGE};
    for (int i = 0; i < 3; i++) {
        double before = NAN, after = NAN;
        double base = 12 + 2 * i;
        now = bad[i];
        AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 1));
        AC_CHECK_OK(ac_layer_set_scalar(engine, layer, key_of(engine, "borderWidth"), 4.0 * (i + 1)));
        AC_CHECK_OK(ac_engine_current_time(engine, &before));
        EXPECT_ERROR(ac_engine_tick(engine, base), want[i], "clock reading");
        AC_CHECK_OK(ac_engine_current_time(engine, &after));
        AC_CHECK_EQ_DOUBLE(after, before); /* the refused tick did nothing */
        tick(engine, base + 0.25);            /* the next runs: begins at it */
        AC_CHECK_EQ_DOUBLE(presentation_scalar(engine, layer, "borderWidth"), 4.0 * i);
        tick(engine, base + 0.5);
        AC_CHECK_NEAR(presentation_scalar(engine, layer, "borderWidth"), 4.0 * i + 4 * default_curve(0.25), 1e-9);
        tick(engine, base + 1.5);
    }
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* Engine time advances by host time × the global speed: so does the begin. */
static void test_global_speed(void) {
    double now = 10;
    ac_layer layer;
    ac_engine *engine = engine_with_layer(&layer, &now);
    AC_CHECK_OK(ac_engine_set_global_speed(engine, 0.5));
    tick(engine, 11); /* engine time 10.5 */
    now = 11.2; /* engine time 10.6 */
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 1));
    set_scalar(engine, layer, "opacity", 0);
    tick(engine, 12); /* engine time 11: 0.4 s in */
    double engine_time = NAN;
    AC_CHECK_OK(ac_engine_current_time(engine, &engine_time));
    AC_CHECK_NEAR(engine_time, 11, 1e-12);
    AC_CHECK_NEAR(presentation_scalar(engine, layer, "opacity"), 1 - default_curve(0.4), 1e-9);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* Before the second tick the engine's time has not started: the animation begins at the tick. */
static void test_clock_before_the_first_tick(void) {
    double now = 5;
    ac_engine *engine = new_engine();
    AC_CHECK_OK(ac_engine_set_clock(engine, read_time, &now, NULL));
    ac_layer layer = new_layer(engine, 0);
    ac_animation animation = scalar_animation(engine, "opacity", 1, 1, 1, 0, 0, 0, 1.0);
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, animation, "fade"));
    tick(engine, 10);
    AC_CHECK_NEAR(presentation_scalar(engine, layer, "opacity"), 1, 1e-12);
    tick(engine, 10.5);
    AC_CHECK_NEAR(presentation_scalar(engine, layer, "opacity"), 0.5, 1e-12);
    AC_CHECK_OK(ac_animation_release(engine, animation));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* Cleared: back to the tick; replaced or destroyed: destroy runs once each. */
static void test_clock_cleared_and_replaced(void) {
    double now = 10;
    ac_layer layer;
    g_destroyed = 0;
    ac_engine *engine = engine_with_layer(&layer, NULL);
    AC_CHECK_OK(ac_engine_set_clock(engine, read_time, &now, count_destroyed));
    AC_CHECK_OK(ac_engine_set_clock(engine, read_time, &now, count_destroyed));
    AC_CHECK_EQ_INT(g_destroyed, 1);
    AC_CHECK_OK(ac_engine_set_clock(engine, NULL, NULL, count_destroyed));
    AC_CHECK_EQ_INT(g_destroyed, 2);
    tick(engine, 10.1);
    g_reads = 0;
    now = 10.2;
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 1));
    set_scalar(engine, layer, "opacity", 0);
    AC_CHECK_EQ_INT(g_reads, 0);
    tick(engine, 10.5);
    AC_CHECK_EQ_DOUBLE(presentation_scalar(engine, layer, "opacity"), 1);
    AC_CHECK_OK(ac_engine_set_clock(engine, read_time, &now, count_destroyed));
    AC_CHECK_OK(ac_engine_destroy(engine));
    AC_CHECK_EQ_INT(g_destroyed, 3);
    EXPECT_ERROR(ac_engine_set_clock(NULL, read_time, &now, NULL), AC_ERR_NULL_POINTER, "engine");
}

/* A clock that calls the engine: allowed; what it opens takes the same reading. */
static ac_engine *g_engine;
static ac_layer g_other;
static double reentrant_clock(void *user_data) {
    double value = NAN;
    g_reads++;
    AC_CHECK_OK(ac_engine_current_time(g_engine, &value));
    AC_CHECK_OK(ac_layer_set_scalar(g_engine, g_other, key_of(g_engine, "opacity"), 0));
    return *(double *)user_data;
}

static void test_clock_calling_the_engine(void) {
    double now = 10;
    ac_layer layer;
    g_engine = engine_with_layer(&layer, NULL);
    g_other = new_layer(g_engine, 0);
    AC_CHECK_OK(ac_engine_set_clock(g_engine, reentrant_clock, &now, NULL));
    tick(g_engine, 10.1);
    g_reads = 0;
    now = 10.2;
    AC_CHECK_OK(ac_transaction_set_animation_duration(g_engine, 1));
    set_scalar(g_engine, layer, "opacity", 0);
    AC_CHECK_EQ_INT(g_reads, 1);
    tick(g_engine, 10.5);
    AC_CHECK_NEAR(presentation_scalar(g_engine, layer, "opacity"), 1 - default_curve(0.3), 1e-9);
    AC_CHECK_NEAR(presentation_scalar(g_engine, g_other, "opacity"), 1 - default_curve(0.3), 1e-9);
    AC_CHECK_OK(ac_engine_destroy(g_engine));
}

int main(void) {
    test_lazy_host_begins_at_the_change();
    test_implicit_reads_at_its_first_change();
    test_nested_transactions_read_at_the_outermost_commit();
    test_no_clock_begins_at_the_tick();
    test_clamped_and_bad_readings();
    test_global_speed();
    test_clock_before_the_first_tick();
    test_clock_cleared_and_replaced();
    test_clock_calling_the_engine();
    return ac_test_finish();
}
