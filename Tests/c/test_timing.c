/*
 * The CAMediaTiming pipeline: defaults, the reference's worked examples T1–T19 (section 9.1),
 * edge cases of duration, speed, fill, repeat and offset, eased progress, batches, large
 * times, group nesting (T24, T25) and the clock.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <time.h>

#include "ac_test.h"

#define TOL 1e-9

static ac_timing animation(double duration_s) {
    ac_timing timing;
    ac_timing_init_animation(&timing);
    timing.duration_s = duration_s;
    return timing;
}

static ac_timing layer(double begin_s, double speed, double offset_s) {
    ac_timing timing;
    ac_timing_init_layer(&timing);
    timing.begin_time_s = begin_s;
    timing.speed = speed;
    timing.time_offset_s = offset_s;
    return timing;
}

static ac_timing_state evaluate(const ac_timing *timing, double parent_time_s) {
    ac_timing_state state;
    memset(&state, 0, sizeof state);
    state.struct_size = sizeof state;
    AC_CHECK_OK(ac_timing_evaluate(timing, parent_time_s, &state));
    return state;
}

static ac_timing_state evaluate_chain(const ac_timing *chain, size_t count, double parent_s) {
    ac_timing_state state;
    memset(&state, 0, sizeof state);
    state.struct_size = sizeof state;
    AC_CHECK_OK(ac_timing_chain_evaluate(chain, count, parent_s, &state));
    return state;
}

/* Progress (before easing) of `timing` at parent time `t`; also checks it is in effect. */
#define EXPECT_PROGRESS(timing, t, expected)                                              \
    do {                                                                                  \
        ac_timing_state s_ = evaluate(&(timing), (t));                                    \
        int ok_ = AC_CHECK_EQ_INT(s_.in_effect, 1);                                       \
        ok_ &= AC_CHECK_NEAR(s_.progress, (expected), TOL);                               \
        if (!ok_) printf("    at parent time %.17g\n", (double)(t));                      \
    } while (0)

/* Not in effect at parent time `t`: no progress, no iteration time. */
#define EXPECT_NO_EFFECT(timing, t)                                                       \
    do {                                                                                  \
        ac_timing_state s_ = evaluate(&(timing), (t));                                    \
        int ok_ = AC_CHECK_EQ_INT(s_.in_effect, 0);                                       \
        ok_ &= AC_CHECK_NAN(s_.progress);                                                 \
        ok_ &= AC_CHECK_NAN(s_.iteration_time_s);                                         \
        ok_ &= AC_CHECK_NAN(s_.current_iteration);                                        \
        if (!ok_) printf("    at parent time %.17g\n", (double)(t));                      \
    } while (0)

#define EXPECT_PHASE(timing, t, phase_)                                                   \
    do {                                                                                  \
        if (!AC_CHECK_EQ_INT(evaluate(&(timing), (t)).phase, (phase_)))                   \
            printf("    at parent time %.17g\n", (double)(t));                            \
    } while (0)

static void test_defaults(void) {
    ac_timing timing;
    memset(&timing, 0xAB, sizeof timing); /* every field must be written */
    AC_CHECK_OK(ac_timing_init_animation(&timing));
    AC_CHECK_EQ_INT(timing.struct_size, sizeof(ac_timing));
    AC_CHECK_EQ_INT(timing.fill_mode, AC_FILL_REMOVED);
    AC_CHECK_EQ_DOUBLE(timing.begin_time_s, 0.0);
    AC_CHECK_EQ_DOUBLE(timing.duration_s, 0.0);
    AC_CHECK_EQ_DOUBLE(timing.speed, 1.0);
    AC_CHECK_EQ_DOUBLE(timing.time_offset_s, 0.0);
    AC_CHECK_EQ_DOUBLE(timing.repeat_count, 0.0);
    AC_CHECK_EQ_DOUBLE(timing.repeat_duration_s, 0.0);
    AC_CHECK_EQ_INT(timing.autoreverses, 0);
    AC_CHECK_EQ_INT(timing.reserved, 0);
    AC_CHECK_OK(ac_timing_validate(&timing));

    memset(&timing, 0xCD, sizeof timing);
    AC_CHECK_OK(ac_timing_init_layer(&timing));
    AC_CHECK_EQ_INT(timing.struct_size, sizeof(ac_timing));
    AC_CHECK_EQ_INT(timing.fill_mode, AC_FILL_REMOVED);
    AC_CHECK_EQ_DOUBLE(timing.begin_time_s, 0.0);
    AC_CHECK(isinf(timing.duration_s) && timing.duration_s > 0);
    AC_CHECK_EQ_DOUBLE(timing.speed, 1.0);
    AC_CHECK_EQ_DOUBLE(timing.time_offset_s, 0.0);
    AC_CHECK_EQ_DOUBLE(timing.repeat_count, 0.0);
    AC_CHECK_EQ_DOUBLE(timing.repeat_duration_s, 0.0);
    AC_CHECK_EQ_INT(timing.autoreverses, 0);
    AC_CHECK_EQ_INT(timing.reserved, 0);
    AC_CHECK_OK(ac_timing_validate(&timing));

    /* A default layer is always active from its begin: local time = parent time. */
    ac_timing_state s = evaluate(&timing, 12.5);
    AC_CHECK_EQ_INT(s.struct_size, sizeof(ac_timing_state));
    AC_CHECK_EQ_INT(s.phase, AC_PHASE_ACTIVE);
    AC_CHECK_EQ_DOUBLE(s.local_time_s, 12.5);
    AC_CHECK_EQ_DOUBLE(s.iteration_time_s, 12.5);
    AC_CHECK_EQ_DOUBLE(s.active_duration_s, INFINITY);
    AC_CHECK_EQ_DOUBLE(s.end_time_s, INFINITY);
}

