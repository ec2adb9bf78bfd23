/*
 * The conformance vectors (Tests/conformance/vectors.json) through the C API.
 *
 * Runs every case of the kinds the C API covers: cubic_bezier, cubic_bezier_slope,
 * cubic_bezier_range, ca_named_timing_function, steps, timing, time_conversion, ca_default,
 * keyframe (a keyframe animation added to a layer of a real engine and read back through its
 * presentation value), spring and spring_velocity (a spring animation on a scalar property, read
 * back through its presentation value and presentation velocity), spring_params and
 * spring_params_inverse (the perceptual conversions), each with its own absolute tolerance
 * (0 = exact). Other kinds belong to APIs outside this header and are listed as skipped.
 * Prints a summary line per kind and the id of every failing case. The file is
 * $ANIMCORE_VECTORS, else AC_VECTORS_PATH.
 */
#include <errno.h>
#include <stdlib.h>

#include <cjson/cJSON.h>

#include "ac_test.h"

#ifndef AC_VECTORS_PATH
#error "AC_VECTORS_PATH must name the default vectors.json"
#endif

/* ---- JSON helpers ------------------------------------------------------------------------ */

static const cJSON *get(const cJSON *object, const char *key) {
    return cJSON_GetObjectItemCaseSensitive(object, key);
}

/* A number: JSON numbers, the strings "Infinity"/"-Infinity", and booleans as 1/0. */
static int number(const cJSON *item, double *out) {
    if (cJSON_IsNumber(item)) {
        *out = item->valuedouble;
        return 1;
    }
    if (cJSON_IsBool(item)) {
        *out = cJSON_IsTrue(item) ? 1.0 : 0.0;
        return 1;
    }
    if (cJSON_IsString(item)) {
        if (strcmp(item->valuestring, "Infinity") == 0) {
            *out = INFINITY;
            return 1;
        }
        if (strcmp(item->valuestring, "-Infinity") == 0) {
            *out = -INFINITY;
            return 1;
        }
    }
    return 0;
}

static int number_at(const cJSON *object, const char *key, double *out) {
    return number(get(object, key), out);
}

/* |actual - expected| <= tol; infinities must match exactly; NaN never matches. */
static int matches(double actual, double expected, double tol) {
    if (isinf(expected)) return actual == expected;
    return fabs(actual - expected) <= tol;
}

/* Why the current case failed; printed under its id. */
static char detail[512];
#define FAIL(...) (snprintf(detail, sizeof detail, __VA_ARGS__), 0)

/* ---- Mappings from the vectors' names to the header's ------------------------------------- */

static int fill_mode_named(const char *name, int32_t *out) {
    static const char *const names[] = {"removed", "forwards", "backwards", "both"};
    static const int32_t modes[] = {AC_FILL_REMOVED, AC_FILL_FORWARDS, AC_FILL_BACKWARDS,
                                    AC_FILL_BOTH};
    if (strncmp(name, "kCAFillMode", 11) == 0) name += 11;
    for (int i = 0; i < 4; i++) {
        /* "kCAFillModeForwards" leaves "Forwards": compare ignoring the first letter's case. */
        if ((name[0] | 0x20) == names[i][0] && strcmp(name + 1, names[i] + 1) == 0) {
            *out = modes[i];
            return 1;
        }
    }
    return 0;
}

static const char *fill_mode_name(int32_t mode) {
    switch (mode) {
    case AC_FILL_REMOVED: return "removed";
    case AC_FILL_FORWARDS: return "forwards";
    case AC_FILL_BACKWARDS: return "backwards";
    case AC_FILL_BOTH: return "both";
    default: return "?";
    }
}

static int step_position_named(const char *name, int32_t *out) {
    if (strncmp(name, "jump-", 5) == 0) name += 5;
    if (strcmp(name, "start") == 0) *out = AC_STEP_JUMP_START;
    else if (strcmp(name, "end") == 0) *out = AC_STEP_JUMP_END;
    else if (strcmp(name, "none") == 0) *out = AC_STEP_JUMP_NONE;
    else if (strcmp(name, "both") == 0) *out = AC_STEP_JUMP_BOTH;
    else return 0;
    return 1;
}

static const char *phase_name(int32_t phase) {
    switch (phase) {
    case AC_PHASE_BEFORE: return "before";
    case AC_PHASE_ACTIVE: return "active";
    case AC_PHASE_AFTER: return "after";
    default: return "?";
    }
}

/* The CAMediaTiming properties of a params.ca or params.layers entry, onto *timing. Keys in
 * `ignored` (e.g. "parent") are skipped; any other unknown key fails the case. */
