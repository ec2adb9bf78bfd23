/*
 * Engine destroy (issue 9, defects 6 and 7, and the destroy rules of the header):
 *
 *   - every animation still attached gets its did-stop (finished = 0) and every transaction
 *     still open its completions (finished = 0), exactly once; destroy functions run once;
 *   - while destroy runs, callbacks may read, set values (no action runs: no implicit
 *     animation) and release handles, but adding an animation, beginning a transaction or an
 *     animation block, adding a completion and ticking answer AC_ERR_INVALID_STATE (defect 6:
 *     adds made by did-stop callbacks during destroy were accepted and, from the 9th round on,
 *     never stopped);
 *   - destroy from inside a display, did-start, did-stop, completion or action callback
 *     answers AC_OK (the action's own call AC_ERR_INVALID_STATE), the engine pointer is
 *     refused right after, and after it only what destroy promises runs: the did-stops and
 *     completions the tick in progress owed (once, with their own finished flag) — no display
 *     callback (defect 7: the other displays queued in the tick still ran), no did-start.
 *
 * Every animation copy is added under its own key "c<n>", so each callback tells which copy it
 * is about; a copy whose add answered AC_OK must get exactly one did-stop, any other none.
 */
#include "ac_engine_test.h"

#define MAX_COPIES 100000
#define MAX_LAYERS 32

/* ---------------------------------------------------------------------------------------- */
/* Bookkeeping of copies and callbacks                                                       */
/* ---------------------------------------------------------------------------------------- */

static unsigned char copy_added[MAX_COPIES];
static unsigned char copy_stops[MAX_COPIES];
static unsigned char copy_starts[MAX_COPIES];
static unsigned char copy_finished[MAX_COPIES]; /* stops with finished = 1 */
static unsigned char copy_depth[MAX_COPIES];
static int copy_count;

static struct {
    ac_engine *engine;
    ac_layer layers[MAX_LAYERS];
    int layer_count;
    ac_animation chain; /* the description did-stop callbacks add during destroy */
    int destroying;     /* set around ac_engine_destroy() */
    int gone;           /* set once ac_engine_destroy() has returned */
    int mode;           /* what a callback does while destroying (MODE_*) */
    /* did-stop during destroy */
    long adds_ok, adds_refused, adds_other;
    long refused_ok[8], refused_other[8]; /* per call of MODE_CALLS (see try_refused_calls) */
    long reads_failed, sets_failed, implicit_added, unknown_keys;
    long action_calls, action_calls_destroying;
    long late_starts, late_displays, starts_while_destroying;
    long displays;
    long description_destroys;
    long completion_runs[8], completion_finished[8], completion_destroys[8];
    long stray_completion_runs, stray_destroys;
    /* destroy from inside a callback */
    int destroy_in; /* which callback destroys (DESTROY_IN_*) */
    ac_status inner_destroy_status, inner_after_status;
    int inner_destroys;
    /* An animator's block begun while destroying: refused, the message naming the engine. */
    ac_animator animator;
    long animator_refused_naming_engine, animator_other;
} g;

enum { MODE_NONE, MODE_ADD, MODE_CALLS };
enum { DESTROY_IN_NONE, DESTROY_IN_DISPLAY, DESTROY_IN_START, DESTROY_IN_STOP, DESTROY_IN_COMPLETION,
       DESTROY_IN_ACTION };

static void reset(void) {
    memset(copy_added, 0, sizeof copy_added);
    memset(copy_stops, 0, sizeof copy_stops);
    memset(copy_starts, 0, sizeof copy_starts);
    memset(copy_finished, 0, sizeof copy_finished);
    memset(copy_depth, 0, sizeof copy_depth);
    copy_count = 0;
    memset(&g, 0, sizeof g);
    g.inner_destroy_status = -1;
    g.inner_after_status = -1;
}

static int copy_of_key(const char *key) {
    int n;
    if (key == NULL || key[0] != 'c') return -1;
    n = atoi(key + 1);
    return n >= 0 && n < copy_count ? n : -1;
}