/* T1–T15: animations on a layer with default timing (parent time = e + beginTime). */
static void test_reference_t1_to_t15(void) {
    /* T1: d 1.5, e 0.75 -> p 0.5; ends at 1.5. */
    ac_timing t = animation(1.5);
    EXPECT_PROGRESS(t, 0.75, 0.5);
    ac_timing_state s = evaluate(&t, 0.75);
    AC_CHECK_EQ_INT(s.phase, AC_PHASE_ACTIVE);
    AC_CHECK_EQ_INT(s.reversed, 0);
    AC_CHECK_NEAR(s.iteration_time_s, 0.75, TOL);
    AC_CHECK_EQ_DOUBLE(s.current_iteration, 0.0);
    AC_CHECK_EQ_DOUBLE(s.active_duration_s, 1.5);
    AC_CHECK_EQ_DOUBLE(s.end_time_s, 1.5);
    EXPECT_PHASE(t, 1.4999, AC_PHASE_ACTIVE);
    EXPECT_PHASE(t, 1.5, AC_PHASE_AFTER);
    EXPECT_NO_EFFECT(t, 1.5);

    /* T2: d 1.5, begin 1 (now + 1), e -0.5: removed -> no effect; backwards -> p 0. */
    t = animation(1.5);
    t.begin_time_s = 1.0;
    EXPECT_PHASE(t, 0.5, AC_PHASE_BEFORE);
    EXPECT_NO_EFFECT(t, 0.5);
    t.fill_mode = AC_FILL_BACKWARDS;
    EXPECT_PROGRESS(t, 0.5, 0.0);
    AC_CHECK_EQ_INT(evaluate(&t, 0.5).phase, AC_PHASE_BEFORE);

    /* T3: d 1.5 autoreverses, e 2.25 -> p 0.5 on the reverse leg; 3 s in all; then nothing. */
    t = animation(1.5);
    t.autoreverses = 1;
    EXPECT_PROGRESS(t, 2.25, 0.5);
    s = evaluate(&t, 2.25);
    AC_CHECK_EQ_INT(s.reversed, 1);
    AC_CHECK_EQ_DOUBLE(s.active_duration_s, 3.0);
    AC_CHECK_EQ_DOUBLE(s.end_time_s, 3.0);
    EXPECT_NO_EFFECT(t, 3.0);

    /* T4: d 1.5, repeatCount 2, e 1.8 -> p 0.2; ends at 3.0; forwards fill at the end: p 1. */
    t = animation(1.5);
    t.repeat_count = 2;
    EXPECT_PROGRESS(t, 1.8, 0.2);
    AC_CHECK_EQ_DOUBLE(evaluate(&t, 1.8).current_iteration, 1.0);
    AC_CHECK_EQ_DOUBLE(evaluate(&t, 1.8).end_time_s, 3.0);
    t.fill_mode = AC_FILL_FORWARDS;
    EXPECT_PROGRESS(t, 3.0, 1.0);
    AC_CHECK_EQ_DOUBLE(evaluate(&t, 3.0).current_iteration, 1.0); /* still the last cycle */
    AC_CHECK_NEAR(evaluate(&t, 3.0).iteration_time_s, 1.5, TOL);

    /* T5: d 2, repeatCount 1.5, e 2.5 -> p 0.25; ends at 3.0; forwards fill holds 0.5. */
    t = animation(2.0);
    t.repeat_count = 1.5;
    EXPECT_PROGRESS(t, 2.5, 0.25);
    AC_CHECK_EQ_DOUBLE(evaluate(&t, 2.5).end_time_s, 3.0);
    EXPECT_NO_EFFECT(t, 3.0);
    t.fill_mode = AC_FILL_FORWARDS;
    EXPECT_PROGRESS(t, 3.0, 0.5);
    EXPECT_PROGRESS(t, 100.0, 0.5);

    /* T6: d 1.5, repeatDuration 2 -> ends at 2.0 at p 1/3. */
    t = animation(1.5);
    t.repeat_duration_s = 2.0;
    t.fill_mode = AC_FILL_FORWARDS;
    AC_CHECK_EQ_DOUBLE(evaluate(&t, 0).end_time_s, 2.0);
    AC_CHECK_EQ_DOUBLE(evaluate(&t, 0).active_duration_s, 2.0);
    EXPECT_PHASE(t, 2.0, AC_PHASE_AFTER);
    EXPECT_PROGRESS(t, 2.0, 1.0 / 3.0);

    /* T7: d 1.5, repeatDuration 1 -> ends early at 1.0 at p 2/3. */
    t = animation(1.5);
    t.repeat_duration_s = 1.0;
    t.fill_mode = AC_FILL_FORWARDS;
    AC_CHECK_EQ_DOUBLE(evaluate(&t, 0).end_time_s, 1.0);
    EXPECT_PHASE(t, 1.0, AC_PHASE_AFTER);
    EXPECT_PROGRESS(t, 1.0, 2.0 / 3.0);

    /* T8: d 1, autoreverses, repeatCount 2: AD 4; 2.25 -> 0.25 forward; 3.5 -> 0.5 back; end 0. */
    t = animation(1.0);
    t.autoreverses = 1;
    t.repeat_count = 2;
    t.fill_mode = AC_FILL_FORWARDS;
    AC_CHECK_EQ_DOUBLE(evaluate(&t, 0).active_duration_s, 4.0);
    EXPECT_PROGRESS(t, 2.25, 0.25);
    AC_CHECK_EQ_INT(evaluate(&t, 2.25).reversed, 0);
    AC_CHECK_EQ_DOUBLE(evaluate(&t, 2.25).current_iteration, 1.0);
    EXPECT_PROGRESS(t, 3.5, 0.5);
    AC_CHECK_EQ_INT(evaluate(&t, 3.5).reversed, 1);
    EXPECT_PROGRESS(t, 4.0, 0.0);
    AC_CHECK_EQ_INT(evaluate(&t, 4.0).reversed, 1);

    /* T9: d 0.5, repeatCount 2.5, autoreverses: legs f,b,f,b,f; ends at 2.5 at p 1. */
    t = animation(0.5);
    t.autoreverses = 1;
    t.repeat_count = 2.5;
    t.fill_mode = AC_FILL_FORWARDS;
    AC_CHECK_EQ_DOUBLE(evaluate(&t, 0).end_time_s, 2.5);
    for (int leg = 0; leg < 5; leg++) {
        double mid = leg * 0.5 + 0.125; /* a quarter into each leg */
        EXPECT_PROGRESS(t, mid, leg % 2 ? 0.75 : 0.25);
        AC_CHECK_EQ_INT(evaluate(&t, mid).reversed, leg % 2);
    }
    EXPECT_PROGRESS(t, 2.5, 1.0);
    AC_CHECK_EQ_INT(evaluate(&t, 2.5).reversed, 0);

    /* T10: d 3, speed 2, e 0.75 -> p 0.5; ends at 1.5. */
    t = animation(3.0);
    t.speed = 2.0;
    EXPECT_PROGRESS(t, 0.75, 0.5);
    AC_CHECK_EQ_DOUBLE(evaluate(&t, 0.75).end_time_s, 1.5);
    AC_CHECK_EQ_DOUBLE(evaluate(&t, 0.75).active_duration_s, 3.0); /* local seconds */
    EXPECT_PHASE(t, 1.5, AC_PHASE_AFTER);

    /* T11: d 1.5, speed -1, offset 0, e 0.5 -> p 2/3 (end to start over 1.5 s); end -> p 0. */
    t = animation(1.5);
    t.speed = -1.0;
    EXPECT_PROGRESS(t, 0.5, 2.0 / 3.0);
    EXPECT_PROGRESS(t, 1.0, 1.0 / 3.0);
    s = evaluate(&t, 0.5);
    AC_CHECK_EQ_DOUBLE(s.local_time_s, -0.5);
    AC_CHECK_EQ_DOUBLE(s.current_iteration, -1.0);
    AC_CHECK_EQ_DOUBLE(s.end_time_s, 1.5);
    EXPECT_NO_EFFECT(t, 1.5);
    t.fill_mode = AC_FILL_FORWARDS;
    EXPECT_PROGRESS(t, 1.5, 0.0);

    /* T12: d 2, begin 20, speed -1, offset 2: p 0.5 at 21; finished at 22 (p 0 held). */
    t = animation(2.0);
    t.begin_time_s = 20.0;
    t.speed = -1.0;
    t.time_offset_s = 2.0;
    EXPECT_PROGRESS(t, 21.0, 0.5);
    EXPECT_PHASE(t, 22.0, AC_PHASE_AFTER);
    EXPECT_NO_EFFECT(t, 22.0);
    t.fill_mode = AC_FILL_FORWARDS;
    EXPECT_PROGRESS(t, 22.0, 0.0);

    /* T13: d 3, offset 1: e 0, 1.9, 2.5 -> 1/3, 0.9667, 0.1667; visible 3 s; fill holds 1/3. */
    t = animation(3.0);
    t.time_offset_s = 1.0;
    EXPECT_PROGRESS(t, 0.0, 1.0 / 3.0);
    EXPECT_PROGRESS(t, 1.9, 2.9 / 3.0);
    EXPECT_PROGRESS(t, 2.5, 0.5 / 3.0);
    AC_CHECK_EQ_DOUBLE(evaluate(&t, 0).end_time_s, 3.0);
    EXPECT_PHASE(t, 2.999, AC_PHASE_ACTIVE);
    EXPECT_NO_EFFECT(t, 3.0);
    t.fill_mode = AC_FILL_FORWARDS;
    EXPECT_PROGRESS(t, 3.0, 1.0 / 3.0);

    /* T14: d 1, offset 0.5, speed 2: e 0, 0.2, 0.3, 0.45 -> 0.5, 0.9, 0.1, 0.4; lasts 0.5 s;
     * a forwards fill holds 0.5. */
    t = animation(1.0);
    t.time_offset_s = 0.5;
    t.speed = 2.0;
    t.fill_mode = AC_FILL_FORWARDS;
    EXPECT_PROGRESS(t, 0.0, 0.5);
    EXPECT_PROGRESS(t, 0.2, 0.9);
    EXPECT_PROGRESS(t, 0.3, 0.1);
    EXPECT_PROGRESS(t, 0.45, 0.4);
    AC_CHECK_EQ_DOUBLE(evaluate(&t, 0).end_time_s, 0.5);
    EXPECT_PHASE(t, 0.5, AC_PHASE_AFTER);
    EXPECT_PROGRESS(t, 0.5, 0.5);
    EXPECT_PROGRESS(t, 7.0, 0.5);

    /* T15: d 1.5, beginTime -0.5, evaluated at parent time 0 (e 0.5) -> p 1/3; ends 1 s later. */
    t = animation(1.5);
    t.begin_time_s = -0.5;
    EXPECT_PROGRESS(t, 0.0, 1.0 / 3.0);
    AC_CHECK_EQ_DOUBLE(evaluate(&t, 0.0).end_time_s, 1.0);
}