static int apply_ca(const cJSON *ca, ac_timing *timing, const char *ignored) {
    if (!cJSON_IsObject(ca)) return FAIL("timing parameters are not an object");
    const cJSON *item;
    cJSON_ArrayForEach(item, ca) {
        const char *key = item->string;
        double v = 0;
        if (ignored && strcmp(key, ignored) == 0) continue;
        if (strcmp(key, "fillMode") == 0) {
            if (!cJSON_IsString(item) || !fill_mode_named(item->valuestring, &timing->fill_mode))
                return FAIL("unknown fillMode");
            continue;
        }
        if (!number(item, &v)) return FAIL("parameter %s is not a number", key);
        if (strcmp(key, "beginTime") == 0) timing->begin_time_s = v;
        else if (strcmp(key, "duration") == 0) timing->duration_s = v;
        else if (strcmp(key, "speed") == 0) timing->speed = v;
        else if (strcmp(key, "timeOffset") == 0) timing->time_offset_s = v;
        else if (strcmp(key, "repeatCount") == 0) timing->repeat_count = v;
        else if (strcmp(key, "repeatDuration") == 0) timing->repeat_duration_s = v;
        else if (strcmp(key, "autoreverses") == 0) timing->autoreverses = v != 0;
        else return FAIL("unsupported timing parameter %s", key);
    }
    return 1;
}

/* A status check inside a case: on failure, the detail names the call and the last error. */
#define CALL_OK(call)                                                                       \
    do {                                                                                    \
        ac_status s_ = (call);                                                              \
        if (s_ != AC_OK)                                                                    \
            return FAIL("%s returned %s: %s", #call, ac_status_name(s_),                    \
                        ac_last_error_message());                                           \
    } while (0)

/* ---- One function per kind; each returns 1 when the case passes ------------------------- */

static int bezier_from(const cJSON *params, ac_timing_function *f) {
    double x1, y1, x2, y2;
    if (!number_at(params, "x1", &x1) || !number_at(params, "y1", &y1) ||
        !number_at(params, "x2", &x2) || !number_at(params, "y2", &y2))
        return FAIL("params need x1, y1, x2, y2");
    CALL_OK(ac_timing_function_cubic_bezier(x1, y1, x2, y2, f));
    return 1;
}

static int run_cubic_bezier(const cJSON *c, double tol) {
    ac_timing_function f;
    double x, want, y = NAN;
    if (!bezier_from(get(c, "params"), &f)) return 0;
    if (!number_at(c, "t", &x) || !number_at(c, "expected", &want)) return FAIL("bad t/expected");
    CALL_OK(ac_timing_function_evaluate(&f, x, 0, &y));
    return matches(y, want, tol) ? 1 : FAIL("x %.17g: got %.17g, expected %.17g", x, y, want);
}

static int run_cubic_bezier_slope(const cJSON *c, double tol) {
    ac_timing_function f;
    double x, want, slope = NAN;
    if (!bezier_from(get(c, "params"), &f)) return 0;
    if (!number_at(c, "t", &x) || !number_at(c, "expected", &want)) return FAIL("bad t/expected");
    CALL_OK(ac_timing_function_slope(&f, x, &slope));
    return matches(slope, want, tol) ? 1
                                     : FAIL("x %.17g: got %.17g, expected %.17g", x, slope, want);
}

static int run_cubic_bezier_range(const cJSON *c, double tol) {
    ac_timing_function f;
    double lo = NAN, hi = NAN, want_lo, want_hi;
    if (!bezier_from(get(c, "params"), &f)) return 0;
    const cJSON *expected = get(c, "expected");
    if (!number_at(expected, "min", &want_lo) || !number_at(expected, "max", &want_hi))
        return FAIL("expected needs min and max");
    CALL_OK(ac_timing_function_range(&f, &lo, &hi));
    if (matches(lo, want_lo, tol) && matches(hi, want_hi, tol)) return 1;
    return FAIL("got [%.17g, %.17g], expected [%.17g, %.17g]", lo, hi, want_lo, want_hi);
}

static int run_named_function(const cJSON *c, double tol) {
    const cJSON *name = get(get(c, "params"), "name");
    if (!cJSON_IsString(name)) return FAIL("params.name is not a string");
    ac_timing_function f;
    CALL_OK(ac_timing_function_named(name->valuestring, &f));
    const char *keys[2] = {"c1", "c2"};
    for (int i = 0; i < 2; i++) {
        const cJSON *point = get(get(c, "expected"), keys[i]);
        double want_x, want_y, x = NAN, y = NAN;
        if (!number(cJSON_GetArrayItem(point, 0), &want_x) ||
            !number(cJSON_GetArrayItem(point, 1), &want_y))
            return FAIL("expected.%s is not [x, y]", keys[i]);
        CALL_OK(ac_timing_function_control_point(&f, i + 1, &x, &y));
        if (!matches(x, want_x, tol) || !matches(y, want_y, tol))
            return FAIL("%s: got (%.17g, %.17g), expected (%.17g, %.17g)", keys[i], x, y, want_x,
                        want_y);
    }
    return 1;
}

static int run_steps(const cJSON *c, double tol) {
    const cJSON *params = get(c, "params");
    const cJSON *position = get(params, "position");
    double count, before = 0, x, want, y = NAN;
    int32_t pos;
    if (!number_at(params, "steps", &count)) return FAIL("params.steps is not a number");
    if (!cJSON_IsString(position) || !step_position_named(position->valuestring, &pos))
        return FAIL("unknown step position");
    if (get(params, "before_flag") && !number_at(params, "before_flag", &before))
        return FAIL("bad before_flag");
    if (!number_at(c, "t", &x) || !number_at(c, "expected", &want)) return FAIL("bad t/expected");
    ac_timing_function f;
    CALL_OK(ac_timing_function_steps((int32_t)count, pos, &f));
    CALL_OK(ac_timing_function_evaluate(&f, x, before != 0, &y));
    return matches(y, want, tol) ? 1 : FAIL("x %.17g: got %.17g, expected %.17g", x, y, want);
}

