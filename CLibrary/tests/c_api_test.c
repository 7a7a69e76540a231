/* The C API from C: a screen, a tap and its ValueEvent, a timer and its TimerEvents on ticks,
 * image data and a surface, a screenshot with pixel checks, errors that never abort, and the
 * recorded session replayed by `render` to the same PNG bytes.
 * Usage: c_api_test RENDER_BINARY OUT_DIR */
#include "screen.h"

static void check_events(pr_backend *b) {
    pr_event *ev = NULL;
    size_t n = 0;
    MUST(b, pr_poll_events(b, &ev, &n));
    /* Boot: SysInfoEvent START then RESUME to the application; image requests for views 5, 6 and 7. */
    int start = 0, resume = 0, request = 0, photo = 0;
    for (size_t i = 0; i < n; i++) {
        if (ev[i].kind == PR_EVENT_SYS_INFO && ev[i].sys_type == PR_SYS_START) start++;
        if (ev[i].kind == PR_EVENT_SYS_INFO && ev[i].sys_type == PR_SYS_RESUME) {
            resume++;
            CHECK(strcmp(ev[i].sys_type_name, "RESUME") == 0, "sys_type_name %s", ev[i].sys_type_name);
            CHECK(ev[i].internal_id == 1, "lifecycle target %lld", (long long)ev[i].internal_id);
        }
        if (ev[i].kind == PR_EVENT_IMAGE_REQUEST) {
            /* semantics.md 7.38: every image view with a size and no static image asks, with or
             * without a URL (views 5 and 6 get their pixels from setImageData and setSurface), in the
             * format of the look: RGB565 in the default look, as Android. */
            request++;
            CHECK(ev[i].mode == 1 && ev[i].requested_levels == 1, "mode %d levels %d", ev[i].mode, ev[i].requested_levels);
            CHECK(ev[i].fields & PR_FIELD_IMAGE_REQUEST, "fields %x", ev[i].fields);
            CHECK(ev[i].format == PR_FORMAT_RGB565 && (ev[i].fields & PR_FIELD_FORMAT), "format %d", ev[i].format);
            if (ev[i].internal_id == 7) {
                photo++;
                CHECK(strcmp(ev[i].image_url, "https://example.com/photo.png") == 0, "url %s", ev[i].image_url);
                CHECK(ev[i].image_url_len == strlen("https://example.com/photo.png"), "url length %zu", ev[i].image_url_len);
                CHECK(ev[i].requested_width == 60 && ev[i].requested_height == 30, "requested %g x %g",
                      ev[i].requested_width, ev[i].requested_height);
            } else {
                CHECK(ev[i].internal_id == 5 || ev[i].internal_id == 6, "image request for %lld", (long long)ev[i].internal_id);
                CHECK(ev[i].image_url_len == 0, "url %s for view %lld", ev[i].image_url, (long long)ev[i].internal_id);
            }
        }
    }
    CHECK(start == 1 && resume == 1, "START %d RESUME %d", start, resume);
    CHECK(request == 3 && photo == 1, "%d image requests, %d for the photo", request, photo);
    pr_free(ev);
    /* Nothing new: PR_NO_EVENTS and an empty result. */
    CHECK(pr_poll_events(b, &ev, &n) == PR_NO_EVENTS && ev == NULL && n == 0, "second poll gave %zu events", n);
}