static int layer_index(ac_layer layer) {
    int index;
    for (index = 0; index < g.layer_count; ++index)
        if (g.layers[index] == layer) return index;
    return -1;
}

/* Adds a copy of animation to layer under a key of its own; the status of the add. */
static ac_status add_copy(ac_engine *engine, ac_layer layer, ac_animation animation, int depth) {
    char key[32];
    int n = copy_count;
    ac_status status;
    if (n >= MAX_COPIES) return AC_ERR_OUT_OF_RANGE;
    copy_count++;
    snprintf(key, sizeof key, "c%d", n);
    copy_depth[n] = (unsigned char)depth;
    status = ac_layer_add_animation(engine, layer, animation, key);
    if (status == AC_OK) copy_added[n] = 1;
    return status;
}

/* Every copy added got exactly one did-stop, every other none, and at most one did-start;
   returns the copies that did not (printing the first few). */
static int check_copies(const char *what) {
    int n, wrong = 0;
    for (n = 0; n < copy_count; ++n) {
        if (copy_stops[n] != (copy_added[n] ? 1 : 0)) {
            if (wrong < 5)
                printf("    %s: copy c%d (added %d, depth %d) got %d did-stops\n", what, n, copy_added[n],
                       copy_depth[n], copy_stops[n]);
            ++wrong;
        }
        if (copy_starts[n] > 1) {
            if (wrong < 5) printf("    %s: copy c%d got %d did-starts\n", what, n, copy_starts[n]);
            ++wrong;
        }
    }
    return wrong;
}

static int count_finished(void) {
    int n, count = 0;
    for (n = 0; n < copy_count; ++n) count += copy_finished[n];
    return count;
}

/* ---------------------------------------------------------------------------------------- */
/* Callbacks                                                                                 */
/* ---------------------------------------------------------------------------------------- */

static void destroy_inside(ac_engine *engine) {
    double t;
    g.inner_destroys++;
    g.destroying = 1;
    g.inner_destroy_status = ac_engine_destroy(engine);
    g.destroying = 0;
    g.gone = 1;
    g.inner_after_status = ac_engine_current_time(engine, &t);
}

static void on_completion(ac_engine *engine, int32_t finished, void *user_data);
static void on_completion_destroy(void *user_data);
static void stray_completion(ac_engine *engine, int32_t finished, void *user_data) {
    (void)engine, (void)finished, (void)user_data;
    g.stray_completion_runs++;
}
static void stray_destroy(void *user_data) {
    (void)user_data;
    g.stray_destroys++;
}

/* The calls refused while destroying: 0 begin, 1 add completion, 2 animate_begin, 3 animate_begin
   with a completion, 4 tick, 5 add an animation (to layer; not tried when layer is 0). */
static void try_refused_calls(ac_engine *engine, ac_layer layer) {
    ac_status statuses[6];
    ac_animate_options options;
    int index;

    statuses[0] = ac_transaction_begin(engine);
    statuses[1] = ac_transaction_add_completion(engine, stray_completion, NULL, stray_destroy);
    statuses[2] = ac_animate_begin(engine, NULL);
    ac_animate_options_init(&options);
    options.completion = stray_completion;
    options.completion_destroy = stray_destroy;
    statuses[3] = ac_animate_begin(engine, &options);
    statuses[4] = ac_engine_tick(engine, 50.0);
    statuses[5] = layer != 0 ? add_copy(engine, layer, g.chain, 1) : AC_ERR_INVALID_STATE;
    for (index = 0; index < (layer != 0 ? 6 : 5); ++index) {
        if (statuses[index] == AC_ERR_INVALID_STATE) g.refused_ok[index]++;
        else {
            if (g.refused_other[index] < 3)
                printf("    during destroy, call %d answered %s\n", index, ac_status_name(statuses[index]));
            g.refused_other[index]++;
        }
    }
    if (g.animator != 0) {
        /* The engine's state refuses it, not the animator's: the message names the engine. */
        ac_status status = ac_animator_begin(engine, g.animator);
        if (status == AC_ERR_INVALID_STATE && strstr(ac_last_error_message(), ": engine: the engine is being destroyed") != NULL)
            g.animator_refused_naming_engine++;
        else
            g.animator_other++;
        if (status == AC_OK) ac_animator_commit(engine, g.animator);
    }
    /* Undo what a wrongly accepted call opened, so that the engine's state stays sane. */
    if (statuses[3] == AC_OK) ac_animate_commit(engine);
    if (statuses[2] == AC_OK) ac_animate_commit(engine);
    if (statuses[0] == AC_OK) ac_transaction_commit(engine);
}