static int run_timing(const cJSON *c, double tol) {
    const cJSON *quantity = get(c, "quantity");
    const cJSON *expected = get(c, "expected");
    ac_timing timing;
    ac_timing_init_animation(&timing);
    if (!apply_ca(get(get(c, "params"), "ca"), &timing, NULL)) return 0;
    double t;
    if (!number_at(c, "t", &t)) return FAIL("t is not a number");
    if (!cJSON_IsString(quantity)) return FAIL("quantity is missing");
    const char *q = quantity->valuestring;

    ac_timing_state s;
    memset(&s, 0, sizeof s);
    s.struct_size = sizeof s;
    CALL_OK(ac_timing_evaluate(&timing, t, &s));

    /* null: the animation has no effect at t. */
    if (cJSON_IsNull(expected))
        return s.in_effect == 0 ? 1 : FAIL("%s: expected no effect, got in_effect 1", q);

    if (strcmp(q, "phase") == 0) {
        if (!cJSON_IsString(expected)) return FAIL("expected phase is not a string");
        return strcmp(phase_name(s.phase), expected->valuestring) == 0
                   ? 1
                   : FAIL("phase: got %s, expected %s", phase_name(s.phase), expected->valuestring);
    }
    if (strcmp(q, "in_effect") == 0) {
        if (!cJSON_IsBool(expected)) return FAIL("expected in_effect is not a boolean");
        int want = cJSON_IsTrue(expected);
        return s.in_effect == want ? 1 : FAIL("in_effect: got %d, expected %d", s.in_effect, want);
    }

    double want, got;
    if (!number(expected, &want)) return FAIL("expected is not a number");
    if (strcmp(q, "progress") == 0) got = s.progress;
    else if (strcmp(q, "iteration_time") == 0) got = s.iteration_time_s;
    else if (strcmp(q, "current_iteration") == 0) got = s.current_iteration;
    else if (strcmp(q, "active_duration") == 0) got = s.active_duration_s;
    else if (strcmp(q, "end_time") == 0) got = s.end_time_s;
    else return FAIL("unknown timing quantity %s", q);
    return matches(got, want, tol) ? 1
                                   : FAIL("%s at t %.17g: got %.17g, expected %.17g (in_effect %d)",
                                          q, t, got, want, s.in_effect);
}

enum { MAX_LAYERS = 64 };

/* The index of layer `name` among `names`, -1 for null/absent (absolute time), -2 if unknown. */
static int64_t layer_index(const cJSON *name, const char *const *names, int count) {
    if (name == NULL || cJSON_IsNull(name)) return -1;
    if (!cJSON_IsString(name)) return -2;
    for (int i = 0; i < count; i++)
        if (strcmp(names[i], name->valuestring) == 0) return i;
    return -2;
}

static int run_time_conversion(const cJSON *c, double tol) {
    const cJSON *params = get(c, "params");
    const cJSON *layers = get(params, "layers");
    ac_timing timings[MAX_LAYERS];
    int64_t parents[MAX_LAYERS];
    const char *names[MAX_LAYERS];
    int count = 0;
    const cJSON *layer;
    if (!cJSON_IsObject(layers)) return FAIL("params.layers is not an object");
    cJSON_ArrayForEach(layer, layers) {
        if (count == MAX_LAYERS) return FAIL("more than %d layers", MAX_LAYERS);
        names[count] = layer->string;
        ac_timing_init_layer(&timings[count]);
        if (!apply_ca(layer, &timings[count], "parent")) return 0;
        count++;
    }
    for (int i = 0; i < count; i++) {
        parents[i] = layer_index(get(get(layers, names[i]), "parent"), names, count);
        if (parents[i] == -2) return FAIL("layer %s has an unknown parent", names[i]);
    }
    int64_t from = layer_index(get(params, "from_layer"), names, count);
    int64_t to = layer_index(get(params, "to_layer"), names, count);
    if (from == -2 || to == -2) return FAIL("unknown from_layer/to_layer");
    double t, want, got = NAN;
    if (!number_at(c, "t", &t) || !number_at(c, "expected", &want)) return FAIL("bad t/expected");
    CALL_OK(ac_time_tree_convert(timings, parents, (size_t)count, from, to, t, &got));
    return matches(got, want, tol) ? 1 : FAIL("got %.17g, expected %.17g", got, want);
}

/* The keyframe defaults of a new keyframe animation description: calculationMode (a name) and
 * rotationMode (null, or a name). */
