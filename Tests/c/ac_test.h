/*
 * ac_test.h — a small assertion kit for the animcore C tests.
 *
 * Every check counts as passed or failed; a failure prints the expression text, the values
 * and file:line (and, for statuses, ac_last_error_message()). Checks return 1 when they pass,
 * so a test can skip what depends on them. End main() with `return ac_test_finish();`, which
 * prints the single line "N passed, N failed" and returns non-zero when any check failed.
 * The counters are atomic, so checks may run on several threads.
 */
#ifndef AC_TEST_H
#define AC_TEST_H

#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "animcore.h"

static atomic_int ac_test_passed_;
static atomic_int ac_test_failed_;

/* Counts one check; prints the failure header "file:line: CHECK(text) failed" when !ok. */
static inline int ac_test_record(int ok, const char *file, int line, const char *check,
                                 const char *text) {
    if (ok) {
        atomic_fetch_add(&ac_test_passed_, 1);
    } else {
        atomic_fetch_add(&ac_test_failed_, 1);
        printf("%s:%d: %s(%s) failed\n", file, line, check, text);
    }
    return ok;
}

/* Equal doubles (tol 0), or |a - b| <= tol; equal infinities are near, NaN is never near. */
static inline int ac_test_is_near(double a, double b, double tol) {
    if (a == b) return 1;
    return fabs(a - b) <= tol;
}

static inline int ac_test_check_near_(double a, double b, double tol, const char *text,
                                      const char *file, int line) {
    int ok = ac_test_record(ac_test_is_near(a, b, tol), file, line, "AC_CHECK_NEAR", text);
    if (!ok) printf("    left = %.17g, right = %.17g, |diff| = %.3g, tol = %.3g\n", a, b,
                    fabs(a - b), tol);
    return ok;
}

static inline int ac_test_check_int_(long long a, long long b, const char *text,
                                     const char *file, int line) {
    int ok = ac_test_record(a == b, file, line, "AC_CHECK_EQ_INT", text);
    if (!ok) printf("    left = %lld, right = %lld\n", a, b);
    return ok;
}

static inline int ac_test_check_status_(ac_status got, ac_status want, const char *text,
                                        const char *file, int line) {
    int ok = ac_test_record(got == want, file, line, "AC_CHECK_STATUS", text);
    if (!ok)
        printf("    got %s (%d), expected %s (%d); last error: \"%s\"\n", ac_status_name(got),
               (int)got, ac_status_name(want), (int)want, ac_last_error_message());
    return ok;
}

static inline int ac_test_check_str_(const char *hay, const char *needle, int contains,
                                     const char *text, const char *file, int line) {
    int ok;
    if (hay == NULL || needle == NULL)
        ok = 0;
    else
        ok = contains ? strstr(hay, needle) != NULL : strcmp(hay, needle) == 0;
    ok = ac_test_record(ok, file, line, contains ? "AC_CHECK_STR_CONTAINS" : "AC_CHECK_EQ_STR",
                        text);
    if (!ok)
        printf("    %s = \"%s\", %s = \"%s\"\n", contains ? "haystack" : "left",
               hay ? hay : "(NULL)", contains ? "needle" : "right", needle ? needle : "(NULL)");
    return ok;
}

#define AC_CHECK(expr) ac_test_record((expr) != 0, __FILE__, __LINE__, "AC_CHECK", #expr)
#define AC_CHECK_EQ_INT(a, b) \
    ac_test_check_int_((long long)(a), (long long)(b), #a ", " #b, __FILE__, __LINE__)
#define AC_CHECK_NEAR(a, b, tol) \
    ac_test_check_near_((a), (b), (tol), #a ", " #b ", " #tol, __FILE__, __LINE__)
/* Exact equality of doubles (equal infinities included). */
#define AC_CHECK_EQ_DOUBLE(a, b) AC_CHECK_NEAR(a, b, 0.0)
#define AC_CHECK_NAN(x) \
    ac_test_record(isnan((double)(x)), __FILE__, __LINE__, "AC_CHECK_NAN", #x)
/* Runs `call` once and compares the status it returns with `expected`. */
#define AC_CHECK_STATUS(call, expected) \
    ac_test_check_status_((call), (expected), #call ", " #expected, __FILE__, __LINE__)
#define AC_CHECK_OK(call) AC_CHECK_STATUS(call, AC_OK)
#define AC_CHECK_STR_CONTAINS(haystack, needle) \
    ac_test_check_str_((haystack), (needle), 1, #haystack ", " #needle, __FILE__, __LINE__)
#define AC_CHECK_EQ_STR(a, b) ac_test_check_str_((a), (b), 0, #a ", " #b, __FILE__, __LINE__)

/* The number of failed checks so far (to print context after a group of checks). */
static inline int ac_test_failures(void) { return atomic_load(&ac_test_failed_); }

/* Prints "N passed, N failed" alone on a line; returns the process exit code. */
static inline int ac_test_finish(void) {
    int passed = atomic_load(&ac_test_passed_);
    int failed = atomic_load(&ac_test_failed_);
    fflush(stdout);
    printf("%d passed, %d failed\n", passed, failed);
    fflush(stdout);
    return failed == 0 ? 0 : 1;
}

/* Sanitizers (make sanitize) change what a test can measure: AddressSanitizer's quarantine holds
   freed memory (hundreds of MB of RSS), and every sanitizer slows the calls down. Known at
   compile time for a sanitized C file, at run time when the runtime was loaded some other way. */
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define AC_TEST_SANITIZED_BUILD 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define AC_TEST_SANITIZED_BUILD 1
#endif
extern void __asan_init(void) __attribute__((weak));
extern void __tsan_init(void) __attribute__((weak));
extern void __msan_init(void) __attribute__((weak));

/* Whether this process runs under a sanitizer. */
static inline int ac_running_sanitized(void) {
#ifdef AC_TEST_SANITIZED_BUILD
    return 1;
#else
    return __asan_init != NULL || __tsan_init != NULL || __msan_init != NULL;
#endif
}

#endif /* AC_TEST_H */