/* T16–T19: layer time spaces above an animation. */
static void test_reference_t16_to_t19(void) {
    /* T16: layer speed 0, offset 0.3; animation d 1 begin 0 -> p 0.3 at any wall time. */
    ac_timing paused = layer(0, 0, 0.3);
    ac_timing t = animation(1.0);
    const double walls[] = {-50.0, 0.0, 1.0, 1234.5, 1e9};
    for (size_t i = 0; i < sizeof walls / sizeof walls[0]; i++) {
        double local = NAN;
        AC_CHECK_OK(ac_time_chain_to_local(&paused, 1, walls[i], &local));
        AC_CHECK_EQ_DOUBLE(local, 0.3);
        EXPECT_PROGRESS(t, local, 0.3);
    }

    /* T17: pause at media 100, resume at 105 -> local 100 at 105 and 101 at 106. */
    ac_timing running = layer(0, 1, 0);
    double p = NAN;
    AC_CHECK_OK(ac_time_chain_to_local(&running, 1, 100.0, &p));
    AC_CHECK_EQ_DOUBLE(p, 100.0);
    paused = layer(0, 0, p); /* speed := 0, offset := p */
    double local = NAN;
    AC_CHECK_OK(ac_time_chain_to_local(&paused, 1, 103.0, &local));
    AC_CHECK_EQ_DOUBLE(local, 100.0);
    /* Resume: speed 1, offset 0, begin 0, then begin := convertTime(105, from nil) - p. */
    ac_timing resumed = layer(0, 1, 0);
    double now_local = NAN;
    AC_CHECK_OK(ac_time_chain_to_local(&resumed, 1, 105.0, &now_local));
    resumed.begin_time_s = now_local - paused.time_offset_s;
    AC_CHECK_EQ_DOUBLE(resumed.begin_time_s, 5.0);
    AC_CHECK_OK(ac_time_chain_to_local(&resumed, 1, 105.0, &local));
    AC_CHECK_EQ_DOUBLE(local, 100.0);
    AC_CHECK_OK(ac_time_chain_to_local(&resumed, 1, 106.0, &local));
    AC_CHECK_EQ_DOUBLE(local, 101.0);

    /* T18: superlayer speed 2, layer speed 1.5, animation d 3 -> done after 1.0 s of media. */
    ac_timing chain[2] = {layer(0, 2, 0), layer(0, 1.5, 0)};
    t = animation(3.0);
    double end_media = NAN;
    AC_CHECK_OK(ac_time_chain_to_absolute(chain, 2, evaluate(&t, 0).end_time_s, &end_media));
    AC_CHECK_NEAR(end_media, 1.0, TOL);
    AC_CHECK_OK(ac_time_chain_to_local(chain, 2, 0.5, &local));
    EXPECT_PROGRESS(t, local, 0.5);
    AC_CHECK_OK(ac_time_chain_to_local(chain, 2, 1.0, &local));
    EXPECT_PHASE(t, local, AC_PHASE_AFTER);

    /* T19: a 10 s animation on a speed-2 layer takes 5 s; under a speed-2 superlayer 2.5 s. */
    t = animation(10.0);
    ac_timing one = layer(0, 2, 0);
    AC_CHECK_OK(ac_time_chain_to_absolute(&one, 1, evaluate(&t, 0).end_time_s, &end_media));
    AC_CHECK_NEAR(end_media, 5.0, TOL);
    ac_timing two[2] = {layer(0, 2, 0), layer(0, 2, 0)};
    AC_CHECK_OK(ac_time_chain_to_absolute(two, 2, evaluate(&t, 0).end_time_s, &end_media));
    AC_CHECK_NEAR(end_media, 2.5, TOL);
}