static int keyframe_default(ac_engine *engine, const char *property, const cJSON *expected) {
    ac_animation animation = 0;
    int32_t mode = -1;
    CALL_OK(ac_animation_create_keyframe(engine, "position", &animation));
    if (strcmp(property, "calculationMode") == 0) {
        const char *name = NULL;
        CALL_OK(ac_animation_get_calculation_mode(engine, animation, &mode));
        CALL_OK(ac_calculation_mode_name(mode, &name));
        if (!cJSON_IsString(expected)) return FAIL("expected calculationMode is not a string");
        return strcmp(name, expected->valuestring) == 0
                   ? 1
                   : FAIL("calculationMode: got %s, expected %s", name, expected->valuestring);
    }
    if (strcmp(property, "rotationMode") == 0) {
        static const char *const names[3] = {NULL, "auto", "autoReverse"};
        CALL_OK(ac_animation_get_rotation_mode(engine, animation, &mode));
        if (mode < 0 || mode > 2) return FAIL("rotationMode %d is not one of AC_ROTATION_*", (int)mode);
        if (cJSON_IsNull(expected)) return mode == AC_ROTATION_NONE ? 1 : FAIL("rotationMode: got %s, expected null", names[mode]);
        if (!cJSON_IsString(expected)) return FAIL("expected rotationMode is not a string or null");
        return mode != AC_ROTATION_NONE && strcmp(names[mode], expected->valuestring) == 0
                   ? 1
                   : FAIL("rotationMode: got %s, expected %s", mode ? names[mode] : "null", expected->valuestring);
    }
    return FAIL("unknown keyframe property %s", property);
}

/* The spring defaults of a new spring animation description (CASpringAnimation): mass,
 * stiffness, damping, initialVelocity, allowsOverdamping, settlingDuration. */
static int spring_default(const char *property, const cJSON *expected, double tol) {
    ac_engine *engine = NULL;
    ac_animation animation = 0;
    ac_spring spring;
    double want, got;
    ac_spring_init(&spring);
    CALL_OK(ac_engine_create(NULL, &engine));
    CALL_OK(ac_animation_create_spring(engine, "position.x", &animation));
    CALL_OK(ac_animation_get_spring(engine, animation, &spring));
    ac_engine_destroy(engine);
    if (!number(expected, &want)) return FAIL("expected is not a number");
    if (strcmp(property, "mass") == 0) got = spring.mass;
    else if (strcmp(property, "stiffness") == 0) got = spring.stiffness;
    else if (strcmp(property, "damping") == 0) got = spring.damping;
    else if (strcmp(property, "initialVelocity") == 0) got = spring.initial_velocity;
    else if (strcmp(property, "allowsOverdamping") == 0) got = spring.allows_overdamping;
    else CALL_OK(ac_spring_settling_duration(&spring, &got));
    return matches(got, want, tol) ? 1 : FAIL("CASpringAnimation.%s: got %.17g, expected %.17g", property, got, want);
}

static int run_ca_default(const cJSON *c, double tol) {
    const cJSON *params = get(c, "params");
    const cJSON *object = get(params, "object");
    const cJSON *property = get(params, "property");
    const cJSON *expected = get(c, "expected");
    if (!cJSON_IsString(object) || !cJSON_IsString(property))
        return FAIL("params need object and property");
    const char *o = object->valuestring, *p = property->valuestring;
    ac_timing timing;
    if (strcmp(o, "CASpringAnimation") == 0 &&
        (strcmp(p, "mass") == 0 || strcmp(p, "stiffness") == 0 || strcmp(p, "damping") == 0 ||
         strcmp(p, "initialVelocity") == 0 || strcmp(p, "allowsOverdamping") == 0 ||
         strcmp(p, "settlingDuration") == 0)) {
        return spring_default(p, expected, tol);
    }
    if (strcmp(o, "CAKeyframeAnimation") == 0 &&
        (strcmp(p, "calculationMode") == 0 || strcmp(p, "rotationMode") == 0)) {
        ac_engine *engine = NULL;
        CALL_OK(ac_engine_create(NULL, &engine));
        int ok = keyframe_default(engine, p, expected);
        ac_engine_destroy(engine);
        return ok;
    }
    if (strcmp(o, "CALayer") == 0) {
        CALL_OK(ac_timing_init_layer(&timing));
    } else if (strncmp(o, "CA", 2) == 0 &&
               (strstr(o, "Animation") || strcmp(o, "CATransition") == 0)) {
        CALL_OK(ac_timing_init_animation(&timing)); /* every CAAnimation class */
    } else {
        return FAIL("unknown object %s", o);
    }

    if (strcmp(p, "fillMode") == 0) {
        if (!cJSON_IsString(expected)) return FAIL("expected fillMode is not a string");
        int32_t want;
        if (!fill_mode_named(expected->valuestring, &want)) return FAIL("unknown fill mode");
        return timing.fill_mode == want
                   ? 1
                   : FAIL("fillMode: got %s, expected %s", fill_mode_name(timing.fill_mode),
                          expected->valuestring);
    }
    double want, got;
    if (!number(expected, &want)) return FAIL("expected is not a number");
    if (strcmp(p, "beginTime") == 0) got = timing.begin_time_s;
    else if (strcmp(p, "duration") == 0) got = timing.duration_s;
    else if (strcmp(p, "speed") == 0) got = timing.speed;
    else if (strcmp(p, "timeOffset") == 0) got = timing.time_offset_s;
    else if (strcmp(p, "repeatCount") == 0) got = timing.repeat_count;
    else if (strcmp(p, "repeatDuration") == 0) got = timing.repeat_duration_s;
    else if (strcmp(p, "autoreverses") == 0) got = timing.autoreverses;
    else return FAIL("unknown property %s", p);
    return matches(got, want, tol) ? 1 : FAIL("%s.%s: got %.17g, expected %.17g", o, p, got, want);
}

/* ---- Keyframe animations ------------------------------------------------------------------ */