/* Sets the layer's opacity (allowed while destroying): the model changes, no action runs and no
   implicit animation is added under "opacity". */
static void set_while_destroying(ac_engine *engine, ac_layer layer) {
    ac_key opacity = 0;
    double value = -1;
    size_t count = 0, index;
    if (ac_engine_key(engine, "opacity", &opacity) != AC_OK) {
        g.sets_failed++;
        return;
    }
    if (ac_layer_set_scalar(engine, layer, opacity, 0.375) != AC_OK ||
        ac_layer_get_scalar(engine, layer, opacity, &value) != AC_OK || value != 0.375) {
        g.sets_failed++;
        return;
    }
    if (ac_layer_animation_count(engine, layer, &count) != AC_OK) {
        g.reads_failed++;
        return;
    }
    for (index = 0; index < count; ++index) {
        char key[64];
        size_t length = 0;
        if (ac_layer_animation_key(engine, layer, index, key, sizeof key, &length) != AC_OK) g.reads_failed++;
        else if (strcmp(key, "opacity") == 0) g.implicit_added++;
    }
}

static void on_start(ac_engine *engine, ac_layer layer, const char *key, void *user_data) {
    int n = copy_of_key(key);
    (void)user_data;
    if (n < 0) g.unknown_keys++;
    else copy_starts[n]++;
    if (g.gone) g.late_starts++;
    if (g.destroying) g.starts_while_destroying++;
    if (g.destroy_in == DESTROY_IN_START && g.inner_destroys == 0) destroy_inside(engine);
    (void)layer;
}

static void on_stop(ac_engine *engine, ac_layer layer, const char *key, int32_t finished, void *user_data) {
    int n = copy_of_key(key);
    (void)user_data;
    if (n < 0) {
        g.unknown_keys++;
        return;
    }
    copy_stops[n]++;
    if (finished) copy_finished[n]++;
    if (g.destroying) {
        double value = -1;
        ac_key opacity = 0;
        /* Reading works while destroying. */
        if (ac_engine_key(engine, "opacity", &opacity) != AC_OK ||
            ac_layer_get_scalar(engine, layer, opacity, &value) != AC_OK)
            g.reads_failed++;
        if (g.mode == MODE_ADD && copy_depth[n] < 12) {
            int index = layer_index(layer), k;
            for (k = 0; k < 2 && index >= 0; ++k) {
                ac_layer target = g.layers[(index + k) % g.layer_count];
                ac_status status = add_copy(engine, target, g.chain, copy_depth[n] + 1);
                if (status == AC_OK) g.adds_ok++;
                else if (status == AC_ERR_INVALID_STATE) g.adds_refused++;
                else g.adds_other++;
            }
        } else if (g.mode == MODE_CALLS) {
            try_refused_calls(engine, layer);
            set_while_destroying(engine, layer);
        }
    }
    if (g.destroy_in == DESTROY_IN_STOP && g.inner_destroys == 0) destroy_inside(engine);
}

static void on_description_destroy(void *user_data) {
    (void)user_data;
    g.description_destroys++;
}

static void on_display(ac_engine *engine, ac_layer layer, void *user_data) {
    (void)layer, (void)user_data;
    g.displays++;
    if (g.gone) g.late_displays++;
    if (g.destroy_in == DESTROY_IN_DISPLAY && g.inner_destroys == 0) destroy_inside(engine);
}

