/*
 * Display: class and delegate display callbacks, needs-display properties (set to a new value,
 * or animating: every tick while the animation runs), setNeedsDisplay, needsDisplayOnBoundsChange,
 * never at creation, never for a value set to what it already was; registrations and their
 * destroy functions; and calls into the API from inside display and did-stop callbacks.
 */
#include "ac_engine_test.h"

/* A class with a needs-display scalar `time` (animatable), a needs-display integer `label`
   (not animatable, so a change never runs an implicit animation) and a plain scalar `weight`. */
static ac_class clock_class(ac_engine *engine, counters *c) {
    ac_value zero = ac_value_scalar(0), none = ac_value_integer(0);
    ac_property_desc props[3];
    ac_class clock = 0;
    ac_property_desc_init(&props[0], "time", &zero);
    props[0].needs_display = 1;
    ac_property_desc_init(&props[1], "label", &none);
    props[1].needs_display = 1;
    props[1].animatable = 0;
    ac_property_desc_init(&props[2], "weight", &zero);
    AC_CHECK_OK(ac_class_create(engine, "Clock", 0, props, 3, &clock));
    if (c != NULL) AC_CHECK_OK(ac_class_set_display(engine, clock, count_display, c, count_destroy));
    return clock;
}

static int32_t needs_display(ac_engine *engine, ac_layer layer) {
    int32_t needs = -1;
    AC_CHECK_OK(ac_layer_needs_display(engine, layer, &needs));
    return needs;
}

static void test_class_display(void) {
    ac_engine *engine = new_engine();
    counters c = {0};
    ac_class clock = clock_class(engine, &c);
    ac_layer layer = new_layer(engine, clock), other = new_layer(engine, clock);
    int k;

    /* Never at creation. */
    tick(engine, frame_time(0));
    tick(engine, frame_time(1));
    AC_CHECK_EQ_INT(c.display, 0);

    /* A needs-display property set to a new value: one display at the next tick. */
    set_value(engine, layer, "label", ac_value_integer(3));
    AC_CHECK_EQ_INT(needs_display(engine, layer), 1);
    AC_CHECK_EQ_INT(needs_display(engine, other), 0);
    AC_CHECK_EQ_INT(c.display, 0);
    tick(engine, frame_time(2));
    AC_CHECK_EQ_INT(c.display, 1);
    AC_CHECK_EQ_INT(c.last_layer, layer);
    AC_CHECK_EQ_INT(needs_display(engine, layer), 0);
    tick(engine, frame_time(3));
    AC_CHECK_EQ_INT(c.display, 1);

    /* Set to what it already was: nothing. */
    set_value(engine, layer, "label", ac_value_integer(3));
    AC_CHECK_EQ_INT(needs_display(engine, layer), 0);
    tick(engine, frame_time(4));
    AC_CHECK_EQ_INT(c.display, 1);

    /* Properties that are not needs-display, undeclared keys: nothing. */
    set_scalar(engine, layer, "weight", 5);
    set_scalar(engine, layer, "opacity", 0.5);
    set_value(engine, layer, "tag", ac_value_integer(1));
    for (k = 5; k < 30; ++k) tick(engine, frame_time(k));
    AC_CHECK_EQ_INT(c.display, 1);

    /* Several changes before a tick: one display. */
    set_value(engine, layer, "label", ac_value_integer(4));
    set_value(engine, layer, "label", ac_value_integer(5));
    AC_CHECK_OK(ac_layer_set_needs_display(engine, layer));
    tick(engine, frame_time(30));
    AC_CHECK_EQ_INT(c.display, 2);

    /* setNeedsDisplay alone. */
    AC_CHECK_OK(ac_layer_set_needs_display(engine, other));
    AC_CHECK_EQ_INT(needs_display(engine, other), 1);
    tick(engine, frame_time(31));
    AC_CHECK_EQ_INT(c.display, 3);
    AC_CHECK_EQ_INT(c.last_layer, other);
    tick(engine, frame_time(32));
    AC_CHECK_EQ_INT(c.display, 3);

    /* A layer of a class without a display callback: marked, cleared, nothing called. */
    {
        ac_layer plain = new_layer(engine, 0);
        AC_CHECK_OK(ac_layer_set_needs_display(engine, plain));
        tick(engine, frame_time(33));
        AC_CHECK_EQ_INT(needs_display(engine, plain), 0);
        AC_CHECK_EQ_INT(c.display, 3);
    }
    /* A released layer never displays. */
    AC_CHECK_OK(ac_layer_set_needs_display(engine, other));
    AC_CHECK_OK(ac_layer_release(engine, other));
    tick(engine, frame_time(34));
    AC_CHECK_EQ_INT(c.display, 3);

    EXPECT_ERROR(ac_layer_set_needs_display(engine, other), AC_ERR_BAD_HANDLE, "layer");
    EXPECT_ERROR(ac_layer_needs_display(engine, layer, NULL), AC_ERR_NULL_POINTER, "out_needs_display");
    AC_CHECK_EQ_INT(c.destroyed, 0);
    AC_CHECK_OK(ac_engine_destroy(engine));
    AC_CHECK_EQ_INT(c.destroyed, 1);
}