/* A timing function object of the vectors: {"type": "linear"}, {"type": "cubic_bezier", "x1",
 * "y1", "x2", "y2"}, or {"name": a Core Animation name}. */
static int timing_function_from(const cJSON *spec, ac_timing_function *f) {
    const cJSON *type = get(spec, "type");
    const cJSON *name = get(spec, "name");
    if (cJSON_IsString(name)) {
        CALL_OK(ac_timing_function_named(name->valuestring, f));
        return 1;
    }
    if (!cJSON_IsString(type)) return FAIL("a timing function without type");
    if (strcmp(type->valuestring, "linear") == 0) {
        CALL_OK(ac_timing_function_named("linear", f));
        return 1;
    }
    if (strcmp(type->valuestring, "cubic_bezier") == 0) return bezier_from(spec, f);
    return FAIL("unknown timing function type %s", type->valuestring);
}

/* A JSON array of numbers into out (at most capacity); its length, or -1 (detail set). */
static int number_list(const cJSON *array, double *out, int capacity, const char *what) {
    int count = 0;
    const cJSON *item;
    if (!cJSON_IsArray(array)) {
        (void)FAIL("%s is not an array", what);
        return -1;
    }
    cJSON_ArrayForEach(item, array) {
        if (count == capacity) {
            (void)FAIL("%s has more than %d entries", what, capacity);
            return -1;
        }
        if (!number(item, &out[count])) {
            (void)FAIL("%s[%d] is not a number", what, count);
            return -1;
        }
        count++;
    }
    return count;
}

enum { MAX_KEYFRAMES = 64 };

/* Sets up the case's animation on a layer of `engine` and reads its value at begin + t into
 * got[0..*out_components - 1]. */
static int keyframe_value(ac_engine *engine, const cJSON *c, double *got, int *out_components) {
    const cJSON *params = get(c, "params");
    const cJSON *values = get(params, "values");
    const cJSON *item;
    ac_value list[MAX_KEYFRAMES];
    int count = 0, components = 0;
    double t, duration = 0;

    /* Every parameter must be one this runner applies. */
    static const char *const known[] = {"values", "keyTimes", "duration", "calculationMode",
                                        "timingFunctions", "timingFunction", "fill", "compare",
                                        "tensionValues", "continuityValues", "biasValues"};
    cJSON_ArrayForEach(item, params) {
        size_t k = 0;
        while (k < sizeof known / sizeof known[0] && strcmp(known[k], item->string) != 0) k++;
        if (k == sizeof known / sizeof known[0]) return FAIL("unsupported keyframe parameter %s", item->string);
    }
    if (!number_at(c, "t", &t)) return FAIL("t is not a number");
    if (!number_at(params, "duration", &duration)) return FAIL("params.duration is not a number");

    /* Values: numbers (scalars, on a custom scalar property) or [x, y] (points, on position). */
    if (!cJSON_IsArray(values)) return FAIL("params.values is not an array");
    cJSON_ArrayForEach(item, values) {
        double xy[2];
        int n;
        if (count == MAX_KEYFRAMES) return FAIL("more than %d values", MAX_KEYFRAMES);
        if (cJSON_IsArray(item)) {
            n = number_list(item, xy, 2, "a value");
            if (n != 2) return n < 0 ? 0 : FAIL("values[%d] is not [x, y]", count);
            list[count] = ac_value_point(xy[0], xy[1]);
        } else {
            if (!number(item, &xy[0])) return FAIL("values[%d] is not a number", count);
            n = 1;
            list[count] = ac_value_scalar(xy[0]);
        }
        if (count > 0 && n != components) return FAIL("values mix scalars and points");
        components = n;
        count++;
    }
    if (count == 0) return FAIL("params.values is empty");

    const char *key_path = components == 2 ? "position" : "value";
    ac_class layer_class = 0;
    if (components == 1) {
        ac_value zero = ac_value_scalar(0);
        ac_property_desc desc;
        CALL_OK(ac_property_desc_init(&desc, "value", &zero));
        CALL_OK(ac_class_create(engine, "ConformanceLayer", 0, &desc, 1, &layer_class));
    }
    ac_layer layer = 0;
    ac_animation animation = 0;
    CALL_OK(ac_layer_create(engine, layer_class, &layer));
    CALL_OK(ac_engine_tick(engine, 100.0)); /* the layer is committed; engine time 100 */
    CALL_OK(ac_animation_create_keyframe(engine, key_path, &animation));
    CALL_OK(ac_animation_set_values(engine, animation, list, (size_t)count));

    const cJSON *key_times = get(params, "keyTimes");
    if (key_times && !cJSON_IsNull(key_times)) {
        double times[MAX_KEYFRAMES + 1];
        int n = number_list(key_times, times, MAX_KEYFRAMES + 1, "params.keyTimes");
        if (n < 0) return 0;
        CALL_OK(ac_animation_set_key_times(engine, animation, times, (size_t)n));
    }
    const cJSON *mode_name = get(params, "calculationMode");
    if (mode_name) {
        int32_t mode;
        if (!cJSON_IsString(mode_name)) return FAIL("params.calculationMode is not a string");
        CALL_OK(ac_calculation_mode_from_name(mode_name->valuestring, &mode));
        CALL_OK(ac_animation_set_calculation_mode(engine, animation, mode));
    }
    const cJSON *functions = get(params, "timingFunctions");
    if (functions) {
        ac_timing_function fs[MAX_KEYFRAMES];
        int n = 0;
        if (!cJSON_IsArray(functions)) return FAIL("params.timingFunctions is not an array");
        cJSON_ArrayForEach(item, functions) {
            if (n == MAX_KEYFRAMES) return FAIL("too many timing functions");
            if (!timing_function_from(item, &fs[n])) return 0;
            n++;
        }
        CALL_OK(ac_animation_set_timing_functions(engine, animation, fs, (size_t)n));
    }
    const cJSON *overall = get(params, "timingFunction");
    if (overall) {
        ac_timing_function f;
        if (!timing_function_from(overall, &f)) return 0;
        CALL_OK(ac_animation_set_timing_function(engine, animation, &f));
    }
    static const char *const spline_keys[3] = {"tensionValues", "continuityValues", "biasValues"};
    static const int32_t spline_which[3] = {AC_SPLINE_TENSION, AC_SPLINE_CONTINUITY, AC_SPLINE_BIAS};
    for (int s = 0; s < 3; s++) {
        const cJSON *spline = get(params, spline_keys[s]);
        double numbers[MAX_KEYFRAMES];
        if (!spline) continue;
        int n = number_list(spline, numbers, MAX_KEYFRAMES, spline_keys[s]);
        if (n < 0) return 0;
        CALL_OK(ac_animation_set_spline_values(engine, animation, spline_which[s], numbers, (size_t)n));
    }

    /* Fill both (every keyframe case is evaluated so, see the vectors' notes), an absolute
     * begin time, and one tick at begin + t. */
    ac_timing timing;
    CALL_OK(ac_timing_init_animation(&timing));
    timing.duration_s = duration;
    timing.fill_mode = AC_FILL_BOTH;
    const cJSON *fill = get(params, "fill");
    if (fill && (!cJSON_IsString(fill) || !fill_mode_named(fill->valuestring, &timing.fill_mode)))
        return FAIL("unknown params.fill");
    timing.begin_time_s = 110.0;
    CALL_OK(ac_animation_set_timing(engine, animation, &timing));
    CALL_OK(ac_animation_set_flag(engine, animation, AC_ANIMATION_REMOVED_ON_COMPLETION, 0));
    CALL_OK(ac_layer_add_animation(engine, layer, animation, "keyframe"));
    CALL_OK(ac_engine_tick(engine, timing.begin_time_s + t));

    ac_key key = 0;
    ac_value value;
    CALL_OK(ac_engine_key(engine, key_path, &key));
    CALL_OK(ac_layer_get_presentation_value(engine, layer, key, &value));
    for (int i = 0; i < components; i++) got[i] = value.v[i];
    *out_components = components;
    return 1;
}

