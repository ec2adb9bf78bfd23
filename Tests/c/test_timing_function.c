/*
 * Timing functions: the named functions' control points (F1), the measured values F2–F7,
 * custom curves with y outside [0, 1], input clamping, solver accuracy, CSS steps with every
 * position and the before flag, batches, slope and range.
 */
#include "ac_test.h"

static ac_timing_function named(const char *name) {
    ac_timing_function f;
    memset(&f, 0, sizeof f);
    AC_CHECK_OK(ac_timing_function_named(name, &f));
    return f;
}

static ac_timing_function bezier(double x1, double y1, double x2, double y2) {
    ac_timing_function f;
    memset(&f, 0, sizeof f);
    AC_CHECK_OK(ac_timing_function_cubic_bezier(x1, y1, x2, y2, &f));
    return f;
}

static ac_timing_function steps(int32_t count, int32_t position) {
    ac_timing_function f;
    memset(&f, 0, sizeof f);
    AC_CHECK_OK(ac_timing_function_steps(count, position, &f));
    return f;
}

static double eval(const ac_timing_function *f, double x, int before) {
    double y = NAN;
    AC_CHECK_OK(ac_timing_function_evaluate(f, x, before, &y));
    return y;
}

/* y of f at x, checked against expected within tol; says which x on failure. */
#define EXPECT_Y(f, x, before, expected, tol)                                          \
    do {                                                                               \
        if (!AC_CHECK_NEAR(eval(&(f), (x), (before)), (expected), (tol)))              \
            printf("    at x = %.17g, before flag %d\n", (double)(x), (int)(before));  \
    } while (0)

/* Control points 0..3 of f are (0,0), (x1,y1), (x2,y2), (1,1) exactly. */
static void expect_points(const ac_timing_function *f, double x1, double y1, double x2,
                          double y2) {
    const double want[4][2] = {{0, 0}, {x1, y1}, {x2, y2}, {1, 1}};
    AC_CHECK_EQ_INT(f->kind, AC_TIMING_FUNCTION_CUBIC_BEZIER);
    AC_CHECK_EQ_INT(f->reserved, 0);
    for (int i = 0; i < 4; i++) {
        double x = NAN, y = NAN;
        AC_CHECK_OK(ac_timing_function_control_point(f, i, &x, &y));
        AC_CHECK_EQ_DOUBLE(x, want[i][0]);
        AC_CHECK_EQ_DOUBLE(y, want[i][1]);
    }
}