static void on_completion(ac_engine *engine, int32_t finished, void *user_data) {
    int which = (int)(intptr_t)user_data;
    g.completion_runs[which]++;
    if (finished) g.completion_finished[which]++;
    if (g.destroying && g.mode == MODE_CALLS) try_refused_calls(engine, 0);
    if (g.destroy_in == DESTROY_IN_COMPLETION && g.inner_destroys == 0) destroy_inside(engine);
}

static void on_completion_destroy(void *user_data) { g.completion_destroys[(int)(intptr_t)user_data]++; }

static int32_t on_action(ac_engine *engine, ac_layer layer, const char *key, ac_animation animation,
                         void *user_data) {
    (void)layer, (void)key, (void)animation, (void)user_data;
    g.action_calls++;
    if (g.destroying) g.action_calls_destroying++;
    if (g.destroy_in == DESTROY_IN_ACTION && g.inner_destroys == 0) {
        destroy_inside(engine);
        return AC_ACTION_CONTINUE;
    }
    return AC_ACTION_CONTINUE;
}

/* A description of opacity over duration_s whose copies report to on_start / on_stop. */
static ac_animation tracked_animation(ac_engine *engine, double duration_s) {
    ac_animation animation = scalar_animation(engine, "opacity", 1, 0, 1, 1, 0, 0, duration_s);
    ac_animation_delegate delegate;
    ac_animation_delegate_init(&delegate);
    delegate.did_start = on_start;
    delegate.did_stop = on_stop;
    delegate.destroy = on_description_destroy;
    AC_CHECK_OK(ac_animation_set_delegate(engine, animation, &delegate));
    return animation;
}

static void make_layers(ac_engine *engine, int count, ac_class cls) {
    int index;
    for (index = 0; index < count; ++index) g.layers[index] = new_layer(engine, cls);
    g.layer_count = count;
}

static void destroy_from_test(ac_engine *engine) {
    g.destroying = 1;
    AC_CHECK_OK(ac_engine_destroy(engine));
    g.destroying = 0;
    g.gone = 1;
}

/* ---------------------------------------------------------------------------------------- */
/* 6. Did-stop callbacks adding animations during destroy                                    */
/* ---------------------------------------------------------------------------------------- */

static void test_adds_during_destroy(void) {
    enum { LAYERS = 20 };
    ac_engine *engine;
    ac_animation first;
    int index;
    double t;

    reset();
    engine = g.engine = new_engine();
    make_layers(engine, LAYERS, 0);
    first = tracked_animation(engine, 100.0);
    g.chain = tracked_animation(engine, 100.0);
    for (index = 0; index < LAYERS; ++index) AC_CHECK_OK(add_copy(engine, g.layers[index], first, 0));
    tick(engine, 1.0);
    tick(engine, 2.0);
    AC_CHECK_EQ_INT(copy_count, LAYERS);
    g.mode = MODE_ADD;
    destroy_from_test(engine);
    EXPECT_ERROR(ac_engine_current_time(engine, &t), AC_ERR_BAD_HANDLE, "engine");

    printf("adds during destroy: %d copies, %ld adds accepted, %ld refused, %ld other\n", copy_count, g.adds_ok,
           g.adds_refused, g.adds_other);
    AC_CHECK_EQ_INT(check_copies("adds during destroy"), 0);
    AC_CHECK_EQ_INT(g.adds_ok, 0);
    AC_CHECK_EQ_INT(g.adds_refused, 2 * LAYERS); /* two per did-stop of the first copies */
    AC_CHECK_EQ_INT(g.adds_other, 0);
    AC_CHECK_EQ_INT(count_finished(), 0); /* stopped by destroy */
    AC_CHECK_EQ_INT(g.reads_failed, 0);
    AC_CHECK_EQ_INT(g.unknown_keys, 0);
    AC_CHECK_EQ_INT(g.starts_while_destroying, 0);
    AC_CHECK_EQ_INT(g.description_destroys, 2); /* both descriptions, once each */
}

