/*
 * Seed 001's spring variant (shared/seeds/001_*.txt, "Spring animation"): the progress
 * indicator's custom `percent` animated 0 -> 100 in a spring animation block, with the
 * built-in bar's width (bounds.size.width = 3 x percent) changed in the same block. Checked
 * tick by tick at 60 fps against the spring's closed form: the presentation, and what
 * displayLayer: sees — the custom and the built-in property advancing in the same tick, never
 * a frame apart (the seed's complaint). Then a retarget in flight (100 -> 40) keeps value and
 * velocity continuous.
 */
#include "ac_spring_test.h"

typedef struct progress_view {
    ac_layer bar;
    int count;
    double time[512];
    double percent[512];
    double bar_width[512];
} progress_view;

/* displayLayer: reads the presentation percent and the bar's presentation width. */
static void progress_display(ac_engine *engine, ac_layer layer, void *user_data) {
    progress_view *view = (progress_view *)user_data;
    if (view->count < 512) {
        AC_CHECK_OK(ac_engine_current_time(engine, &view->time[view->count]));
        view->percent[view->count] = presentation_scalar(engine, layer, "percent");
        view->bar_width[view->count] = presentation_value(engine, view->bar, "bounds").v[2];
    }
    view->count++;
}

/* [UIView animateWithDuration:... usingSpringWithDamping:...] { percent = to; bar width } */
static void spring_block(ac_engine *engine, ac_layer layer, progress_view *view, const ac_spring *s, double to) {
    ac_animate_options options;
    ac_animate_options_init(&options);
    options.spring = s;
    AC_CHECK_OK(ac_animate_begin(engine, &options));
    set_scalar(engine, layer, "percent", to);
    set_scalar(engine, view->bar, "bounds.size.width", 3 * to);
    AC_CHECK_OK(ac_animate_commit(engine));
}

static void test_seed_001_spring(void) {
    ac_engine *engine = new_engine();
    ac_value zero = ac_value_scalar(0);
    ac_property_desc percent;
    ac_class layer_class = 0;
    ac_layer_delegate delegate;
    ac_layer layer;
    ac_spring s;
    progress_view *view = calloc(1, sizeof *view);
    double begin = frame_time(1), settle = 0, p_before, v_before;
    int k, index, failures, moving = 0;

    ac_property_desc_init(&percent, "percent", &zero);
    percent.needs_display = 1;
    AC_CHECK_OK(ac_class_create(engine, "SWLayer", 0, &percent, 1, &layer_class));
    layer = new_layer(engine, layer_class);
    view->bar = new_layer(engine, 0);
    set_value(engine, layer, "frame", ac_value_rect(0, 0, 300, 20));
    set_value(engine, view->bar, "bounds", ac_value_rect(0, 0, 0, 20));
    AC_CHECK_OK(ac_layer_add_sublayer(engine, layer, view->bar));
    ac_layer_delegate_init(&delegate);
    delegate.display = progress_display;
    delegate.user_data = view;
    AC_CHECK_OK(ac_layer_set_delegate(engine, layer, &delegate));
    tick(engine, frame_time(0));
    view->count = 0;

    /* A bouncy spring of perceptual duration kAnimDuration (1 s). */
    ac_spring_init(&s);
    AC_CHECK_OK(ac_spring_from_perceptual(1.0, 0.3, &s));
    AC_CHECK_OK(ac_spring_settling_duration(&s, &settle));
    spring_block(engine, layer, view, &s, 100);
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, layer, "percent"), 100.0);
    failures = ac_test_failures();
    for (k = 1; frame_time(k) - begin <= settle + 0.1; ++k) {
        double t = frame_time(k) - begin;
        double want = t < settle ? spring_value(&s, 0, 100, t, NULL) : 100;
        tick(engine, frame_time(k));
        if (t < settle) moving++;
        if (!AC_CHECK_NEAR(presentation_scalar(engine, layer, "percent"), want, 1e-7)) break;
        if (!AC_CHECK_NEAR(presentation_value(engine, view->bar, "bounds").v[2], 3 * want, 3e-7)) break;
    }
    if (ac_test_failures() != failures) printf("    spring block, frame %d\n", k);
    /* It overshoots (bounce 0.3) and settles at 100. */
    {
        double peak = 0;
        for (index = 0; index < view->count && index < 512; ++index)
            if (view->percent[index] > peak) peak = view->percent[index];
        AC_CHECK(peak > 100.5);
    }
    AC_CHECK_EQ_DOUBLE(presentation_scalar(engine, layer, "percent"), 100.0);
    /* displayLayer: ran every tick the percent moved, and saw the bar of the same tick. */
    AC_CHECK(view->count >= moving - 1 && view->count <= moving + 1);
    for (index = 0; index < view->count && index < 512; ++index) {
        double t = view->time[index] - begin;
        double want = t < settle ? spring_value(&s, 0, 100, t, NULL) : 100;
        if (!AC_CHECK_NEAR(view->percent[index], want, 1e-7)) break;
        if (!AC_CHECK_NEAR(view->bar_width[index], 3 * view->percent[index], 1e-7)) break;
    }

    /* Retarget in flight: 0 -> 100 again, then 40 at 0.3 s; no jump in value or velocity. */
    view->count = 0;
    spring_block(engine, layer, view, &s, 0);
    begin = frame_time(k);
    for (; frame_time(k) - begin < 0.3; ++k) tick(engine, frame_time(k));
    p_before = presentation_scalar(engine, layer, "percent");
    v_before = velocity_scalar(engine, layer, "percent");
    AC_CHECK(fabs(v_before) > 20);
    spring_block(engine, layer, view, &s, 40);
    begin = frame_time(k - 1); /* the carried motion continues from the last tick's value and velocity */
    failures = ac_test_failures();
    for (index = 0; index < 90; ++index, ++k) {
        double t = frame_time(k) - begin, v_want = 0, want;
        ac_spring carried = s;
        carried.initial_velocity = v_before / (40 - p_before);
        want = spring_value(&carried, p_before, 40, t, &v_want);
        tick(engine, frame_time(k));
        if (!AC_CHECK_NEAR(presentation_scalar(engine, layer, "percent"), want, 1e-6)) break;
        if (!AC_CHECK_NEAR(presentation_value(engine, view->bar, "bounds").v[2], 3 * want, 3e-6)) break;
        if (!AC_CHECK_NEAR(velocity_scalar(engine, layer, "percent"), v_want, 0.02)) break;
    }
    if (ac_test_failures() != failures) printf("    retarget, tick %d\n", index);
    AC_CHECK_OK(ac_engine_destroy(engine));
    free(view);
}

int main(void) {
    test_seed_001_spring();
    return ac_test_finish();
}