/* F1, and every accepted spelling of each name. */
static void test_named_control_points(void) {
    static const struct {
        const char *names[5]; /* the canonical snake_case name first, then the aliases */
        double x1, y1, x2, y2;
    } table[] = {
        {{"linear", "kCAMediaTimingFunctionLinear", NULL}, 0, 0, 1, 1},
        {{"ease_in", "easeIn", "kCAMediaTimingFunctionEaseIn", "ease-in", NULL}, 0.42, 0, 1, 1},
        {{"ease_out", "easeOut", "kCAMediaTimingFunctionEaseOut", "ease-out", NULL}, 0, 0, 0.58, 1},
        {{"ease_in_out", "easeInEaseOut", "kCAMediaTimingFunctionEaseInEaseOut", "easeInOut",
          "ease-in-out"},
         0.42, 0, 0.58, 1},
        {{"default", "kCAMediaTimingFunctionDefault", "ease", NULL}, 0.25, 0.1, 0.25, 1},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        for (int n = 0; n < 5 && table[i].names[n]; n++) {
            ac_timing_function f = named(table[i].names[n]);
            expect_points(&f, table[i].x1, table[i].y1, table[i].x2, table[i].y2);
            /* All of them run from 0 to 1. */
            EXPECT_Y(f, 0.0, 0, 0.0, 0.0);
            EXPECT_Y(f, 1.0, 0, 1.0, 0.0);
        }
    }
    /* "default" is not easeInEaseOut. */
    ac_timing_function d = named("default"), eio = named("easeInEaseOut");
    AC_CHECK(eval(&d, 0.25, 0) != eval(&eio, 0.25, 0));

    /* The step keywords, snake_case and CSS's. */
    static const char *const starts[] = {"step_start", "step-start"};
    static const char *const ends[] = {"step_end", "step-end"};
    for (int n = 0; n < 2; n++) {
        ac_timing_function f = named(starts[n]);
        AC_CHECK_EQ_INT(f.kind, AC_TIMING_FUNCTION_STEPS);
        AC_CHECK_EQ_INT(f.steps, 1);
        AC_CHECK_EQ_INT(f.step_position, AC_STEP_JUMP_START);
        f = named(ends[n]);
        AC_CHECK_EQ_INT(f.kind, AC_TIMING_FUNCTION_STEPS);
        AC_CHECK_EQ_INT(f.steps, 1);
        AC_CHECK_EQ_INT(f.step_position, AC_STEP_JUMP_END);
    }

    /* An unknown name's message lists the canonical names. */
    ac_timing_function unknown;
    AC_CHECK_EQ_INT(ac_timing_function_named("easeout", &unknown), AC_ERR_UNKNOWN_NAME);
    AC_CHECK(strstr(ac_last_error_message(),
                    "known: linear, ease_in, ease_out, ease_in_out, default, step_start, step_end") !=
             NULL);
}

/* F2–F6: Apple's measured values (agreement 1e-4 per the reference; here 1e-5), and the exact
 * solutions (computed independently to 12 digits) to 1e-9. */
static void test_measured_values(void) {
    static const struct {
        const char *name;
        double x1, y1, x2, y2;
        double measured[3]; /* at 0.25, 0.5, 0.75 */
        double exact[3];
    } table[] = {
        {"easeIn", 0.42, 0, 1, 1, {0.093465, 0.315357, 0.621861},
         {0.0934646507188, 0.315356812573, 0.621861869175}},
        {"easeOut", 0, 0, 0.58, 1, {0.378140, 0.684643, 0.906535},
         {0.378138130825, 0.684643187427, 0.906535349281}},
        {"easeInEaseOut", 0.42, 0, 0.58, 1, {0.129162, 0.5, 0.870838},
         {0.129161931047, 0.5, 0.870838068953}},
        {NULL, 0.5, 0, 0.5, 1, {0.105889, 0.5, 0.894111},
         {0.105892543025, 0.5, 0.894107456975}},
        {"default", 0.25, 0.1, 0.25, 1, {0.4085, 0.8024, 0.9605},
         {0.408510591355, 0.802403387585, 0.960458978349}},
    };
    const double xs[3] = {0.25, 0.5, 0.75};
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        ac_timing_function f = table[i].name
                                   ? named(table[i].name)
                                   : bezier(table[i].x1, table[i].y1, table[i].x2, table[i].y2);
        /* The measured "default" row has 4 digits only. */
        double measured_tol = table[i].name && strcmp(table[i].name, "default") == 0 ? 1e-4 : 1e-5;
        for (int k = 0; k < 3; k++) {
            EXPECT_Y(f, xs[k], 0, table[i].measured[k], measured_tol);
            EXPECT_Y(f, xs[k], 0, table[i].exact[k], 1e-9);
        }
    }

    /* F6: linear clamps its input. Every cubic does. */
    ac_timing_function linear = named("linear");
    EXPECT_Y(linear, -0.5, 0, 0.0, 0.0);
    EXPECT_Y(linear, 1.5, 0, 1.0, 0.0);
    EXPECT_Y(linear, 0.3, 0, 0.3, 0.0);
    const char *names[] = {"easeIn", "easeOut", "easeInEaseOut", "default"};
    for (int i = 0; i < 4; i++) {
        ac_timing_function f = named(names[i]);
        EXPECT_Y(f, -0.001, 0, 0.0, 0.0);
        EXPECT_Y(f, -1e300, 0, 0.0, 0.0);
        EXPECT_Y(f, 1.001, 0, 1.0, 0.0);
        EXPECT_Y(f, 1e300, 0, 1.0, 0.0);
        EXPECT_Y(f, -0.5, 1, 0.0, 0.0); /* the before flag does not matter for cubics */
    }
    /* Clamping also holds for overshooting curves: outside [0, 1] the ends, not the curve. */
    ac_timing_function over = bezier(0.5, -1, 0.5, 2);
    EXPECT_Y(over, -0.25, 0, 0.0, 0.0);
    EXPECT_Y(over, 1.25, 0, 1.0, 0.0);

    /* F7: the control points of a custom curve. */
    ac_timing_function custom = bezier(0.1, 1, 1, 0.2);
    expect_points(&custom, 0.1, 1, 1, 0.2);
}