static int run_keyframe(const cJSON *c, double tol) {
    ac_engine *engine = NULL;
    double got[2] = {NAN, NAN}, want[2] = {NAN, NAN};
    int components = 0;
    const cJSON *expected = get(c, "expected");
    const cJSON *compare = get(get(c, "params"), "compare");
    CALL_OK(ac_engine_create(NULL, &engine));
    int ok = keyframe_value(engine, c, got, &components);
    ac_engine_destroy(engine);
    if (!ok) return 0;

    int compared = 1; /* the first component, or every one with compare "all" */
    if (components == 2) {
        if (number_list(expected, want, 2, "expected") != 2) return FAIL("expected is not [x, y]");
        if (cJSON_IsString(compare) && strcmp(compare->valuestring, "all") == 0) compared = 2;
    } else if (!number(expected, &want[0])) {
        return FAIL("expected is not a number");
    }
    for (int i = 0; i < compared; i++) {
        if (!matches(got[i], want[i], tol)) {
            if (components == 2)
                return FAIL("t %.17g: got (%.17g, %.17g), expected (%.17g, %.17g)", get(c, "t")->valuedouble,
                            got[0], got[1], want[0], want[1]);
            return FAIL("t %.17g: got %.17g, expected %.17g", get(c, "t")->valuedouble, got[0], want[0]);
        }
    }
    return 1;
}

/* ---- Springs -------------------------------------------------------------------------------- */

/* The spring of a case's params: mass, stiffness, damping, initialVelocity (defaults as
 * CASpringAnimation's). The vectors' overdamped cases are true overdamped motion, so
 * allows_overdamping is on (it changes nothing for the other cases). */
static int spring_from(const cJSON *params, ac_spring *spring) {
    ac_spring_init(spring);
    spring->allows_overdamping = 1;
    if (get(params, "mass") && !number_at(params, "mass", &spring->mass)) return FAIL("bad mass");
    if (get(params, "stiffness") && !number_at(params, "stiffness", &spring->stiffness)) return FAIL("bad stiffness");
    if (get(params, "damping") && !number_at(params, "damping", &spring->damping)) return FAIL("bad damping");
    if (get(params, "initialVelocity") && !number_at(params, "initialVelocity", &spring->initial_velocity))
        return FAIL("bad initialVelocity");
    return 1;
}

/* A spring animation from from_value to to_value on a scalar property, begun at an absolute
 * time with a long duration (1000 s) and fill both, read at begin + t: the presentation value
 * and the presentation velocity. */