static void check_tap_and_timer(pr_backend *b) {
    pr_event *ev = NULL;
    size_t n = 0;
    MUST(b, pr_tap(b, 4, NULL));
    MUST(b, pr_poll_events(b, &ev, &n));
    CHECK(n == 1 && ev[0].kind == PR_EVENT_VALUE && ev[0].internal_id == 4 && ev[0].value == 1 &&
          (ev[0].fields & PR_FIELD_VALUE) && strcmp(ev[0].type, "ValueEvent") == 0,
          "tap gave %zu events, first %s to %lld value %lld", n, n ? ev[0].type : "-", n ? (long long)ev[0].internal_id : 0LL,
          n ? (long long)ev[0].value : 0LL);
    pr_free(ev);

    /* The timer (100 ms, created at 0): ticks of 60 ms fire it at 100, 200 and 300. */
    for (int i = 0; i < 5; i++) MUST(b, pr_tick(b, 60));
    MUST(b, pr_poll_events(b, &ev, &n));
    int timers = 0;
    for (size_t i = 0; i < n; i++) {
        if (ev[i].kind != PR_EVENT_TIMER) continue;
        timers++;
        CHECK(ev[i].timer_id == 10 && (ev[i].fields & PR_FIELD_TIMER_ID), "timer id %lld", (long long)ev[i].timer_id);
        CHECK(ev[i].time == 100 * timers, "TimerEvent %d at %lld ms", timers, (long long)ev[i].time);
    }
    CHECK(timers == 3, "%d TimerEvents over 300 ms", timers);
    pr_free(ev);

    /* Typed text: a ValueEvent carrying it (with an explicit length: the NUL-free prefix). */
    MUST(b, pr_input(b, 8, "anna@example.comXYZ", 16));
    MUST(b, pr_poll_events(b, &ev, &n));
    CHECK(n == 1 && ev[0].kind == PR_EVENT_VALUE && (ev[0].fields & PR_FIELD_TEXT) && ev[0].text_len == 16 &&
          strcmp(ev[0].text, "anna@example.com") == 0, "input event text %s", n ? ev[0].text : "-");
    pr_free(ev);

    /* Lifecycle and back. */
    MUST(b, pr_sys(b, "pause"));
    MUST(b, pr_back(b));
    MUST(b, pr_poll_events(b, &ev, &n));
    CHECK(n == 2 && ev[0].kind == PR_EVENT_SYS_INFO && ev[0].sys_type == PR_SYS_PAUSE && ev[1].kind == PR_EVENT_SYS &&
          ev[1].sys_type == PR_SYS_BACK, "lifecycle events: %zu", n);
    pr_free(ev);

    /* SysEvent SHOW_DEBUG (the framework's debug dialog) goes to the application as a SysEvent. */
    MUST(b, pr_sys(b, "show_debug"));
    MUST(b, pr_poll_events(b, &ev, &n));
    CHECK(n == 1 && ev[0].kind == PR_EVENT_SYS && ev[0].sys_type == PR_SYS_SHOW_DEBUG &&
          strcmp(ev[0].sys_type_name, "SHOW_DEBUG") == 0, "SHOW_DEBUG event: %zu", n);
    pr_free(ev);
}

