/* Every entry point of the C API given the extreme values of each of its sizes and numbers (0, -1,
 * INT64_MIN, INT64_MAX, INT32_MIN, INT32_MAX, SIZE_MAX, 2^63, a size just past a session file's
 * limit, NULL with a non-zero length, NaN and infinities): none aborts. A value no caller could mean
 * is PR_ERR_ARGUMENT (or PR_ERR_NULL) with a message naming the argument and the value; a value a
 * session file could carry too is PR_OK and the replay's diagnostic, and the recorded session,
 * replayed by `render`, gives the same PNG.
 * Usage: c_limits_test RENDER_BINARY OUT_DIR */
#include "screen.h"

#include <math.h>

/* A call's status, and a word its message must contain ("": any message). */
#define EXPECT(b, call, status, word) do { pr_status s_ = (call); const char *m_ = pr_last_error(b); \
    CHECK(s_ == (status), "%s returned %d, expected %d: %s", #call, (int)s_, (int)(status), m_); \
    CHECK(strstr(m_, (word)) != NULL, "%s: message \"%s\" lacks \"%s\"", #call, m_, (const char *)(word)); \
} while (0)

/* An input call on an extreme id: never an error; PR_OK, or PR_NOT_DELIVERED with the reason (no such
   element, not on screen), as a session file's step gets its diagnostic and is skipped. */
#define INPUT(b, call) do { pr_status s_ = (call); const char *m_ = pr_last_error(b); \
    CHECK(s_ == PR_OK || (s_ == PR_NOT_DELIVERED && m_[0] != 0), "%s returned %d: %s", #call, (int)s_, m_); \
} while (0)

#define N(a) (sizeof(a) / sizeof((a)[0]))

static const int64_t INTS[] = {0, -1, 1, INT64_MIN, INT64_MAX, INT32_MIN, INT32_MAX, (int64_t)INT32_MAX + 1, -((int64_t)1 << 53)};
/* Sizes no caller could mean: above what a session file may hold (256 MiB). */
#define SESSION_BYTES ((size_t)256 * 1024 * 1024)
static const size_t HUGE_SIZES[] = {SIZE_MAX, (size_t)1 << 63, (size_t)INT64_MAX, SESSION_BYTES + 1};
static const int32_t BAD_SIDES[] = {0, -1, INT32_MIN, INT32_MAX, 65536};

/* The codes of the diagnostics from index `first` on, joined by spaces, into `out`. */
static size_t codes_since(pr_backend *b, size_t first, char *out, size_t room) {
    pr_diagnostic *d = NULL;
    size_t n = 0;
    out[0] = 0;
    MUST(b, pr_get_diagnostics(b, first, &d, &n));
    for (size_t i = 0; i < n; i++) {
        strncat(out, d[i].code, room - strlen(out) - 2);
        strcat(out, " ");
    }
    pr_free(d);
    return first + n;
}

static size_t diagnostic_count(pr_backend *b) { char codes[4096]; return codes_since(b, 0, codes, sizeof codes); }

static void check_lifecycle(void) {
    /* Devices: negative, NaN, infinite, huge, a scale out of 0.5 ... 4. */
    double bad[] = {-1, NAN, INFINITY, -INFINITY, 1e308, 100000};
    for (size_t i = 0; i < N(bad); i++) {
        for (int field = 0; field < 3; field++) {
            pr_device d = {360, 640, 2, 0, 0};
            if (field == 0) d.width = bad[i];
            if (field == 1) d.height = bad[i];
            if (field == 2) d.scale = bad[i];
            pr_backend *none = (pr_backend *)1;
            EXPECT(NULL, pr_create(&d, NULL, &none), PR_ERR_ARGUMENT, "device");
            CHECK(none == NULL, "a failed pr_create left %p", (void *)none);
        }
    }
    pr_device tiny_scale = {360, 640, 100, 0, 0};
    pr_backend *none = NULL;
    EXPECT(NULL, pr_create(&tiny_scale, NULL, &none), PR_ERR_ARGUMENT, "scale");
    pr_device bar = {360, 640, 2, NAN, 0};
    EXPECT(NULL, pr_create(&bar, NULL, &none), PR_ERR_ARGUMENT, "status_bar");
    EXPECT(NULL, pr_create(NULL, NULL, NULL), PR_ERR_NULL, "out");
    CHECK(pr_destroy(NULL) == PR_OK, "pr_destroy(NULL)");
    pr_free(NULL);
    CHECK(pr_last_error(NULL) != NULL && strlen(pr_version()) > 0, "pr_last_error(NULL) / pr_version");
}

/* Each call with a NULL backend: an error status and a message, never a crash. */
static void check_null_backend(void) {
    pr_command c = test_cmd(PR_CMD_SET_TEXT_VALUE, 1, 0, 0, "x", NULL);
    uint8_t px[4] = {0, 0, 0, 0};
    pr_event *ev = NULL;
    pr_diagnostic *d = NULL;
    uint8_t *png = NULL;
    size_t n = 0;
    int32_t w = 0, h = 0;
    EXPECT(NULL, pr_send_command(NULL, &c), PR_ERR_NULL, "NULL");
    EXPECT(NULL, pr_send_commands(NULL, &c, 1), PR_ERR_NULL, "NULL");
    EXPECT(NULL, pr_send_commands(NULL, &c, SIZE_MAX), PR_ERR_ARGUMENT, "18446744073709551615");
    EXPECT(NULL, pr_begin_batch(NULL), PR_ERR_NULL, "NULL");
    EXPECT(NULL, pr_commit_batch(NULL), PR_ERR_NULL, "NULL");
    EXPECT(NULL, pr_set_image_data(NULL, 1, PR_FORMAT_R8, 1, 1, 1, px, 1), PR_ERR_NULL, "NULL");
    EXPECT(NULL, pr_set_surface(NULL, 1, 1, 1, px, 4), PR_ERR_NULL, "NULL");
    EXPECT(NULL, pr_tick(NULL, INT64_MIN), PR_ERR_ARGUMENT, "ms");
    EXPECT(NULL, pr_tick(NULL, 1), PR_ERR_NULL, "NULL");
    EXPECT(NULL, pr_press(NULL, INT64_MIN), PR_ERR_NULL, "NULL");
    EXPECT(NULL, pr_release(NULL, INT64_MAX), PR_ERR_NULL, "NULL");
    EXPECT(NULL, pr_tap(NULL, -1, NULL), PR_ERR_NULL, "NULL");
    EXPECT(NULL, pr_select(NULL, 0, INT32_MIN), PR_ERR_NULL, "NULL");
    EXPECT(NULL, pr_scroll(NULL, 0, INT64_MIN), PR_ERR_ARGUMENT, "offset_dp");
    EXPECT(NULL, pr_input(NULL, 0, "x", SIZE_MAX), PR_ERR_ARGUMENT, "length");
    EXPECT(NULL, pr_back(NULL), PR_ERR_NULL, "NULL");
    EXPECT(NULL, pr_sys(NULL, "PAUSE"), PR_ERR_NULL, "NULL");
    EXPECT(NULL, pr_poll_events(NULL, &ev, &n), PR_ERR_NULL, "NULL");
    EXPECT(NULL, pr_screenshot_png(NULL, NULL, &png, &n), PR_ERR_NULL, "NULL");
    EXPECT(NULL, pr_screenshot_file(NULL, NULL, "/tmp/never.png"), PR_ERR_NULL, "NULL");
    EXPECT(NULL, pr_screenshot_pixels(NULL, NULL, &png, &w, &h), PR_ERR_NULL, "NULL");
    EXPECT(NULL, pr_get_diagnostics(NULL, SIZE_MAX, &d, &n), PR_ERR_NULL, "NULL");
    EXPECT(NULL, pr_write_session(NULL, "/tmp/never.json"), PR_ERR_NULL, "NULL");
}

/* pr_send_command: unknown type ordinals and text lengths are errors; every int64 field at every
 * extreme, on every command type, is what a session file may say too: PR_OK. */
static void check_commands(pr_backend *b) {
    int32_t types[] = {-1, 73, INT32_MIN, INT32_MAX};
    for (size_t i = 0; i < N(types); i++) {
        pr_command c = test_cmd(types[i], 1, 0, 0, NULL, NULL);
        EXPECT(b, pr_send_command(b, &c), PR_ERR_ARGUMENT, "unknown command type");
    }
    for (size_t i = 0; i < N(HUGE_SIZES); i++) {
        pr_command c = test_cmd(PR_CMD_SET_TEXT_VALUE, 4, 0, 0, "short", NULL);
        c.text_value_len = HUGE_SIZES[i];
        EXPECT(b, pr_send_command(b, &c), PR_ERR_ARGUMENT, "text_value: length");
        c = test_cmd(PR_CMD_SET_STYLE, 4, 0, 0, "width", "10");
        c.text_value2_len = HUGE_SIZES[i];
        EXPECT(b, pr_send_command(b, &c), PR_ERR_ARGUMENT, "text_value2: length");
        char word[64];
        snprintf(word, sizeof word, "%zu", HUGE_SIZES[i]);
        CHECK(strstr(pr_last_error(b), word) != NULL, "message %s lacks the length %s", pr_last_error(b), word);
    }
    pr_command null_text = test_cmd(PR_CMD_SET_TEXT_VALUE, 4, 0, 0, NULL, NULL);
    null_text.text_value_len = 5;
    EXPECT(b, pr_send_command(b, &null_text), PR_ERR_NULL, "NULL with length 5");
    null_text.text_value_len = SIZE_MAX;
    EXPECT(b, pr_send_command(b, &null_text), PR_ERR_NULL, "NULL with length 18446744073709551615");

    /* Text past 1 MiB (within a session file's size): cut, with the session file's warning. */
    size_t before = diagnostic_count(b);
    size_t long_len = 1024 * 1024 + 10;
    char *long_text = (char *)malloc(long_len);
    memset(long_text, 'a', long_len);
    pr_command long_label = test_cmd(PR_CMD_SET_TEXT_VALUE, 4, 0, 0, long_text, NULL);
    long_label.text_value_len = long_len;
    MUST(b, pr_send_command(b, &long_label));
    free(long_text);
    char codes[8192];
    codes_since(b, before, codes, sizeof codes);
    CHECK(strstr(codes, "text-too-long") != NULL, "a 1 MiB + 10 label gave diagnostics: %s", codes);

    /* Every type, each int64 field at each extreme (one batch per type and field). */
    for (int32_t type = 0; type <= PR_CMD_SHOW_NETWORK_ACTIVITY; type++) {
        if (type == PR_CMD_QUIT_APP || type == PR_CMD_STOP) continue; /* would end the app */
        for (int field = 0; field < 9; field++) {
            pr_command batch[N(INTS)];
            for (size_t i = 0; i < N(INTS); i++) {
                /* Into the screen's column (3) and button (4) unless the field itself is the id. */
                pr_command c = test_cmd(type, type <= PR_CMD_CREATE_SEGMENTED_CONTROL ? 3 : 4, 1000 + i, 0, "t", "1");
                int64_t v = INTS[i];
                switch (field) {
                case 0: c.internal_id = v; break;
                case 1: c.child_internal_id = v; break;
                case 2: c.value = v; break;
                case 3: c.width = v; break;
                case 4: c.height = v; break;
                case 5: c.row = v; break;
                case 6: c.column = v; break;
                case 7: c.sheet = v; break;
                default: c.flags = v; break;
                }
                batch[i] = c;
            }
            pr_status s = pr_send_commands(b, batch, N(INTS));
            CHECK(s == PR_OK, "type %d field %d: %d %s", type, field, (int)s, pr_last_error(b));
        }
        /* Laid out and painted with those values. */
        uint8_t *png = NULL;
        size_t size = 0;
        pr_status s = pr_screenshot_png(b, "", &png, &size);
        CHECK(s == PR_OK, "screenshot after type %d: %d %s", type, (int)s, pr_last_error(b));
        pr_free(png);
    }

    /* pr_send_commands: counts no caller could mean, NULL with a count, and 0. */
    pr_command one = test_cmd(PR_CMD_SET_TEXT_VALUE, 4, 0, 0, "x", NULL);
    for (size_t i = 0; i < N(HUGE_SIZES); i++)
        EXPECT(b, pr_send_commands(b, &one, HUGE_SIZES[i]), PR_ERR_ARGUMENT, "count");
    EXPECT(b, pr_send_commands(b, &one, 1000001), PR_ERR_ARGUMENT, "1000001");
    EXPECT(b, pr_send_commands(b, NULL, 3), PR_ERR_NULL, "NULL with count 3");
    MUST(b, pr_send_commands(b, NULL, 0));
}

static void check_pixels(pr_backend *b) {
    uint8_t px[64] = {0};
    /* Image data: sizes, sides, levels and formats out of range; NULL with a size. */
    for (size_t i = 0; i < N(HUGE_SIZES); i++)
        EXPECT(b, pr_set_image_data(b, 5, PR_FORMAT_R8, 4, 4, 1, px, HUGE_SIZES[i]), PR_ERR_ARGUMENT, "size");
    EXPECT(b, pr_set_image_data(b, 5, PR_FORMAT_R8, 4, 4, 1, px, SIZE_MAX), PR_ERR_ARGUMENT, "18446744073709551615");
    EXPECT(b, pr_set_image_data(b, 5, PR_FORMAT_R8, 4, 4, 1, NULL, 16), PR_ERR_NULL, "NULL with size 16");
    EXPECT(b, pr_set_image_data(b, 5, PR_FORMAT_R8, 4, 4, 1, NULL, SIZE_MAX), PR_ERR_ARGUMENT, "size");
    for (size_t i = 0; i < N(BAD_SIDES); i++) {
        EXPECT(b, pr_set_image_data(b, 5, PR_FORMAT_R8, BAD_SIDES[i], 4, 1, px, 16), PR_ERR_ARGUMENT, "width");
        EXPECT(b, pr_set_image_data(b, 5, PR_FORMAT_R8, 4, BAD_SIDES[i], 1, px, 16), PR_ERR_ARGUMENT, "height");
        EXPECT(b, pr_set_image_data(b, 5, PR_FORMAT_R8, 4, 4, BAD_SIDES[i], px, 16), PR_ERR_ARGUMENT, "levels");
        EXPECT(b, pr_set_surface(b, 6, BAD_SIDES[i], 4, px, 16), PR_ERR_ARGUMENT, "pixels per side");
        EXPECT(b, pr_set_surface(b, 6, 4, BAD_SIDES[i], px, 16), PR_ERR_ARGUMENT, "pixels per side");
    }
    int32_t formats[] = {-1, 0, 17, INT32_MIN, INT32_MAX};
    for (size_t i = 0; i < N(formats); i++)
        EXPECT(b, pr_set_image_data(b, 5, formats[i], 4, 4, 1, px, 16), PR_ERR_ARGUMENT, "format");
    /* Surfaces: strides no row fits in or no caller could mean; NULL pixels. */
    size_t strides[] = {0, 15, SIZE_MAX, (size_t)1 << 63, ((size_t)1 << 20) + 1};
    for (size_t i = 0; i < N(strides); i++) {
        char word[64];
        snprintf(word, sizeof word, "stride %zu", strides[i]);
        EXPECT(b, pr_set_surface(b, 6, 4, 4, px, strides[i]), PR_ERR_ARGUMENT, word);
    }
    EXPECT(b, pr_set_surface(b, 6, 4, 4, NULL, 16), PR_ERR_NULL, "NULL");

    /* What a session file may say too: unknown ids and pixels that do not fit the size. */
    size_t first = diagnostic_count(b);
    MUST(b, pr_set_image_data(b, INT64_MIN, PR_FORMAT_R8, 4, 4, 1, px, 16));
    MUST(b, pr_set_image_data(b, INT64_MAX, PR_FORMAT_R8, 4, 4, 1, px, 16));
    MUST(b, pr_set_surface(b, INT64_MIN, 4, 4, px, 16));
    MUST(b, pr_set_image_data(b, 5, PR_FORMAT_RGBA8, 4, 4, 1, px, 3)); /* 3 bytes for 64 */
    MUST(b, pr_set_image_data(b, 5, PR_FORMAT_RGBA8, 4, 4, 1, NULL, 0));
    uint8_t *png = NULL;
    size_t size = 0;
    MUST(b, pr_screenshot_png(b, "", &png, &size));
    pr_free(png);
    char codes[8192];
    codes_since(b, first, codes, sizeof codes);
    CHECK(strstr(codes, "unknown-element") != NULL, "unknown ids gave: %s", codes);
}

static void check_input_and_output(pr_backend *b) {
    int64_t bad_ticks[] = {-1, INT64_MIN, INT64_MAX, 1000000000001LL};
    for (size_t i = 0; i < N(bad_ticks); i++) EXPECT(b, pr_tick(b, bad_ticks[i]), PR_ERR_ARGUMENT, "ms");
    MUST(b, pr_tick(b, 0));
    int64_t bad_offsets[] = {INT64_MIN, INT64_MAX, -1000000001LL, 1000000001LL};
    for (size_t i = 0; i < N(bad_offsets); i++) {
        char word[64];
        snprintf(word, sizeof word, "offset_dp %lld", (long long)bad_offsets[i]);
        EXPECT(b, pr_scroll(b, 3, bad_offsets[i]), PR_ERR_ARGUMENT, word);
    }
    /* Ids at every extreme: the session file's `unknown-element`; not delivered. */
    size_t first = diagnostic_count(b);
    for (size_t i = 0; i < N(INTS); i++) {
        int64_t id = INTS[i];
        INPUT(b, pr_press(b, id));
        INPUT(b, pr_release(b, id));
        INPUT(b, pr_tap(b, id, NULL));
        INPUT(b, pr_select(b, id, INT32_MIN));
        INPUT(b, pr_select(b, id, INT32_MAX));
        INPUT(b, pr_scroll(b, id, -1000000000LL));
        INPUT(b, pr_scroll(b, id, 1000000000LL));
        INPUT(b, pr_input(b, id, "typed", 0));
        INPUT(b, pr_input(b, id, NULL, 0));
    }
    char codes[65536];
    codes_since(b, first, codes, sizeof codes);
    CHECK(strstr(codes, "unknown-element") != NULL, "extreme ids gave: %s", codes);
    for (size_t i = 0; i < N(HUGE_SIZES); i++)
        EXPECT(b, pr_input(b, 8, "text", HUGE_SIZES[i]), PR_ERR_ARGUMENT, "pr_input: text: length");
    EXPECT(b, pr_input(b, 8, NULL, 7), PR_ERR_NULL, "NULL with length 7");
    EXPECT(b, pr_tap(b, 4, "sideways"), PR_ERR_ARGUMENT, "bar_button");
    EXPECT(b, pr_sys(b, ""), PR_ERR_ARGUMENT, "unknown system event");
    EXPECT(b, pr_sys(b, NULL), PR_ERR_NULL, "NULL");

    /* Output calls: NULL out-pointers, and a `first` past the diagnostics reported. */
    pr_event *ev = NULL;
    pr_diagnostic *d = NULL;
    uint8_t *png = NULL;
    size_t n = 0;
    int32_t w = 0;
    EXPECT(b, pr_poll_events(b, NULL, &n), PR_ERR_NULL, "NULL");
    EXPECT(b, pr_poll_events(b, &ev, NULL), PR_ERR_NULL, "NULL");
    EXPECT(b, pr_screenshot_png(b, NULL, NULL, &n), PR_ERR_NULL, "NULL");
    EXPECT(b, pr_screenshot_pixels(b, NULL, &png, &w, NULL), PR_ERR_NULL, "NULL");
    EXPECT(b, pr_screenshot_file(b, NULL, NULL), PR_ERR_NULL, "NULL");
    EXPECT(b, pr_get_diagnostics(b, 0, NULL, &n), PR_ERR_NULL, "NULL");
    size_t count = diagnostic_count(b);
    size_t firsts[] = {SIZE_MAX, (size_t)1 << 63, count + 1};
    for (size_t i = 0; i < N(firsts); i++) {
        char word[64];
        snprintf(word, sizeof word, "first %zu", firsts[i]);
        EXPECT(b, pr_get_diagnostics(b, firsts[i], &d, &n), PR_ERR_ARGUMENT, word);
        CHECK(d == NULL && n == 0, "a failed pr_get_diagnostics gave %zu", n);
    }
    EXPECT(b, pr_get_diagnostics(b, count, &d, &n), PR_OK, "");
    CHECK(d == NULL && n == 0, "nothing new: %zu", n);
    EXPECT(b, pr_write_session(b, NULL), PR_ERR_NULL, "NULL");
    /* Missing folders are made (every output does so); a file where a folder belongs is an I/O error. */
    EXPECT(b, pr_write_session(b, "/dev/null/x.json"), PR_ERR_IO, "/dev/null");
    /* Batches: what only a batch allows, and what it refuses. */
    MUST(b, pr_begin_batch(b));
    EXPECT(b, pr_begin_batch(b), PR_ERR_STATE, "already open");
    EXPECT(b, pr_scroll(b, 3, INT64_MIN), PR_ERR_ARGUMENT, "offset_dp");
    EXPECT(b, pr_tick(b, 1), PR_ERR_STATE, "batch");
    MUST(b, pr_commit_batch(b));
    while (pr_poll_events(b, &ev, &n) == PR_OK) pr_free(ev);
}

/* test_compare_replay, with render's diagnostics (thousands here, by design) kept in `log`. */
static void compare_replay_logged(const char *render, const char *session, const char *name, const char *out_png,
                                  const char *log, const uint8_t *expected, size_t expected_size) {
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "'%s' '%s' --snapshot '%s' -o '%s' -q 2>'%s'", render, session, name, out_png, log);
    int rc = system(cmd);
    CHECK(rc == 0, "render exited with %d: %s", rc, cmd);
    size_t size = 0;
    uint8_t *png = test_read_file(out_png, &size);
    CHECK(png != NULL && size == expected_size && memcmp(png, expected, size) == 0,
          "render's PNG of %s (%zu bytes) differs from the live screenshot (%zu bytes)", name, size, expected_size);
    free(png);
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: %s RENDER OUT_DIR\n", argv[0]); return 2; }
    const char *render = argv[1], *out = argv[2];
    check_lifecycle();
    check_null_backend();

    pr_device device = {360, 640, 2, 0, 0};
    pr_options options = {0};
    options.assets_dir = "Examples/assets";
    pr_backend *b = NULL;
    if (pr_create(&device, &options, &b) != PR_OK) { fprintf(stderr, "pr_create: %s\n", pr_last_error(NULL)); return 1; }
    test_build_screen(b);
    test_send_image(b);
    test_send_surface(b);
    (void)test_pixel;
    (void)test_compare_replay; /* replaced by compare_replay_logged */
    check_pixels(b);
    check_input_and_output(b);
    check_commands(b);

    /* The recording, extremes and all, replays to the same pixels (and nothing aborted there). */
    uint8_t *png = NULL;
    size_t size = 0;
    MUST(b, pr_screenshot_png(b, "limits-final", &png, &size));
    char session[1024], path[1024];
    snprintf(session, sizeof session, "%s/c-limits-session.json", out);
    MUST(b, pr_write_session(b, session));
    char log[1024];
    snprintf(path, sizeof path, "%s/c-limits-replayed.png", out);
    snprintf(log, sizeof log, "%s/c-limits-render.log", out);
    if (png) compare_replay_logged(render, session, "limits-final", path, log, png, size);
    pr_free(png);
    CHECK(pr_destroy(b) == PR_OK, "destroy");

    if (test_failures) { fprintf(stderr, "c_limits_test: %d failures\n", test_failures); return 1; }
    printf("c_limits_test: all checks passed\n");
    return 0;
}