static void test_bounds_change(void) {
    ac_engine *engine = new_engine();
    counters c = {0};
    ac_class clock = clock_class(engine, &c);
    ac_layer still = new_layer(engine, clock), redraws = new_layer(engine, clock);

    /* Before the first commit no change runs an action: one display each at most. */
    set_value(engine, redraws, "needsDisplayOnBoundsChange", ac_value_bool(1));
    set_value(engine, still, "bounds", ac_value_rect(0, 0, 10, 10));
    set_value(engine, redraws, "bounds", ac_value_rect(0, 0, 10, 10));
    AC_CHECK_EQ_INT(needs_display(engine, still), 0);
    AC_CHECK_EQ_INT(needs_display(engine, redraws), 1);
    tick(engine, frame_time(0));
    AC_CHECK_EQ_INT(c.display, 1);
    AC_CHECK_EQ_INT(c.last_layer, redraws);
    /* The frame sets the bounds too; position alone does not. */
    set_value(engine, redraws, "position", ac_value_point(5, 5));
    AC_CHECK_EQ_INT(needs_display(engine, redraws), 0);
    set_value(engine, redraws, "frame", ac_value_rect(0, 0, 20, 20));
    AC_CHECK_EQ_INT(needs_display(engine, redraws), 1);
    tick(engine, frame_time(1));
    AC_CHECK(c.display >= 2);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* Every tick while a needs-display property animates, and the tick it ends. */
static double seen[64];
static int seen_count;

static void record_time(ac_engine *engine, ac_layer layer, void *user_data) {
    double value = NAN;
    (void)user_data;
    AC_CHECK_OK(ac_layer_get_presentation_scalar(engine, layer, key_of(engine, "time"), &value));
    if (seen_count < 64) seen[seen_count] = value;
    seen_count++;
}

static void test_display_while_animating(void) {
    ac_engine *engine = new_engine();
    ac_class clock = clock_class(engine, NULL);
    ac_layer layer = new_layer(engine, clock);
    ac_animation a = scalar_animation(engine, "time", 1, 0, 1, 1, 0, 0, 0.51);
    int k;

    AC_CHECK_OK(ac_class_set_display(engine, clock, record_time, NULL, NULL));
    seen_count = 0;
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, a, "time"));
    /* Frames 0...30 are inside (e < 0.51), frame 31 ends it. */
    for (k = 0; k <= 40; ++k) {
        tick(engine, frame_time(k));
        if (!AC_CHECK_EQ_INT(seen_count, k <= 31 ? k + 1 : 32)) {
            printf("    frame %d\n", k);
            break;
        }
        if (k <= 30) AC_CHECK_NEAR(seen[k], (k / 60.0) / 0.51, 1e-9);
    }
    AC_CHECK_EQ_DOUBLE(seen[31], 0); /* removed: the model again */
    /* An animation of a property that is not needs-display: no display. */
    seen_count = 0;
    {
        ac_animation w = scalar_animation(engine, "weight", 1, 0, 1, 1, 0, 0, 0.5);
        AC_CHECK_OK(ac_layer_add_animation(engine, layer, w, "w"));
        for (k = 41; k <= 80; ++k) tick(engine, frame_time(k));
        AC_CHECK_EQ_INT(seen_count, 0);
    }
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static void test_delegates(void) {
    ac_engine *engine = new_engine();
    counters by_class = {0}, first = {0}, second = {0}, silent = {0};
    ac_class clock = clock_class(engine, &by_class);
    ac_layer layer = new_layer(engine, clock);
    ac_layer_delegate delegate;

    ac_layer_delegate_init(&delegate);
    delegate.display = count_display;
    delegate.user_data = &first;
    delegate.destroy = count_destroy;
    AC_CHECK_OK(ac_layer_set_delegate(engine, layer, &delegate));
    AC_CHECK_OK(ac_layer_set_needs_display(engine, layer));
    tick(engine, 1);
    AC_CHECK_EQ_INT(first.display, 1);
    AC_CHECK_EQ_INT(by_class.display, 0);

    /* Replacing ends the first registration, once. */
    delegate.user_data = &second;
    AC_CHECK_OK(ac_layer_set_delegate(engine, layer, &delegate));
    AC_CHECK_EQ_INT(first.destroyed, 1);
    AC_CHECK_OK(ac_layer_set_needs_display(engine, layer));
    tick(engine, 2);
    AC_CHECK_EQ_INT(second.display, 1);
    AC_CHECK_EQ_INT(first.display, 1);

    /* A delegate without display: the class's display again; its destroy runs at once. */
    delegate.display = NULL;
    delegate.user_data = &silent;
    AC_CHECK_OK(ac_layer_set_delegate(engine, layer, &delegate));
    AC_CHECK_EQ_INT(second.destroyed, 1);
    AC_CHECK_EQ_INT(silent.destroyed, 1);
    AC_CHECK_OK(ac_layer_set_needs_display(engine, layer));
    tick(engine, 3);
    AC_CHECK_EQ_INT(by_class.display, 1);

    /* NULL removes; a failed call never calls destroy. */
    delegate.display = count_display;
    delegate.user_data = &first;
    AC_CHECK_OK(ac_layer_set_delegate(engine, layer, &delegate));
    AC_CHECK_OK(ac_layer_set_delegate(engine, layer, NULL));
    AC_CHECK_EQ_INT(first.destroyed, 2);
    EXPECT_ERROR(ac_layer_set_delegate(engine, 0, &delegate), AC_ERR_BAD_HANDLE, "layer");
    AC_CHECK_EQ_INT(first.destroyed, 2);
    delegate.struct_size = 4;
    EXPECT_ERROR(ac_layer_set_delegate(engine, layer, &delegate), AC_ERR_BAD_STRUCT_SIZE, "delegate->struct_size");
    ac_layer_delegate_init(&delegate);
    delegate.reserved = 9;
    EXPECT_ERROR(ac_layer_set_delegate(engine, layer, &delegate), AC_ERR_INVALID_ARGUMENT, "delegate->reserved");

    /* The layer's destruction ends its delegate. */
    ac_layer_delegate_init(&delegate);
    delegate.display = count_display;
    delegate.user_data = &second;
    delegate.destroy = count_destroy;
    AC_CHECK_OK(ac_layer_set_delegate(engine, layer, &delegate));
    AC_CHECK_OK(ac_layer_release(engine, layer));
    AC_CHECK_EQ_INT(second.destroyed, 2);
    AC_CHECK_OK(ac_engine_destroy(engine));
    AC_CHECK_EQ_INT(first.destroyed, 2);
    AC_CHECK_EQ_INT(by_class.destroyed, 1);
}