/* The same with fewer layers and the adds allowed to go deep: whatever destroy accepts, every
   accepted add gets its did-stop (the old engine lost the 9th round's). */
static void test_deep_adds_during_destroy(void) {
    ac_engine *engine;
    ac_animation first;

    reset();
    engine = g.engine = new_engine();
    make_layers(engine, 2, 0);
    first = tracked_animation(engine, 100.0);
    g.chain = tracked_animation(engine, 100.0);
    AC_CHECK_OK(add_copy(engine, g.layers[0], first, 0));
    tick(engine, 1.0);
    g.mode = MODE_ADD;
    destroy_from_test(engine);
    printf("deep adds during destroy: %d copies, %ld adds accepted, %ld refused\n", copy_count, g.adds_ok,
           g.adds_refused);
    AC_CHECK_EQ_INT(check_copies("deep adds during destroy"), 0);
    AC_CHECK_EQ_INT(g.adds_ok, 0);
    AC_CHECK_EQ_INT(g.description_destroys, 2);
}

/* ---------------------------------------------------------------------------------------- */
/* 6. Other calls during destroy; completions of open transactions                           */
/* ---------------------------------------------------------------------------------------- */

static void add_tracked_completion(ac_engine *engine, int which) {
    AC_CHECK_OK(ac_transaction_add_completion(engine, on_completion, (void *)(intptr_t)which, on_completion_destroy));
}

static void test_calls_during_destroy(void) {
    enum { LAYERS = 6 };
    ac_engine *engine;
    ac_animation animation;
    int index, copies_before;

    reset();
    engine = g.engine = new_engine();
    make_layers(engine, LAYERS, 0);
    animation = tracked_animation(engine, 100.0);
    g.chain = animation;
    for (index = 0; index < LAYERS; ++index) {
        AC_CHECK_OK(add_copy(engine, g.layers[index], animation, 0));
        AC_CHECK_OK(ac_layer_set_action_callback(engine, g.layers[index], on_action, NULL, NULL));
    }
    tick(engine, 1.0); /* commits the layers: their changes run actions from now on */

    /* Outside destroy, a change runs the action and the implicit animation. */
    set_scalar(engine, g.layers[0], "opacity", 0.5);
    AC_CHECK_EQ_INT(g.action_calls, 1);
    AC_CHECK_EQ_INT(animation_count(engine, g.layers[0]), 2);
    AC_CHECK_OK(ac_layer_remove_animation(engine, g.layers[0], "opacity"));
    tick(engine, 2.0);

    /* 0: a committed transaction whose animation still runs. */
    AC_CHECK_OK(ac_transaction_begin(engine));
    add_tracked_completion(engine, 0);
    AC_CHECK_OK(add_copy(engine, g.layers[1], animation, 0));
    AC_CHECK_OK(ac_transaction_commit(engine));
    tick(engine, 3.0);
    /* 1: the implicit transaction, never committed (no tick after it). */
    AC_CHECK_OK(add_copy(engine, g.layers[2], animation, 0));
    add_tracked_completion(engine, 1);
    /* 2 and 3: two nested explicit transactions still open, each with a completion. */
    AC_CHECK_OK(ac_transaction_begin(engine));
    add_tracked_completion(engine, 2);
    AC_CHECK_OK(add_copy(engine, g.layers[3], animation, 0));
    AC_CHECK_OK(ac_transaction_begin(engine));
    add_tracked_completion(engine, 3);
    /* 4: an open animation block with its completion. */
    {
        ac_animate_options options;
        ac_animate_options_init(&options);
        options.completion = on_completion;
        options.completion_user_data = (void *)(intptr_t)4;
        options.completion_destroy = on_completion_destroy;
        AC_CHECK_OK(ac_animate_begin(engine, &options));
        AC_CHECK_OK(add_copy(engine, g.layers[4], animation, 0));
    }

    AC_CHECK_OK(ac_animator_create(engine, 1.0, NULL, &g.animator));
    g.mode = MODE_CALLS;
    g.action_calls = 0;
    copies_before = copy_count;
    AC_CHECK_EQ_INT(copies_before, LAYERS + 4);
    destroy_from_test(engine);

    AC_CHECK_EQ_INT(check_copies("calls during destroy"), 0);
    AC_CHECK_EQ_INT(count_finished(), 0);
    for (index = 0; index < 6; ++index) {
        if (!AC_CHECK_EQ_INT(g.refused_other[index], 0)) printf("    (call %d)\n", index);
        /* Every did-stop (one per copy added before destroy) and every completion (five) tried
           each call; the completions did not try adding. */
        if (!AC_CHECK_EQ_INT(g.refused_ok[index], index == 5 ? copies_before : copies_before + 5))
            printf("    (call %d)\n", index);
    }
    AC_CHECK_EQ_INT(g.animator_refused_naming_engine, copies_before + 5);
    AC_CHECK_EQ_INT(g.animator_other, 0);
    AC_CHECK_EQ_INT(g.stray_completion_runs, 0);
    AC_CHECK_EQ_INT(g.stray_destroys, 0);
    AC_CHECK_EQ_INT(g.sets_failed, 0);
    AC_CHECK_EQ_INT(g.reads_failed, 0);
    AC_CHECK_EQ_INT(g.implicit_added, 0);
    AC_CHECK_EQ_INT(g.action_calls_destroying, 0);
    AC_CHECK_EQ_INT(g.starts_while_destroying, 0);
    for (index = 0; index < 5; ++index) {
        if (!AC_CHECK_EQ_INT(g.completion_runs[index], 1)) printf("    (completion %d)\n", index);
        if (!AC_CHECK_EQ_INT(g.completion_finished[index], 0)) printf("    (completion %d)\n", index);
        if (!AC_CHECK_EQ_INT(g.completion_destroys[index], 1)) printf("    (completion %d)\n", index);
    }
    AC_CHECK_EQ_INT(g.description_destroys, 1);
}