static void test_zero_and_infinite_duration(void) {
    /* Duration 0: a zero-length interval at begin; before it p 0, from it on the end state. */
    ac_timing t = animation(0.0);
    t.begin_time_s = 1.0;
    ac_timing_state s = evaluate(&t, 0.0);
    AC_CHECK_EQ_DOUBLE(s.active_duration_s, 0.0);
    AC_CHECK_EQ_DOUBLE(s.end_time_s, 1.0);
    EXPECT_PHASE(t, 0.5, AC_PHASE_BEFORE);
    EXPECT_PHASE(t, 1.0, AC_PHASE_AFTER);
    EXPECT_NO_EFFECT(t, 0.5);
    EXPECT_NO_EFFECT(t, 1.0);
    t.fill_mode = AC_FILL_BOTH;
    EXPECT_PROGRESS(t, 0.5, 0.0);
    EXPECT_PROGRESS(t, 1.0, 1.0);
    EXPECT_PROGRESS(t, 5.0, 1.0);
    t.fill_mode = AC_FILL_FORWARDS;
    EXPECT_NO_EFFECT(t, 0.5);
    EXPECT_PROGRESS(t, 1.0, 1.0);
    /* An autoreversing one ends back at the start (the end of a reverse leg). */
    t.autoreverses = 1;
    EXPECT_PROGRESS(t, 1.0, 0.0);

    /* Infinite duration: active forever, progress 0, basic time = local time. */
    t = animation(INFINITY);
    t.begin_time_s = 2.0;
    s = evaluate(&t, 7.0);
    AC_CHECK_EQ_INT(s.phase, AC_PHASE_ACTIVE);
    AC_CHECK_EQ_INT(s.in_effect, 1);
    AC_CHECK_EQ_DOUBLE(s.iteration_time_s, 5.0);
    AC_CHECK_EQ_DOUBLE(s.progress, 0.0);
    AC_CHECK_EQ_DOUBLE(s.current_iteration, 0.0);
    AC_CHECK_EQ_DOUBLE(s.active_duration_s, INFINITY);
    AC_CHECK_EQ_DOUBLE(s.end_time_s, INFINITY);
    EXPECT_PHASE(t, 1e12, AC_PHASE_ACTIVE);
    EXPECT_PHASE(t, 1.0, AC_PHASE_BEFORE);
}

