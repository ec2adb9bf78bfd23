/*
 * Animation keys (issue 9, defect 8): a key given to ac_layer_add_animation() is released once
 * no animation uses it, so a host that numbers its animations ("anim-%d") keeps a flat memory.
 *
 * 10^6 animations are added under the keys "anim-0" ... "anim-999999", each one after the
 * previous was removed by key, or beside it while it runs to its end, or after every animation
 * of the layer was removed, with a tick now and then (every finished animation is removed on
 * completion). The resident set (/proc/self/statm) is sampled every 10^5 keys.
 *
 * The bound: before the fix every key stayed for the engine's life, about 58 B each, so the
 * 8 * 10^5 keys between the samples at 2 * 10^5 and 10^6 grew the RSS by about 46 MB
 * (6.7 -> 64.6 MB for 10^6 keys measured on this machine). With keys released, nothing in the
 * engine grows with the number of keys used: at most a handful of animations and keys are
 * alive at once. The RSS between the two samples may only move by what the allocator keeps
 * or returns (tens to hundreds of KB); 4 MB is 8 % of the old growth, far above that noise and
 * far below the ~46 MB of the defect (a leak of only 5 B per key would still show).
 *
 * The RSS bound is not checked under a sanitizer (AddressSanitizer's quarantine alone keeps
 * 256 MB of freed memory); everything else is.
 *
 * Then the keys still in use: ac_layer_animation_count() / ac_layer_animation_key() list the
 * live keys in order, removal by key works after 10^6 keys came and went, and a key used again
 * after its release (anim-0) works: listed, copied, reported to did-stop, removed.
 *
 * First, the shim's memory of the last short key string it converted: key paths and keys that
 * differ only past their first 8 bytes, or only in length, read back as given.
 */
#include <stdint.h>
#include <time.h>
#include <unistd.h>

#include "ac_engine_test.h"

#define KEYS 1000000
#define SAMPLE_EVERY 100000

static double seconds_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The resident set size in bytes, from /proc/self/statm (its second field, in pages). */
static double rss_bytes(void) {
    FILE *file = fopen("/proc/self/statm", "r");
    unsigned long size = 0, resident = 0;
    if (file == NULL) return -1;
    if (fscanf(file, "%lu %lu", &size, &resident) != 2) resident = 0;
    fclose(file);
    return (double)resident * (double)sysconf(_SC_PAGESIZE);
}

/* did-stop bookkeeping: one bit per numbered key (pre-touched, so it does not grow the RSS). */
static unsigned char stopped_bits[KEYS / 8 + 1];
static long stops, stops_twice, stops_bad_key, stops_finished;
static char last_stop_key[64];

static void on_stop(ac_engine *engine, ac_layer layer, const char *key, int32_t finished, void *user_data) {
    (void)engine, (void)layer, (void)user_data;
    stops++;
    if (finished) stops_finished++;
    if (key == NULL) {
        stops_bad_key++;
        return;
    }
    snprintf(last_stop_key, sizeof last_stop_key, "%s", key);
    if (strncmp(key, "anim-", 5) == 0) {
        char *end = NULL;
        long n = strtol(key + 5, &end, 10);
        if (end == NULL || *end != 0 || n < 0 || n >= KEYS) {
            stops_bad_key++;
        } else if (stopped_bits[n / 8] & (1u << (n % 8))) {
            stops_twice++;
        } else {
            stopped_bits[n / 8] |= (unsigned char)(1u << (n % 8));
        }
    }
}

/* The keys of a layer's keyed animations, in order, joined with ',' into out. */
static void list_keys(ac_engine *engine, ac_layer layer, char *out, size_t capacity) {
    size_t count = 0, index, used = 0;
    out[0] = 0;
    if (!AC_CHECK_OK(ac_layer_animation_count(engine, layer, &count))) return;
    for (index = 0; index < count; ++index) {
        char key[64];
        size_t length = 0;
        if (!AC_CHECK_OK(ac_layer_animation_key(engine, layer, index, key, sizeof key, &length))) return;
        AC_CHECK_EQ_INT(length, strlen(key));
        used += (size_t)snprintf(out + used, capacity - used, "%s%s", index ? "," : "", key);
        if (used >= capacity) return;
    }
}