static void check_errors(pr_backend *b) {
    /* NULL pointers, bad UTF-8, bad pixels, unknown ordinals: error statuses with a message. */
    CHECK(pr_send_command(NULL, NULL) == PR_ERR_NULL, "NULL backend");
    CHECK(strlen(pr_last_error(NULL)) > 0, "no global error message");
    CHECK(pr_send_command(b, NULL) == PR_ERR_NULL, "NULL command");
    CHECK(strstr(pr_last_error(b), "NULL") != NULL, "message: %s", pr_last_error(b));
    pr_command bad = test_cmd(PR_CMD_SET_TEXT_VALUE, 4, 0, 0, "\xff\xfe broken", NULL);
    CHECK(pr_send_command(b, &bad) == PR_ERR_UTF8, "bad UTF-8 accepted");
    CHECK(strstr(pr_last_error(b), "UTF-8") != NULL, "message: %s", pr_last_error(b));
    bad = test_cmd(999, 4, 0, 0, NULL, NULL);
    CHECK(pr_send_command(b, &bad) == PR_ERR_ARGUMENT, "unknown type accepted");
    uint32_t unpremultiplied[4] = {0x80ff0000u, 0x80ff0000u, 0x80ff0000u, 0x80ff0000u};
    CHECK(pr_set_surface(b, 6, 2, 2, (const uint8_t *)unpremultiplied, 8) == PR_ERR_PIXELS, "bad pixels accepted");
    CHECK(pr_set_surface(b, 6, 2, 2, (const uint8_t *)unpremultiplied, 4) == PR_ERR_ARGUMENT, "short stride accepted");
    CHECK(pr_set_image_data(b, 5, 77, 4, 4, 1, NULL, 0) == PR_ERR_ARGUMENT, "unknown format accepted");
    CHECK(pr_tick(b, -5) == PR_ERR_ARGUMENT, "negative tick accepted");
    CHECK(pr_sys(b, "REBOOT") == PR_ERR_ARGUMENT, "unknown lifecycle type accepted");
    CHECK(pr_sys(b, "TERMINATE_THREAD") == PR_ERR_ARGUMENT && strstr(pr_last_error(b), "platform thread"),
          "TERMINATE_THREAD: %s", pr_last_error(b));
    CHECK(pr_commit_batch(b) == PR_ERR_STATE, "commit without a batch");
    MUST(b, pr_begin_batch(b));
    CHECK(pr_tick(b, 10) == PR_ERR_STATE, "a tick inside a batch");
    pr_command label = test_cmd(PR_CMD_SET_TEXT_VALUE, 4, 0, 0, "Tapped", NULL);
    MUST(b, pr_send_command(b, &label));
    MUST(b, pr_commit_batch(b));

    /* An unknown id is a diagnostic, as in a session file, not an error. */
    size_t before = 0;
    pr_diagnostic *d = NULL;
    if (pr_get_diagnostics(b, 0, &d, &before) == PR_OK) pr_free(d);
    pr_command ghost = test_cmd(PR_CMD_SET_TEXT_VALUE, 4242, 0, 0, "nobody", NULL);
    MUST(b, pr_send_command(b, &ghost));
    size_t n = 0;
    MUST(b, pr_get_diagnostics(b, before, &d, &n));
    CHECK(n == 1 && strcmp(d[0].code, "unknown-element") == 0 && strstr(d[0].message, "4242") && d[0].step >= 0,
          "diagnostic for id 4242: %zu, %s", n, n ? d[0].message : "-");
    pr_free(d);
    /* Creating with a bad device fails cleanly. */
    pr_device huge = {100000, 100000, 4, 0, 0};
    pr_backend *none = (pr_backend *)1;
    CHECK(pr_create(&huge, NULL, &none) == PR_ERR_ARGUMENT && none == NULL, "huge device accepted");
    CHECK(strstr(pr_last_error(NULL), "device") != NULL, "message: %s", pr_last_error(NULL));
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: %s RENDER OUT_DIR\n", argv[0]); return 2; }
    const char *render = argv[1], *out = argv[2];
    pr_device device = {360, 640, 2, 0, 0};
    pr_backend *b = NULL;
    /* Assets from the examples' folder (run from the repository root, as make c-tests does). */
    pr_options options = {0};
    options.assets_dir = "Examples/assets";
    if (pr_create(&device, &options, &b) != PR_OK) { fprintf(stderr, "pr_create: %s\n", pr_last_error(NULL)); return 1; }
    CHECK(strlen(pr_version()) > 0, "no version");

    test_build_screen(b);
    test_send_image(b);
    test_send_surface(b);
    pr_command avatar = test_cmd(PR_CMD_CREATE_IMAGEVIEW, 3, 9, 0, "avatar-1.png", NULL);
    MUST(b, pr_send_command(b, &avatar));
    test_style(b, 9, "width", "48");
    test_style(b, 9, "height", "48");
    check_events(b);
    check_tap_and_timer(b);
    check_errors(b);

    /* Pixels: the button's blue, the image's green, the surface's orange, white elsewhere. */
    uint8_t *px = NULL;
    int32_t w = 0, h = 0;
    MUST(b, pr_screenshot_pixels(b, "pixels", &px, &w, &h));
    CHECK(w == 720 && h == 1280, "size %d x %d", w, h);
    if (px) {
        CHECK(test_pixel(px, w, 360, 80) == 0xff2962ffu, "button centre %08x", test_pixel(px, w, 360, 80));
        CHECK(test_pixel(px, w, 100, 210) == 0xff00c800u, "image centre %08x", test_pixel(px, w, 100, 210));
        CHECK(test_pixel(px, w, 40, 300) == 0xffff8000u, "surface centre %08x", test_pixel(px, w, 40, 300));
        CHECK(test_pixel(px, w, 700, 1200) == 0xffffffffu, "background %08x", test_pixel(px, w, 700, 1200));
    }
    pr_free(px);
    /* The asset was found: no diagnostic other than the deliberate unknown id. */
    pr_diagnostic *diags = NULL;
    size_t nd = 0;
    MUST(b, pr_get_diagnostics(b, 0, &diags, &nd));
    CHECK(nd == 1 && strcmp(diags[0].code, "unknown-element") == 0, "%zu diagnostics, first %s: %s", nd,
          nd ? diags[0].code : "-", nd ? diags[0].message : "-");
    pr_free(diags);

    /* The PNG, then the recorded session replayed by `render` to the same bytes. */
    uint8_t *png = NULL;
    size_t size = 0;
    MUST(b, pr_screenshot_png(b, "final", &png, &size));
    CHECK(size > 8 && png && memcmp(png, "\x89PNG", 4) == 0, "not a PNG (%zu bytes)", size);
    char path[1024], session[1024];
    snprintf(path, sizeof path, "%s/c-live.png", out);
    MUST(b, pr_screenshot_file(b, NULL, path));
    snprintf(session, sizeof session, "%s/c-session.json", out);
    MUST(b, pr_write_session(b, session));
    snprintf(path, sizeof path, "%s/c-replayed-final.png", out);
    test_compare_replay(render, session, "final", path, png, size);
    /* The unnamed screenshot is the recorded session's "screenshot-3" (pixels, final, then it). */
    size_t file_size = 0;
    snprintf(path, sizeof path, "%s/c-live.png", out);
    uint8_t *file_png = test_read_file(path, &file_size);
    snprintf(path, sizeof path, "%s/c-replayed-3.png", out);
    if (file_png) test_compare_replay(render, session, "screenshot-3", path, file_png, file_size);
    CHECK(file_png != NULL, "pr_screenshot_file wrote nothing");
    free(file_png);
    pr_free(png);
    CHECK(pr_destroy(b) == PR_OK, "destroy");
    CHECK(pr_destroy(NULL) == PR_OK, "destroy NULL");

    if (test_failures) { fprintf(stderr, "c_api_test: %d failures\n", test_failures); return 1; }
    printf("c_api_test: all checks passed\n");
    return 0;
}