static void test_speed_zero_and_negative(void) {
    /* Speed 0 freezes local time at the offset, active from begin on and never ending. */
    ac_timing t = animation(1.0);
    t.speed = 0.0;
    t.time_offset_s = 0.3;
    t.begin_time_s = 2.0;
    EXPECT_PHASE(t, 1.0, AC_PHASE_BEFORE);
    EXPECT_NO_EFFECT(t, 1.0);
    EXPECT_PHASE(t, 2.0, AC_PHASE_ACTIVE);
    EXPECT_PROGRESS(t, 2.0, 0.3);
    EXPECT_PROGRESS(t, 1e6, 0.3);
    ac_timing_state s = evaluate(&t, 50.0);
    AC_CHECK_EQ_DOUBLE(s.local_time_s, 0.3);
    AC_CHECK_EQ_DOUBLE(s.end_time_s, INFINITY);
    AC_CHECK_EQ_DOUBLE(s.active_duration_s, 1.0);
    t.time_offset_s = 1.25; /* wraps like any local time */
    EXPECT_PROGRESS(t, 3.0, 0.25);
    t.fill_mode = AC_FILL_BACKWARDS;
    EXPECT_PROGRESS(t, 1.0, 0.25); /* the state at e = 0 */

    /* Speed -2 from offset 1 on a 1 s animation: plays 1 -> 0 in 0.5 s. */
    t = animation(1.0);
    t.speed = -2.0;
    t.time_offset_s = 1.0;
    EXPECT_PROGRESS(t, 0.25, 0.5);
    EXPECT_PROGRESS(t, 0.4, 0.2);
    s = evaluate(&t, 0.25);
    AC_CHECK_EQ_DOUBLE(s.local_time_s, 0.5);
    AC_CHECK_EQ_DOUBLE(s.end_time_s, 0.5);
    AC_CHECK_EQ_DOUBLE(s.active_duration_s, 1.0);
    EXPECT_PHASE(t, 0.5, AC_PHASE_AFTER);
    t.fill_mode = AC_FILL_FORWARDS;
    EXPECT_PROGRESS(t, 0.5, 0.0); /* played backwards, it ends at the start */
    EXPECT_PROGRESS(t, 9.0, 0.0);
}

/* Every fill mode, tick by tick across before, active and after. */
static void test_fill_modes_tick_by_tick(void) {
    const int modes[] = {AC_FILL_REMOVED, AC_FILL_FORWARDS, AC_FILL_BACKWARDS, AC_FILL_BOTH};
    for (int m = 0; m < 4; m++) {
        ac_timing t = animation(1.0);
        t.begin_time_s = 1.0;
        t.fill_mode = modes[m];
        int backwards = modes[m] == AC_FILL_BACKWARDS || modes[m] == AC_FILL_BOTH;
        int forwards = modes[m] == AC_FILL_FORWARDS || modes[m] == AC_FILL_BOTH;
        for (int tick = 0; tick <= 12; tick++) {
            double now = tick * 0.25;
            ac_timing_state s = evaluate(&t, now);
            int ok = AC_CHECK_EQ_DOUBLE(s.local_time_s, now - 1.0);
            if (now < 1.0) {
                ok &= AC_CHECK_EQ_INT(s.phase, AC_PHASE_BEFORE);
                ok &= AC_CHECK_EQ_INT(s.in_effect, backwards);
                ok &= backwards ? AC_CHECK_EQ_DOUBLE(s.progress, 0.0) : AC_CHECK_NAN(s.progress);
            } else if (now < 2.0) {
                ok &= AC_CHECK_EQ_INT(s.phase, AC_PHASE_ACTIVE);
                ok &= AC_CHECK_EQ_INT(s.in_effect, 1);
                ok &= AC_CHECK_EQ_DOUBLE(s.progress, now - 1.0);
            } else {
                ok &= AC_CHECK_EQ_INT(s.phase, AC_PHASE_AFTER);
                ok &= AC_CHECK_EQ_INT(s.in_effect, forwards);
                ok &= forwards ? AC_CHECK_EQ_DOUBLE(s.progress, 1.0) : AC_CHECK_NAN(s.progress);
            }
            if (!ok) printf("    fill mode %d at parent time %g\n", modes[m], now);
        }
    }
}

