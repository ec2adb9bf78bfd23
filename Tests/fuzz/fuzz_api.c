/*
 * fuzz_api — a libFuzzer target driving the whole animcore C API.
 *
 * An input is a byte string read front to back as a sequence of operations (see README.md):
 * one byte picks the operation, the bytes after it its arguments (engine, handles, keys, values,
 * timings, ...); callbacks the engine makes read further bytes from the same stream to decide
 * what to do (re-enter the API, destroy the engine, answer an action). When the bytes run out,
 * every read answers 0 ("nothing"), the remaining operations stop, and every engine still alive
 * is destroyed, so that each input ends with nothing left (LeakSanitizer checks).
 *
 * Oracles (a violation calls abort() with a message, which libFuzzer reports as a crash):
 *   - every status returned is one of AC_STATUS_TABLE's codes; after a failure
 *     ac_last_error_status() is that status and ac_last_error_message() is non-empty, valid
 *     UTF-8;
 *   - no handle value is given out twice in an input (of one kind, by any engine);
 *   - a handle known to be gone — a layer destroyed (its delegate's destroy ran), a description
 *     released, anything of a destroyed engine — or a handle of another engine is never accepted
 *     (a call given one never answers AC_OK; the probe operation expects AC_ERR_BAD_HANDLE
 *     exactly); a made-up handle equal to no live one is refused; every call with a destroyed
 *     engine's pointer answers AC_ERR_BAD_HANDLE, with NULL AC_ERR_NULL_POINTER;
 *   - values written out (get value, presentation, velocity, an animation's or a transaction's
 *     value) have a known kind, reserved 0 and every field the kind does not use 0;
 *   - a batch read large enough to be remembered (read_large_batch) gives every layer's row
 *     as the layer's own presentation read, to the bit, whatever ran since the last one;
 *   - every did-stop exactly once per add that returned AC_OK (each add gets a delegate of its
 *     own), did-start at most once and never after its did-stop, every completion exactly once
 *     per successful registration, every destroy function exactly once per successful
 *     registration and never for a failed one, no callback after its destroy function;
 *   - while an engine is being destroyed, ticking, beginning a transaction or block and adding
 *     a completion are refused; after destroy (also from inside a callback) no display callback
 *     and no did-start run for that engine, and callbacks carry the engine they were registered
 *     with.
 * These are checked as the callbacks come and, for the counts, after every engine has been
 * destroyed at the end of each input.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "animcore.h"

/* Operations that can be switched off while a finding blocks the fuzzer (none is, now). */
#ifndef FUZZ_MASK_ENGINE_DESTROY_IN_CALLBACKS
#define FUZZ_MASK_ENGINE_DESTROY_IN_CALLBACKS 0
#endif
/* The last-error message must be valid UTF-8 (issue 9, defect 9: cut inside a character). */
#ifndef FUZZ_CHECK_MESSAGE_UTF8
#define FUZZ_CHECK_MESSAGE_UTF8 1
#endif
/* The refusals promised while an engine is being destroyed (tick, begin, block, completion). */
#ifndef FUZZ_CHECK_DESTROY_REFUSALS
#define FUZZ_CHECK_DESTROY_REFUSALS 1
#endif

#define MAX_ENGINES 4
#define MAX_LAYERS 16
#define MAX_CLASSES 6
#define MAX_DESCS 10
#define MAX_RENDER_LISTS 4
#define MAX_RECORDS 4096
#define STALE_RING 8
#define MAX_DEPTH 3
#define NESTED_BUDGET 200
#define MAX_LIST 24
#define MAX_STRING 1400

/* ============================================================================================ */
/* Failing                                                                                      */
/* ============================================================================================ */

static void die(int line, const char *what, const char *detail) {
    fprintf(stderr, "\nfuzz_api ORACLE VIOLATION (fuzz_api.c:%d): %s%s%s\n", line, what,
            detail ? ": " : "", detail ? detail : "");
    fflush(stderr);
    abort();
}
#define DIE(what) die(__LINE__, what, NULL)
#define DIE2(what, detail) die(__LINE__, what, detail)
#define REQUIRE(cond, what)        \
    do {                           \
        if (!(cond)) DIE(what);    \
    } while (0)

/* ============================================================================================ */
/* The input                                                                                    */
/* ============================================================================================ */

static const uint8_t *g_data;
static size_t g_size, g_pos;

static uint8_t rd_u8(void) { return g_pos < g_size ? g_data[g_pos++] : 0; }
static int rd_left(void) { return g_pos < g_size; }
static uint16_t rd_u16(void) { return (uint16_t)(rd_u8() | (rd_u8() << 8)); }
static uint32_t rd_u32(void) { return (uint32_t)rd_u16() | ((uint32_t)rd_u16() << 16); }
static uint64_t rd_u64(void) { return (uint64_t)rd_u32() | ((uint64_t)rd_u32() << 32); }

/* A double: mostly interesting values, sometimes 8 raw bytes. */
static double rd_double(void) {
    uint8_t b = rd_u8();
    switch (b % 20) {
    case 0: return 0.0;
    case 1: return 1.0;
    case 2: return -1.0;
    case 3: return 0.5;
    case 4: return NAN;
    case 5: return INFINITY;
    case 6: return -INFINITY;
    case 7: return 1e300;
    case 8: return -1e300;
    case 9: return 2.2250738585072014e-308;
    case 10: return 5e-324;
    case 11: return 100.0;
    case 12: return (double)((int)rd_u8() - 128);
    case 13: return (double)rd_u8() / 255.0;
    case 14: {
        uint64_t bits = rd_u64();
        double value;
        memcpy(&value, &bits, sizeof value);
        return value;
    }
    case 15: return 1e15 + 1.0;
    case 16: return 1e6 + 1.0;
    case 17: return -0.0;
    case 18: return 0.25 * (double)rd_u8();
    default: return 1e-9;
    }
}

/* A non-negative "reasonable" double: durations, time steps. */
static double rd_time(void) {
    uint8_t b = rd_u8();
    switch (b % 8) {
    case 0: return 1.0 / 60.0;
    case 1: return 0.1 * (double)(rd_u8() % 20);
    case 2: return (double)rd_u8();
    case 3: return 0.0;
    default: return rd_double();
    }
}

static const char *const g_names[] = {
    "opacity", "position", "bounds", "transform", "sublayerTransform", "backgroundColor",
    "hidden", "contents", "zPosition", "anchorPoint", "anchorPointZ", "cornerRadius",
    "borderWidth", "borderColor", "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius",
    "contentsRect", "masksToBounds", "doubleSided", "needsDisplayOnBoundsChange", "frame",
    "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration",
    "autoreverses", "fillMode", "position.x", "position.y", "bounds.size.width",
    "bounds.size.height", "bounds.origin.x", "bounds.size", "bounds.origin",
    "transform.rotation.z", "transform.rotation", "transform.rotation.x", "transform.scale",
    "transform.scale.x", "transform.translation.x", "transform.translation",
    "transform.rotation.w", "backgroundColor.red", "anchorPoint.x", "shadowOffset.width",
    "contentsRect.size", "p0", "p1", "p2", "p3", "p4", "p5", "p0.x", "p1.y", "p3.size.width",
    "p4.rotation.z", "undeclared", "anim-1", "", "position.", ".x", "a.b.c.d.e", "\xff\xfe",
    "\xc3", "onOrderIn", "onOrderOut", "transition", "k0", "opacity.x", "transform..z",
    "animationDuration", "disableActions", "animationTimingFunction", "position.x.y",
    "path", "colors", "locations", "lineDashPattern", "strokeEnd", "fillColor", "startPoint",
    "startPoint.x", "fillColor.red", "sublayers",
};
#define NAME_COUNT (sizeof g_names / sizeof g_names[0])

static char g_strings[4][MAX_STRING + 8];
static int g_string_index;

/* A string: a known name, bytes from the input, or a long run of a (multi-byte) character. */
static const char *rd_string(void) {
    uint8_t b = rd_u8();
    char *buffer = g_strings[g_string_index++ % 4];
    if (b < 200) return g_names[b % NAME_COUNT];
    if (b < 240) {
        size_t length = rd_u8() % 48, index;
        for (index = 0; index < length; ++index) buffer[index] = (char)rd_u8();
        buffer[length] = 0;
        return buffer;
    } else {
        /* A long string of one character: "é" (2 bytes), "€" (3), "😀" (4) or 'x', so that
           messages echoing it exceed any buffer and must be cut at a character boundary. */
        static const char *const characters[] = {"\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80", "x"};
        const char *character = characters[rd_u8() % 4];
        size_t width = strlen(character), length = 0;
        size_t count = 200 + (size_t)rd_u8() * 5;
        while (count-- > 0 && length + width < MAX_STRING) {
            memcpy(buffer + length, character, width);
            length += width;
        }
        if (rd_u8() & 1) buffer[length++] = '.';
        buffer[length] = 0;
        return buffer;
    }
}

/* ============================================================================================ */
/* Statuses and the last error                                                                  */
/* ============================================================================================ */