static void test_numbered_keys(void) {
    ac_engine *engine = new_engine();
    ac_layer keeper = new_layer(engine, 0);
    ac_layer churn = new_layer(engine, 0);
    ac_animation quick, slow;
    ac_animation_delegate delegate;
    long add_failures = 0, remove_failures = 0, tick_failures = 0;
    double now = 1.0, rss_at_200k = 0, rss_at_end = 0, start;
    char key[64], previous[64], listed[512];
    int i;

    memset(stopped_bits, 0, sizeof stopped_bits);
    quick = scalar_animation(engine, "opacity", 1, 0, 1, 1, 0, 0, 0.25);
    slow = scalar_animation(engine, "position.x", 1, 0, 1, 100, 0, 0, 1e6);
    ac_animation_delegate_init(&delegate);
    delegate.did_stop = on_stop;
    AC_CHECK_OK(ac_animation_set_delegate(engine, quick, &delegate));
    AC_CHECK_OK(ac_animation_set_delegate(engine, slow, &delegate));

    /* Keys that stay in use throughout, on their own layer. */
    for (i = 0; i < 5; ++i) {
        snprintf(key, sizeof key, "keep-%d", i);
        AC_CHECK_OK(ac_layer_add_animation(engine, keeper, slow, key));
    }
    tick(engine, now);

    previous[0] = 0;
    start = seconds_now();
    printf("RSS at %7d keys: %.1f MB\n", 0, rss_bytes() / 1e6);
    for (i = 0; i < KEYS; ++i) {
        snprintf(key, sizeof key, "anim-%d", i);
        switch (i % 3) {
        case 0: /* after removing the previous one by key */
            if (previous[0] && ac_layer_remove_animation(engine, churn, previous) != AC_OK) remove_failures++;
            break;
        case 1: /* beside the previous one, which runs to its end */
            break;
        default: /* after removing every animation of the layer */
            if (ac_layer_remove_all_animations(engine, churn) != AC_OK) remove_failures++;
            break;
        }
        if (ac_layer_add_animation(engine, churn, quick, key) != AC_OK) add_failures++;
        snprintf(previous, sizeof previous, "%s", key);
        if (i % 8 == 7) {
            now += 1.0; /* beyond every quick animation's end: they finish and are removed */
            if (ac_engine_tick(engine, now) != AC_OK) tick_failures++;
        }
        if ((i + 1) % SAMPLE_EVERY == 0) {
            double rss = rss_bytes();
            printf("RSS at %7d keys: %.1f MB (%.1f s)\n", i + 1, rss / 1e6, seconds_now() - start);
            if (i + 1 == 2 * SAMPLE_EVERY) rss_at_200k = rss;
            if (i + 1 == KEYS) rss_at_end = rss;
        }
    }
    now += 1.0;
    tick(engine, now);
    now += 1.0;
    tick(engine, now);
    printf("%d keys in %.2f s; RSS growth from 2e5 to 1e6 keys: %.2f MB\n", KEYS, seconds_now() - start,
           (rss_at_end - rss_at_200k) / 1e6);
    AC_CHECK_EQ_INT(add_failures, 0);
    AC_CHECK_EQ_INT(remove_failures, 0);
    AC_CHECK_EQ_INT(tick_failures, 0);
    AC_CHECK(rss_at_200k > 0 && rss_at_end > 0);
    if (ac_running_sanitized())
        printf("RSS bound not checked: running under a sanitizer (its allocator keeps freed memory)\n");
    else
        AC_CHECK(rss_at_end - rss_at_200k < 4e6);

    /* Every numbered animation stopped exactly once (removed, replaced or finished). */
    AC_CHECK_EQ_INT(stops, KEYS);
    AC_CHECK_EQ_INT(stops_twice, 0);
    AC_CHECK_EQ_INT(stops_bad_key, 0);
    AC_CHECK_EQ_INT(animation_count(engine, churn), 0);

    /* The keys in use stayed correct. */
    list_keys(engine, keeper, listed, sizeof listed);
    AC_CHECK_EQ_STR(listed, "keep-0,keep-1,keep-2,keep-3,keep-4");
    AC_CHECK_OK(ac_layer_remove_animation(engine, keeper, "keep-2"));
    list_keys(engine, keeper, listed, sizeof listed);
    AC_CHECK_EQ_STR(listed, "keep-0,keep-1,keep-3,keep-4");
    stops = 0;
    tick(engine, now + 1.0);
    AC_CHECK_EQ_INT(stops, 1);
    AC_CHECK_EQ_STR(last_stop_key, "keep-2");

    /* A key used again after its release: anim-0 (on both layers), and keep-2 re-added. */
    AC_CHECK_OK(ac_layer_add_animation(engine, churn, slow, "anim-0"));
    AC_CHECK_OK(ac_layer_add_animation(engine, churn, slow, "anim-999999"));
    AC_CHECK_OK(ac_layer_add_animation(engine, keeper, slow, "anim-0"));
    AC_CHECK_OK(ac_layer_add_animation(engine, keeper, slow, "keep-2"));
    list_keys(engine, churn, listed, sizeof listed);
    AC_CHECK_EQ_STR(listed, "anim-0,anim-999999");
    list_keys(engine, keeper, listed, sizeof listed);
    AC_CHECK_EQ_STR(listed, "keep-0,keep-1,keep-3,keep-4,anim-0,keep-2");
    {
        ac_animation copy = 0;
        char key_path[64];
        size_t length = 0;
        AC_CHECK_OK(ac_layer_copy_animation(engine, churn, "anim-0", &copy));
        AC_CHECK(copy != 0);
        if (copy != 0) {
            AC_CHECK_OK(ac_animation_key_path(engine, copy, key_path, sizeof key_path, &length));
            AC_CHECK_EQ_STR(key_path, "position.x");
            AC_CHECK_OK(ac_animation_release(engine, copy));
        }
        AC_CHECK_OK(ac_layer_copy_animation(engine, churn, "anim-1", &copy));
        AC_CHECK_EQ_INT(copy, 0);
    }
    tick(engine, now + 2.0);
    stops = 0;
    last_stop_key[0] = 0;
    AC_CHECK_OK(ac_layer_remove_animation(engine, churn, "anim-0"));
    list_keys(engine, churn, listed, sizeof listed);
    AC_CHECK_EQ_STR(listed, "anim-999999");
    list_keys(engine, keeper, listed, sizeof listed);
    AC_CHECK_EQ_STR(listed, "keep-0,keep-1,keep-3,keep-4,anim-0,keep-2");
    tick(engine, now + 3.0);
    AC_CHECK_EQ_INT(stops, 1);
    AC_CHECK_EQ_STR(last_stop_key, "anim-0");
    /* Replacing under a reused key stops the old one with its key. */
    stops = 0;
    AC_CHECK_OK(ac_layer_add_animation(engine, keeper, quick, "anim-0"));
    tick(engine, now + 4.0);
    tick(engine, now + 5.0);
    AC_CHECK_EQ_INT(stops, 2); /* the replaced slow one, then the quick one at its end */
    AC_CHECK_EQ_STR(last_stop_key, "anim-0");
    list_keys(engine, keeper, listed, sizeof listed);
    AC_CHECK_EQ_STR(listed, "keep-0,keep-1,keep-3,keep-4,keep-2");
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* The shim keeps the last short key path or key it converted (up to 16 bytes) and reuses it when
   the same bytes come again: key paths that share a first word, differ only in the second,
   differ in length only, or are longer than what is kept must each read back as given. */
static void test_recent_key_strings(void) {
    static const char *const paths[] = {
        "position", "position.x", "position", "positionx", "abcdefghijklmnop", "abcdefghijklmnoq",
        "abcdefghijklmnoq", "abcdefghijklmnopq", "abcdefghijklmnop", "abcdefghijklmno", "a", "a", "ab",
        "bounds.size.width", "bounds.size.widtH", "level"};
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0);
    ac_animation animation;
    char text[64];
    size_t index, length = 0, count = sizeof paths / sizeof paths[0];

    for (index = 0; index < count; ++index) {
        if (!AC_CHECK_OK(ac_animation_create_basic(engine, paths[index], &animation))) continue;
        if (AC_CHECK_OK(ac_animation_key_path(engine, animation, text, sizeof text, &length)))
            if (!AC_CHECK_EQ_STR(text, paths[index])) printf("    (key path %zu)\n", index);
        AC_CHECK_EQ_INT(length, strlen(paths[index]));
        AC_CHECK_OK(ac_animation_release(engine, animation));
    }
    /* Bytes that are not UTF-8 after a kept string are refused, and the kept one still serves. */
    AC_CHECK_OK(ac_animation_create_basic(engine, "opacity", &animation));
    AC_CHECK_OK(ac_animation_release(engine, animation));
    AC_CHECK_STATUS(ac_animation_create_basic(engine, "opacit\xff", &animation), AC_ERR_INVALID_ARGUMENT);
    AC_CHECK_OK(ac_animation_create_basic(engine, "opacity", &animation));
    if (AC_CHECK_OK(ac_animation_key_path(engine, animation, text, sizeof text, &length))) AC_CHECK_EQ_STR(text, "opacity");

    /* Animation keys go through the same store: keys alike but for their second word. */
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, animation, "key-0123456789-A"));
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, animation, "key-0123456789-B"));
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, animation, "key-0123456789-A"));
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, animation, "key-0123456789-AB"));
    AC_CHECK_OK(ac_layer_animation_count(engine, layer, &length));
    AC_CHECK_EQ_INT(length, 3);
    AC_CHECK_OK(ac_layer_animation_key(engine, layer, 0, text, sizeof text, &length));
    AC_CHECK_EQ_STR(text, "key-0123456789-B");
    AC_CHECK_OK(ac_layer_animation_key(engine, layer, 1, text, sizeof text, &length));
    AC_CHECK_EQ_STR(text, "key-0123456789-A");
    AC_CHECK_OK(ac_layer_animation_key(engine, layer, 2, text, sizeof text, &length));
    AC_CHECK_EQ_STR(text, "key-0123456789-AB");
    AC_CHECK_OK(ac_animation_release(engine, animation));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

int main(void) {
    test_recent_key_strings();
    test_numbered_keys();
    return ac_test_finish();
}