/* Autoreverse tick by tick: 0 -> 1 -> 0 over 2 s, the reverse leg flagged. */
static void test_autoreverses(void) {
    ac_timing t = animation(1.0);
    t.autoreverses = 1;
    t.fill_mode = AC_FILL_BOTH;
    AC_CHECK_EQ_DOUBLE(evaluate(&t, 0).active_duration_s, 2.0);
    for (int tick = -2; tick <= 10; tick++) {
        double now = tick * 0.25;
        double expected = now <= 0 ? 0.0 : now <= 1 ? now : now < 2 ? 2 - now : 0.0;
        int reversed = now > 1;
        ac_timing_state s = evaluate(&t, now);
        int ok = AC_CHECK_NEAR(s.progress, expected, TOL);
        ok &= AC_CHECK_EQ_INT(s.reversed, reversed);
        ok &= AC_CHECK_NEAR(s.iteration_time_s, expected, TOL);
        if (!ok) printf("    at parent time %g\n", now);
    }
}

static void test_repeat(void) {
    /* Fractional count below one: d 2, repeatCount 0.5 ends at 1 s holding p 0.5. */
    ac_timing t = animation(2.0);
    t.repeat_count = 0.5;
    t.fill_mode = AC_FILL_FORWARDS;
    EXPECT_PROGRESS(t, 0.5, 0.25);
    AC_CHECK_EQ_DOUBLE(evaluate(&t, 0).end_time_s, 1.0);
    EXPECT_PROGRESS(t, 1.0, 0.5);

    /* Three cycles: the iteration index counts them. */
    t = animation(1.0);
    t.repeat_count = 3;
    EXPECT_PROGRESS(t, 2.5, 0.5);
    AC_CHECK_EQ_DOUBLE(evaluate(&t, 2.5).current_iteration, 2.0);
    AC_CHECK_EQ_DOUBLE(evaluate(&t, 1.0).current_iteration, 1.0); /* a boundary starts the next */
    EXPECT_PROGRESS(t, 1.0, 0.0);

    /* Infinite count: never ends. */
    t = animation(1.0);
    t.repeat_count = INFINITY;
    ac_timing_state s = evaluate(&t, 1e6 + 0.25);
    AC_CHECK_EQ_INT(s.phase, AC_PHASE_ACTIVE);
    AC_CHECK_NEAR(s.progress, 0.25, TOL);
    AC_CHECK_EQ_DOUBLE(s.current_iteration, 1e6);
    AC_CHECK_EQ_DOUBLE(s.active_duration_s, INFINITY);
    AC_CHECK_EQ_DOUBLE(s.end_time_s, INFINITY);

    /* An autoreversing cycle is forward + back: d 1, autoreverses, e 3.5 -> cycle 1. */
    t = animation(1.0);
    t.autoreverses = 1;
    t.repeat_count = 2;
    AC_CHECK_EQ_DOUBLE(evaluate(&t, 3.5).current_iteration, 1.0);

    /* repeatDuration wins over repeatCount and is not doubled by autoreverses. */
    t = animation(1.0);
    t.repeat_count = 5;
    t.repeat_duration_s = 2.0;
    AC_CHECK_EQ_DOUBLE(evaluate(&t, 0).active_duration_s, 2.0);
    AC_CHECK_EQ_DOUBLE(evaluate(&t, 0).end_time_s, 2.0);
    t = animation(1.0);
    t.autoreverses = 1;
    t.repeat_duration_s = 1.5;
    t.fill_mode = AC_FILL_FORWARDS;
    AC_CHECK_EQ_DOUBLE(evaluate(&t, 0).active_duration_s, 1.5);
    EXPECT_PROGRESS(t, 1.25, 0.75);
    AC_CHECK_EQ_INT(evaluate(&t, 1.25).reversed, 1);
    EXPECT_PROGRESS(t, 1.5, 0.5);
    t.repeat_duration_s = INFINITY;
    AC_CHECK_EQ_DOUBLE(evaluate(&t, 0).end_time_s, INFINITY);
    EXPECT_PHASE(t, 1e9, AC_PHASE_ACTIVE);
}

static void test_time_offset(void) {
    /* A negative offset starts the play in the cycle before. */
    ac_timing t = animation(1.0);
    t.time_offset_s = -0.25;
    EXPECT_PROGRESS(t, 0.0, 0.75);
    AC_CHECK_EQ_DOUBLE(evaluate(&t, 0.0).current_iteration, -1.0);
    EXPECT_PROGRESS(t, 0.5, 0.25);
    AC_CHECK_EQ_DOUBLE(evaluate(&t, 0.5).current_iteration, 0.0);
    AC_CHECK_EQ_DOUBLE(evaluate(&t, 0).end_time_s, 1.0); /* the window does not move */

    /* An offset of several cycles wraps inside the window, repeat or not. */
    t = animation(2.0);
    t.time_offset_s = 7.0; /* 3.5 cycles */
    t.repeat_count = 2;
    EXPECT_PROGRESS(t, 0.0, 0.5);
    EXPECT_PROGRESS(t, 1.5, 0.25);
    AC_CHECK_EQ_DOUBLE(evaluate(&t, 0).end_time_s, 4.0);
    t.fill_mode = AC_FILL_FORWARDS;
    EXPECT_PROGRESS(t, 4.0, 0.5); /* holds B(AD + offset) = B(11) */
}