/* Custom curves with y outside [0, 1] (anticipation, overshoot), to 1e-9 of exact values. */
static void test_custom_overshoot(void) {
    ac_timing_function f = bezier(0.5, -1, 0.5, 2);
    EXPECT_Y(f, 0.1, 0, -0.156134342109395, 1e-9);
    EXPECT_Y(f, 0.3, 0, -0.119919930804483, 1e-9);
    EXPECT_Y(f, 0.5, 0, 0.5, 1e-12);
    EXPECT_Y(f, 0.85, 0, 1.19640886806063, 1e-9);
    f = bezier(0.5, -1, 0.5, -1); /* symmetric in x: t = 0.5 at x = 0.5, y = -0.625 */
    EXPECT_Y(f, 0.5, 0, -0.625, 1e-12);
    f = bezier(0.2, -0.8, 0.6, 1.6);
    EXPECT_Y(f, 0.1, 0, -0.165058949123203, 1e-9);
    EXPECT_Y(f, 0.5, 0, 0.60306980677131, 1e-9);
    EXPECT_Y(f, 0.9, 0, 1.09112943096486, 1e-9);
    /* Large y control values are accepted. */
    f = bezier(0.3, 10, 0.7, -10);
    AC_CHECK(isfinite(eval(&f, 0.5, 0)));
}

/* Our own reference: y at x by bisection on X(t) in long double (x1, x2 in [0, 1]). */
static double reference_y(double x1, double y1, double x2, double y2, double x) {
    long double lo = 0, hi = 1, t = 0.5;
    for (int i = 0; i < 200; i++) {
        t = (lo + hi) / 2;
        long double u = 1 - t;
        long double X = 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t;
        if (X < x) lo = t;
        else hi = t;
    }
    t = (lo + hi) / 2;
    long double u = 1 - t;
    return (double)(3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t);
}

/* The solver meets its 1e-12 input tolerance over many curves and inputs, including the
 * flat ends (x1 = 0 or x2 = 1) where the solver's steps stall. */
static void test_solver_accuracy(void) {
    static const double curves[][4] = {
        {0.42, 0, 0.58, 1}, {0, 0, 1, 1}, {0, 1, 1, 0}, {0.9, -0.5, 0.1, 1.5},
        {0.01, 0.5, 0.99, 0.5}, {1, 1, 1, 1}, {0, 0, 0, 0}, {0.3, 2, 0.7, -1},
    };
    int bad = 0;
    for (size_t c = 0; c < sizeof curves / sizeof curves[0]; c++) {
        const double *p = curves[c];
        ac_timing_function f = bezier(p[0], p[1], p[2], p[3]);
        for (int i = 0; i <= 1000; i++) {
            double x = i / 1000.0;
            double want = reference_y(p[0], p[1], p[2], p[3], x);
            double got = eval(&f, x, 0);
            /* 1e-12 in x; y may move faster where the curve is steep: allow 1e-7. */
            if (!(fabs(got - want) <= 1e-7)) {
                if (bad++ < 5)
                    printf("    curve (%g, %g, %g, %g) at x = %.17g: got %.17g, want %.17g\n",
                           p[0], p[1], p[2], p[3], x, got, want);
            }
        }
    }
    AC_CHECK_EQ_INT(bad, 0);
}