static int spring_sample(const cJSON *c, double *out_value, double *out_velocity, double *out_from, double *out_to) {
    const cJSON *params = get(c, "params");
    ac_engine *engine = NULL;
    ac_spring spring;
    ac_animation animation = 0;
    ac_layer layer = 0;
    ac_timing timing;
    ac_value value, velocity;
    ac_key key = 0;
    double from = 0, to = 1, t;
    const double begin = 50;
    if (!spring_from(params, &spring)) return 0;
    if (get(params, "from_value") && !number_at(params, "from_value", &from)) return FAIL("bad from_value");
    if (get(params, "to_value") && !number_at(params, "to_value", &to)) return FAIL("bad to_value");
    if (!number_at(c, "t", &t)) return FAIL("bad t");
    *out_from = from;
    *out_to = to;
    CALL_OK(ac_engine_create(NULL, &engine));
    CALL_OK(ac_layer_create(engine, 0, &layer));
    CALL_OK(ac_engine_key(engine, "position.x", &key));
    CALL_OK(ac_animation_create_spring(engine, "position.x", &animation));
    CALL_OK(ac_animation_set_spring(engine, animation, &spring));
    value = ac_value_scalar(from);
    CALL_OK(ac_animation_set_value(engine, animation, AC_ANIMATION_FROM, &value));
    value = ac_value_scalar(to);
    CALL_OK(ac_animation_set_value(engine, animation, AC_ANIMATION_TO, &value));
    CALL_OK(ac_timing_init_animation(&timing));
    timing.begin_time_s = begin;
    timing.duration_s = 1000;
    timing.fill_mode = AC_FILL_BOTH;
    CALL_OK(ac_animation_set_timing(engine, animation, &timing));
    CALL_OK(ac_layer_add_animation(engine, layer, animation, "spring"));
    CALL_OK(ac_engine_tick(engine, begin + t));
    CALL_OK(ac_layer_get_presentation_value(engine, layer, key, &value));
    CALL_OK(ac_layer_get_presentation_velocity(engine, layer, key, &velocity));
    ac_engine_destroy(engine);
    *out_value = value.v[0];
    *out_velocity = velocity.v[0];
    return 1;
}

/* quantity "progress": 1 - u(t), the fraction of the way; "position": the value. */
static int run_spring(const cJSON *c, double tol) {
    const cJSON *quantity = get(c, "quantity");
    double value, velocity, from, to, want, got;
    if (!number_at(c, "expected", &want)) return FAIL("expected is not a number");
    if (!spring_sample(c, &value, &velocity, &from, &to)) return 0;
    if (cJSON_IsString(quantity) && strcmp(quantity->valuestring, "position") == 0) got = value;
    else if (!cJSON_IsString(quantity) || strcmp(quantity->valuestring, "progress") == 0) got = (value - from) / (to - from);
    else return FAIL("unknown quantity %s", quantity->valuestring);
    return matches(got, want, tol) ? 1 : FAIL("t %.17g: got %.17g, expected %.17g", get(c, "t")->valuedouble, got, want);
}

static int run_spring_velocity(const cJSON *c, double tol) {
    double value, velocity, from, to, want;
    if (!number_at(c, "expected", &want)) return FAIL("expected is not a number");
    if (!spring_sample(c, &value, &velocity, &from, &to)) return 0;
    return matches(velocity, want, tol)
               ? 1
               : FAIL("t %.17g: got velocity %.17g, expected %.17g", get(c, "t")->valuedouble, velocity, want);
}

/* perceptual_duration, bounce (and mass 1) -> stiffness, damping. */
static int run_spring_params(const cJSON *c, double tol) {
    const cJSON *params = get(c, "params"), *expected = get(c, "expected");
    double duration, bounce, mass = 1, want;
    ac_spring spring;
    if (!number_at(params, "perceptual_duration", &duration) || !number_at(params, "bounce", &bounce))
        return FAIL("params need perceptual_duration and bounce");
    if (get(params, "mass") && !number_at(params, "mass", &mass)) return FAIL("bad mass");
    ac_spring_init(&spring);
    CALL_OK(ac_spring_from_perceptual(duration, bounce, &spring));
    if (!matches(spring.mass, mass, tol)) return FAIL("mass: got %.17g, expected %.17g", spring.mass, mass);
    if (get(expected, "stiffness")) {
        if (!number_at(expected, "stiffness", &want)) return FAIL("bad expected stiffness");
        if (!matches(spring.stiffness, want, tol)) return FAIL("stiffness: got %.17g, expected %.17g", spring.stiffness, want);
    }
    if (get(expected, "damping")) {
        if (!number_at(expected, "damping", &want)) return FAIL("bad expected damping");
        if (!matches(spring.damping, want, tol)) return FAIL("damping: got %.17g, expected %.17g", spring.damping, want);
    }
    return 1;
}