static void test_eased_progress(void) {
    ac_timing t = animation(1.0);
    ac_timing_function ease_in, linear, step_start;
    AC_CHECK_OK(ac_timing_function_named("easeIn", &ease_in));
    AC_CHECK_OK(ac_timing_function_named("linear", &linear));
    AC_CHECK_OK(ac_timing_function_named("step-start", &step_start));
    double p = NAN;
    AC_CHECK_OK(ac_timing_progress(&t, &ease_in, 0.5, &p));
    AC_CHECK_NEAR(p, 0.315356812573, 1e-9);
    AC_CHECK_OK(ac_timing_progress(&t, &ease_in, 0.25, &p));
    AC_CHECK_NEAR(p, 0.0934646507188, 1e-9);
    AC_CHECK_OK(ac_timing_progress(&t, NULL, 0.25, &p));
    AC_CHECK_EQ_DOUBLE(p, 0.25);
    AC_CHECK_OK(ac_timing_progress(&t, &linear, 0.25, &p));
    AC_CHECK_EQ_DOUBLE(p, 0.25);
    AC_CHECK_OK(ac_timing_progress(&t, &ease_in, 1.0, &p));
    AC_CHECK_NAN(p); /* not in effect */
    AC_CHECK_OK(ac_timing_progress(&t, NULL, -1.0, &p));
    AC_CHECK_NAN(p);
    t.fill_mode = AC_FILL_FORWARDS;
    AC_CHECK_OK(ac_timing_progress(&t, &ease_in, 1.0, &p));
    AC_CHECK_EQ_DOUBLE(p, 1.0);

    /* The reverse leg plays the forward curve backwards: f(mirrored progress). */
    t = animation(1.0);
    t.autoreverses = 1;
    AC_CHECK_OK(ac_timing_progress(&t, &ease_in, 1.5, &p));
    AC_CHECK_NEAR(p, 0.315356812573, 1e-9);
    AC_CHECK_OK(ac_timing_progress(&t, &ease_in, 1.75, &p));
    AC_CHECK_NEAR(p, 0.0934646507188, 1e-9);

    /* Steps see the before flag in the before phase: step-start shows 0 there, 1 from begin. */
    t = animation(1.0);
    t.begin_time_s = 1.0;
    t.fill_mode = AC_FILL_BACKWARDS;
    AC_CHECK_OK(ac_timing_progress(&t, &step_start, 0.5, &p));
    AC_CHECK_EQ_DOUBLE(p, 0.0);
    AC_CHECK_OK(ac_timing_progress(&t, &step_start, 1.0, &p));
    AC_CHECK_EQ_DOUBLE(p, 1.0);
}

/* Batches give exactly the per-call results, NaN where not in effect, in place too. */
static void test_progress_batch(void) {
    ac_timing t = animation(0.8);
    t.begin_time_s = 0.3;
    t.autoreverses = 1;
    t.repeat_count = 1.5;
    t.time_offset_s = 0.1;
    t.fill_mode = AC_FILL_FORWARDS;
    ac_timing_function functions[3];
    AC_CHECK_OK(ac_timing_function_named("easeInEaseOut", &functions[1]));
    AC_CHECK_OK(ac_timing_function_steps(3, AC_STEP_JUMP_BOTH, &functions[2]));
    enum { N = 64 };
    double times[N], out[N], in_place[N];
    for (int i = 0; i < N; i++) times[i] = -1.0 + i * 0.0833;
    for (int f = 0; f < 3; f++) {
        const ac_timing_function *function = f == 0 ? NULL : &functions[f];
        memcpy(in_place, times, sizeof times);
        AC_CHECK_OK(ac_timing_progress_batch(&t, function, times, N, out, N));
        AC_CHECK_OK(ac_timing_progress_batch(&t, function, in_place, N, in_place, N + 10));
        int mismatches = 0;
        for (int i = 0; i < N; i++) {
            double one = NAN;
            ac_timing_progress(&t, function, times[i], &one);
            int same = (isnan(one) && isnan(out[i])) || one == out[i];
            int same_in_place = (isnan(one) && isnan(in_place[i])) || one == in_place[i];
            if (!same || !same_in_place) {
                mismatches++;
                printf("    function %d, t %.17g: single %.17g, batch %.17g, in place %.17g\n", f,
                       times[i], one, out[i], in_place[i]);
            }
        }
        AC_CHECK_EQ_INT(mismatches, 0);
    }
}