static void test_class_registrations(void) {
    ac_engine *engine = new_engine();
    counters one = {0}, two = {0}, three = {0};
    ac_class clock = clock_class(engine, &one), early = 0, late = 0;
    ac_layer a, b, c;

    AC_CHECK_OK(ac_class_create(engine, "Early", clock, NULL, 0, &early));
    AC_CHECK_OK(ac_class_set_display(engine, clock, count_display, &two, count_destroy));
    AC_CHECK_EQ_INT(one.destroyed, 0); /* Early still holds the first registration */
    AC_CHECK_OK(ac_class_create(engine, "Late", clock, NULL, 0, &late));
    a = new_layer(engine, clock);
    b = new_layer(engine, early);
    c = new_layer(engine, late);
    AC_CHECK_OK(ac_layer_set_needs_display(engine, a));
    AC_CHECK_OK(ac_layer_set_needs_display(engine, b));
    AC_CHECK_OK(ac_layer_set_needs_display(engine, c));
    tick(engine, 1);
    AC_CHECK_EQ_INT(one.display, 1); /* Early keeps the display it started with */
    AC_CHECK_EQ_INT(two.display, 2); /* Clock and Late */

    /* fn NULL: the registration ends; the destroy given runs at once. */
    AC_CHECK_OK(ac_class_set_display(engine, early, NULL, &three, count_destroy));
    AC_CHECK_EQ_INT(three.destroyed, 1);
    AC_CHECK_EQ_INT(one.destroyed, 1);
    /* A failed call never calls destroy. */
    EXPECT_ERROR(ac_class_set_display(engine, 4242, count_display, &three, count_destroy), AC_ERR_BAD_HANDLE, "layer_class");
    AC_CHECK_EQ_INT(three.destroyed, 1);
    AC_CHECK_OK(ac_engine_destroy(engine));
    AC_CHECK_EQ_INT(two.destroyed, 1);
    AC_CHECK_EQ_INT(three.destroyed, 1);
}