/* ---------------------------------------------------------------------------------------- */
/* 7. Destroy from inside callbacks                                                          */
/* ---------------------------------------------------------------------------------------- */

/* What holds after any destroy from inside a callback. */
static void check_inner_destroy(const char *what, ac_engine *engine) {
    double t;
    if (!AC_CHECK_EQ_INT(g.inner_destroys, 1)) printf("    (%s)\n", what);
    if (!AC_CHECK_STATUS(g.inner_destroy_status, AC_OK)) printf("    (%s)\n", what);
    if (!AC_CHECK_STATUS(g.inner_after_status, AC_ERR_BAD_HANDLE)) printf("    (%s)\n", what);
    AC_CHECK_STATUS(ac_engine_current_time(engine, &t), AC_ERR_BAD_HANDLE);
    if (!AC_CHECK_EQ_INT(check_copies(what), 0)) printf("    (%s)\n", what);
    if (!AC_CHECK_EQ_INT(g.late_starts, 0)) printf("    (%s)\n", what);
    if (!AC_CHECK_EQ_INT(g.late_displays, 0)) printf("    (%s)\n", what);
    if (!AC_CHECK_EQ_INT(g.unknown_keys, 0)) printf("    (%s)\n", what);
}

/* Several layers queued for display in one tick; the first display destroys. That tick also
   ends one animation (its did-stop, finished = 1, owed) while another still runs. */