/* A parent time of 1e9 s loses nothing: begin 1e9, parent 1e9 + 0.25 -> exactly 0.25. */
static void test_large_times(void) {
    ac_timing t = animation(1.0);
    t.begin_time_s = 1e9;
    ac_timing_state s = evaluate(&t, 1e9 + 0.25);
    AC_CHECK_EQ_INT(s.phase, AC_PHASE_ACTIVE);
    AC_CHECK_EQ_DOUBLE(s.progress, 0.25);
    AC_CHECK_EQ_DOUBLE(s.local_time_s, 0.25);
    AC_CHECK_EQ_DOUBLE(s.end_time_s, 1e9 + 1.0);
    double p = NAN;
    AC_CHECK_OK(ac_timing_progress(&t, NULL, 1e9 + 0.25, &p));
    AC_CHECK_EQ_DOUBLE(p, 0.25);

    /* Repeating for ever from 0: at 1e9 + 0.25 the cycle and the fraction are both exact. */
    t = animation(1.0);
    t.repeat_count = INFINITY;
    s = evaluate(&t, 1e9 + 0.25);
    AC_CHECK_EQ_DOUBLE(s.progress, 0.25);
    AC_CHECK_EQ_DOUBLE(s.current_iteration, 1e9);
}

/* Group nesting through ac_timing_chain_evaluate. */
static void test_chain(void) {
    /* One entry: the same as ac_timing_evaluate. */
    ac_timing single = animation(2.0);
    ac_timing_state a = evaluate_chain(&single, 1, 0.5);
    ac_timing_state b = evaluate(&single, 0.5);
    AC_CHECK_EQ_INT(a.phase, b.phase);
    AC_CHECK_EQ_DOUBLE(a.progress, b.progress);
    AC_CHECK_EQ_DOUBLE(a.end_time_s, b.end_time_s);

    /* T24: group d 5 (fill forwards) with a child d 10: the child is at 0.5 at the group's end. */
    ac_timing chain[2] = {animation(5.0), animation(10.0)};
    chain[0].fill_mode = AC_FILL_FORWARDS;
    ac_timing_state s = evaluate_chain(chain, 2, 2.5);
    AC_CHECK_EQ_INT(s.in_effect, 1);
    AC_CHECK_NEAR(s.progress, 0.25, TOL);
    s = evaluate_chain(chain, 2, 5.0);
    AC_CHECK_EQ_INT(s.in_effect, 1);
    AC_CHECK_NEAR(s.progress, 0.5, TOL);
    AC_CHECK_NEAR(s.iteration_time_s, 5.0, TOL);
    s = evaluate_chain(chain, 2, 8.0); /* the group holds its end */
    AC_CHECK_NEAR(s.progress, 0.5, TOL);
    /* Without the group's fill, nothing after its end. */
    chain[0].fill_mode = AC_FILL_REMOVED;
    s = evaluate_chain(chain, 2, 5.0);
    AC_CHECK_EQ_INT(s.in_effect, 0);
    AC_CHECK_NAN(s.progress);
    s = evaluate_chain(chain, 2, -1.0); /* nor before its begin */
    AC_CHECK_EQ_INT(s.in_effect, 0);

    /* T25: group speed 2 with a child speed 1.5, d 3: active until group-parent time 1 s. */
    chain[0] = animation(10.0);
    chain[0].speed = 2.0;
    chain[1] = animation(3.0);
    chain[1].speed = 1.5;
    s = evaluate_chain(chain, 2, 0.5);
    AC_CHECK_EQ_INT(s.phase, AC_PHASE_ACTIVE);
    AC_CHECK_NEAR(s.progress, 0.5, TOL);
    s = evaluate_chain(chain, 2, 0.999);
    AC_CHECK_EQ_INT(s.phase, AC_PHASE_ACTIVE);
    AC_CHECK_EQ_INT(s.in_effect, 1);
    s = evaluate_chain(chain, 2, 1.0);
    AC_CHECK_EQ_INT(s.phase, AC_PHASE_AFTER);
    AC_CHECK_EQ_INT(s.in_effect, 0);
    s = evaluate_chain(chain, 2, 3.0);
    AC_CHECK_EQ_INT(s.phase, AC_PHASE_AFTER);

    /* Three levels: the innermost runs in its parent's iteration time (after its repeat). */
    ac_timing three[3] = {animation(4.0), animation(1.0), animation(0.5)};
    three[1].repeat_count = 4; /* cycles of 1 s: parent time 2.25 -> iteration time 0.25 */
    s = evaluate_chain(three, 3, 2.25);
    AC_CHECK_NEAR(s.progress, 0.5, TOL);
}

static void test_clock(void) {
    double first = ac_current_media_time();
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    double mine = (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
    double second = ac_current_media_time();
    AC_CHECK(isfinite(first));
    AC_CHECK(second >= first);
    AC_CHECK_NEAR(first, mine, 0.5); /* the same clock as CLOCK_MONOTONIC */
    double previous = second;
    int backwards = 0;
    for (int i = 0; i < 10000; i++) {
        double now = ac_current_media_time();
        if (now < previous) backwards++;
        previous = now;
    }
    AC_CHECK_EQ_INT(backwards, 0);
}

int main(void) {
    test_defaults();
    test_reference_t1_to_t15();
    test_reference_t16_to_t19();
    test_zero_and_infinite_duration();
    test_speed_zero_and_negative();
    test_fill_modes_tick_by_tick();
    test_autoreverses();
    test_repeat();
    test_time_offset();
    test_eased_progress();
    test_progress_batch();
    test_large_times();
    test_chain();
    test_clock();
    return ac_test_finish();
}
