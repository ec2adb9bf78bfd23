/*
 * The last-error message (issue 9, defect 9): a message longer than the library keeps (1023
 * bytes) is cut at a UTF-8 character boundary, never inside a character, so it is always valid
 * UTF-8, and ends with "…" (the header's promise); a shorter one is kept whole.
 *
 * Calls that echo user text in their message: ac_transaction_get_value() with a key never set
 * ("key \"...\" was never set ...") and ac_layer_get_value() with an undeclared key never set
 * on the layer ("key \"...\" is not declared ..."). The keys are 2, 3 and 4-byte characters
 * (é, €, 😀) after 0 to 3 ASCII bytes, so that every alignment of the cut is tried.
 */
#include "ac_engine_test.h"

/* The length of the valid UTF-8 prefix of text (strict: no overlong forms, no surrogates,
   nothing beyond U+10FFFF); equal to strlen(text) when the whole text is valid. */
static size_t valid_utf8_prefix(const unsigned char *text) {
    size_t at = 0;
    while (text[at] != 0) {
        unsigned char c = text[at];
        size_t need;
        unsigned int code, min;
        size_t k;
        if (c < 0x80) {
            ++at;
            continue;
        } else if ((c & 0xE0) == 0xC0) {
            need = 1, code = c & 0x1F, min = 0x80;
        } else if ((c & 0xF0) == 0xE0) {
            need = 2, code = c & 0x0F, min = 0x800;
        } else if ((c & 0xF8) == 0xF0) {
            need = 3, code = c & 0x07, min = 0x10000;
        } else {
            return at;
        }
        for (k = 1; k <= need; ++k) {
            unsigned char d = text[at + k];
            if ((d & 0xC0) != 0x80) return at; /* also stops at the NUL */
            code = (code << 6) | (d & 0x3F);
        }
        if (code < min || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return at;
        at += need + 1;
    }
    return at;
}

static int is_valid_utf8(const char *text) {
    return valid_utf8_prefix((const unsigned char *)text) == strlen(text);
}

/* Checks the validator itself on a few texts. */
static void test_validator(void) {
    AC_CHECK(is_valid_utf8(""));
    AC_CHECK(is_valid_utf8("abc \xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80"));
    AC_CHECK(!is_valid_utf8("\xC3"));             /* é cut after its first byte */
    AC_CHECK(!is_valid_utf8("ab\xE2\x82"));       /* € cut */
    AC_CHECK(!is_valid_utf8("ab\xF0\x9F\x98"));   /* 😀 cut */
    AC_CHECK(!is_valid_utf8("\xC0\xAF"));         /* overlong */
    AC_CHECK(!is_valid_utf8("\xED\xA0\x80"));     /* surrogate */
    AC_CHECK(!is_valid_utf8("\xF4\x90\x80\x80")); /* beyond U+10FFFF */
    AC_CHECK(!is_valid_utf8("\x80"));
}

/* pad ASCII bytes, then copies of character until the text has at least min_bytes bytes. */
static char *make_key(int pad, const char *character, size_t min_bytes) {
    size_t step = strlen(character), length = 0;
    char *text = malloc(min_bytes + step + 8);
    int k;
    if (text == NULL) exit(ac_test_finish() | 1);
    for (k = 0; k < pad; ++k) text[length++] = 'a';
    while (length < min_bytes) {
        memcpy(text + length, character, step);
        length += step;
    }
    text[length] = 0;
    return text;
}

static void dump_end(const char *message) {
    size_t length = strlen(message), from = length > 6 ? length - 6 : 0;
    printf("    message length %zu, valid prefix %zu, last bytes:", length,
           valid_utf8_prefix((const unsigned char *)message));
    for (; from < length; ++from) printf(" %02X", (unsigned char)message[from]);
    printf("\n");
}

/* The message after a failure echoing key: valid UTF-8 of at most 1023 bytes, cut near that
   length (by less than one character and the ellipsis), starting as the full message would,
   with the key's own beginning in it, and ending with the header's ellipsis "…" (U+2026). */
static void check_long_message(ac_status status, ac_status expected, const char *key, const char *what,
                               int pad, const char *character) {
    static const char ellipsis[] = "\xE2\x80\xA6";
    const char *message = ac_last_error_message();
    size_t length = strlen(message), kept;
    char start[64];
    if (!AC_CHECK_STATUS(status, expected)) return;
    snprintf(start, sizeof start, "%s: key \"", ac_status_name(expected));
    if (!AC_CHECK(is_valid_utf8(message))) {
        printf("    %s, pad %d, character %s\n", what, pad, character);
        dump_end(message);
    }
    AC_CHECK(length <= 1023 && length >= 1023 - 3 - 3);
    if (!AC_CHECK(length >= 3 && strcmp(message + length - 3, ellipsis) == 0)) {
        printf("    %s, pad %d, character %s: no ellipsis at the end\n", what, pad, character);
        dump_end(message);
    }
    if (!AC_CHECK(strncmp(message, start, strlen(start)) == 0) || length < strlen(start) + 3) return;
    /* What was kept of the key (before the ellipsis) is the key's own beginning. */
    kept = length - strlen(start) - 3;
    AC_CHECK(kept <= strlen(key) && memcmp(message + strlen(start), key, kept) == 0);
}

static void test_long_messages(void) {
    static const char *characters[] = {"\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80"};
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0);
    int pad, which, invalid_before = ac_test_failures();

    for (which = 0; which < 3; ++which) {
        for (pad = 0; pad < 4; ++pad) {
            char *key = make_key(pad, characters[which], 2000);
            ac_value value;
            ac_key interned = 0;

            ac_clear_last_error();
            check_long_message(ac_transaction_get_value(engine, key, &value), AC_ERR_UNKNOWN_KEY, key,
                               "ac_transaction_get_value", pad, characters[which]);

            AC_CHECK_OK(ac_engine_key(engine, key, &interned));
            ac_clear_last_error();
            check_long_message(ac_layer_get_value(engine, layer, interned, &value), AC_ERR_UNKNOWN_KEY, key,
                               "ac_layer_get_value", pad, characters[which]);
            free(key);
        }
    }
    if (ac_test_failures() > invalid_before) printf("    (long messages: see above)\n");

    /* A short message is kept whole. */
    {
        ac_value value;
        const char *key = "\xC3\xA9t\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80";
        AC_CHECK_STATUS(ac_transaction_get_value(engine, key, &value), AC_ERR_UNKNOWN_KEY);
        AC_CHECK(is_valid_utf8(ac_last_error_message()));
        AC_CHECK_STR_CONTAINS(ac_last_error_message(), key);
        AC_CHECK(strstr(ac_last_error_message(), "\xE2\x80\xA6") == NULL); /* not cut: no ellipsis */
    }
    AC_CHECK_OK(ac_engine_destroy(engine));
}

int main(void) {
    test_validator();
    test_long_messages();
    return ac_test_finish();
}