static int utf8_valid(const char *text) {
    const unsigned char *s = (const unsigned char *)text;
    while (*s) {
        unsigned c = *s;
        int extra;
        unsigned minimum;
        if (c < 0x80) {
            ++s;
            continue;
        }
        if (c >= 0xC2 && c <= 0xDF) {
            extra = 1;
            minimum = 0x80;
        } else if (c >= 0xE0 && c <= 0xEF) {
            extra = 2;
            minimum = 0x800;
        } else if (c >= 0xF0 && c <= 0xF4) {
            extra = 3;
            minimum = 0x10000;
        } else {
            return 0;
        }
        {
            unsigned code = c & (0x3F >> extra);
            int index;
            for (index = 1; index <= extra; ++index) {
                if ((s[index] & 0xC0) != 0x80) return 0;
                code = (code << 6) | (s[index] & 0x3F);
            }
            if (code < minimum || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return 0;
        }
        s += extra + 1;
    }
    return 1;
}

/* Totals over the whole run, printed at exit when FUZZ_API_STATS is set. */
static long g_calls, g_inputs, g_adds_ok, g_did_stops, g_did_starts, g_completions, g_displays, g_actions,
    g_reentries, g_destroys_in_callbacks, g_refusals_checked;

/* Every status: one of the table's; a failure leaves its status and a valid message. */
static int g_trace;

static ac_status check_status(ac_status status, int line) {
    ++g_calls;
    if (g_trace && status != AC_OK) fprintf(stderr, "      line %d: %s\n", line, ac_last_error_message());
    if (status < 0 || status >= AC_STATUS_COUNT) {
        char detail[64];
        snprintf(detail, sizeof detail, "status %d", (int)status);
        die(line, "a status outside AC_STATUS_TABLE", detail);
    }
    if (status != AC_OK) {
        const char *message = ac_last_error_message();
        if (message == NULL || message[0] == 0) die(line, "empty last-error message after a failure", ac_status_name(status));
        if (FUZZ_CHECK_MESSAGE_UTF8 && !utf8_valid(message))
            die(line, "last-error message is not valid UTF-8", ac_status_name(status));
        if (ac_last_error_status() != status) die(line, "ac_last_error_status() is not the failed call's status", message);
    }
    return status;
}

/* ============================================================================================ */
/* State: engines, their handles, callback registrations                                        */
/* ============================================================================================ */

enum { R_ANIMATION, R_COMPLETION, R_LAYER_DELEGATE, R_CLASS_DISPLAY, R_ACTION };

typedef struct record {
    int kind;
    int pending;      /* the registering call is running */
    int registered;   /* the registering call returned AC_OK */
    int has_function; /* a completion's fn was given */
    int no_stop;      /* an animation delegate without did_stop */
    int multi;        /* an actions-table copy holds it: any number of adds */
    int no_destroy;   /* registered without a destroy function: nothing to count */
    int superseded;   /* a layer delegate being replaced */
    int adds;         /* adds that returned AC_OK with this delegate */
    int maybe_adds;   /* adds through an action callback (may or may not happen) */
    int starts, stops, calls, destroys;
    unsigned engine_serial;
    ac_engine *engine;
    int layer_slot;   /* a layer delegate: the layer */
    ac_layer layer;
} record;

static record g_records[MAX_RECORDS];
static int g_record_count;

enum { E_FREE, E_ALIVE, E_DESTROYING, E_DEAD };

typedef struct layer_slot {
    ac_layer handle;
    int used, dead, tracked;
    record *delegate;
} layer_slot;

typedef struct class_slot {
    ac_class handle;
    int used;
} class_slot;

typedef struct desc_slot {
    ac_animation handle;
    int used;
    record *current; /* the delegate record the description holds, or NULL */
} desc_slot;

typedef struct engine_slot {
    int state;
    ac_engine *pointer;
    unsigned serial;
    double now;
    layer_slot layers[MAX_LAYERS];
    class_slot classes[MAX_CLASSES];
    desc_slot descs[MAX_DESCS];
    uint64_t stale_layers[STALE_RING], stale_descs[STALE_RING];
    int stale_layer_count, stale_desc_count;
    ac_render_list lists[MAX_RENDER_LISTS]; /* 0: a free slot */
    uint64_t stale_lists[STALE_RING];       /* lists it destroyed */
    int stale_list_count;
} engine_slot;

static engine_slot g_engines[MAX_ENGINES];
static unsigned g_serial;
static int g_depth;
static int g_nested_ops;
static engine_slot *g_context; /* the engine of the innermost callback */
static int g_key_counter;

/*
 * Every handle given out during the input, per kind, with its engine and whether it is known to
 * be gone: a handle value given out twice is a violation (a stale or foreign handle would then be
 * accepted); a handle used with an engine is known to be refused when that engine never gave it
 * out (foreign or made up), or it is gone (a layer whose delegate's destroy ran, a description
 * released, anything of a destroyed engine).
 */
enum { H_LAYER, H_CLASS, H_DESC, H_LIST, H_KINDS };
#define MINT_SLOTS 16384
typedef struct minted {
    uint64_t handle;
    unsigned serial; /* the engine's; 0: empty entry */
    int dead;
} minted;
static minted g_minted[H_KINDS][MINT_SLOTS];
static int g_minted_count[H_KINDS];
static int g_lenient; /* the record pool ran out: the counts are not checked */

static minted *mint_find(int kind, uint64_t handle) {
    size_t index = (size_t)((handle * 0x9E3779B97F4A7C15ull) >> 50) % MINT_SLOTS;
    while (g_minted[kind][index].serial != 0) {
        if (g_minted[kind][index].handle == handle) return &g_minted[kind][index];
        index = (index + 1) % MINT_SLOTS;
    }
    return NULL;
}

static const char *const g_kind_names[] = {"layer", "class", "animation description", "render list"};

static void mint(int kind, uint64_t handle, unsigned serial) {
    size_t index;
    minted *existing = mint_find(kind, handle);
    if (handle == 0) DIE2("a creating call answered AC_OK with the handle 0", g_kind_names[kind]);
    if (existing) {
        char detail[128];
        snprintf(detail, sizeof detail, "%s handle 0x%llx (engines #%u and #%u)", g_kind_names[kind],
                 (unsigned long long)handle, existing->serial, serial);
        DIE2("a handle value was given out twice", detail);
    }
    if (g_minted_count[kind] >= MINT_SLOTS / 2) return; /* full: no more checks of this kind */
    index = (size_t)((handle * 0x9E3779B97F4A7C15ull) >> 50) % MINT_SLOTS;
    while (g_minted[kind][index].serial != 0) index = (index + 1) % MINT_SLOTS;
    g_minted[kind][index].handle = handle;
    g_minted[kind][index].serial = serial;
    g_minted[kind][index].dead = 0;
    ++g_minted_count[kind];
}

static void mint_dead(int kind, uint64_t handle) {
    minted *m = mint_find(kind, handle);
    if (m) m->dead = 1;
}

/* Handles of destroyed engines, for foreign probes. */
static uint64_t g_dead_layers[STALE_RING], g_dead_classes[STALE_RING], g_dead_descs[STALE_RING];
static uint64_t g_dead_engines[STALE_RING];
static int g_dead_layer_count, g_dead_class_count, g_dead_desc_count, g_dead_engine_count;

static record *new_record(int kind, engine_slot *es) {
    record *r;
    if (g_record_count >= MAX_RECORDS) {
        g_lenient = 1;
        return NULL;
    }
    r = &g_records[g_record_count++];
    memset(r, 0, sizeof *r);
    r->kind = kind;
    r->engine_serial = es->serial;
    r->engine = es->pointer;
    r->layer_slot = -1;
    return r;
}

static engine_slot *engine_of_pointer(ac_engine *engine) {
    int index;
    for (index = 0; index < MAX_ENGINES; ++index)
        if (g_engines[index].state != E_FREE && g_engines[index].pointer == engine) return &g_engines[index];
    return NULL;
}

static void push_ring(uint64_t *ring, int *count, uint64_t value) {
    if (value == 0) return;
    ring[*count % STALE_RING] = value;
    ++*count;
}

/* ---- checks for the registering calls --------------------------------------------------- */

static void begin_registration(record *r) {
    if (r) r->pending = 1;
}

static void end_registration(record *r, ac_status status) {
    if (!r) return;
    r->pending = 0;
    if (status == AC_OK) {
        r->registered = 1;
    } else if (r->destroys != 0) {
        DIE("a destroy function ran for a registration whose call failed");
    }
}

/* ---- the callbacks ------------------------------------------------------------------------ */

static void run_nested(engine_slot *context);

static engine_slot *callback_engine(record *r, ac_engine *engine, const char *what) {
    engine_slot *es;
    if (g_trace)
        fprintf(stderr, "%*s  %s: record #%d (adds %d, starts %d, stops %d) at byte %zu\n", 2 * g_depth, "", what,
                r ? (int)(r - g_records) : -1, r ? r->adds : 0, r ? r->starts : 0, r ? r->stops : 0, g_pos);
    if (r == NULL) DIE2("a callback with unknown user_data", what);
    if (r->destroys != 0) DIE2("a callback after its registration's destroy function", what);
    if (!r->registered && !r->pending) DIE2("a callback of a registration whose call failed", what);
    if (engine != r->engine) DIE2("a callback given another engine than it was registered with", what);
    es = engine_of_pointer(engine);
    if (es == NULL || es->serial != r->engine_serial) DIE2("a callback of an unknown engine", what);
    return es;
}

static void on_destroy(void *user_data) {
    record *r = user_data;
    if (r == NULL) DIE("a destroy function with unknown user_data");
    if (!r->registered && !r->pending) DIE("a destroy function for a registration whose call failed");
    if (++r->destroys > 1) DIE("a destroy function ran twice");
    if (r->kind == R_LAYER_DELEGATE && !r->superseded) {
        /* Not replaced: the layer is gone. */
        int index;
        mint_dead(H_LAYER, r->layer);
        for (index = 0; index < MAX_ENGINES; ++index) {
            engine_slot *es = &g_engines[index];
            if (es->state != E_FREE && es->serial == r->engine_serial) {
                push_ring(es->stale_layers, &es->stale_layer_count, r->layer);
                if (r->layer_slot >= 0 && es->layers[r->layer_slot].used &&
                    es->layers[r->layer_slot].handle == r->layer)
                    es->layers[r->layer_slot].dead = 1;
            }
        }
    }
}

static void nested_from_callback(engine_slot *es) {
    if (g_depth >= MAX_DEPTH || g_nested_ops >= NESTED_BUDGET) return;
    ++g_depth;
    run_nested(es);
    --g_depth;
}

static void on_did_start(ac_engine *engine, ac_layer layer, const char *key, void *user_data) {
    record *r = user_data;
    engine_slot *es = callback_engine(r, engine, "did_start");
    (void)layer;
    if (key && !utf8_valid(key)) DIE("did_start key not UTF-8");
    if (r->kind != R_ANIMATION) DIE("did_start with a record of another kind");
    if (es->state != E_ALIVE) DIE("did_start while or after the engine is destroyed");
    if (!r->multi && r->adds + r->maybe_adds <= 1 && r->stops > 0) DIE("did_start after its did_stop");
    ++r->starts;
    ++g_did_starts;
    if (!r->multi && r->starts > r->adds + r->maybe_adds) DIE("did_start more often than the animation was added");
    nested_from_callback(es);
}

static void on_did_stop(ac_engine *engine, ac_layer layer, const char *key, int32_t finished,
                        void *user_data) {
    record *r = user_data;
    engine_slot *es = callback_engine(r, engine, "did_stop");
    (void)layer;
    if (key && !utf8_valid(key)) DIE("did_stop key not UTF-8");
    if (r->kind != R_ANIMATION) DIE("did_stop with a record of another kind");
    if (finished != 0 && finished != 1) DIE("did_stop finished flag not 0 or 1");
    ++r->stops;
    ++g_did_stops;
    if (!r->multi && r->stops > r->adds + r->maybe_adds) DIE("did_stop more than once per add");
    nested_from_callback(es);
}

static void on_completion(ac_engine *engine, int32_t finished, void *user_data) {
    record *r = user_data;
    engine_slot *es = callback_engine(r, engine, "completion");
    if (r->kind != R_COMPLETION) DIE("completion with a record of another kind");
    if (finished != 0 && finished != 1) DIE("completion finished flag not 0 or 1");
    if (++r->calls > 1) DIE("a completion ran twice");
    ++g_completions;
    nested_from_callback(es);
}

static void on_display(ac_engine *engine, ac_layer layer, void *user_data) {
    record *r = user_data;
    engine_slot *es = callback_engine(r, engine, "display");
    int index;
    if (r->kind != R_LAYER_DELEGATE && r->kind != R_CLASS_DISPLAY) DIE("display with a record of another kind");
    if (es->state != E_ALIVE) DIE("a display callback while or after its engine is destroyed");
    (void)index;
    {
        minted *m = mint_find(H_LAYER, layer);
        if (m && m->dead) DIE("a display callback for a destroyed layer");
    }
    ++r->calls;
    ++g_displays;
    nested_from_callback(es);
}

static int32_t on_action(ac_engine *engine, ac_layer layer, const char *key, ac_animation animation,
                         void *user_data);

/* ============================================================================================ */
/* Picking handles                                                                              */
/* ============================================================================================ */

static engine_slot *pick_engine(void) {
    uint8_t b = rd_u8();
    if (g_context != NULL && b < 160) return g_context;
    return &g_engines[b % MAX_ENGINES];
}

/* A handle and whether it is known to be refused by the engine it is used with. */
typedef struct pick {
    uint64_t handle;
    int bad;
    int slot; /* the own table slot, or -1 */
} pick;


/* Whether handle (of kind) is known to be refused by es. */
static int handle_bad(int kind, engine_slot *es, uint64_t handle) {
    minted *m;
    if (handle == 0) return 0; /* no layer / the built-in class / no description: it depends */
    /* The built-in classes' handles are the same in every engine: any of them is a live class. */
    if (kind == H_CLASS && handle <= (uint64_t)AC_CLASS_GRADIENT_LAYER) return 0;
    m = mint_find(kind, handle);
    if (m == NULL) return g_minted_count[kind] < MINT_SLOTS / 2; /* never given out */
    if (m->serial != es->serial) return 1;                      /* another engine's */
    return m->dead || es->state == E_DEAD;
}

/* Handles of engine `other` used with `es` are foreign, except when it is the same engine. */
static engine_slot *other_engine(engine_slot *es) {
    engine_slot *other = &g_engines[rd_u8() % MAX_ENGINES];
    return other == es ? NULL : other;
}

/* The n-th used slot (n taken modulo their number), or -1 when none is used. */
#define NTH_USED(slots, count, n)                                         \
    ({                                                                    \
        int used_ = 0, at_ = -1, i_;                                      \
        for (i_ = 0; i_ < (count); ++i_) used_ += (slots)[i_].used != 0;  \
        if (used_ > 0) {                                                  \
            int want_ = (n) % used_;                                      \
            for (i_ = 0; i_ < (count); ++i_)                              \
                if ((slots)[i_].used && want_-- == 0) {                   \
                    at_ = i_;                                             \
                    break;                                                \
                }                                                         \
        }                                                                 \
        at_;                                                              \
    })

static pick pick_layer(engine_slot *es) {
    pick p = {0, 0, -1};
    uint8_t b = rd_u8();
    if (b < 200) {
        int index = NTH_USED(es->layers, MAX_LAYERS, b);
        if (index >= 0) {
            p.handle = es->layers[index].handle;
            p.bad = handle_bad(H_LAYER, es, p.handle);
            p.slot = index;
        }
        return p;
    }
    switch (b % 6) {
    case 0:
        if (es->stale_layer_count > 0) {
            p.handle = es->stale_layers[rd_u8() % (es->stale_layer_count < STALE_RING ? es->stale_layer_count : STALE_RING)];
            p.bad = handle_bad(H_LAYER, es, p.handle);
        }
        break;
    case 1: {
        engine_slot *other = other_engine(es);
        if (other) {
            layer_slot *slot = &other->layers[rd_u8() % MAX_LAYERS];
            if (slot->used) {
                p.handle = slot->handle;
                p.bad = handle_bad(H_LAYER, es, p.handle);
            }
        }
        break;
    }
    case 2:
        if (g_dead_layer_count > 0) {
            p.handle = g_dead_layers[rd_u8() % (g_dead_layer_count < STALE_RING ? g_dead_layer_count : STALE_RING)];
            p.bad = handle_bad(H_LAYER, es, p.handle);
        }
        break;
    case 3:
        p.handle = rd_u64();
        p.bad = handle_bad(H_LAYER, es, p.handle);
        break;
    case 4:
        /* A live handle with a bit flipped. */
        if (es->layers[0].used) {
            p.handle = es->layers[rd_u8() % MAX_LAYERS].handle ^ ((uint64_t)1 << (rd_u8() % 64));
            p.bad = handle_bad(H_LAYER, es, p.handle);
        }
        break;
    default:
        break; /* 0 */
    }
    return p;
}

static pick pick_class(engine_slot *es) {
    pick p = {0, 0, -1};
    uint8_t b = rd_u8();
    if (b < 120) {
        p.handle = b % 6; /* a built-in class: AC_CLASS_LAYER ... AC_CLASS_GRADIENT_LAYER */
        return p;
    }
    if (b < 220) {
        int index = NTH_USED(es->classes, MAX_CLASSES, b - 120);
        if (index >= 0) {
            p.handle = es->classes[index].handle;
            p.bad = handle_bad(H_CLASS, es, p.handle);
            p.slot = index;
        }
        return p;
    }
    switch (b % 4) {
    case 0: {
        engine_slot *other = other_engine(es);
        if (other && other->classes[b % MAX_CLASSES].used) {
            p.handle = other->classes[rd_u8() % MAX_CLASSES].handle;
            p.bad = handle_bad(H_CLASS, es, p.handle);
        }
        break;
    }
    case 1:
        if (g_dead_class_count > 0) {
            p.handle = g_dead_classes[rd_u8() % (g_dead_class_count < STALE_RING ? g_dead_class_count : STALE_RING)];
            p.bad = handle_bad(H_CLASS, es, p.handle);
        }
        break;
    case 2:
        p.handle = rd_u64();
        p.bad = handle_bad(H_CLASS, es, p.handle);
        break;
    default:
        /* A layer or description handle given as a class. */
        if (es->layers[0].used) {
            p.handle = es->layers[0].handle;
            p.bad = handle_bad(H_CLASS, es, p.handle);
        }
        break;
    }
    return p;
}

static pick pick_desc(engine_slot *es) {
    pick p = {0, 0, -1};
    uint8_t b = rd_u8();
    if (b < 210) {
        int index = NTH_USED(es->descs, MAX_DESCS, b);
        if (index >= 0) {
            p.handle = es->descs[index].handle;
            p.bad = handle_bad(H_DESC, es, p.handle);
            p.slot = index;
        }
        return p;
    }
    switch (b % 5) {
    case 0:
        if (es->stale_desc_count > 0) {
            p.handle = es->stale_descs[rd_u8() % (es->stale_desc_count < STALE_RING ? es->stale_desc_count : STALE_RING)];
            p.bad = handle_bad(H_DESC, es, p.handle);
        }
        break;
    case 1: {
        engine_slot *other = other_engine(es);
        if (other) {
            desc_slot *slot = &other->descs[rd_u8() % MAX_DESCS];
            if (slot->used) {
                p.handle = slot->handle;
                p.bad = handle_bad(H_DESC, es, p.handle);
            }
        }
        break;
    }
    case 2:
        if (g_dead_desc_count > 0) {
            p.handle = g_dead_descs[rd_u8() % (g_dead_desc_count < STALE_RING ? g_dead_desc_count : STALE_RING)];
            p.bad = handle_bad(H_DESC, es, p.handle);
        }
        break;
    case 3:
        p.handle = rd_u64();
        p.bad = handle_bad(H_DESC, es, p.handle);
        break;
    default:
        /* A layer handle given as a description. */
        if (es->layers[0].used) {
            p.handle = es->layers[0].handle;
            p.bad = handle_bad(H_DESC, es, p.handle);
        }
        break;
    }
    return p;
}

/* A free description slot (or one released to make room). */
static desc_slot *desc_room(engine_slot *es) {
    int index, victim;
    for (index = 0; index < MAX_DESCS; ++index)
        if (!es->descs[index].used) return &es->descs[index];
    victim = rd_u8() % MAX_DESCS;
    if (es->pointer != NULL) {
        ac_status status = check_status(ac_animation_release(es->pointer, es->descs[victim].handle), __LINE__);
        if (status == AC_OK) {
            push_ring(es->stale_descs, &es->stale_desc_count, es->descs[victim].handle);
            mint_dead(H_DESC, es->descs[victim].handle);
        }
    }
    es->descs[victim].used = 0;
    return &es->descs[victim];
}

/* ============================================================================================ */
/* Checking a call                                                                              */
/* ============================================================================================ */

static void adopt_copy(engine_slot *es, ac_animation copy);
static int fresh_delegate(engine_slot *es, desc_slot *slot, ac_animation handle, int bad, uint8_t how);

static int g_state_before; /* the engine's state when the last CALL began */

/* The engine-level rules of a call made with es->pointer; bad_handle: the call was given a
   handle known to be refused. */
static ac_status engine_call(engine_slot *es, int before, ac_status status, int bad_handle, int line) {
    (void)es;
    g_state_before = before;
    check_status(status, line);
    if (before == E_DEAD && status != AC_ERR_BAD_HANDLE)
        die(line, "a destroyed engine's pointer was not refused with AC_ERR_BAD_HANDLE", ac_status_name(status));
    if (before == E_FREE && status != AC_ERR_NULL_POINTER)
        die(line, "a NULL engine was not refused with AC_ERR_NULL_POINTER", ac_status_name(status));
    if (bad_handle && status == AC_OK) die(line, "a released, stale or foreign handle was accepted", NULL);
    if (bad_handle || before == E_DEAD) ++g_refusals_checked;
    return status;
}
/* A call with es->pointer: the checks above, against the engine's state when it began (a
   callback inside the call may destroy the engine). */
#define CALL(es, bad, expr)                                      \
    ({                                                           \
        int before_ = (es)->state;                               \
        ac_status status_ = (expr);                              \
        engine_call((es), before_, status_, (bad), __LINE__);    \
    })
#define PURE(expr) check_status((expr), __LINE__)

/* Calls refused while the engine is being destroyed. */
static void destroy_refusal(engine_slot *es, ac_status status, int line) {
#if FUZZ_CHECK_DESTROY_REFUSALS
    (void)es;
    if (g_state_before == E_DESTROYING && status == AC_OK)
        die(line, "a call that must be refused while the engine is being destroyed answered AC_OK", NULL);
#else
    (void)es;
    (void)status;
    (void)line;
#endif
}

static ac_key key_of(engine_slot *es, const char *name) {
    ac_key key = 0;
    if (rd_u8() % 16 == 0) {
        /* A made-up key, or another engine's key for the same name (refused: issue 34). */
        engine_slot *other = &g_engines[rd_u8() % MAX_ENGINES];
        if (other == es || other->state != E_ALIVE) return rd_u32();
        (void)CALL(other, 0, ac_engine_key(other->pointer, name, &key));
        return key;
    }
    if (es->pointer == NULL) return 0;
    if (CALL(es, 0, ac_engine_key(es->pointer, name, &key)) != AC_OK) return rd_u8();
    return key;
}

/* ============================================================================================ */
/* Values and structs from the input                                                            */
/* ============================================================================================ */

static int slots_of_kind(int32_t kind) {
    switch (kind) {
    case AC_VALUE_SCALAR: return 1;
    case AC_VALUE_POINT: case AC_VALUE_SIZE: return 2;
    case AC_VALUE_RECT: case AC_VALUE_COLOR: return 4;
    case AC_VALUE_VECTOR3: return 3;
    case AC_VALUE_AFFINE_TRANSFORM: return 6;
    case AC_VALUE_TRANSFORM3D: return 16;
    default: return 0;
    }
}

/* A value written out: a known kind, reserved 0, every field the kind does not use 0. */
static void check_value_out(const ac_value *value, const char *call) {
    int slots = slots_of_kind(value->kind), index;
    if (value->kind < AC_VALUE_SCALAR || value->kind > AC_VALUE_COLORS) DIE2("a value written out has an unknown kind", call);
    if (value->kind >= AC_VALUE_PATH && value->i != 0) DIE2("a path or array value written out has i != 0", call);
    if (value->reserved != 0) DIE2("a value written out has reserved != 0", call);
    for (index = slots; index < AC_VALUE_MAX_SLOTS; ++index)
        if (value->v[index] != 0.0) DIE2("a value written out has an unused slot not 0", call);
    if (slots > 0 && value->i != 0) DIE2("a numeric value written out has i != 0", call);
    if (value->kind == AC_VALUE_BOOL && value->i != 0 && value->i != 1) DIE2("a bool written out is not 0 or 1", call);
}

static ac_value rd_value(void) {
    ac_value value;
    uint8_t b = rd_u8();
    int32_t kind = b % 13;
    int index, slots;
    if (kind == 11) kind = -1;
    if (kind == 12) kind = 11 + rd_u8();
    value = ac_value_zeroed(kind);
    if (b & 0x80) {
        /* Identity-like transforms and small values, most of the time. */
        if (kind == AC_VALUE_TRANSFORM3D) value = ac_value_transform3d_identity();
        if (kind == AC_VALUE_AFFINE_TRANSFORM) value = ac_value_affine(1, 0, 0, 1, 0, 0);
    }
    slots = slots_of_kind(kind);
    for (index = 0; index < slots; ++index) {
        uint8_t how = rd_u8();
        if (how < 160) value.v[index] = (double)((int)how - 80) / 8.0;
        else if (how < 250) value.v[index] = rd_double();
    }
    if (kind == AC_VALUE_BOOL) value.i = rd_u8() % 5 == 0 ? (int64_t)rd_u8() - 1 : rd_u8() & 1;
    if (kind == AC_VALUE_INTEGER || kind == AC_VALUE_TOKEN) value.i = rd_u8() < 200 ? (int64_t)rd_u8() - 5 : (int64_t)rd_u64();
    if (rd_u8() == 0xFF) value.reserved = 1;
    if (rd_u8() == 0xFE) value.v[15] = NAN; /* in an unused slot: must be ignored */
    return value;
}

static ac_timing rd_timing(void) {
    ac_timing timing;
    uint8_t b = rd_u8();
    ac_timing_init_animation(&timing);
    if (b & 1) timing.duration_s = rd_time();
    if (b & 2) timing.begin_time_s = rd_double();
    if (b & 4) timing.speed = rd_double();
    if (b & 8) timing.time_offset_s = rd_double();
    if (b & 16) timing.repeat_count = rd_double();
    if (b & 32) timing.repeat_duration_s = rd_double();
    if (b & 64) {
        timing.fill_mode = rd_u8() % 5;
        timing.autoreverses = rd_u8() % 3;
    }
    if (b & 128) {
        uint8_t c = rd_u8();
        if (c == 1) timing.struct_size = 8;
        if (c == 2) timing.reserved = 3;
    }
    return timing;
}

static ac_timing_function rd_function(void) {
    ac_timing_function function;
    uint8_t b = rd_u8();
    switch (b % 4) {
    case 0:
        ac_timing_function_named(rd_u8() & 1 ? "easeInEaseOut" : "default", &function);
        break;
    case 1:
        memset(&function, 0, sizeof function);
        function.kind = AC_TIMING_FUNCTION_CUBIC_BEZIER;
        function.x1 = rd_double();
        function.y1 = rd_double();
        function.x2 = rd_double();
        function.y2 = rd_double();
        break;
    case 2:
        memset(&function, 0, sizeof function);
        function.kind = AC_TIMING_FUNCTION_STEPS;
        function.steps = (int32_t)rd_u8() - 2;
        function.step_position = (int32_t)rd_u8() % 5;
        break;
    default:
        memset(&function, 0, sizeof function);
        function.kind = (int32_t)rd_u8();
        function.reserved = (int32_t)rd_u8();
        function.x1 = 0.3;
        function.x2 = 0.6;
        function.y2 = 1;
        break;
    }
    return function;
}

static ac_spring rd_spring(void) {
    ac_spring spring;
    uint8_t b = rd_u8();
    ac_spring_init(&spring);
    if (b & 1) spring.mass = rd_double();
    if (b & 2) spring.stiffness = rd_double();
    if (b & 4) spring.damping = rd_double();
    if (b & 8) spring.initial_velocity = rd_double();
    if (b & 16) spring.allows_overdamping = rd_u8() % 3;
    if (b & 32) spring.struct_size = rd_u8();
    return spring;
}

static ac_decay rd_decay(void) {
    ac_decay decay;
    uint8_t b = rd_u8();
    ac_decay_init(&decay);
    if (b & 1) decay.deceleration_rate = rd_u8() & 1 ? 0.9 + 0.1 * (double)rd_u8() / 256.0 : rd_double();
    if (b & 2) decay.minimum_speed = rd_double();
    if (b & 4) {
        decay.has_lower_bound = rd_u8() % 3;
        decay.lower_bound = rd_value();
    }
    if (b & 8) {
        decay.has_upper_bound = rd_u8() % 3;
        decay.upper_bound = rd_value();
    }
    if (b & 16) decay.bound_spring = rd_spring();
    if (b & 32) decay.reserved = 1;
    if (b & 64) decay.struct_size = 4;
    return decay;
}

static size_t rd_count(void) {
    uint8_t b = rd_u8();
    return b < 250 ? (size_t)(b % 8) : (size_t)(b % MAX_LIST);
}

/* ============================================================================================ */
/* Operations                                                                                   */
/* ============================================================================================ */

static void op_engine_create(void) {
    int index, chosen = -1;
    ac_engine_config config;
    ac_engine *engine = NULL;
    ac_status status;
    uint8_t b = rd_u8();
    for (index = 0; index < MAX_ENGINES; ++index) {
        int candidate = (b + index) % MAX_ENGINES;
        /* A destroyed engine's slot is reused only outside callbacks (a callback of it may
           still come while a tick that destroyed it goes on). */
        if (g_engines[candidate].state == E_FREE || (g_engines[candidate].state == E_DEAD && g_depth == 0)) {
            chosen = candidate;
            break;
        }
    }
    ac_engine_config_init(&config);
    if (b & 0x80) {
        uint8_t c = rd_u8();
        if (c & 1) config.default_duration_s = rd_time();
        if (c & 2) config.global_speed = rd_double();
        if (c & 4) config.header_version_major = (int32_t)rd_u8();
        if (c & 8) config.struct_size = rd_u8();
    }
    status = PURE(ac_engine_create(b & 0x40 ? NULL : &config, &engine));
    if (status != AC_OK) return;
    if (chosen < 0) {
        /* No room: destroy it at once. */
        REQUIRE(PURE(ac_engine_destroy(engine)) == AC_OK, "destroying a new engine failed");
        push_ring(g_dead_engines, &g_dead_engine_count, (uint64_t)(uintptr_t)engine);
        return;
    }
    {
        engine_slot *es = &g_engines[chosen];
        if (es->state == E_DEAD) push_ring(g_dead_engines, &g_dead_engine_count, (uint64_t)(uintptr_t)es->pointer);
        memset(es, 0, sizeof *es);
        es->state = E_ALIVE;
        es->pointer = engine;
        es->serial = ++g_serial;
    }
}

static void engine_destroy(engine_slot *es) {
    ac_status status;
    int previous = es->state, index;
    if (es->state == E_ALIVE) es->state = E_DESTROYING;
    status = check_status(ac_engine_destroy(es->pointer), __LINE__);
    if (previous == E_ALIVE) {
        if (status != AC_OK) DIE2("destroying a live engine failed", ac_last_error_message());
        es->state = E_DEAD;
        for (index = 0; index < MAX_LAYERS; ++index)
            if (es->layers[index].used) push_ring(g_dead_layers, &g_dead_layer_count, es->layers[index].handle);
        for (index = 0; index < MAX_CLASSES; ++index)
            if (es->classes[index].used) push_ring(g_dead_classes, &g_dead_class_count, es->classes[index].handle);
        for (index = 0; index < MAX_DESCS; ++index)
            if (es->descs[index].used) push_ring(g_dead_descs, &g_dead_desc_count, es->descs[index].handle);
    } else if (previous == E_DEAD) {
        if (status != AC_ERR_BAD_HANDLE) DIE("destroying a destroyed engine was not refused");
    } else if (previous == E_FREE) {
        if (status != AC_OK) DIE("destroying NULL is not a no-op");
    } else if (status == AC_OK) {
        DIE("destroying an engine being destroyed answered AC_OK");
    }
}

static void op_engine_destroy(void) {
    engine_slot *es = pick_engine();
#if FUZZ_MASK_ENGINE_DESTROY_IN_CALLBACKS
    if (g_depth > 0) return;
#endif
    engine_destroy(es);
}

static void read_large_batch(engine_slot *es, ac_key key);

static void op_tick(void) {
    engine_slot *es = pick_engine();
    uint8_t b = rd_u8();
    double now = es->now;
    int repeat = 1 + (b >> 5), index;
    for (index = 0; index < repeat; ++index) {
        ac_status status;
        switch (b % 8) {
        case 0: case 1: case 2: now = es->now + 1.0 / 60.0; break;
        case 3: now = es->now + rd_time(); break;
        case 4: now = es->now - rd_time(); break;
        case 5: now = rd_double(); break;
        default: now = es->now + 0.25 * (double)(rd_u8() % 16); break;
        }
        status = CALL(es, 0, ac_engine_tick(es->pointer, now));
        destroy_refusal(es, status, __LINE__);
        if (status == AC_OK) es->now = now;
        if (status == AC_OK && !isfinite(now)) DIE("a tick to a number that is not finite answered AC_OK");
    }
    /* A host's frame: the tick, then the read of every layer (from the kept locations when an
     * earlier read at this key left them and nothing has moved since). */
    if (b & 0x08) read_large_batch(es, key_of(es, rd_string()));
    if (b & 0x10) {
        double time = 0, speed = 0;
        CALL(es, 0, ac_engine_current_time(es->pointer, &time));
        CALL(es, 0, ac_engine_set_global_speed(es->pointer, rd_u8() & 1 ? rd_double() : (double)(rd_u8() % 4)));
        CALL(es, 0, ac_engine_global_speed(es->pointer, &speed));
    }
}

static void op_class_create(void) {
    engine_slot *es = pick_engine();
    ac_property_desc properties[8];
    pick superclass = pick_class(es);
    size_t count = rd_u8() % 9, index;
    const char *name = rd_string();
    ac_class created = 0;
    ac_status status;
    for (index = 0; index < count; ++index) {
        static const char *const property_names[] = {"p0", "p1", "p2", "p3", "p4", "p5", "opacity", "frame", "p0", ""};
        ac_value value = rd_value();
        uint8_t b = rd_u8();
        const char *property = b < 240 ? property_names[b % 10] : rd_string();
        ac_property_desc_init(&properties[index], property, &value);
        if (b & 0x10) properties[index].animatable = rd_u8() % 3;
        if (b & 0x20) properties[index].needs_display = rd_u8() % 3;
        if (rd_u8() == 0xFF) properties[index].struct_size = 0;
    }
    status = CALL(es, superclass.bad, ac_class_create(es->pointer, name, superclass.handle,
                                                      rd_u8() == 0xFF ? NULL : properties, count, &created));
    if (status == AC_OK) {
        int slot = rd_u8() % MAX_CLASSES;
        mint(H_CLASS, created, es->serial);
        es->classes[slot].used = 1;
        es->classes[slot].handle = created;
    }
}

static void op_class_callbacks(void) {
    engine_slot *es = pick_engine();
    pick cls = pick_class(es);
    uint8_t b = rd_u8();
    record *r;
    ac_status status;
    if ((b & 0x18) == 0x18) {
        /* Strict or permissive (2: refused); no callback involved. */
        CALL(es, cls.bad, ac_class_set_strict(es->pointer, cls.handle, (int32_t)(b >> 5) % 3));
        return;
    }
    r = new_record(b & 1 ? R_CLASS_DISPLAY : R_ACTION, es);
    if (r == NULL) return;
    begin_registration(r);
    if (b & 1)
        status = CALL(es, cls.bad, ac_class_set_display(es->pointer, cls.handle, b & 2 ? NULL : on_display, r,
                                                        b & 4 ? NULL : on_destroy));
    else
        status = CALL(es, cls.bad, ac_class_set_default_action(es->pointer, cls.handle, b & 2 ? NULL : on_action, r,
                                                               b & 4 ? NULL : on_destroy));
    end_registration(r, status);
    r->no_destroy = (b & 4) != 0;
}

/* Gives a layer a delegate of its own (display + destroy), which tells when it is destroyed. */
static void track_layer(engine_slot *es, int slot) {
    record *r = new_record(R_LAYER_DELEGATE, es);
    ac_layer_delegate delegate;
    ac_status status;
    layer_slot *ls = &es->layers[slot];
    ls->tracked = 0;
    ls->delegate = NULL;
    if (r == NULL) return;
    r->layer_slot = slot;
    r->layer = ls->handle;
    ac_layer_delegate_init(&delegate);
    delegate.display = on_display;
    delegate.user_data = r;
    delegate.destroy = on_destroy;
    begin_registration(r);
    status = CALL(es, ls->dead, ac_layer_set_delegate(es->pointer, ls->handle, &delegate));
    end_registration(r, status);
    if (status == AC_OK) {
        ls->tracked = 1;
        ls->delegate = r;
    }
}

static void op_layer_create(void) {
    engine_slot *es = pick_engine();
    pick cls = pick_class(es);
    ac_layer layer = 0;
    ac_status status = CALL(es, cls.bad, ac_layer_create(es->pointer, cls.handle, &layer));
    int slot, index;
    if (status != AC_OK) return;
    mint(H_LAYER, layer, es->serial);
    slot = -1;
    for (index = 0; index < MAX_LAYERS; ++index)
        if (!es->layers[index].used || es->layers[index].dead) {
            slot = index;
            break;
        }
    if (slot < 0) slot = rd_u8() % MAX_LAYERS; /* forget one (it lives on in the engine) */
    es->layers[slot].used = 1;
    es->layers[slot].dead = 0;
    es->layers[slot].handle = layer;
    track_layer(es, slot);
}

static void op_layer_refs(void) {
    engine_slot *es = pick_engine();
    pick layer = pick_layer(es);
    uint8_t b = rd_u8();
    int count = 1 + (b >> 4), index;
    for (index = 0; index < count; ++index) {
        if (b & 1) CALL(es, layer.bad, ac_layer_retain(es->pointer, layer.handle));
        else CALL(es, layer.bad, ac_layer_release(es->pointer, layer.handle));
    }
}

static void op_layer_set(void) {
    engine_slot *es = pick_engine();
    pick layer = pick_layer(es);
    const char *name = rd_string();
    ac_key key = key_of(es, name);
    uint8_t b = rd_u8();
    if ((b & 0x0C) == 0x0C) {
        /* The batch form: up to four layers, numbers and a stride from the input. */
        ac_layer layers[4];
        double slots[64];
        size_t count = rd_u8() % 5, stride = rd_u8() % 17, index;
        int bad = 0;
        for (index = 0; index < count; ++index) {
            pick p = index == 0 ? layer : pick_layer(es);
            layers[index] = p.handle;
            bad |= p.bad;
        }
        for (index = 0; index < 64; ++index) slots[index] = rd_double();
        if (count * stride > 64) stride = 64 / (count ? count : 1);
        CALL(es, bad, ac_layers_set_value(es->pointer, count ? layers : NULL, count, key, slots, stride));
    } else if (b & 1) {
        ac_value value = rd_value();
        CALL(es, layer.bad, ac_layer_set_value(es->pointer, layer.handle, key, b & 2 && rd_u8() == 0 ? NULL : &value));
    } else {
        CALL(es, layer.bad, ac_layer_set_scalar(es->pointer, layer.handle, key, rd_double()));
    }
}

/* A batch read large enough for the engine to remember where its values lie (256 rows or more:
 * the live layers, in slot order, over and over), made the same way every time so that a read
 * after other operations may copy from the kept locations. Oracle: every row holds what the
 * layer's own presentation read gives, to the bit (bool, integer and token kinds aside: the
 * batch gives them as numbers). */
static void read_large_batch(engine_slot *es, ac_key key) {
    enum { ROWS_MAX = 320 };
    static ac_layer layers[ROWS_MAX];
    static double slots[ROWS_MAX * 16];
    size_t live = 0, count = rd_u8() & 1 ? 256 : ROWS_MAX, stride = 0, index;
    int distinct[MAX_LAYERS];
    for (index = 0; index < MAX_LAYERS; ++index)
        if (es->layers[index].used && !es->layers[index].dead) distinct[live++] = (int)index;
    if (live == 0) return;
    for (index = 0; index < count; ++index) layers[index] = es->layers[distinct[index % live]].handle;
    if (CALL(es, 0, ac_layers_get_presentation(es->pointer, layers, count, key, slots, ROWS_MAX * 16, &stride)) != AC_OK)
        return;
    for (index = 0; index < count && stride > 0 && stride <= 16; ++index) {
        ac_value value;
        if (index >= live) {
            if (memcmp(&slots[index * stride], &slots[(index % live) * stride], stride * sizeof(double)) != 0)
                die(__LINE__, "a batch read gave one layer two different rows", NULL);
            continue;
        }
        if (CALL(es, 0, ac_layer_get_presentation_value(es->pointer, layers[index], key, &value)) != AC_OK) continue;
        if (value.kind == AC_VALUE_BOOL || value.kind == AC_VALUE_INTEGER || value.kind == AC_VALUE_TOKEN) continue;
        if (memcmp(&slots[index * stride], value.v, stride * sizeof(double)) != 0)
            die(__LINE__, "a batch read's row differs from the layer's own presentation read", NULL);
    }
}

static void op_layer_get(void) {
    engine_slot *es = pick_engine();
    pick layer = pick_layer(es);
    ac_key key = key_of(es, rd_string());
    uint8_t b = rd_u8();
    ac_value value;
    double scalar;
    switch (b % 8) {
    case 0:
        if (CALL(es, layer.bad, ac_layer_get_value(es->pointer, layer.handle, key, &value)) == AC_OK)
            check_value_out(&value, "ac_layer_get_value");
        break;
    case 1:
        if (CALL(es, layer.bad, ac_layer_get_presentation_value(es->pointer, layer.handle, key, &value)) == AC_OK)
            check_value_out(&value, "ac_layer_get_presentation_value");
        break;
    case 2: CALL(es, layer.bad, ac_layer_get_scalar(es->pointer, layer.handle, key, &scalar)); break;
    case 3: CALL(es, layer.bad, ac_layer_get_presentation_scalar(es->pointer, layer.handle, key, &scalar)); break;
    case 4:
        if (CALL(es, layer.bad, ac_layer_get_presentation_velocity(es->pointer, layer.handle, key, &value)) == AC_OK)
            check_value_out(&value, "ac_layer_get_presentation_velocity");
        break;
    case 5: {
        ac_property_value values[64];
        size_t count = 0;
        size_t capacity = rd_u8() & 1 ? 64 : rd_u8() % 8;
        CALL(es, layer.bad, ac_layer_snapshot(es->pointer, layer.handle, (int32_t)(rd_u8() % 3), capacity ? values : NULL,
                                              capacity, &count));
        break;
    }
    case 6: {
        ac_layer layers[4];
        double slots[64];
        size_t count = rd_u8() % 5, stride = 0, index;
        int bad = 0;
        for (index = 0; index < count; ++index) {
            pick p = index == 0 ? layer : pick_layer(es);
            layers[index] = p.handle;
            bad |= p.bad;
        }
        CALL(es, bad, ac_layers_get_presentation(es->pointer, count ? layers : NULL, count, key, slots,
                                                 rd_u8() & 1 ? 64 : rd_u8() % 16, &stride));
        if (rd_u8() % 4 == 0) read_large_batch(es, key);
        /* The table of several keys: the same key (or another) up to 3 times, and key counts
         * past the limit; a buffer of 64 numbers or less. */
        {
            ac_key keys[3] = {key, key, key};
            size_t columns[3], key_count = rd_u8() % 4;
            uint8_t shape = rd_u8();
            if (shape == 255) key_count = AC_PRESENTATION_TABLE_MAX_KEYS + 1;
            if (shape == 254) key_count = (size_t)-1;
            if (rd_u8() & 1) keys[rd_u8() % 3] = (ac_key)rd_u8();
            /* (No key to read: nothing is read, a bad layer included.) */
            CALL(es, bad && key_count > 0, ac_layers_get_presentation_table(es->pointer, count ? layers : NULL, count,
                                                           key_count <= 3 ? keys : NULL, key_count, slots,
                                                           rd_u8() & 1 ? 64 : rd_u8() % 16, &stride,
                                                           rd_u8() & 1 ? columns : NULL));
        }
        break;
    }
    default: {
        int32_t needs = 0;
        ac_class cls = 0;
        CALL(es, layer.bad, ac_layer_needs_display(es->pointer, layer.handle, &needs));
        CALL(es, layer.bad, ac_layer_set_needs_display(es->pointer, layer.handle));
        CALL(es, layer.bad, ac_layer_class(es->pointer, layer.handle, &cls));
        break;
    }
    }
}

static void op_tree(void) {
    engine_slot *es = pick_engine();
    pick parent = pick_layer(es), child = pick_layer(es);
    uint8_t b = rd_u8();
    int bad = parent.bad || child.bad;
    switch (b % 8) {
    case 0: case 1: CALL(es, bad, ac_layer_add_sublayer(es->pointer, parent.handle, child.handle)); break;
    case 2: CALL(es, bad, ac_layer_insert_sublayer(es->pointer, parent.handle, child.handle,
                                                   rd_u8() < 250 ? rd_u8() % 4 : (size_t)rd_u64())); break;
    case 3: CALL(es, child.bad, ac_layer_remove_from_superlayer(es->pointer, child.handle)); break;
    case 4: CALL(es, bad, ac_layer_replace_sublayer(es->pointer, parent.handle, child.handle)); break;
    case 5: {
        ac_layer super = 0;
        if (CALL(es, child.bad, ac_layer_superlayer(es->pointer, child.handle, &super)) == AC_OK && super != 0) {
            /* Try the cycle: the superlayer under its own sublayer. */
            CALL(es, 0, ac_layer_add_sublayer(es->pointer, child.handle, super));
        }
        break;
    }
    case 6: {
        ac_layer sublayers[32];
        size_t count = 0, capacity = rd_u8() & 1 ? 32 : rd_u8() % 4;
        CALL(es, parent.bad, ac_layer_sublayers(es->pointer, parent.handle, capacity ? sublayers : NULL, capacity, &count));
        break;
    }
    default: {
        double out = 0;
        ac_status status = CALL(es, bad, ac_layer_convert_time(es->pointer, rd_double(), parent.handle, child.handle, &out));
        if (status == AC_OK && isnan(out)) DIE("ac_layer_convert_time answered NaN");
        CALL(es, parent.bad, ac_layer_local_time(es->pointer, parent.handle, &out));
        break;
    }
    }
}

static void op_layer_delegate(void) {
    engine_slot *es = pick_engine();
    pick layer = pick_layer(es);
    uint8_t b = rd_u8();
    if (layer.slot >= 0 && !layer.bad && (b & 1)) {
        /* Replace the tracking delegate with a new one. */
        layer_slot *ls = &es->layers[layer.slot];
        record *old = ls->delegate;
        if (old) old->superseded = 1;
        track_layer(es, layer.slot);
        if (!ls->tracked && old) {
            /* The call failed: the old delegate stays (unless it was refused for a gone layer). */
            old->superseded = 0;
            ls->delegate = old;
            ls->tracked = 1;
        }
        return;
    }
    if (b & 2) {
        /* A malformed or NULL delegate. */
        ac_layer_delegate delegate;
        ac_layer_delegate_init(&delegate);
        delegate.struct_size = b & 4 ? 4 : delegate.struct_size;
        delegate.reserved = b & 8 ? 1 : 0;
        if (!(b & 12)) {
            /* NULL: the tracking ends (the layer's death is no longer observed). */
            if (layer.slot >= 0 && es->layers[layer.slot].delegate)
                es->layers[layer.slot].delegate->superseded = 1;
            if (CALL(es, layer.bad, ac_layer_set_delegate(es->pointer, layer.handle, NULL)) == AC_OK) {
                if (layer.slot >= 0) {
                    es->layers[layer.slot].tracked = 0;
                    es->layers[layer.slot].delegate = NULL;
                }
            } else if (layer.slot >= 0 && es->layers[layer.slot].delegate) {
                es->layers[layer.slot].delegate->superseded = 0;
            }
            return;
        }
        CALL(es, 1, ac_layer_set_delegate(es->pointer, layer.handle, &delegate));
    }
}

static void op_actions(void) {
    engine_slot *es = pick_engine();
    pick layer = pick_layer(es);
    uint8_t b = rd_u8();
    switch (b % 4) {
    case 0: {
        record *r = new_record(R_ACTION, es);
        ac_status status;
        if (r == NULL) return;
        begin_registration(r);
        status = CALL(es, layer.bad, ac_layer_set_action_callback(es->pointer, layer.handle, b & 4 ? NULL : on_action, r,
                                                                  b & 8 ? NULL : on_destroy));
        end_registration(r, status);
        r->no_destroy = (b & 8) != 0;
        break;
    }
    case 1: {
        pick desc = pick_desc(es);
        const char *key = rd_string();
        int32_t no_action = (int32_t)(rd_u8() % 3);
        ac_status status = CALL(es, layer.bad || desc.bad,
                                ac_layer_set_action(es->pointer, layer.handle, key, desc.handle, no_action));
        /* The table holds a copy, delegate included: every use adds one more copy. */
        if (status == AC_OK && desc.slot >= 0 && es->descs[desc.slot].current)
            es->descs[desc.slot].current->multi = 1;
        break;
    }
    case 2: {
        int32_t result = 0;
        ac_animation animation = 0;
        ac_status status = CALL(es, layer.bad, ac_layer_action_for_key(es->pointer, layer.handle, rd_string(), &result,
                                                                       &animation));
        /* A new description the caller releases; it carries the answering entry's delegate. */
        if (status == AC_OK && animation != 0) adopt_copy(es, animation);
        break;
    }
    default: {
        pick other = pick_layer(es);
        CALL(es, layer.bad || other.bad, ac_layer_replace_sublayer(es->pointer, layer.handle, other.handle));
        break;
    }
    }
}

/* A fresh delegate for a description, so that the next add is counted on its own; 1 when set. */
static int fresh_delegate(engine_slot *es, desc_slot *slot, ac_animation handle, int bad, uint8_t how) {
    record *r = new_record(R_ANIMATION, es);
    ac_animation_delegate delegate;
    ac_status status;
    if (r == NULL) return 0;
    ac_animation_delegate_init(&delegate);
    delegate.did_start = (how & 1) ? NULL : on_did_start;
    delegate.did_stop = (how & 2) ? NULL : on_did_stop;
    delegate.user_data = r;
    delegate.destroy = on_destroy;
    r->no_stop = delegate.did_stop == NULL;
    begin_registration(r);
    status = CALL(es, bad, ac_animation_set_delegate(es->pointer, handle, &delegate));
    end_registration(r, status);
    if (status == AC_OK && slot) slot->current = (delegate.did_start || delegate.did_stop) ? r : NULL;
    return status == AC_OK;
}

/* A description the engine just gave out (a copy): into the table, with a delegate of its own
   (it carries the one it was copied from); released at once when that fails. */
static void adopt_copy(engine_slot *es, ac_animation copy) {
    desc_slot *slot;
    mint(H_DESC, copy, es->serial);
    slot = desc_room(es);
    slot->used = 1;
    slot->handle = copy;
    slot->current = NULL;
    if (!fresh_delegate(es, slot, copy, 0, 0)) {
        slot->used = 0;
        if (CALL(es, 0, ac_animation_release(es->pointer, copy)) == AC_OK) mint_dead(H_DESC, copy);
    }
}

static void op_desc_create(void) {
    engine_slot *es = pick_engine();
    uint8_t b = rd_u8();
    const char *path = rd_string();
    ac_animation animation = 0;
    ac_status status;
    switch (b % 6) {
    case 5: status = CALL(es, 0, ac_animation_create_transition(es->pointer, &animation)); break;
    case 0: status = CALL(es, 0, ac_animation_create_basic(es->pointer, path, &animation)); break;
    case 1: status = CALL(es, 0, ac_animation_create_keyframe(es->pointer, path, &animation)); break;
    case 2: status = CALL(es, 0, ac_animation_create_group(es->pointer, &animation)); break;
    case 3: status = CALL(es, 0, ac_animation_create_spring(es->pointer, path, &animation)); break;
    default: status = CALL(es, 0, ac_animation_create_decay(es->pointer, path, &animation)); break;
    }
    if (status == AC_OK) {
        desc_slot *slot;
        mint(H_DESC, animation, es->serial);
        slot = desc_room(es);
        slot->used = 1;
        slot->handle = animation;
        slot->current = NULL;
    }
}

static void op_desc_release(void) {
    engine_slot *es = pick_engine();
    pick desc = pick_desc(es);
    ac_status status = CALL(es, desc.bad, ac_animation_release(es->pointer, desc.handle));
    if (status == AC_OK) {
        mint_dead(H_DESC, desc.handle);
        push_ring(es->stale_descs, &es->stale_desc_count, desc.handle);
        if (desc.slot >= 0) es->descs[desc.slot].used = 0;
    }
}

static void op_desc_fields(void) {
    engine_slot *es = pick_engine();
    pick desc = pick_desc(es);
    uint8_t b = rd_u8();
    ac_animation a = desc.handle;
    int bad = desc.bad;
    switch (b % 12) {
    case 0: {
        ac_value value = rd_value();
        int32_t which = (int32_t)(rd_u8() % 5);
        CALL(es, bad, ac_animation_set_value(es->pointer, a, which, rd_u8() % 8 == 0 ? NULL : &value));
        break;
    }
    case 1: {
        ac_timing timing = rd_timing();
        CALL(es, bad, ac_animation_set_timing(es->pointer, a, &timing));
        break;
    }
    case 2: {
        ac_timing_function function = rd_function();
        CALL(es, bad, ac_animation_set_timing_function(es->pointer, a, rd_u8() & 1 ? NULL : &function));
        break;
    }
    case 3: CALL(es, bad, ac_animation_set_flag(es->pointer, a, (int32_t)(rd_u8() % 6), (int32_t)(rd_u8() % 3))); break;
    case 4: {
        ac_value values[MAX_LIST];
        size_t count = rd_count(), index;
        for (index = 0; index < count; ++index) values[index] = rd_u8() & 1 && index > 0 ? values[index - 1] : rd_value();
        CALL(es, bad, ac_animation_set_values(es->pointer, a, count ? values : NULL, count));
        break;
    }
    case 5: {
        double times[MAX_LIST];
        size_t count = rd_count(), index;
        for (index = 0; index < count; ++index)
            times[index] = rd_u8() < 220 ? (double)index / (double)(count > 1 ? count - 1 : 1) : rd_double();
        CALL(es, bad, ac_animation_set_key_times(es->pointer, a, count ? times : NULL, count));
        break;
    }
    case 6: {
        ac_timing_function functions[MAX_LIST];
        size_t count = rd_count(), index;
        for (index = 0; index < count; ++index) functions[index] = rd_function();
        CALL(es, bad, ac_animation_set_timing_functions(es->pointer, a, count ? functions : NULL, count));
        break;
    }
    case 7:
        CALL(es, bad, ac_animation_set_calculation_mode(es->pointer, a, (int32_t)(rd_u8() % 6)));
        CALL(es, bad, ac_animation_set_rotation_mode(es->pointer, a, (int32_t)(rd_u8() % 4)));
        break;
    case 8: {
        double values[MAX_LIST];
        size_t count = rd_count(), index;
        for (index = 0; index < count; ++index) values[index] = rd_u8() < 200 ? (double)((int)rd_u8() - 128) / 128.0 : rd_double();
        CALL(es, bad, ac_animation_set_spline_values(es->pointer, a, (int32_t)(rd_u8() % 4), count ? values : NULL, count));
        break;
    }
    case 9: {
        ac_path_element elements[MAX_LIST];
        size_t count = rd_count(), index;
        uint8_t shape = rd_u8();
        if (shape % 4 == 0) {
            size_t written = 0;
            PURE(ac_path_rounded_rect(rd_double(), rd_double(), (double)rd_u8(), (double)rd_u8(), rd_double(), 5,
                                      elements, MAX_LIST, &written));
            count = written;
        } else {
            for (index = 0; index < count; ++index) {
                uint8_t type = rd_u8();
                int point;
                elements[index].type = index == 0 && type < 200 ? AC_PATH_MOVE_TO : (int32_t)(type % 6);
                elements[index].reserved = type == 0xFF;
                for (point = 0; point < 6; ++point)
                    elements[index].points[point] = rd_u8() < 230 ? (double)rd_u8() : rd_double();
            }
        }
        CALL(es, bad, ac_animation_set_path(es->pointer, a, count ? elements : NULL, count));
        break;
    }
    case 10: {
        ac_spring spring = rd_spring();
        ac_spring out;
        CALL(es, bad, ac_animation_set_spring(es->pointer, a, &spring));
        ac_spring_init(&out);
        CALL(es, bad, ac_animation_get_spring(es->pointer, a, &out));
        break;
    }
    default: {
        ac_decay decay = rd_decay();
        ac_decay out;
        CALL(es, bad, ac_animation_set_decay(es->pointer, a, &decay));
        ac_decay_init(&out);
        CALL(es, bad, ac_animation_get_decay(es->pointer, a, &out));
        break;
    }
    }
}

static void op_desc_read(void) {
    engine_slot *es = pick_engine();
    pick desc = pick_desc(es);
    uint8_t b = rd_u8();
    ac_animation a = desc.handle;
    int bad = desc.bad;
    size_t count = 0;
    size_t capacity = b & 0x80 ? (size_t)(rd_u8() % 4) : MAX_LIST;
    switch (b % 8) {
    case 0: {
        int32_t kind;
        ac_value value;
        int32_t is_set;
        CALL(es, bad, ac_animation_get_kind(es->pointer, a, &kind));
        if (CALL(es, bad, ac_animation_get_value(es->pointer, a, (int32_t)(rd_u8() % 5), &value, &is_set)) == AC_OK &&
            is_set)
            check_value_out(&value, "ac_animation_get_value");
        break;
    }
    case 1: {
        ac_timing timing;
        ac_timing_function function;
        int32_t is_set, flag, mode;
        timing.struct_size = rd_u8() == 0 ? 3 : sizeof timing;
        CALL(es, bad, ac_animation_get_timing(es->pointer, a, &timing));
        CALL(es, bad, ac_animation_get_timing_function(es->pointer, a, &function, &is_set));
        CALL(es, bad, ac_animation_get_flag(es->pointer, a, (int32_t)(rd_u8() % 4), &flag));
        CALL(es, bad, ac_animation_get_calculation_mode(es->pointer, a, &mode));
        CALL(es, bad, ac_animation_get_rotation_mode(es->pointer, a, &mode));
        break;
    }
    case 2: {
        ac_value values[MAX_LIST];
        double times[MAX_LIST];
        CALL(es, bad, ac_animation_get_values(es->pointer, a, capacity ? values : NULL, capacity, &count));
        CALL(es, bad, ac_animation_get_key_times(es->pointer, a, capacity ? times : NULL, capacity, &count));
        CALL(es, bad, ac_animation_get_spline_values(es->pointer, a, (int32_t)(rd_u8() % 4), capacity ? times : NULL,
                                                     capacity, &count));
        break;
    }
    case 3: {
        ac_timing_function functions[MAX_LIST];
        ac_path_element elements[MAX_LIST];
        CALL(es, bad, ac_animation_get_timing_functions(es->pointer, a, capacity ? functions : NULL, capacity, &count));
        CALL(es, bad, ac_animation_get_path(es->pointer, a, capacity ? elements : NULL, capacity, &count));
        break;
    }
    case 4: {
        char buffer[64];
        size_t length = 0;
        CALL(es, bad, ac_animation_key_path(es->pointer, a, rd_u8() & 1 ? buffer : NULL, rd_u8() & 1 ? sizeof buffer : 0,
                                            &length));
        CALL(es, bad, ac_animation_set_key_path(es->pointer, a, rd_string()));
        break;
    }
    case 5: {
        pick source = pick_desc(es);
        ac_status status = CALL(es, bad || source.bad, ac_animation_assign(es->pointer, a, source.handle));
        if (status == AC_OK && desc.slot >= 0) {
            /* It now carries the source's delegate: give it its own. */
            es->descs[desc.slot].current = NULL;
            if (!fresh_delegate(es, &es->descs[desc.slot], a, 0, 0)) g_lenient = 1;
        }
        break;
    }
    case 6: {
        ac_animation child = 0;
        ac_status status;
        CALL(es, bad, ac_animation_child_count(es->pointer, a, &count));
        status = CALL(es, bad, ac_animation_copy_child(es->pointer, a, rd_u8() < 250 ? rd_u8() % 4 : (size_t)rd_u64(), &child));
        if (status == AC_OK) adopt_copy(es, child);
        break;
    }
    default: {
        ac_animation children[8];
        size_t n = rd_u8() % 6, index;
        int any_bad = bad;
        for (index = 0; index < n; ++index) {
            pick child = rd_u8() % 5 == 0 ? desc : pick_desc(es);
            children[index] = child.handle;
            any_bad |= child.bad;
        }
        CALL(es, any_bad, ac_animation_set_children(es->pointer, a, n ? children : NULL, n));
        break;
    }
    }
}

static void op_delegate(void) {
    engine_slot *es = pick_engine();
    pick desc = pick_desc(es);
    uint8_t b = rd_u8();
    if (b & 0x80) {
        /* Malformed, or NULL (no delegate). */
        ac_animation_delegate delegate;
        ac_animation_delegate_init(&delegate);
        delegate.struct_size = b & 1 ? 3 : delegate.struct_size;
        delegate.reserved = b & 2 ? 9 : 0;
        if (!(b & 3)) {
            if (CALL(es, desc.bad, ac_animation_set_delegate(es->pointer, desc.handle, NULL)) == AC_OK && desc.slot >= 0)
                es->descs[desc.slot].current = NULL;
            return;
        }
        CALL(es, 1, ac_animation_set_delegate(es->pointer, desc.handle, &delegate));
        return;
    }
    fresh_delegate(es, desc.slot >= 0 ? &es->descs[desc.slot] : NULL, desc.handle, desc.bad, b);
}

static const char *rd_animation_key(char *buffer, size_t size) {
    uint8_t b = rd_u8();
    switch (b % 6) {
    case 0: return NULL;
    case 1: snprintf(buffer, size, "k%d", rd_u8() % 4); return buffer;
    case 2: snprintf(buffer, size, "anim-%d", g_key_counter++); return buffer;
    case 3: return rd_string();
    case 4: return "position";
    default: snprintf(buffer, size, "anim-%d", rd_u8() % 8); return buffer;
    }
}

static void op_add_animation(void) {
    engine_slot *es = pick_engine();
    pick layer = pick_layer(es);
    pick desc = pick_desc(es);
    char key_buffer[32];
    const char *key;
    uint8_t b = rd_u8();
    ac_status status;
    desc_slot *slot = desc.slot >= 0 ? &es->descs[desc.slot] : NULL;
    record *r;
    if (slot && !(b & 0x80)) fresh_delegate(es, slot, desc.handle, 0, b & 0x40 ? rd_u8() : 0);
    key = rd_animation_key(key_buffer, sizeof key_buffer);
    /* Counted as a possible add while the call runs (a did-stop may come inside it). */
    r = slot ? slot->current : NULL;
    if (r) ++r->maybe_adds;
    if (g_trace) fprintf(stderr, "%*s  add with record #%d\n", 2 * g_depth, "", r ? (int)(r - g_records) : -1);
    status = CALL(es, layer.bad || desc.bad, ac_layer_add_animation(es->pointer, layer.handle, desc.handle, key));
    if (r) {
        --r->maybe_adds;
        if (status == AC_OK) ++r->adds;
        if (status == AC_OK) ++g_adds_ok;
        else if (r->stops > r->adds + r->maybe_adds && !r->multi) DIE("a did_stop for an add that failed");
    }
}

static void op_remove_animation(void) {
    engine_slot *es = pick_engine();
    pick layer = pick_layer(es);
    uint8_t b = rd_u8();
    char key_buffer[32];
    switch (b % 4) {
    case 0: CALL(es, layer.bad, ac_layer_remove_all_animations(es->pointer, layer.handle)); break;
    case 1: {
        size_t count = 0, length = 0;
        char buffer[64];
        if (CALL(es, layer.bad, ac_layer_animation_count(es->pointer, layer.handle, &count)) == AC_OK) {
            size_t index = rd_u8() % (count + 2);
            ac_status status = CALL(es, layer.bad, ac_layer_animation_key(es->pointer, layer.handle, index,
                                                                          rd_u8() & 1 ? buffer : NULL,
                                                                          rd_u8() & 1 ? sizeof buffer : 0, &length));
            if (status == AC_OK && !utf8_valid(buffer)) DIE("an animation key read back is not UTF-8");
        }
        break;
    }
    case 2: {
        ac_animation copy = 0;
        ac_status status = CALL(es, layer.bad, ac_layer_copy_animation(es->pointer, layer.handle,
                                                                       rd_animation_key(key_buffer, sizeof key_buffer), &copy));
        if (status == AC_OK && copy != 0) adopt_copy(es, copy);
        break;
    }
    default:
        CALL(es, layer.bad, ac_layer_remove_animation(es->pointer, layer.handle, rd_animation_key(key_buffer, sizeof key_buffer)));
        break;
    }
}

static void op_transaction(void) {
    engine_slot *es = pick_engine();
    uint8_t b = rd_u8();
    ac_status status;
    switch (b % 10) {
    case 0: case 1:
        status = CALL(es, 0, ac_transaction_begin(es->pointer));
        destroy_refusal(es, status, __LINE__);
        break;
    case 2: case 3: CALL(es, 0, ac_transaction_commit(es->pointer)); break;
    case 4: CALL(es, 0, ac_transaction_flush(es->pointer)); break;
    case 5: {
        double duration = 0;
        CALL(es, 0, ac_transaction_set_animation_duration(es->pointer, rd_time()));
        CALL(es, 0, ac_transaction_animation_duration(es->pointer, &duration));
        break;
    }
    case 6: {
        ac_timing_function function = rd_function(), out;
        int32_t is_set;
        CALL(es, 0, ac_transaction_set_timing_function(es->pointer, rd_u8() & 1 ? NULL : &function));
        CALL(es, 0, ac_transaction_timing_function(es->pointer, &out, &is_set));
        break;
    }
    case 7: {
        int32_t out;
        CALL(es, 0, ac_transaction_set_disable_actions(es->pointer, (int32_t)(rd_u8() % 3)));
        CALL(es, 0, ac_transaction_disable_actions(es->pointer, &out));
        CALL(es, 0, ac_transaction_set_additive(es->pointer, (int32_t)(rd_u8() % 3)));
        CALL(es, 0, ac_transaction_additive(es->pointer, &out));
        break;
    }
    case 8: {
        ac_spring spring = rd_spring(), out;
        int32_t is_set;
        CALL(es, 0, ac_transaction_set_spring(es->pointer, rd_u8() & 1 ? NULL : &spring));
        ac_spring_init(&out);
        CALL(es, 0, ac_transaction_spring(es->pointer, &out, &is_set));
        break;
    }
    default: {
        ac_value value = rd_value(), out;
        const char *key = rd_string();
        CALL(es, 0, ac_transaction_set_value(es->pointer, key, rd_u8() & 1 ? NULL : &value));
        if (CALL(es, 0, ac_transaction_get_value(es->pointer, key, &out)) == AC_OK)
            check_value_out(&out, "ac_transaction_get_value");
        break;
    }
    }
}

static void op_completion(void) {
    engine_slot *es = pick_engine();
    uint8_t b = rd_u8();
    record *r = new_record(R_COMPLETION, es);
    ac_status status;
    if (r == NULL) return;
    r->has_function = !(b & 1);
    begin_registration(r);
    if (b & 2) {
        ac_animate_options options;
        ac_spring spring = rd_spring();
        ac_animate_options_init(&options);
        if (b & 4) options.duration_s = rd_time();
        if (b & 8) options.delay_s = rd_time();
        if (b & 16) options.repeat_count = rd_double();
        if (b & 32) {
            options.curve = (int32_t)(rd_u8() % 6);
            options.custom_function = rd_function();
            options.autoreverses = (int32_t)(rd_u8() % 3);
            options.begin_from_current_state = (int32_t)(rd_u8() % 3);
            options.additive = (int32_t)(rd_u8() % 3);
        }
        if (b & 64) options.spring = &spring;
        if (rd_u8() == 0xFF) options.struct_size = 9;
        options.completion = r->has_function ? on_completion : NULL;
        options.completion_user_data = r;
        options.completion_destroy = on_destroy;
        {
            int no_options = rd_u8() == 0xFE;
            status = CALL(es, 0, ac_animate_begin(es->pointer, no_options ? NULL : &options));
            destroy_refusal(es, status, __LINE__);
            end_registration(r, status);
            if (no_options) r->registered = 0; /* options NULL: nothing of r was passed */
        }
        if (status == AC_OK && rd_u8() & 1) {
            /* A change in the block, and the commit (often). */
            pick layer = pick_layer(es);
            ac_value value = rd_value();
            CALL(es, layer.bad, ac_layer_set_value(es->pointer, layer.handle, key_of(es, rd_string()), &value));
            CALL(es, 0, ac_animate_commit(es->pointer));
        }
    } else {
        status = CALL(es, 0, ac_transaction_add_completion(es->pointer, r->has_function ? on_completion : NULL, r,
                                                           on_destroy));
        /* fn NULL registers nothing (its destroy runs at once): not refused. */
        if (r->has_function) destroy_refusal(es, status, __LINE__);
        end_registration(r, status);
    }
}

static void op_probe(void) {
    /* Handles known to be refused, with every other argument valid: exactly AC_ERR_BAD_HANDLE. */
    engine_slot *es = pick_engine();
    uint8_t b = rd_u8();
    ac_status status;
    ac_key opacity = 0;
    if (es->state != E_ALIVE) {
        if (es->state == E_DEAD) {
            double time;
            CALL(es, 0, ac_engine_current_time(es->pointer, &time));
            CALL(es, 0, ac_engine_tick(es->pointer, 1.0));
        }
        return;
    }
    if (CALL(es, 0, ac_engine_key(es->pointer, "opacity", &opacity)) != AC_OK) return;
    switch (b % 4) {
    case 0: {
        pick layer = pick_layer(es);
        double value;
        if (!layer.bad) return;
        status = CALL(es, 1, ac_layer_get_scalar(es->pointer, layer.handle, opacity, &value));
        if (status != AC_ERR_BAD_HANDLE) DIE2("a gone or foreign layer handle not refused with AC_ERR_BAD_HANDLE", ac_status_name(status));
        status = CALL(es, 1, ac_layer_retain(es->pointer, layer.handle));
        if (status != AC_ERR_BAD_HANDLE) DIE2("a gone or foreign layer handle retained", ac_status_name(status));
        status = CALL(es, 1, ac_layer_set_scalar(es->pointer, layer.handle, opacity, 0.5));
        if (status != AC_ERR_BAD_HANDLE) DIE2("a gone or foreign layer handle written", ac_status_name(status));
        break;
    }
    case 1: {
        pick cls = pick_class(es);
        ac_layer layer = 0;
        if (!cls.bad) return;
        status = CALL(es, 1, ac_layer_create(es->pointer, cls.handle, &layer));
        if (status != AC_ERR_BAD_HANDLE) DIE2("a foreign or gone class handle not refused with AC_ERR_BAD_HANDLE", ac_status_name(status));
        break;
    }
    case 2: {
        pick desc = pick_desc(es);
        int32_t kind;
        if (!desc.bad) return;
        status = CALL(es, 1, ac_animation_get_kind(es->pointer, desc.handle, &kind));
        if (status != AC_ERR_BAD_HANDLE) DIE2("a gone or foreign description not refused with AC_ERR_BAD_HANDLE", ac_status_name(status));
        status = CALL(es, 1, ac_animation_release(es->pointer, desc.handle));
        if (status != AC_ERR_BAD_HANDLE) DIE2("a gone or foreign description released", ac_status_name(status));
        break;
    }
    default: {
        /* Engine pointers: destroyed ones and made-up ones. */
        ac_engine *engine;
        int index, live = 0;
        if (b & 0x10 && g_dead_engine_count > 0)
            engine = (ac_engine *)(uintptr_t)g_dead_engines[rd_u8() % (g_dead_engine_count < STALE_RING ? g_dead_engine_count : STALE_RING)];
        else
            engine = (ac_engine *)(uintptr_t)rd_u64();
        if (engine == NULL) return;
        for (index = 0; index < MAX_ENGINES; ++index)
            if ((g_engines[index].state == E_ALIVE || g_engines[index].state == E_DESTROYING) && g_engines[index].pointer == engine)
                live = 1;
        if (live) return;
        status = check_status(ac_engine_tick(engine, 1.0), __LINE__);
        if (status != AC_ERR_BAD_HANDLE) DIE2("a destroyed or made-up engine pointer not refused", ac_status_name(status));
        break;
    }
    }
}

static void op_pure(void) {
    uint8_t b = rd_u8();
    switch (b % 10) {
    case 0: {
        ac_timing_function function = rd_function();
        double xs[8], ys[8], y, slope, low, high, x, px;
        size_t index;
        for (index = 0; index < 8; ++index) xs[index] = rd_double();
        PURE(ac_timing_function_evaluate(&function, rd_double(), (int32_t)(rd_u8() % 3), &y));
        PURE(ac_timing_function_evaluate_batch(&function, xs, rd_u8() % 9, ys, rd_u8() % 9));
        PURE(ac_timing_function_slope(&function, rd_double(), &slope));
        PURE(ac_timing_function_range(&function, &low, &high));
        PURE(ac_timing_function_control_point(&function, (int32_t)(rd_u8() % 5) - 1, &x, &px));
        break;
    }
    case 1: {
        ac_timing_function function;
        PURE(ac_timing_function_named(rd_string(), &function));
        PURE(ac_timing_function_cubic_bezier(rd_double(), rd_double(), rd_double(), rd_double(), &function));
        PURE(ac_timing_function_steps((int32_t)rd_u8() - 3, (int32_t)(rd_u8() % 6) - 1, &function));
        /* CSS easing text, linear() points and the presets (any bytes: a status, never a trap). */
        PURE(ac_timing_function_parse(rd_string(), &function));
        {
            double points[8];
            size_t count = rd_u8() % 9, index;
            for (index = 0; index < 8; ++index) points[index] = rd_double();
            PURE(ac_timing_function_linear(points, rd_u8() & 1 ? points : NULL, count, &function));
        }
        PURE(ac_timing_function_back((int32_t)(rd_u8() % 5) - 1, rd_double(), &function));
        PURE(ac_timing_function_bounce((int32_t)(rd_u8() % 5) - 1, &function));
        PURE(ac_timing_function_elastic((int32_t)(rd_u8() % 5) - 1, rd_double(), rd_double(), &function));
        break;
    }
    case 2: {
        ac_timing timing = rd_timing();
        ac_timing_state state;
        ac_timing_function function = rd_function();
        double progress, times[4], out[4];
        size_t index;
        state.struct_size = sizeof state;
        PURE(ac_timing_validate(&timing));
        PURE(ac_timing_evaluate(&timing, rd_double(), &state));
        PURE(ac_timing_progress(&timing, rd_u8() & 1 ? NULL : &function, rd_double(), &progress));
        for (index = 0; index < 4; ++index) times[index] = rd_double();
        PURE(ac_timing_progress_batch(&timing, &function, times, rd_u8() % 5, out, 4));
        break;
    }
    case 3: {
        ac_timing chain[4];
        ac_timing_state state;
        size_t count = rd_u8() % 5, index;
        double out;
        for (index = 0; index < count; ++index) chain[index] = rd_timing();
        state.struct_size = sizeof state;
        PURE(ac_timing_chain_evaluate(chain, count, rd_double(), &state));
        PURE(ac_time_chain_to_local(chain, count, rd_double(), &out));
        PURE(ac_time_chain_to_absolute(chain, count, rd_double(), &out));
        break;
    }
    case 4: {
        ac_timing timings[5];
        int64_t parents[5];
        size_t count = rd_u8() % 6, index;
        double out;
        for (index = 0; index < count; ++index) {
            timings[index] = rd_timing();
            parents[index] = (int64_t)(rd_u8() % 8) - 2;
        }
        PURE(ac_time_tree_convert(timings, parents, count, (int64_t)(rd_u8() % 8) - 2, (int64_t)(rd_u8() % 8) - 2,
                                  rd_double(), &out));
        break;
    }
    case 5: {
        ac_path_element elements[16];
        size_t count;
        PURE(ac_path_rect(rd_double(), rd_double(), rd_double(), rd_double(), elements, rd_u8() % 17, &count));
        PURE(ac_path_ellipse(rd_double(), rd_double(), rd_double(), rd_double(), elements, rd_u8() % 17, &count));
        PURE(ac_path_rounded_rect(rd_double(), rd_double(), rd_double(), rd_double(), rd_double(), rd_double(),
                                  elements, rd_u8() % 17, &count));
        break;
    }
    case 6: {
        ac_spring spring = rd_spring();
        double duration, frequency, ratio;
        PURE(ac_spring_settling_duration(&spring, &duration));
        PURE(ac_spring_damping_ratio(&spring, rd_u8() & 1 ? NULL : &frequency, &ratio));
        break;
    }
    case 7: {
        ac_decay decay = rd_decay();
        ac_value from = rd_value(), velocity = rd_value(), out;
        PURE(ac_decay_resting_value(&decay, &from, &velocity, &out));
        break;
    }
    case 8: {
        int32_t mode;
        const char *name;
        PURE(ac_calculation_mode_from_name(rd_string(), &mode));
        PURE(ac_calculation_mode_name((int32_t)(rd_u8() % 7) - 1, &name));
        break;
    }
    default: {
        ac_status status = (ac_status)((int)rd_u8() - 10);
        if (ac_status_name(status) == NULL || ac_status_message(status) == NULL) DIE("a status name or message is NULL");
        if (strcmp(ac_status_name(status), ac_status_table_lookup(status, 1)) != 0) DIE("ac_status_name disagrees with the table");
        ac_clear_last_error();
        if (ac_last_error_status() != AC_OK) DIE("ac_clear_last_error did not clear");
        break;
    }
    }
}

static void op_keys(void) {
    engine_slot *es = pick_engine();
    ac_key key = key_of(es, rd_string());
    char buffer[32];
    size_t length = 0;
    uint8_t b = rd_u8();
    ac_status status = CALL(es, 0, ac_engine_key_name(es->pointer, key, b & 1 ? buffer : NULL, b & 1 ? (size_t)(rd_u8() % 33) : 0,
                                                      &length));
    if (status == AC_OK && (b & 1) && !utf8_valid(buffer)) DIE("a key name is not UTF-8");
}

/* The operations; an operation byte picks entry (byte % OPERATION_COUNT). Some appear twice to
   be picked more often. Keep the order stable: the seed corpus is written against it. */
typedef struct operation {
    void (*run)(void);
    const char *name;
} operation;
/* The host clock of each engine slot (ac_engine_set_clock): the reading it gives, and whether
 * it runs operations of its own first (a clock may call into its engine). */
typedef struct clock_slot {
    unsigned serial; /* of the engine it was set on */
    double reading;
    int nested;
} clock_slot;
static clock_slot g_clocks[MAX_ENGINES];

static double on_clock(void *user_data) {
    clock_slot *c = user_data;
    engine_slot *es;
    if (c == NULL || c < g_clocks || c >= g_clocks + MAX_ENGINES) DIE("a clock read with unknown user_data");
    es = &g_engines[c - g_clocks];
    if (es->state == E_FREE || es->serial != c->serial) DIE("a clock read for an engine it was not set on");
    if (c->nested) nested_from_callback(es);
    return c->reading;
}

static void on_clock_destroy(void *user_data) {
    if (user_data == NULL) DIE("a clock's destroy function with unknown user_data");
}

/* Sets, replaces or clears an engine's clock; the next changes and commits read it. */
static void op_clock(void) {
    engine_slot *es = pick_engine();
    clock_slot *c = &g_clocks[es - g_engines];
    uint8_t b = rd_u8();
    ac_status status;
    c->serial = es->serial;
    c->reading = b & 1 ? rd_double() : es->now + (b & 2 ? rd_time() : -rd_time());
    c->nested = (b & 12) == 12;
    status = CALL(es, 0, ac_engine_set_clock(es->pointer, b & 0x10 ? NULL : on_clock, c, b & 0x20 ? on_clock_destroy : NULL));
    destroy_refusal(es, status, __LINE__);
}

/* Geometry and hit testing: matrices, point and rect conversion (0 = the root space), hit
   tests, containsPoint, affineTransform and contentsAreFlipped, on model or presentation values
   (or a bad flag), with any numbers. Oracle: a mapped point or rect is finite, an unmapped one
   NaN; a hit is 0 or a layer the call was allowed to answer (never on a refused call). */
static void op_geometry(void) {
    engine_slot *es = pick_engine();
    pick a = pick_layer(es), b = pick_layer(es);
    uint8_t op = rd_u8();
    int32_t presentation = (op & 0x80) ? (int32_t)(rd_u8() % 4) - 1 : (op >> 6) & 1;
    int bad_flag = presentation != 0 && presentation != 1;
    double in[6] = {rd_double(), rd_double(), rd_double(), rd_double(), 0, 0};
    double out[16];
    int32_t flag = -1;
    ac_layer from = (op & 0x20) ? 0 : a.handle, to = (op & 0x10) ? 0 : b.handle;
    int bad = bad_flag || (from != 0 && a.bad) || (to != 0 && b.bad);
    switch (op % 8) {
    case 0: CALL(es, bad_flag || a.bad, ac_layer_matrix_to_superlayer(es->pointer, a.handle, presentation, out)); break;
    case 1: CALL(es, bad, ac_layer_matrix_to_layer(es->pointer, from, to, presentation, out)); break;
    case 2:
        if (CALL(es, bad, ac_layer_convert_point(es->pointer, from, to, presentation, in, out, &flag)) == AC_OK) {
            if (flag == 1 && !(isfinite(out[0]) && isfinite(out[1]))) DIE("ac_layer_convert_point mapped to a non-finite point");
            if (flag == 0 && !(isnan(out[0]) && isnan(out[1]))) DIE("ac_layer_convert_point: an unmapped point is not NaN");
            if (flag != 0 && flag != 1) DIE("ac_layer_convert_point: out_mapped is neither 0 nor 1");
        }
        break;
    case 3:
        if (CALL(es, bad, ac_layer_convert_rect(es->pointer, from, to, presentation, in, out, &flag)) == AC_OK) {
            int index;
            for (index = 0; index < 4; ++index) {
                if (flag == 1 && !isfinite(out[index])) DIE("ac_layer_convert_rect mapped to a non-finite rect");
                if (flag == 0 && !isnan(out[index])) DIE("ac_layer_convert_rect: an unmapped rect is not NaN");
            }
            if (flag == 1 && (out[2] < 0 || out[3] < 0)) DIE("ac_layer_convert_rect: a negative size");
        }
        break;
    case 4: {
        ac_layer hit = 12345;
        ac_status status = CALL(es, bad_flag || a.bad, ac_layer_hit_test(es->pointer, a.handle, presentation, in, &hit));
        if (status == AC_OK && hit != 0 && hit != a.handle) {
            /* A descendant: its superlayer chain reaches the layer tested. */
            ac_layer up = hit;
            int steps = 0;
            while (up != 0 && up != a.handle && steps++ < 4 * MAX_LAYERS)
                if (ac_layer_superlayer(es->pointer, up, &up) != AC_OK) DIE("ac_layer_hit_test answered a dead layer");
            if (up != a.handle) DIE("ac_layer_hit_test answered a layer outside the subtree");
        }
        break;
    }
    case 5: CALL(es, bad_flag || a.bad, ac_layer_contains_point(es->pointer, a.handle, presentation, in, &flag)); break;
    case 6:
        if (op & 0x08) {
            in[4] = rd_double();
            in[5] = rd_double();
            CALL(es, a.bad, ac_layer_set_affine_transform(es->pointer, a.handle, (op & 0x20) ? NULL : in));
        } else {
            CALL(es, bad_flag || a.bad, ac_layer_affine_transform(es->pointer, a.handle, presentation, out));
        }
        break;
    default:
        CALL(es, bad_flag || a.bad, ac_layer_contents_are_flipped(es->pointer, a.handle, presentation, (op & 0x08) ? NULL : &flag));
        break;
    }
}

/* A render list of es: b < 200 one of its own (or 0 when it has none); above, one it destroyed,
   another engine's, made up, a layer handle, or 0. */
static pick pick_list(engine_slot *es) {
    pick p = {0, 1, -1};
    uint8_t b = rd_u8();
    if (b < 200) {
        int used = 0, index;
        for (index = 0; index < MAX_RENDER_LISTS; ++index) used += es->lists[index] != 0;
        if (used > 0) {
            int want = b % used;
            for (index = 0; index < MAX_RENDER_LISTS; ++index)
                if (es->lists[index] != 0 && want-- == 0) {
                    p.handle = es->lists[index];
                    p.slot = index;
                    break;
                }
        }
    } else {
        switch (b % 5) {
        case 0:
            if (es->stale_list_count > 0)
                p.handle = es->stale_lists[rd_u8() % (es->stale_list_count < STALE_RING ? es->stale_list_count : STALE_RING)];
            break;
        case 1: {
            engine_slot *other = other_engine(es);
            if (other) p.handle = other->lists[rd_u8() % MAX_RENDER_LISTS];
            break;
        }
        case 2: p.handle = rd_u64(); break;
        case 3: p.handle = es->layers[rd_u8() % MAX_LAYERS].handle; break; /* a handle of another kind */
        default: break;
        }
    }
    /* 0 is never a list; otherwise as the handle table knows it. */
    p.bad = p.handle == 0 || handle_bad(H_LIST, es, p.handle);
    return p;
}

/* A filled list's entries: a tree in draw order (parent before its entry, subtree_end past it
   and within the parent's), masks pointing at entries flagged AC_RENDER_IS_MASK under them,
   only the header's flags, gravity and corners in range, every layer alive in the engine; the
   dirty flag 0 or 1, the rect all 0 with 0 (either may not have been asked for: NULL). */
static void check_entries(engine_slot *es, ac_layer root, const ac_render_entry *entries, size_t count,
                          const double *dirty, const int32_t *is_dirty) {
    size_t index;
    const uint32_t known = AC_RENDER_OPACITY_GROUP | AC_RENDER_CLIPS | AC_RENDER_CHANGED |
                           AC_RENDER_CONTENTS_FLIPPED | AC_RENDER_IS_MASK | AC_RENDER_SUBLAYERS_ONLY |
                           AC_RENDER_INSTANCES_CLAMPED;
    if (is_dirty != NULL && *is_dirty != 0 && *is_dirty != 1) DIE("ac_render_list_fill: out_dirty is neither 0 nor 1");
    if (is_dirty != NULL && dirty != NULL && *is_dirty == 0 && (dirty[0] != 0 || dirty[1] != 0 || dirty[2] != 0 || dirty[3] != 0))
        DIE("ac_render_list_fill: nothing dirty, yet the dirty rect is not all 0");
    if (dirty != NULL && !(dirty[2] >= 0 && dirty[3] >= 0)) DIE("ac_render_list_fill: a dirty rect of negative or NaN size");
    if (count > 0 && entries == NULL) DIE("ac_render_list_fill: entries NULL with a count");
    if (count > 0 && (entries[0].layer != root || entries[0].parent != -1)) DIE("ac_render_list_fill: the first entry is not the root's");
    for (index = 0; index < count; ++index) {
        const ac_render_entry *e = &entries[index];
        ac_layer up = 0;
        if (index > 0 && (e->parent < 0 || (size_t)e->parent >= index)) DIE("ac_render_list_fill: a parent index not before its entry");
        if (e->subtree_end <= (int32_t)index || (size_t)e->subtree_end > count) DIE("ac_render_list_fill: subtree_end out of order");
        if (index > 0 && e->subtree_end > entries[e->parent].subtree_end) DIE("ac_render_list_fill: a subtree beyond its parent's");
        if (e->mask != -1) {
            if (e->mask <= (int32_t)index || e->mask >= e->subtree_end) DIE("ac_render_list_fill: a mask index outside its subtree");
            if (!(entries[e->mask].flags & AC_RENDER_IS_MASK) || entries[e->mask].parent != (int32_t)index)
                DIE("ac_render_list_fill: a mask entry not flagged, or not under its layer");
        }
        if (e->flags & ~known) DIE("ac_render_list_fill: an unknown flag");
        if ((e->flags & AC_RENDER_IS_MASK) && (index == 0 || entries[e->parent].mask != (int32_t)index))
            DIE("ac_render_list_fill: an entry flagged as a mask its parent does not name");
        if (e->contents_gravity < AC_GRAVITY_RESIZE || e->contents_gravity > AC_GRAVITY_BOTTOM_RIGHT || e->masked_corners > 15)
            DIE("ac_render_list_fill: gravity or corners out of range");
        if (!(e->contents_scale > 0)) DIE("ac_render_list_fill: a contentsScale not > 0");
        for (int c = 0; c < 4; ++c)
            if (!(e->instance_color[c] >= 0 && e->instance_color[c] <= 1)) DIE("ac_render_list_fill: an instance colour outside [0, 1]");
        if (e->instance_index < 0 || e->reserved != 0 || !isfinite(e->instance_time_shift))
            DIE("ac_render_list_fill: a negative instance index, a reserved field set or a time shift not finite");
        if ((e->flags & AC_RENDER_SUBLAYERS_ONLY) && (e->background_color[3] != 0 || e->contents != 0 ||
                                                      (e->flags & (AC_RENDER_CLIPS | AC_RENDER_OPACITY_GROUP))))
            DIE("ac_render_list_fill: a transform layer's entry draws something of its own");

        if (ac_layer_superlayer(es->pointer, e->layer, &up) != AC_OK) DIE("ac_render_list_fill: an entry of a dead layer");
    }
}

/* ac_render_list_fill_into with room for 0 to 15 entries (NULL for the entries with room
   when 0x02 of how: refused), then, when they did not fit, ac_render_list_copy of that fill
   (or of the number before it: refused) into room for them all. Oracle: the count and number
   the refusal gave are the copy's; check_entries on what was copied. */
static ac_status fill_into(engine_slot *es, pick list, pick root, int32_t presentation, int bad, uint8_t how,
                           double *dirty_out, int32_t *is_dirty_out) {
    ac_render_entry room[16];
    size_t capacity = rd_u8() % 16, count = 0, copied = 0;
    uint64_t number = 0;
    int null_entries = (how & 0x02) && capacity > 0;
    ac_status status = CALL(es, bad || null_entries || (how & 0x04),
                            ac_render_list_fill_into(es->pointer, list.handle, root.handle, presentation,
                                                     null_entries ? NULL : room, capacity, (how & 0x04) ? NULL : &count,
                                                     &number, dirty_out, is_dirty_out));
    if (status == AC_OK) {
        check_entries(es, root.handle, room, count, dirty_out, is_dirty_out);
        return status;
    }
    if (status != AC_ERR_BUFFER_TOO_SMALL) return status;
    if (count <= capacity || number == 0) DIE("ac_render_list_fill_into: too small, yet the count fits or no fill number");
    ac_render_entry *all = malloc(count * sizeof *all);
    if (all == NULL) return status;
    int stale = rd_u8() % 8 == 0;
    ac_status copy = CALL(es, stale, ac_render_list_copy(es->pointer, list.handle, stale ? number - 1 : number, all, count, &copied));
    if (copy == AC_OK) {
        if (copied != count) DIE("ac_render_list_copy: another count than its fill's");
        check_entries(es, root.handle, all, copied, dirty_out, is_dirty_out);
    } else if (!stale && copy != AC_ERR_BAD_HANDLE && copy != AC_ERR_INVALID_STATE) {
        DIE("ac_render_list_copy: a fill just made refused");
    }
    free(all);
    return status;
}

/* Render lists and masks: lists created (the handle never given out before), filled from any
   root (model, presentation or a bad flag; outputs NULL or not; twice, to reach the change
   flags; into the caller's room, 0x20 of how), destroyed (again too), lists destroyed, of other engines, made up or of another
   kind refused; a mask set to any layer or none, and read. Oracle: check_entries; the mask read
   is 0 or a live layer whose superlayer is the layer. */
static void op_render_list(void) {
    engine_slot *es = pick_engine();
    uint8_t op = rd_u8();
    switch (op % 6) {
    case 0: {
        ac_render_list list = 0;
        int slot = rd_u8() % MAX_RENDER_LISTS;
        ac_status status = CALL(es, 0, ac_render_list_create(es->pointer, (op & 0x80) ? NULL : &list));
        if (status != AC_OK) break;
        mint(H_LIST, list, es->serial);
        if (es->lists[slot] != 0) {
            /* No room: destroy the one in the slot first. */
            if (CALL(es, 0, ac_render_list_destroy(es->pointer, es->lists[slot])) == AC_OK) {
                mint_dead(H_LIST, es->lists[slot]);
                push_ring(es->stale_lists, &es->stale_list_count, es->lists[slot]);
            }
        }
        es->lists[slot] = list;
        break;
    }
    case 1: case 2: {
        pick list = pick_list(es), root = pick_layer(es);
        uint8_t how = rd_u8();
        int32_t presentation = (how & 0x80) ? (int32_t)(rd_u8() % 4) - 1 : (how >> 6) & 1;
        int bad = list.bad || root.bad || root.handle == 0 || presentation < 0 || presentation > 1;
        int times = 1 + (how & 1), time; /* twice: the second fill compares with the first */
        for (time = 0; time < times; ++time) {
            const ac_render_entry *entries = NULL;
            size_t count = 0;
            double dirty[4] = {-7, -7, -7, -7};
            int32_t is_dirty = -7;
            double *dirty_out = (how & 0x08) ? NULL : dirty;
            int32_t *is_dirty_out = (how & 0x10) ? NULL : &is_dirty;
            if (how & 0x20) {
                if (fill_into(es, list, root, presentation, bad, how, dirty_out, is_dirty_out) != AC_OK) break;
                continue;
            }
            ac_status status = CALL(es, bad, ac_render_list_fill(es->pointer, list.handle, root.handle, presentation,
                                                                   (how & 0x02) ? NULL : &entries, (how & 0x04) ? NULL : &count,
                                                                   dirty_out, is_dirty_out));
            if (status != AC_OK) break;
            check_entries(es, root.handle, entries, count, dirty_out, is_dirty_out);
        }
        break;
    }
    case 3: {
        pick list = pick_list(es);
        ac_status status = CALL(es, list.bad, ac_render_list_destroy(es->pointer, list.handle));
        if (status == AC_OK) {
            mint_dead(H_LIST, list.handle);
            push_ring(es->stale_lists, &es->stale_list_count, list.handle);
            if (list.slot >= 0) es->lists[list.slot] = 0;
        }
        break;
    }
    case 4: {
        pick layer = pick_layer(es), mask = pick_layer(es);
        ac_layer handle = (op & 0x40) ? 0 : mask.handle;
        CALL(es, layer.bad || (handle != 0 && mask.bad), ac_layer_set_mask(es->pointer, layer.handle, handle));
        break;
    }
    default: {
        pick layer = pick_layer(es);
        ac_layer mask = 12345;
        if (CALL(es, layer.bad, ac_layer_mask(es->pointer, layer.handle, (op & 0x40) ? NULL : &mask)) == AC_OK) {
            ac_layer up = 0;
            if (mask == 12345) DIE("ac_layer_mask answered AC_OK without writing out_mask");
            if (mask != 0 && (ac_layer_superlayer(es->pointer, mask, &up) != AC_OK || up != layer.handle))
                DIE("ac_layer_mask answered a layer whose superlayer is not the layer");
        }
        break;
    }
    }
}

/* Animators: handles from any engine (a foreign or released one is refused), every control
   call with fuzzed numbers, blocks with a change inside, completions that call back in. */
#define MAX_ANIMATORS 8
static ac_animator g_animators[MAX_ANIMATORS];

static void on_animator_end(ac_engine *engine, int32_t position, void *user_data) {
    engine_slot *es = engine_of_pointer(engine);
    (void)user_data;
    if (position < AC_ANIMATOR_POSITION_END || position > AC_ANIMATOR_POSITION_CANCELLED)
        DIE("an animator completion with a position outside AC_ANIMATOR_POSITION_*");
    if (es == NULL) DIE("an animator completion of an unknown engine");
    nested_from_callback(es);
}

static void op_animator(void) {
    engine_slot *es = pick_engine();
    uint8_t b = rd_u8();
    int slot = rd_u8() % MAX_ANIMATORS;
    ac_animator animator = rd_u8() == 0xFF ? rd_u64() : g_animators[slot];
    switch (b % 16) {
    case 0: {
        ac_timing_function function = rd_function();
        ac_animator made = 0;
        if (CALL(es, 0, ac_animator_create(es->pointer, rd_time(), b & 0x10 ? &function : NULL, &made)) == AC_OK)
            g_animators[slot] = made;
        break;
    }
    case 1: CALL(es, 0, b & 0x10 ? ac_animator_retain(es->pointer, animator) : ac_animator_release(es->pointer, animator)); break;
    case 2:
        if (CALL(es, 0, ac_animator_begin(es->pointer, animator)) == AC_OK) {
            pick layer = pick_layer(es);
            ac_value value = rd_value();
            CALL(es, layer.bad, ac_layer_set_value(es->pointer, layer.handle, key_of(es, rd_string()), &value));
            if (rd_u8() & 7) CALL(es, 0, ac_animator_commit(es->pointer, animator));
        }
        break;
    case 3: {
        /* An add as op_add_animation's: the description's delegate record counts it, so that
           its did-stop is expected once per animation added. */
        pick layer = pick_layer(es);
        pick desc = pick_desc(es);
        char key_buffer[32];
        record *r = desc.slot >= 0 ? es->descs[desc.slot].current : NULL;
        if (r) ++r->maybe_adds;
        ac_status status = CALL(es, 0, ac_animator_add_animation(es->pointer, animator, layer.handle, desc.handle,
                                                                 rd_animation_key(key_buffer, sizeof key_buffer)));
        if (r) {
            --r->maybe_adds;
            if (status == AC_OK) ++r->adds;
        }
        break;
    }
    case 4: CALL(es, 0, ac_animator_add_completion(es->pointer, animator, b & 0x10 ? NULL : on_animator_end, NULL, NULL)); break;
    case 5: CALL(es, 0, ac_animator_start(es->pointer, animator)); break;
    case 6: CALL(es, 0, ac_animator_pause(es->pointer, animator)); break;
    case 7: CALL(es, 0, ac_animator_set_fraction_complete(es->pointer, animator, b & 0x10 ? rd_double() : rd_u8() / 255.0)); break;
    case 8: CALL(es, 0, ac_animator_seek(es->pointer, animator, rd_time())); break;
    case 9: CALL(es, 0, ac_animator_set_reversed(es->pointer, animator, (int32_t)(rd_u8() % 3))); break;
    case 10: CALL(es, 0, ac_animator_set_rate(es->pointer, animator, rd_double())); break;
    case 11: {
        ac_timing_function function = rd_function();
        CALL(es, 0, ac_animator_continue(es->pointer, animator, b & 0x10 ? &function : NULL, rd_double()));
        break;
    }
    case 12: {
        ac_spring spring = rd_spring();
        CALL(es, 0, ac_animator_continue_with_spring(es->pointer, animator, b & 0x10 ? NULL : &spring));
        break;
    }
    case 13: CALL(es, 0, ac_animator_finish(es->pointer, animator, (int32_t)(rd_u8() % 5) - 1)); break;
    case 14: CALL(es, 0, ac_animator_cancel(es->pointer, animator)); break;
    default: {
        ac_animator_info info;
        info.struct_size = rd_u8() == 0xFF ? 5 : (uint32_t)sizeof info;
        if (CALL(es, 0, ac_animator_get_info(es->pointer, animator, b & 0x10 ? NULL : &info)) == AC_OK) {
            if (!(info.fraction_complete >= 0 && info.fraction_complete <= 1)) DIE("an animator's fraction_complete outside [0, 1]");
            if (info.state < AC_ANIMATOR_INACTIVE || info.state > AC_ANIMATOR_FINISHED) DIE("an animator state outside AC_ANIMATOR_*");
        }
        break;
    }
    }
}

/* Core Animation's value-function names (ac_animation_set_value_function). */
static const char *const g_value_functions[] = {
    "rotateX", "rotateY", "rotateZ",    "scale",      "scaleX",     "scaleY",
    "scaleZ",  "translate", "translateX", "translateY", "translateZ",
};
#define VALUE_FUNCTION_COUNT (sizeof g_value_functions / sizeof g_value_functions[0])

static int is_value_function(const char *name) {
    size_t index;
    for (index = 0; index < VALUE_FUNCTION_COUNT; ++index)
        if (strcmp(name, g_value_functions[index]) == 0) return 1;
    return 0;
}

/* A value function set on a description: a known name, NULL (none) or any string. Oracles: a
   known name is taken by a basic, keyframe or spring description and refused by a decay or a
   group (AC_ERR_INVALID_ARGUMENT); NULL is always taken; any other string is refused
   (AC_ERR_UNKNOWN_NAME, or AC_ERR_INVALID_ARGUMENT when not UTF-8); what was taken reads back.
   The adds (op_add_animation) then meet value functions on any key path and values. */
static void op_value_function(void) {
    engine_slot *es = pick_engine();
    pick desc = pick_desc(es);
    uint8_t b = rd_u8();
    const char *name = b < 160 ? g_value_functions[b % VALUE_FUNCTION_COUNT] : b < 176 ? NULL : rd_string();
    int known = name != NULL && is_value_function(name);
    int32_t kind = -1;
    char buffer[16];
    size_t length = 0;
    ac_status status, read;
    if (CALL(es, desc.bad, ac_animation_get_kind(es->pointer, desc.handle, &kind)) != AC_OK) kind = -1;
    status = CALL(es, desc.bad, ac_animation_set_value_function(es->pointer, desc.handle, name));
    read = CALL(es, desc.bad, ac_animation_get_value_function(es->pointer, desc.handle, buffer, sizeof buffer, &length));
    if (kind < 0 || status == AC_ERR_INVALID_STATE) return;
    if (name == NULL) {
        if (status != AC_OK) DIE("ac_animation_set_value_function(NULL) refused");
    } else if (known) {
        int takes = kind == AC_ANIMATION_KIND_BASIC || kind == AC_ANIMATION_KIND_KEYFRAME || kind == AC_ANIMATION_KIND_SPRING;
        if (takes && status != AC_OK) DIE2("a known value function refused by a basic, keyframe or spring description", name);
        if (!takes && status != AC_ERR_INVALID_ARGUMENT) DIE2("a value function on a decay or a group not refused", name);
    } else if (status != AC_ERR_UNKNOWN_NAME && status != AC_ERR_INVALID_ARGUMENT) {
        DIE2("an unknown value function name not refused", name);
    }
    if (status == AC_OK && read == AC_OK && strcmp(buffer, name ? name : "") != 0)
        DIE2("ac_animation_get_value_function does not read back the name set", buffer);
}

/* Transition parameters, valid or not, on any description; and the composite at any numbers.
   Oracles: legal parameters (known type and subtype, progress in [0, 1], start <= end, reserved
   0, the right size) are taken by a transition and refused by another kind
   (AC_ERR_INVALID_ARGUMENT); illegal ones are always refused; what was taken reads back; a
   composite of finite numbers has alphas in [0, 1]. The adds (op_add_animation) then run the
   transitions, and op_render_list fills lists with them. */
static void op_transition(void) {
    engine_slot *es = pick_engine();
    pick desc = pick_desc(es);
    uint8_t b = rd_u8();
    ac_transition t, out;
    ac_transition_composite composite;
    int32_t kind = -1;
    int legal;
    ac_status status;
    ac_transition_init(&t);
    t.type = b & 1 ? (int32_t)(rd_u8() % 6) - 1 : (int32_t)(rd_u8() % 4);
    t.subtype = b & 2 ? (int32_t)(rd_u8() % 7) - 1 : (int32_t)(rd_u8() % 5);
    t.start_progress = b & 4 ? rd_double() : (double)(rd_u8() % 5) / 4.0;
    t.end_progress = b & 8 ? rd_double() : (double)(rd_u8() % 5) / 4.0;
    if (b & 16) t.reserved = 1;
    if ((b & 96) == 96) t.struct_size = 4;
    legal = t.type >= 0 && t.type <= 3 && t.subtype >= 0 && t.subtype <= 4 && t.start_progress >= 0 &&
            t.start_progress <= 1 && t.end_progress >= 0 && t.end_progress <= 1 &&
            t.start_progress <= t.end_progress && t.reserved == 0 && t.struct_size == sizeof t;
    if (CALL(es, desc.bad, ac_animation_get_kind(es->pointer, desc.handle, &kind)) != AC_OK) kind = -1;
    status = CALL(es, desc.bad, ac_animation_set_transition(es->pointer, desc.handle, &t));
    if (kind >= 0 && status != AC_ERR_INVALID_STATE) {
        if (!legal && status == AC_OK) DIE("illegal transition parameters taken");
        if (legal && kind == AC_ANIMATION_KIND_TRANSITION && status != AC_OK) DIE("legal transition parameters refused");
        if (kind != AC_ANIMATION_KIND_TRANSITION && status != AC_ERR_INVALID_ARGUMENT && legal)
            DIE("transition parameters on another kind not refused");
    }
    ac_transition_init(&out);
    if (CALL(es, desc.bad, ac_animation_get_transition(es->pointer, desc.handle, &out)) == AC_OK && status == AC_OK &&
        (out.type != t.type || out.subtype != t.subtype || out.start_progress != t.start_progress ||
         out.end_progress != t.end_progress))
        DIE("ac_animation_get_transition does not read back what was set");
    if (PURE(ac_transition_composite_at(t.type, t.subtype, rd_double(), rd_double(), rd_double(), &composite)) == AC_OK &&
        !(composite.old_alpha >= 0 && composite.old_alpha <= 1 && composite.new_alpha >= 0 && composite.new_alpha <= 1))
        DIE("a transition composite's alphas left [0, 1]");
}

/* The built-in classes: lookup by name (a built-in name answers its fixed handle), and the
   text, replicator, shape and gradient properties set with fuzzed values on any layer. Oracle: on a layer of the
   built-in class itself, an integer inside its range or a finite delay within ±1e6 is taken
   and anything else refused with AC_ERR_OUT_OF_RANGE or AC_ERR_NOT_FINITE; render lists of
   replicator trees are checked by check_entries (op_render_list). */
static void op_builtin_classes(void) {
    static const char *const names[] = {"CALayer",          "CATextLayer",  "CAReplicatorLayer",
                                        "CATransformLayer", "CAShapeLayer", "CAGradientLayer"};
    static const char *const integers[] = {"instanceCount", "alignmentMode", "truncationMode", "fillRule",
                                           "lineCap",       "lineJoin",      "type"};
    static const int64_t highest[] = {AC_MAX_REPLICATOR_INSTANCES, 4, 3, 1, 2, 2, 2};
    static const ac_class owners[] = {AC_CLASS_REPLICATOR_LAYER, AC_CLASS_TEXT_LAYER,  AC_CLASS_TEXT_LAYER,
                                      AC_CLASS_SHAPE_LAYER,      AC_CLASS_SHAPE_LAYER, AC_CLASS_SHAPE_LAYER,
                                      AC_CLASS_GRADIENT_LAYER};
    static const char *const scalars[] = {"instanceDelay", "instanceRedOffset", "instanceAlphaOffset", "fontSize",
                                          "strokeEnd",     "lineWidth",         "miterLimit"};
    engine_slot *es = pick_engine();
    pick layer = pick_layer(es);
    uint8_t b = rd_u8();
    ac_class layer_class = 99;
    ac_key key = 0;
    ac_value value;
    ac_status status;
    if (b % 4 == 0) {
        ac_class found = 0;
        int which = rd_u8() % 7;
        status = CALL(es, 0, ac_class_find(es->pointer, which < 6 ? names[which] : rd_string(), &found));
        if (which < 6 && status == AC_OK && found != (ac_class)which) DIE("ac_class_find: a built-in class at another handle");
        if (which < 6 && status == AC_ERR_UNKNOWN_NAME) DIE("ac_class_find: a built-in class not found");
        return;
    }
    if (layer.bad || ac_layer_class(es->pointer, layer.handle, &layer_class) != AC_OK) layer_class = 99;
    if (b % 4 == 1) {
        int which = rd_u8() % 7;
        uint8_t c = rd_u8();
        /* A count the limit takes is never set here: 2^20 instances with sublayers would make
           every fill of the input slow; the unit tests reach the limit itself. */
        int64_t edge = which == 0 ? highest[which] + 1 + (c % 3) : highest[which] + (c % 3) - 1;
        int64_t number = c < 64 ? (int64_t)(c % 8) - 2 : c < 128 ? edge : (int64_t)rd_u64();
        value = ac_value_integer(number);
        if (ac_engine_key(es->pointer, integers[which], &key) != AC_OK) return;
        status = CALL(es, layer.bad, ac_layer_set_value(es->pointer, layer.handle, key, &value));
        if (layer_class == owners[which] && (status == AC_OK || status == AC_ERR_OUT_OF_RANGE) &&
            (status == AC_OK) != (number >= 0 && number <= highest[which]))
            DIE("a built-in integer property took a value outside its range, or refused one inside");
        return;
    }
    if (b % 4 == 2) {
        int which = rd_u8() % 7;
        double number = rd_double();
        value = ac_value_scalar(number);
        if (ac_engine_key(es->pointer, scalars[which], &key) != AC_OK) return;
        status = CALL(es, layer.bad, ac_layer_set_value(es->pointer, layer.handle, key, &value));
        if (which == 0 && layer_class == AC_CLASS_REPLICATOR_LAYER &&
            (status == AC_OK || status == AC_ERR_OUT_OF_RANGE || status == AC_ERR_NOT_FINITE) &&
            status != (!isfinite(number) ? AC_ERR_NOT_FINITE : fabs(number) <= 1e6 ? AC_OK : AC_ERR_OUT_OF_RANGE))
            DIE("instanceDelay: a delay taken or refused against its range");
        return;
    }
    value = rd_value();
    if (ac_engine_key(es->pointer, b & 0x10 ? "instanceTransform" : "instanceColor", &key) != AC_OK) return;
    CALL(es, layer.bad, ac_layer_set_value(es->pointer, layer.handle, key, &value));
}

/* A path of up to 8 elements from the input: any types (unknown ones too), sometimes a NaN. */
static size_t rd_path(ac_path_element *elements) {
    size_t count = rd_u8() % 9, index;
    for (index = 0; index < count; ++index) {
        uint8_t type = rd_u8();
        int point;
        elements[index] = ac_path_element_zeroed_(type < 250 ? type % 5 : type);
        for (point = 0; point < 6; ++point) elements[index].points[point] = rd_u8() < 250 ? (double)rd_u8() : rd_double();
        if (rd_u8() == 0xFF) elements[index].reserved = 1;
    }
    return count;
}

static void op_variable_animation(void);

/* Path and array values (ac_layer_set_path / _numbers / _colors and their getters) with random
   shapes, counts (beyond the limit, NULL with a count) and numbers; a value set is read back
   with its count; or an animation of them (op_variable_animation). */
static void op_variable_value(void) {
    engine_slot *es = pick_engine();
    pick layer = pick_layer(es);
    ac_key key = key_of(es, rd_string());
    ac_path_element elements[8], read_elements[8];
    double numbers[32], read_numbers[32];
    size_t count = 0, read_count = 0, index, capacity = rd_u8() % 10;
    int32_t presentation = rd_u8() < 240 ? rd_u8() & 1 : (int32_t)rd_u8();
    ac_status status = AC_OK, read = AC_OK;
    uint8_t b = rd_u8();
    for (index = 0; index < 32; ++index) numbers[index] = rd_u8() < 250 ? (double)rd_u8() / 255.0 : rd_double();
    switch (b % 6) {
    case 0:
        count = rd_path(elements);
        status = CALL(es, layer.bad, ac_layer_set_path(es->pointer, layer.handle, key, rd_u8() == 0 ? NULL : elements, count));
        read = CALL(es, layer.bad, ac_layer_get_path(es->pointer, layer.handle, key, presentation, read_elements,
                                                     capacity > 8 ? 8 : capacity, &read_count));
        break;
    case 1:
        count = rd_u8() % 33;
        status = CALL(es, layer.bad, ac_layer_set_numbers(es->pointer, layer.handle, key, rd_u8() == 0 ? NULL : numbers, count));
        read = CALL(es, layer.bad, ac_layer_get_numbers(es->pointer, layer.handle, key, presentation, read_numbers,
                                                        capacity, &read_count));
        break;
    case 2:
        count = rd_u8() % 9;
        status = CALL(es, layer.bad, ac_layer_set_colors(es->pointer, layer.handle, key, rd_u8() == 0 ? NULL : numbers, count));
        read = CALL(es, layer.bad, ac_layer_get_colors(es->pointer, layer.handle, key, presentation, read_numbers,
                                                       capacity > 8 ? 8 : capacity, &read_count));
        break;
    case 3: /* Beyond the limit: refused before anything is read. */
        if (CALL(es, layer.bad, ac_layer_set_numbers(es->pointer, layer.handle, key, numbers, (size_t)AC_VALUE_MAX_ELEMENTS + 1 + rd_u8())) == AC_OK)
            DIE("ac_layer_set_numbers accepted more than AC_VALUE_MAX_ELEMENTS numbers");
        return;
    default: /* An animation of these kinds: op_variable_animation. */
        op_variable_animation();
        return;
    }
    /* A value set is read back whole when it fits, with its count either way. */
    if (status == AC_OK && read == AC_OK && presentation == 0 && read_count != count)
        DIE("a path or array value read back with another count");
    if (read == AC_OK && read_count > capacity) DIE("a path or array read wrote more than its capacity");
}

/* Reads a description's path or array values back with a random getter, selector or keyframe
   index and capacity (any kind, none set, out of range): a status each, never more written than
   the capacity. */
static void read_variable_animation_back(engine_slot *es, ac_animation animation) {
    ac_path_element elements[8];
    double numbers[32];
    size_t count = 0, capacity = rd_u8() % 10, index = rd_u8() < 240 ? rd_u8() % 6 : (size_t)-1;
    int32_t is_set = 0, which = rd_u8() % 5;
    ac_status status;
    switch (rd_u8() % 6) {
    case 0: status = CALL(es, 0, ac_animation_get_path_value(es->pointer, animation, which, elements, capacity > 8 ? 8 : capacity, &count, &is_set)); break;
    case 1: status = CALL(es, 0, ac_animation_get_numbers_value(es->pointer, animation, which, numbers, capacity, &count, rd_u8() ? &is_set : NULL)); break;
    case 2: status = CALL(es, 0, ac_animation_get_colors_value(es->pointer, animation, which, numbers, capacity > 8 ? 8 : capacity, &count, &is_set)); break;
    case 3: status = CALL(es, 0, ac_animation_get_keyframe_path(es->pointer, animation, index, elements, capacity > 8 ? 8 : capacity, &count)); break;
    case 4: status = CALL(es, 0, ac_animation_get_keyframe_numbers(es->pointer, animation, index, numbers, capacity, &count)); break;
    default: status = CALL(es, 0, ac_animation_get_keyframe_colors(es->pointer, animation, index, numbers, capacity > 8 ? 8 : capacity, &count)); break;
    }
    if (status == AC_OK && count > capacity) DIE("an animation's path or array read wrote more than its capacity");
}

/* An animation of path or array values: a basic, spring or keyframe description of a random key
   with from/to/by or keyframe values of random kinds, shapes (matching or not), counts and
   numbers (NaN, NULL with a count), keyframes in a random calculation mode (one out of range),
   additive, cumulative and repeating at random, added to a
   random layer; every call answers a status (a shape mismatch or a wrong kind is refused when
   added), and the presentation of the key reads back with its count. */
static void op_variable_animation(void) {
    engine_slot *es = pick_engine();
    pick layer = pick_layer(es);
    ac_animation animation = 0;
    ac_path_element elements[8];
    double numbers[32];
    size_t counts[4], count, index, keyframes = rd_u8() % 5;
    uint8_t b = rd_u8();
    int32_t kind = b % 3, flavour = (b / 3) % 3, which;
    const char *name = rd_u8() < 200 ? (const char *[]){"path", "colors", "locations"}[rd_u8() % 3] : rd_string();
    for (index = 0; index < 32; ++index) numbers[index] = rd_u8() < 250 ? (double)rd_u8() / 64.0 : rd_double();
    ac_status created = flavour == 0 ? CALL(es, 0, ac_animation_create_basic(es->pointer, name, &animation))
                        : flavour == 1 ? CALL(es, 0, ac_animation_create_spring(es->pointer, name, &animation))
                                       : CALL(es, 0, ac_animation_create_keyframe(es->pointer, name, &animation));
    if (created != AC_OK) return;
    if (flavour == 2) {
        for (index = 0; index < keyframes; ++index) counts[index] = rd_u8() % 5;
        if (kind == 0) {
            count = rd_path(elements);
            for (index = 0; index < keyframes; ++index) counts[index] = count / (keyframes ? keyframes : 1);
            CALL(es, 0, ac_animation_set_path_values(es->pointer, animation, rd_u8() == 0 ? NULL : elements, counts, keyframes));
        } else if (kind == 1) {
            CALL(es, 0, ac_animation_set_numbers_values(es->pointer, animation, rd_u8() == 0 ? NULL : numbers, counts, keyframes));
        } else {
            CALL(es, 0, ac_animation_set_colors_values(es->pointer, animation, numbers, counts, keyframes > 1 ? 1 : keyframes));
        }
        /* Every calculation mode (the cubic and paced ones curve each number), at times with
           spline values. */
        CALL(es, 0, ac_animation_set_calculation_mode(es->pointer, animation, (int32_t)(rd_u8() % 6)));
        if (rd_u8() < 64) CALL(es, 0, ac_animation_set_spline_values(es->pointer, animation, (int32_t)(rd_u8() % 3), numbers, rd_u8() % 6));
    } else {
        for (which = AC_ANIMATION_FROM; which <= AC_ANIMATION_BY; ++which) {
            if (rd_u8() < 100) continue;
            count = rd_u8() % 5;
            if (kind == 0) {
                count = rd_path(elements);
                CALL(es, 0, ac_animation_set_path_value(es->pointer, animation, which, elements, count));
            } else if (kind == 1) {
                CALL(es, 0, ac_animation_set_numbers_value(es->pointer, animation, which, rd_u8() == 0 ? NULL : numbers, count));
            } else {
                CALL(es, 0, ac_animation_set_colors_value(es->pointer, animation, which, numbers, count));
            }
        }
    }
    CALL(es, 0, ac_animation_set_flag(es->pointer, animation, AC_ANIMATION_ADDITIVE, rd_u8() & 1));
    CALL(es, 0, ac_animation_set_flag(es->pointer, animation, AC_ANIMATION_CUMULATIVE, rd_u8() & 1));
    read_variable_animation_back(es, animation);
    CALL(es, layer.bad, ac_layer_add_animation(es->pointer, layer.handle, animation, rd_u8() & 1 ? name : NULL));
    CALL(es, 0, ac_animation_release(es->pointer, animation));
    count = 0;
    ac_key key = key_of(es, name);
    if (kind == 1 && CALL(es, layer.bad, ac_layer_get_numbers(es->pointer, layer.handle, key, 1, numbers, 32, &count)) == AC_OK
        && count > 32)
        DIE("a presentation array read wrote more than its capacity");
}

/* Batch presentation reads of a path or array key (ac_layers_get_presentation_path /
   _path_coordinates / _numbers / _colors) over up to 4 random layers (bad handles among them, NULL layers with a count) with a
   random capacity (NULL with capacity, too small): every offset is set on OK and on
   BUFFER_TOO_SMALL, in order, never more written than the capacity; or the value store's
   counts, with a right or wrong struct_size. */
static void op_variable_batch(void) {
    engine_slot *es = pick_engine();
    ac_layer layers[4];
    size_t count = rd_u8() % 5, offsets[5], index, capacity = rd_u8() % 12;
    double numbers[48];
    ac_path_element elements[12];
    int bad = 0;
    uint8_t b = rd_u8();
    const char *name = rd_u8() < 200 ? (const char *[]){"path", "colors", "locations"}[rd_u8() % 3] : rd_string();
    ac_key key = key_of(es, name);
    for (index = 0; index < count; ++index) {
        pick p = pick_layer(es);
        layers[index] = p.handle;
        bad |= p.bad;
    }
    const ac_layer *given = count && rd_u8() != 0 ? layers : NULL;
    int no_buffer = rd_u8() < 16;
    ac_status status;
    for (index = 0; index <= count; ++index) offsets[index] = (size_t)-1;
    /* Guards in every place of the buffers: those past the capacity must stay as they are. */
    const double guard = -1234.5;
    for (index = 0; index < 48; ++index) numbers[index] = guard;
    for (index = 0; index < 12; ++index) elements[index] = (ac_path_element){.type = -7, .points = {guard}};
    switch (b % 5) {
    case 0:
        status = CALL(es, bad, ac_layers_get_presentation_path(es->pointer, given, count, key, no_buffer ? NULL : elements,
                                                               capacity, rd_u8() == 0 ? NULL : offsets));
        break;
    case 1:
        status = CALL(es, bad, ac_layers_get_presentation_numbers(es->pointer, given, count, key, no_buffer ? NULL : numbers,
                                                                  capacity, rd_u8() == 0 ? NULL : offsets));
        break;
    case 2:
        status = CALL(es, bad, ac_layers_get_presentation_colors(es->pointer, given, count, key, no_buffer ? NULL : numbers,
                                                                 capacity, rd_u8() == 0 ? NULL : offsets));
        break;
    case 3:
        status = CALL(es, bad, ac_layers_get_presentation_path_coordinates(es->pointer, given, count, key,
                                                                           no_buffer ? NULL : numbers, capacity,
                                                                           rd_u8() == 0 ? NULL : offsets));
        break;
    default: {
        ac_value_store_counts counts;
        counts.struct_size = rd_u8() < 240 ? (uint32_t)sizeof counts : rd_u8();
        CALL(es, 0, ac_engine_get_value_store_counts(es->pointer, rd_u8() == 0 ? NULL : &counts));
        return;
    }
    }
    if (b % 5 == 0) {
        for (index = capacity; index < 12; ++index)
            if (elements[index].type != -7 || elements[index].points[0] != guard)
                DIE("a batch read of paths wrote past its capacity");
    } else {
        for (index = capacity * (b % 5 == 2 ? 4 : 1); index < 48; ++index)
            if (numbers[index] != guard) DIE("a batch read of arrays wrote past its capacity");
    }
    if (status != AC_OK && status != AC_ERR_BUFFER_TOO_SMALL) return;
    if (offsets[0] != 0) DIE("a batch read of paths or arrays left offsets[0] unset");
    for (index = 0; index < count; ++index)
        if (offsets[index + 1] < offsets[index]) DIE("a batch read of paths or arrays gave decreasing offsets");
    if (status == AC_OK && offsets[count] > capacity) DIE("a batch read of paths or arrays wrote more than its capacity");
    if (status == AC_ERR_BUFFER_TOO_SMALL && offsets[count] <= capacity) DIE("a batch read refused a buffer that fits");
}

#define OP(name) {op_##name, #name}
static const operation g_operations[] = {
    OP(engine_create),   OP(engine_destroy),  OP(tick),           OP(tick),
    OP(class_create),    OP(class_callbacks), OP(layer_create),   OP(layer_create),
    OP(layer_refs),      OP(layer_set),       OP(layer_set),      OP(layer_get),
    OP(tree),            OP(tree),            OP(layer_delegate), OP(actions),
    OP(desc_create),     OP(desc_create),     OP(desc_release),   OP(desc_fields),
    OP(desc_fields),     OP(desc_read),       OP(delegate),       OP(add_animation),
    OP(add_animation),   OP(remove_animation), OP(transaction),   OP(transaction),
    OP(completion),      OP(probe),           OP(pure),           OP(keys),
    OP(clock),           OP(geometry),        OP(render_list),    OP(animator),
    OP(animator),        OP(value_function),  OP(transition),     OP(builtin_classes), OP(builtin_classes),
    OP(variable_value),  OP(variable_animation), OP(variable_batch),
};
#define OPERATION_COUNT (sizeof g_operations / sizeof g_operations[0])

/* g_trace: FUZZ_API_TRACE set, each operation is printed (with statuses other than AC_OK). */

static void run_operation(void) {
    size_t at = g_pos;
    const operation *operation = &g_operations[rd_u8() % OPERATION_COUNT];
    if (g_trace) fprintf(stderr, "%*s[%zu] %s\n", 2 * g_depth, "", at, operation->name);
    operation->run();
}

/* Operations from inside a callback: a few, on the callback's engine by preference. */
static void run_nested(engine_slot *context) {
    engine_slot *saved = g_context;
    uint8_t b = rd_u8();
    int count = b & 3, index;
    g_context = context;
    if (b & 4) {
        /* Destroy the callback's engine from inside its own callback. */
#if !FUZZ_MASK_ENGINE_DESTROY_IN_CALLBACKS
        if (rd_u8() < 64) {
            ++g_destroys_in_callbacks;
            engine_destroy(context);
        }
#endif
    }
    if (count > 0) ++g_reentries;
    for (index = 0; index < count && g_nested_ops < NESTED_BUDGET; ++index) {
        ++g_nested_ops;
        run_operation();
    }
    g_context = saved;
}

static int32_t on_action(ac_engine *engine, ac_layer layer, const char *key, ac_animation animation,
                         void *user_data) {
    record *r = user_data;
    engine_slot *es = callback_engine(r, engine, "action");
    uint8_t b = rd_u8();
    int32_t answer;
    (void)layer;
    if (r->kind != R_ACTION) DIE("an action callback with a record of another kind");
    if (key == NULL || !utf8_valid(key)) DIE("an action key that is NULL or not UTF-8");
    if (animation != 0) mint(H_DESC, animation, es->serial);
    ++g_actions;
    switch (b % 5) {
    case 0: answer = AC_ACTION_CONTINUE; break;
    case 1: answer = AC_ACTION_NONE; break;
    case 2: case 3: answer = AC_ACTION_ANIMATION; break;
    default: answer = (int32_t)rd_u8() + 3; break;
    }
    if (g_depth >= MAX_DEPTH) return answer;
    ++g_depth;
    if (animation != 0 && (b & 0x08)) {
        /* Configure it: from another description, or a value and a timing; with a delegate of
           its own (the add that may follow is counted as "maybe"). */
        desc_slot temporary = {animation, 1, NULL};
        if (b & 0x10) {
            pick source = pick_desc(es);
            CALL(es, source.bad, ac_animation_assign(es->pointer, animation, source.handle));
        } else {
            ac_value value = rd_value();
            ac_timing timing = rd_timing();
            CALL(es, 0, ac_animation_set_value(es->pointer, animation, (int32_t)(rd_u8() % 3), &value));
            CALL(es, 0, ac_animation_set_timing(es->pointer, animation, &timing));
        }
        if (!fresh_delegate(es, &temporary, animation, 0, 0)) g_lenient = 1;
        if (temporary.current) temporary.current->maybe_adds = answer == AC_ACTION_ANIMATION;
    }
    if (b & 0x20) run_nested(es);
    if (animation != 0 && (b & 0x40) && es->state == E_ALIVE) {
        /* Releasing it is allowed: the answer then counts as continue. */
        CALL(es, 0, ac_animation_release(es->pointer, animation));
    }
    --g_depth;
    /* The engine releases it when the callback returns. */
    if (animation != 0) {
        mint_dead(H_DESC, animation);
        push_ring(es->stale_descs, &es->stale_desc_count, animation);
    }
    return answer;
}

/* ============================================================================================ */
/* One input                                                                                    */
/* ============================================================================================ */

static void check_records(void) {
    int index;
    for (index = 0; index < g_record_count; ++index) {
        record *r = &g_records[index];
        if (r->pending) DIE("a registration still pending at the end");
        if (r->registered && !r->no_destroy && r->destroys != 1)
            DIE("a registration's destroy function did not run (every engine destroyed)");
        if (!r->registered && r->destroys != 0) DIE("a destroy function ran for a failed registration");
        switch (r->kind) {
        case R_ANIMATION:
            if (g_lenient) break;
            if (!r->no_stop && r->stops < r->adds) DIE("a did_stop is missing: an add returned AC_OK, every engine is destroyed");
            if (!r->multi && r->stops > r->adds + r->maybe_adds) DIE("more did_stops than adds");
            if (!r->multi && r->starts > r->adds + r->maybe_adds) DIE("more did_starts than adds");
            break;
        case R_COMPLETION:
            if (r->registered && r->has_function && r->calls != 1) DIE("a completion registered with AC_OK did not run exactly once");
            if (!r->registered && r->calls != 0) DIE("a completion whose registration failed ran");
            break;
        default:
            break;
        }
    }
}

static void print_stats(void) {
    fprintf(stderr,
            "fuzz_api: %ld inputs, %ld API calls, %ld adds (AC_OK), %ld did_starts, %ld did_stops, "
            "%ld completions, %ld displays, %ld action callbacks, %ld callbacks re-entering the API, "
            "%ld engines destroyed inside callbacks, %ld refusals of gone/foreign handles checked\n",
            g_inputs, g_calls, g_adds_ok, g_did_starts, g_did_stops, g_completions, g_displays, g_actions,
            g_reentries, g_destroys_in_callbacks, g_refusals_checked);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    if (getenv("FUZZ_API_STATS") != NULL) atexit(print_stats);
    g_trace = getenv("FUZZ_API_TRACE") != NULL;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    int index;
    ++g_inputs;
    g_data = data;
    g_size = size;
    g_pos = 0;
    g_depth = 0;
    g_nested_ops = 0;
    g_context = NULL;
    g_record_count = 0;
    g_key_counter = 0;
    memset(g_engines, 0, sizeof g_engines);
    g_dead_layer_count = g_dead_class_count = g_dead_desc_count = g_dead_engine_count = 0;
    g_lenient = 0;
    for (index = 0; index < H_KINDS; ++index) {
        if (g_minted_count[index] > 0) memset(g_minted[index], 0, sizeof g_minted[index]);
        g_minted_count[index] = 0;
    }

    /* Every input starts with one engine, so that short inputs reach the engine calls. */
    {
        ac_engine *engine = NULL;
        REQUIRE(PURE(ac_engine_create(NULL, &engine)) == AC_OK, "creating an engine failed");
        g_engines[0].state = E_ALIVE;
        g_engines[0].pointer = engine;
        g_engines[0].serial = ++g_serial;
    }
    while (rd_left()) run_operation();

    /* The end: every engine destroyed; then every count must be complete. */
    g_pos = g_size;
    for (index = 0; index < MAX_ENGINES; ++index)
        if (g_engines[index].state == E_ALIVE) engine_destroy(&g_engines[index]);
    check_records();
    return 0;
}