/* CSS steps(): every position, the before flag, inputs outside [0, 1]. */
static void test_steps(void) {
    static const struct {
        int32_t steps, position;
        double x;
        int before;
        double y;
    } table[] = {
        /* jump-end (CSS "end"): floor(x * n) / n */
        {4, AC_STEP_JUMP_END, 0.0, 0, 0.0},
        {4, AC_STEP_JUMP_END, 0.0, 1, 0.0}, /* -1 clamped to 0 for x >= 0 */
        {4, AC_STEP_JUMP_END, 0.24, 0, 0.0},
        {4, AC_STEP_JUMP_END, 0.25, 0, 0.25},
        {4, AC_STEP_JUMP_END, 0.25, 1, 0.0},
        {4, AC_STEP_JUMP_END, 0.3, 1, 0.25},
        {4, AC_STEP_JUMP_END, 0.999, 0, 0.75},
        {4, AC_STEP_JUMP_END, 1.0, 0, 1.0},
        {4, AC_STEP_JUMP_END, 1.0, 1, 0.75},
        {4, AC_STEP_JUMP_END, 1.5, 0, 1.5},
        {4, AC_STEP_JUMP_END, -0.5, 0, -0.5},
        {4, AC_STEP_JUMP_END, -0.5, 1, -0.75},
        /* jump-start (CSS "start"): (floor(x * n) + 1) / n */
        {4, AC_STEP_JUMP_START, 0.0, 0, 0.25},
        {4, AC_STEP_JUMP_START, 0.0, 1, 0.0},
        {4, AC_STEP_JUMP_START, 0.1, 1, 0.25},
        {4, AC_STEP_JUMP_START, 0.25, 0, 0.5},
        {4, AC_STEP_JUMP_START, 0.25, 1, 0.25},
        {4, AC_STEP_JUMP_START, 0.74, 0, 0.75},
        {4, AC_STEP_JUMP_START, 0.75, 0, 1.0},
        {4, AC_STEP_JUMP_START, 1.0, 0, 1.0}, /* 5 clamped to 4 for x <= 1 */
        {4, AC_STEP_JUMP_START, 1.0, 1, 1.0},
        {4, AC_STEP_JUMP_START, 1.5, 0, 1.75},
        {4, AC_STEP_JUMP_START, -0.5, 0, -0.25},
        {4, AC_STEP_JUMP_START, -0.5, 1, -0.5},
        {1, AC_STEP_JUMP_START, 0.5, 0, 1.0},
        /* jump-none: n levels from 0 to 1, floor(x * n) / (n - 1) */
        {3, AC_STEP_JUMP_NONE, 0.0, 0, 0.0},
        {3, AC_STEP_JUMP_NONE, 0.0, 1, 0.0},
        {3, AC_STEP_JUMP_NONE, 0.2, 0, 0.0},
        {3, AC_STEP_JUMP_NONE, 0.5, 0, 0.5},
        {3, AC_STEP_JUMP_NONE, 0.7, 0, 1.0},
        {3, AC_STEP_JUMP_NONE, 1.0, 0, 1.0},
        {3, AC_STEP_JUMP_NONE, 1.0, 1, 1.0}, /* 3 - 1 = 2 = the last level */
        {2, AC_STEP_JUMP_NONE, 0.5, 0, 1.0},
        {2, AC_STEP_JUMP_NONE, 0.5, 1, 0.0},
        {3, AC_STEP_JUMP_NONE, 2.0, 0, 3.0},
        /* jump-both: n + 1 jumps, (floor(x * n) + 1) / (n + 1) */
        {3, AC_STEP_JUMP_BOTH, 0.0, 0, 0.25},
        {3, AC_STEP_JUMP_BOTH, 0.0, 1, 0.0},
        {3, AC_STEP_JUMP_BOTH, 0.5, 0, 0.5},
        {3, AC_STEP_JUMP_BOTH, 0.999, 0, 0.75},
        {3, AC_STEP_JUMP_BOTH, 1.0, 0, 1.0},
        {3, AC_STEP_JUMP_BOTH, 1.0, 1, 0.75},
        {3, AC_STEP_JUMP_BOTH, -1.0, 0, -0.5},
        {1, AC_STEP_JUMP_BOTH, 0.5, 0, 0.5},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        ac_timing_function f = steps(table[i].steps, table[i].position);
        AC_CHECK_EQ_INT(f.kind, AC_TIMING_FUNCTION_STEPS);
        AC_CHECK_EQ_INT(f.steps, table[i].steps);
        AC_CHECK_EQ_INT(f.step_position, table[i].position);
        AC_CHECK_EQ_INT(f.reserved, 0);
        double y = eval(&f, table[i].x, table[i].before);
        if (!AC_CHECK_EQ_DOUBLE(y, table[i].y))
            printf("    steps(%d, position %d) at x = %g, before flag %d\n", table[i].steps,
                   table[i].position, table[i].x, table[i].before);
    }
    /* Any non-zero before flag counts as set. */
    ac_timing_function f = steps(4, AC_STEP_JUMP_END);
    EXPECT_Y(f, 0.5, 7, 0.25, 0.0);
    EXPECT_Y(f, 0.5, -1, 0.25, 0.0);
}