static void test_destroy_in_display(void) {
    enum { LAYERS = 6 };
    ac_engine *engine;
    ac_class cls = 0;
    ac_animation quick, slow;
    int index, quick_copy, slow_copy;

    reset();
    engine = g.engine = new_engine();
    AC_CHECK_OK(ac_class_create(engine, "Drawn", 0, NULL, 0, &cls));
    AC_CHECK_OK(ac_class_set_display(engine, cls, on_display, NULL, NULL));
    make_layers(engine, LAYERS, cls);
    quick = tracked_animation(engine, 0.5);
    slow = tracked_animation(engine, 100.0);
    quick_copy = copy_count;
    AC_CHECK_OK(add_copy(engine, g.layers[0], quick, 0));
    slow_copy = copy_count;
    AC_CHECK_OK(add_copy(engine, g.layers[1], slow, 0));
    tick(engine, 1.0);
    AC_CHECK_EQ_INT(g.displays, 0);
    for (index = 0; index < LAYERS; ++index) AC_CHECK_OK(ac_layer_set_needs_display(engine, g.layers[index]));
    g.destroy_in = DESTROY_IN_DISPLAY;
    AC_CHECK_OK(ac_engine_tick(engine, 2.0));

    check_inner_destroy("destroy in display", engine);
    AC_CHECK_EQ_INT(g.displays, 1);
    AC_CHECK_EQ_INT(copy_finished[quick_copy], 1); /* ended in the tick: its own flag */
    AC_CHECK_EQ_INT(copy_stops[slow_copy], 1);
    AC_CHECK_EQ_INT(copy_finished[slow_copy], 0); /* stopped by destroy */
    AC_CHECK_EQ_INT(g.description_destroys, 2);
}

/* Four animations end in the same tick; the first did-stop destroys. The other three did-stops
   are owed by the tick: each is delivered once, finished = 1. A long one stops with
   finished = 0; a display queued for the tick does not run. */
static void test_destroy_in_stop(void) {
    enum { QUICK = 4 };
    ac_engine *engine;
    ac_animation quick, slow;
    ac_layer_delegate delegate;
    int index, slow_copy;

    reset();
    engine = g.engine = new_engine();
    make_layers(engine, QUICK + 1, 0);
    ac_layer_delegate_init(&delegate);
    delegate.display = on_display;
    AC_CHECK_OK(ac_layer_set_delegate(engine, g.layers[QUICK], &delegate));
    quick = tracked_animation(engine, 0.5);
    slow = tracked_animation(engine, 100.0);
    for (index = 0; index < QUICK; ++index) AC_CHECK_OK(add_copy(engine, g.layers[index], quick, 0));
    slow_copy = copy_count;
    AC_CHECK_OK(add_copy(engine, g.layers[QUICK], slow, 0));
    tick(engine, 1.0);
    AC_CHECK_OK(ac_layer_set_needs_display(engine, g.layers[QUICK]));
    g.destroy_in = DESTROY_IN_STOP;
    AC_CHECK_OK(ac_engine_tick(engine, 2.0));

    check_inner_destroy("destroy in did-stop", engine);
    for (index = 0; index < QUICK; ++index)
        if (!AC_CHECK_EQ_INT(copy_finished[index], 1)) printf("    (quick copy %d)\n", index);
    AC_CHECK_EQ_INT(copy_stops[slow_copy], 1);
    AC_CHECK_EQ_INT(copy_finished[slow_copy], 0);
    AC_CHECK_EQ_INT(g.displays, 0);
    AC_CHECK_EQ_INT(g.description_destroys, 2);
}

/* Three animations start in the same tick; the first did-start destroys: no other did-start
   runs, every copy stops once with finished = 0. */
static void test_destroy_in_start(void) {
    enum { LAYERS = 3 };
    ac_engine *engine;
    ac_animation slow;
    int index, starts = 0;

    reset();
    engine = g.engine = new_engine();
    make_layers(engine, LAYERS, 0);
    slow = tracked_animation(engine, 100.0);
    for (index = 0; index < LAYERS; ++index) AC_CHECK_OK(add_copy(engine, g.layers[index], slow, 0));
    g.destroy_in = DESTROY_IN_START;
    AC_CHECK_OK(ac_engine_tick(engine, 1.0));

    check_inner_destroy("destroy in did-start", engine);
    for (index = 0; index < copy_count; ++index) starts += copy_starts[index];
    AC_CHECK_EQ_INT(starts, 1);
    AC_CHECK_EQ_INT(count_finished(), 0);
    AC_CHECK_EQ_INT(g.description_destroys, 1);
}