/* mass, stiffness, damping -> perceptual_duration, bounce. */
static int run_spring_params_inverse(const cJSON *c, double tol) {
    const cJSON *expected = get(c, "expected");
    double duration = NAN, bounce = NAN, want;
    ac_spring spring;
    if (!spring_from(get(c, "params"), &spring)) return 0;
    CALL_OK(ac_spring_perceptual(&spring, &duration, &bounce));
    if (get(expected, "perceptual_duration") || get(expected, "duration")) {
        if (!number_at(expected, "perceptual_duration", &want) && !number_at(expected, "duration", &want))
            return FAIL("bad expected perceptual_duration");
        if (!matches(duration, want, tol)) return FAIL("perceptual_duration: got %.17g, expected %.17g", duration, want);
    }
    if (get(expected, "bounce")) {
        if (!number_at(expected, "bounce", &want)) return FAIL("bad expected bounce");
        if (!matches(bounce, want, tol)) return FAIL("bounce: got %.17g, expected %.17g", bounce, want);
    }
    return 1;
}

/* ---- Driver ------------------------------------------------------------------------------- */

typedef int (*case_runner)(const cJSON *c, double tol);

static struct {
    const char *kind;
    case_runner run;
    int total, passed;
} kinds[] = {
    {"cubic_bezier", run_cubic_bezier, 0, 0},
    {"cubic_bezier_slope", run_cubic_bezier_slope, 0, 0},
    {"cubic_bezier_range", run_cubic_bezier_range, 0, 0},
    {"ca_named_timing_function", run_named_function, 0, 0},
    {"steps", run_steps, 0, 0},
    {"timing", run_timing, 0, 0},
    {"time_conversion", run_time_conversion, 0, 0},
    {"ca_default", run_ca_default, 0, 0},
    {"keyframe", run_keyframe, 0, 0},
    {"spring", run_spring, 0, 0},
    {"spring_velocity", run_spring_velocity, 0, 0},
    {"spring_params", run_spring_params, 0, 0},
    {"spring_params_inverse", run_spring_params_inverse, 0, 0},
};
#define KIND_COUNT (sizeof kinds / sizeof kinds[0])

/* Kinds outside the C API: counted, not run. */
enum { MAX_SKIPPED = 32 };
static struct {
    const char *kind;
    int count;
} skipped[MAX_SKIPPED];
static int skipped_kinds;

static void note_skipped(const char *kind) {
    for (int i = 0; i < skipped_kinds; i++) {
        if (strcmp(skipped[i].kind, kind) == 0) {
            skipped[i].count++;
            return;
        }
    }
    if (skipped_kinds < MAX_SKIPPED) {
        skipped[skipped_kinds].kind = kind;
        skipped[skipped_kinds].count = 1;
        skipped_kinds++;
    }
}

static char *read_file(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    char *text = NULL;
    if (fseek(file, 0, SEEK_END) == 0) {
        long size = ftell(file);
        if (size >= 0 && fseek(file, 0, SEEK_SET) == 0 && (text = malloc((size_t)size + 1))) {
            size_t got = fread(text, 1, (size_t)size, file);
            text[got] = '\0';
        }
    }
    fclose(file);
    return text;
}

int main(void) {
    const char *path = getenv("ANIMCORE_VECTORS");
    if (path == NULL || path[0] == '\0') path = AC_VECTORS_PATH;
    printf("conformance vectors: %s\n", path);
    char *text = read_file(path);
    if (!text) {
        printf("conformance: cannot read %s (%s); set ANIMCORE_VECTORS to the file\n", path,
               strerror(errno));
        AC_CHECK(!"the vectors file is readable");
        return ac_test_finish();
    }
    cJSON *root = cJSON_Parse(text);
    free(text);
    const cJSON *cases = get(root, "cases");
    if (!AC_CHECK(cJSON_IsArray(cases))) {
        printf("conformance: %s is not JSON with a \"cases\" array\n", path);
        cJSON_Delete(root);
        return ac_test_finish();
    }

    const cJSON *c;
    cJSON_ArrayForEach(c, cases) {
        const cJSON *kind = get(c, "kind");
        const cJSON *id = get(c, "id");
        const char *id_text = cJSON_IsString(id) ? id->valuestring : "(no id)";
        if (!cJSON_IsString(kind)) {
            printf("FAIL %s: the case has no kind\n", id_text);
            AC_CHECK(!"every case has a kind");
            continue;
        }
        size_t k = 0;
        while (k < KIND_COUNT && strcmp(kinds[k].kind, kind->valuestring) != 0) k++;
        if (k == KIND_COUNT) {
            note_skipped(kind->valuestring);
            continue;
        }
        double tol = 0;
        if (get(c, "tolerance") && !number_at(c, "tolerance", &tol)) tol = NAN;
        detail[0] = '\0';
        ac_clear_last_error();
        int ok = !isnan(tol) ? kinds[k].run(c, tol) : FAIL("tolerance is not a number");
        kinds[k].total++;
        kinds[k].passed += ok;
        if (!ac_test_record(ok, __FILE__, __LINE__, "conformance case", id_text))
            printf("FAIL %s [%s]: %s\n", id_text, kinds[k].kind, detail);
    }

    for (size_t k = 0; k < KIND_COUNT; k++)
        printf("conformance %s: %d/%d passed\n", kinds[k].kind, kinds[k].passed, kinds[k].total);
    for (int i = 0; i < skipped_kinds; i++)
        printf("conformance %s: %d cases skipped (not part of the C API)\n", skipped[i].kind,
               skipped[i].count);
    cJSON_Delete(root);
    return ac_test_finish();
}