static int same_double(double a, double b) { return (isnan(a) && isnan(b)) || a == b; }

/* Batch results equal single calls bit for bit, in a separate buffer and in place. */
static void test_batch(void) {
    ac_timing_function functions[5] = {named("easeInEaseOut"), named("default"),
                                       bezier(0.5, -1, 0.5, 2), steps(5, AC_STEP_JUMP_START),
                                       steps(3, AC_STEP_JUMP_NONE)};
    enum { N = 101 };
    double xs[N], ys[N], in_place[N];
    for (int i = 0; i < N; i++) xs[i] = -0.25 + i * 0.015;
    for (int k = 0; k < 5; k++) {
        memcpy(in_place, xs, sizeof xs);
        AC_CHECK_OK(ac_timing_function_evaluate_batch(&functions[k], xs, N, ys, N));
        AC_CHECK_OK(ac_timing_function_evaluate_batch(&functions[k], in_place, N, in_place, N));
        int mismatches = 0;
        for (int i = 0; i < N; i++) {
            double one = eval(&functions[k], xs[i], 0);
            if (!same_double(one, ys[i]) || !same_double(one, in_place[i])) mismatches++;
        }
        if (!AC_CHECK_EQ_INT(mismatches, 0)) printf("    function %d\n", k);
    }
    /* count 0 touches nothing. */
    double untouched = 42.0;
    AC_CHECK_OK(ac_timing_function_evaluate_batch(&functions[0], xs, 0, &untouched, 0));
    AC_CHECK_EQ_DOUBLE(untouched, 42.0);
}

static double slope(const ac_timing_function *f, double x) {
    double s = NAN;
    AC_CHECK_OK(ac_timing_function_slope(f, x, &s));
    return s;
}