/* Calls into the API from inside callbacks. */
typedef struct reentry {
    ac_layer parent;
    ac_layer target;
    ac_animation animation;
    ac_layer made;
    int displays;
    int stops;
    int failures;
} reentry;

static void display_reenters(ac_engine *engine, ac_layer layer, void *user_data) {
    reentry *r = (reentry *)user_data;
    double value = 0;
    r->displays++;
    if (r->displays != 1) return;
    /* Read, make a layer and put it in the tree, animate another layer, stop another. */
    if (ac_layer_get_presentation_scalar(engine, layer, key_of(engine, "time"), &value) != AC_OK) r->failures++;
    if (ac_layer_create(engine, 0, &r->made) != AC_OK) r->failures++;
    if (ac_layer_add_sublayer(engine, r->parent, r->made) != AC_OK) r->failures++;
    if (ac_layer_release(engine, r->made) != AC_OK) r->failures++;
    if (ac_layer_add_animation(engine, r->target, r->animation, "from-display") != AC_OK) r->failures++;
    if (ac_layer_remove_animation(engine, r->target, "doomed") != AC_OK) r->failures++;
    if (ac_layer_set_scalar(engine, layer, key_of(engine, "weight"), 7) != AC_OK) r->failures++;
    /* Asking again from inside display: owed at the next tick. */
    if (ac_layer_set_needs_display(engine, layer) != AC_OK) r->failures++;
}

static void stop_chains(ac_engine *engine, ac_layer layer, const char *key, int32_t finished,
                        void *user_data) {
    reentry *r = (reentry *)user_data;
    r->stops++;
    if (!finished || key == NULL || strcmp(key, "first") != 0) return;
    /* Chain the next animation, and take a layer out of the tree. */
    if (ac_layer_add_animation(engine, layer, r->animation, "second") != AC_OK) r->failures++;
    if (ac_layer_remove_from_superlayer(engine, r->made) != AC_OK) r->failures++;
}