/* A completion destroys. Transaction 0's animation ended in the tick (its completion runs with
   finished = 1 and destroys); transaction 1 added nothing (its completion is owed by the same
   tick: once, finished = 1); transaction 2's animation still runs (its completion runs once
   during destroy, finished = 0). */
static void test_destroy_in_completion(void) {
    ac_engine *engine;
    ac_animation quick, slow;
    int index;

    reset();
    engine = g.engine = new_engine();
    make_layers(engine, 2, 0);
    quick = tracked_animation(engine, 0.5);
    slow = tracked_animation(engine, 100.0);
    tick(engine, 0.5);
    AC_CHECK_OK(ac_transaction_begin(engine));
    add_tracked_completion(engine, 0);
    AC_CHECK_OK(add_copy(engine, g.layers[0], quick, 0));
    AC_CHECK_OK(ac_transaction_commit(engine));
    AC_CHECK_OK(ac_transaction_begin(engine));
    add_tracked_completion(engine, 2);
    AC_CHECK_OK(add_copy(engine, g.layers[1], slow, 0));
    AC_CHECK_OK(ac_transaction_commit(engine));
    tick(engine, 1.0); /* both start */
    AC_CHECK_OK(ac_transaction_begin(engine));
    add_tracked_completion(engine, 1);
    AC_CHECK_OK(ac_transaction_commit(engine));
    g.destroy_in = DESTROY_IN_COMPLETION;
    AC_CHECK_OK(ac_engine_tick(engine, 2.0));

    check_inner_destroy("destroy in completion", engine);
    for (index = 0; index < 3; ++index) {
        if (!AC_CHECK_EQ_INT(g.completion_runs[index], 1)) printf("    (completion %d)\n", index);
        if (!AC_CHECK_EQ_INT(g.completion_destroys[index], 1)) printf("    (completion %d)\n", index);
    }
    AC_CHECK_EQ_INT(g.completion_finished[0], 1);
    AC_CHECK_EQ_INT(g.completion_finished[1], 1);
    AC_CHECK_EQ_INT(g.completion_finished[2], 0);
    AC_CHECK_EQ_INT(copy_finished[0], 1);
    AC_CHECK_EQ_INT(copy_finished[1], 0);
    AC_CHECK_EQ_INT(g.description_destroys, 2);
}

/* An action callback destroys: the change's call answers AC_ERR_INVALID_STATE, the running
   animation stops once (finished = 0), the engine is refused from then on. */
static void test_destroy_in_action(void) {
    ac_engine *engine;
    ac_animation slow;
    ac_status status;

    reset();
    engine = g.engine = new_engine();
    make_layers(engine, 2, 0);
    slow = tracked_animation(engine, 100.0);
    AC_CHECK_OK(add_copy(engine, g.layers[1], slow, 0));
    AC_CHECK_OK(ac_layer_set_action_callback(engine, g.layers[0], on_action, NULL, NULL));
    tick(engine, 1.0);
    g.destroy_in = DESTROY_IN_ACTION;
    status = ac_layer_set_scalar(engine, g.layers[0], key_of(engine, "opacity"), 0.5);
    AC_CHECK_STATUS(status, AC_ERR_INVALID_STATE);
    check_inner_destroy("destroy in action", engine);
    AC_CHECK_EQ_INT(g.action_calls, 1);
    AC_CHECK_EQ_INT(copy_stops[0], 1);
    AC_CHECK_EQ_INT(copy_finished[0], 0);
    AC_CHECK_EQ_INT(g.description_destroys, 1);
}

int main(void) {
    test_adds_during_destroy();
    test_deep_adds_during_destroy();
    test_calls_during_destroy();
    test_destroy_in_display();
    test_destroy_in_stop();
    test_destroy_in_start();
    test_destroy_in_completion();
    test_destroy_in_action();
    return ac_test_finish();
}