static void test_slope(void) {
    ac_timing_function linear = named("linear");
    AC_CHECK_NEAR(slope(&linear, 0.5), 1.0, 1e-12);
    AC_CHECK_NEAR(slope(&linear, 0.0), 1.0, 1e-12);
    AC_CHECK_EQ_DOUBLE(slope(&linear, -0.5), 0.0);
    AC_CHECK_EQ_DOUBLE(slope(&linear, 1.5), 0.0);

    ac_timing_function eio = named("easeInEaseOut");
    AC_CHECK_NEAR(slope(&eio, 0.5), 1.72413793103448, 1e-9);
    AC_CHECK_NEAR(slope(&eio, 0.25), 1.0592618411748, 1e-9);
    ac_timing_function d = named("default");
    AC_CHECK_NEAR(slope(&d, 0.5), 0.994142452426012, 1e-9);
    ac_timing_function over = bezier(0.5, -1, 0.5, 2);
    AC_CHECK_NEAR(slope(&over, 0.3), 1.65126580850571, 1e-9);
    AC_CHECK_EQ_DOUBLE(slope(&over, -0.1), 0.0);
    AC_CHECK_EQ_DOUBLE(slope(&over, 1.1), 0.0);

    /* The slope agrees with a central difference of the values inside (0, 1). */
    int bad = 0;
    for (int i = 1; i < 20; i++) {
        double x = i / 20.0, h = 1e-6;
        double numeric = (eval(&over, x + h, 0) - eval(&over, x - h, 0)) / (2 * h);
        if (fabs(numeric - slope(&over, x)) > 1e-5) bad++;
    }
    AC_CHECK_EQ_INT(bad, 0);

    /* Steps are flat, and report 0 at a jump too. */
    ac_timing_function s = steps(4, AC_STEP_JUMP_END);
    AC_CHECK_EQ_DOUBLE(slope(&s, 0.1), 0.0);
    AC_CHECK_EQ_DOUBLE(slope(&s, 0.25), 0.0);
    AC_CHECK_EQ_DOUBLE(slope(&s, 1.0), 0.0);
}

static void test_range(void) {
    const char *names[] = {"linear", "easeIn", "easeOut", "easeInEaseOut", "default"};
    for (int i = 0; i < 5; i++) {
        ac_timing_function f = named(names[i]);
        double lo = NAN, hi = NAN;
        AC_CHECK_OK(ac_timing_function_range(&f, &lo, &hi));
        AC_CHECK_EQ_DOUBLE(lo, 0.0);
        AC_CHECK_EQ_DOUBLE(hi, 1.0);
    }
    double lo = NAN, hi = NAN;
    ac_timing_function over = bezier(0.5, -1, 0.5, 2);
    AC_CHECK_OK(ac_timing_function_range(&over, &lo, &hi));
    AC_CHECK_NEAR(lo, -0.207106781186548, 1e-9); /* (1 - sqrt 2) / 2 */
    AC_CHECK_NEAR(hi, 1.20710678118655, 1e-9);
    ac_timing_function other = bezier(0.2, -0.8, 0.6, 1.6);
    AC_CHECK_OK(ac_timing_function_range(&other, &lo, &hi));
    AC_CHECK_NEAR(lo, -0.16506328353217, 1e-9);
    AC_CHECK_NEAR(hi, 1.09742540632093, 1e-9);
    /* Only below 0: the top stays 1 (it is always included). */
    ac_timing_function under = bezier(0.5, -1, 0.5, -1);
    AC_CHECK_OK(ac_timing_function_range(&under, &lo, &hi));
    AC_CHECK(lo < -0.625 + 1e-12);
    AC_CHECK_EQ_DOUBLE(hi, 1.0);
    /* Steps stay within [0, 1] over inputs [0, 1]. */
    ac_timing_function s = steps(3, AC_STEP_JUMP_BOTH);
    AC_CHECK_OK(ac_timing_function_range(&s, &lo, &hi));
    AC_CHECK_EQ_DOUBLE(lo, 0.0);
    AC_CHECK_EQ_DOUBLE(hi, 1.0);
}

int main(void) {
    test_named_control_points();
    test_measured_values();
    test_custom_overshoot();
    test_solver_accuracy();
    test_steps();
    test_batch();
    test_slope();
    test_range();
    return ac_test_finish();
}