static void test_reentry(void) {
    ac_engine *engine = new_engine();
    reentry r;
    ac_class clock = clock_class(engine, NULL);
    ac_layer layer = new_layer(engine, clock);
    ac_animation doomed = scalar_animation(engine, "opacity", 1, 0, 1, 1, 0, 0, 10);
    ac_animation first = scalar_animation(engine, "zPosition", 1, 0, 1, 10, 0, 0, 0.21);
    ac_animation_delegate delegate;
    size_t count = 0;
    double z;
    int k;

    memset(&r, 0, sizeof r);
    r.parent = new_layer(engine, 0);
    r.target = new_layer(engine, 0);
    r.animation = scalar_animation(engine, "zPosition", 1, 100, 1, 200, 0, 0, 0.3);
    AC_CHECK_OK(ac_class_set_display(engine, clock, display_reenters, &r, NULL));
    AC_CHECK_OK(ac_layer_add_animation(engine, r.target, doomed, "doomed"));
    AC_CHECK_OK(ac_layer_set_needs_display(engine, layer));
    tick(engine, frame_time(0));
    AC_CHECK_EQ_INT(r.displays, 1);
    AC_CHECK_EQ_INT(r.failures, 0);
    EXPECT_ERROR(ac_layer_sublayers(engine, r.parent, NULL, 0, &count), AC_ERR_BUFFER_TOO_SMALL, "out_layers");
    AC_CHECK_EQ_INT(count, 1);
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, layer, "weight"), 7);
    AC_CHECK_EQ_INT(animation_count(engine, r.target), 1);
    /* The display asked again: it runs at the next tick. */
    tick(engine, frame_time(1));
    AC_CHECK_EQ_INT(r.displays, 2);
    /* The animation added from display commits at that tick and runs. */
    tick(engine, frame_time(10));
    z = presentation_scalar(engine, r.target, "zPosition");
    AC_CHECK(z > 100 && z < 200);

    /* did-stop chains a second animation and takes a layer out of the tree. */
    ac_animation_delegate_init(&delegate);
    delegate.did_stop = stop_chains;
    delegate.user_data = &r;
    AC_CHECK_OK(ac_animation_set_delegate(engine, first, &delegate));
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, first, "first"));
    /* "first" commits at frame 11 and ends at frame 24 (0.21 s); "second" then runs. */
    for (k = 11; k <= 30; ++k) tick(engine, frame_time(k));
    AC_CHECK_EQ_INT(r.failures, 0);
    AC_CHECK_EQ_INT(r.stops, 1);
    AC_CHECK_OK(ac_layer_sublayers(engine, r.parent, NULL, 0, &count));
    AC_CHECK_EQ_INT(count, 0);
    {
        ac_value v;
        AC_CHECK_STATUS(ac_layer_get_value(engine, r.made, key_of(engine, "opacity"), &v), AC_ERR_BAD_HANDLE);
        char name[16];
        size_t length = 0;
        AC_CHECK_EQ_INT(animation_count(engine, layer), 1);
        AC_CHECK_OK(ac_layer_animation_key(engine, layer, 0, name, sizeof name, &length));
        AC_CHECK_EQ_STR(name, "second");
    }
    z = presentation_scalar(engine, layer, "zPosition");
    AC_CHECK(z > 100 && z < 200);
    for (k = 31; k <= 60; ++k) tick(engine, frame_time(k));
    AC_CHECK_EQ_INT(animation_count(engine, layer), 0);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

int main(void) {
    test_class_display();
    test_bounds_change();
    test_display_while_animating();
    test_delegates();
    test_class_registrations();
    test_reentry();
    return ac_test_finish();
}
