/* Where touches land, from C (preview_renderer.h, "Where touches land"): what is at a point, a
 * locator's element, taps by point and by locator, a covered button not delivered with the
 * reason, a misspelt locator key, and the recorded session (target and resolved id) replayed by
 * `render` to the same PNG bytes.
 * Usage: hit_test_api RENDER_BINARY OUT_DIR */
#include "screen.h"

#include <math.h>

/* The ValueEvents waiting, their target ids into ids[] (at most 8); returns how many. */
static size_t value_targets(pr_backend *b, int64_t *ids) {
    pr_event *ev = NULL;
    size_t n = 0, k = 0;
    if (pr_poll_events(b, &ev, &n) != PR_OK) return 0;
    for (size_t i = 0; i < n && k < 8; i++)
        if (ev[i].kind == PR_EVENT_VALUE) ids[k++] = ev[i].internal_id;
    pr_free(ev);
    return k;
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: %s RENDER OUT_DIR\n", argv[0]); return 2; }
    const char *render = argv[1], *out = argv[2];
    pr_device device = {360, 640, 2, 0, 0};
    pr_options options = {0};
    options.assets_dir = "Examples/assets";
    pr_backend *b = NULL;
    if (pr_create(&device, &options, &b) != PR_OK) { fprintf(stderr, "pr_create: %s\n", pr_last_error(NULL)); return 1; }
    test_build_screen(b);
    test_send_image(b);
    test_send_surface(b);
    int64_t ids[8];
    value_targets(b, ids);

    /* The button fills the top 80 dp. */
    int64_t id = -1;
    MUST(b, pr_element_at(b, 180, 40, &id));
    CHECK(id == 4, "element at 180,40: %lld", (long long)id);
    MUST(b, pr_find(b, "{\"text\": \"Tap me\"}", &id));
    CHECK(id == 4, "find Tap me: %lld", (long long)id);
    CHECK(pr_find(b, "{\"text\": \"Tap  me\"}", &id) == PR_NOT_DELIVERED && id == 0, "a misspelt text was found");
    CHECK(strstr(pr_last_error(b), "candidates: button 4 \"Tap me\"") != NULL, "message: %s", pr_last_error(b));

    /* Taps by point and by locator reach the button; typing by kind reaches the field. */
    MUST(b, pr_tap_at(b, 180, 40));
    CHECK(value_targets(b, ids) == 1 && ids[0] == 4, "tap at 180,40");
    MUST(b, pr_input_step(b, "{\"type\": \"tap\", \"target\": {\"text\": \"Tap me\"}}"));
    CHECK(value_targets(b, ids) == 1 && ids[0] == 4, "tap by locator");
    MUST(b, pr_input_step(b, "{\"type\": \"input\", \"target\": {\"type\": \"textField\"}, \"textValue\": \"bo\"}"));
    CHECK(value_targets(b, ids) == 1 && ids[0] == 8, "input by kind");
    CHECK(pr_input_step(b, "{\"type\": \"tap\", \"target\": {\"txt\": \"Tap me\"}}") == PR_ERR_ARGUMENT, "txt accepted");
    CHECK(strstr(pr_last_error(b), "did you mean \"text\"?") != NULL, "message: %s", pr_last_error(b));
    CHECK(pr_input_step(b, NULL) == PR_ERR_NULL, "NULL step accepted");
    CHECK(pr_tap_at(b, NAN, 3) == PR_ERR_ARGUMENT, "NaN point accepted");

    /* A dialog over the screen: the button is not delivered, and the call says why. */
    pr_command dialog = test_cmd(PR_CMD_CREATE_DIALOG, 1, 20, 0, "Sure?", NULL);
    MUST(b, pr_send_command(b, &dialog));
    CHECK(pr_tap(b, 4, NULL) == PR_NOT_DELIVERED, "a tap under the dialog was delivered");
    CHECK(strcmp(pr_last_error(b), "pr_tap: tap on button 4: button 4 is under dialog 20; not delivered") == 0,
          "message: %s", pr_last_error(b));
    CHECK(pr_tap_at(b, 180, 40) == PR_NOT_DELIVERED, "a tap outside the dialog's panel was delivered");
    CHECK(pr_element_at(b, 180, 40, &id) == PR_NOT_DELIVERED && id == 0, "element under the dialog: %lld", (long long)id);
    CHECK(value_targets(b, ids) == 0, "events after covered taps");

    /* The recorded session keeps the locator with the id, and replays to the same pixels. */
    char session[512], replay[512];
    snprintf(session, sizeof session, "%s/hit-session.json", out);
    snprintf(replay, sizeof replay, "%s/hit-replay.png", out);
    uint8_t *px = NULL;
    int32_t w = 0, h = 0;
    MUST(b, pr_screenshot_pixels(b, "covered", &px, &w, &h));
    CHECK(px && test_pixel(px, w, 2, 2) != 0xff2962ffu, "the dialog's scrim dims the button: %08x", px ? test_pixel(px, w, 2, 2) : 0);
    free(px);
    uint8_t *png = NULL;
    size_t png_size = 0;
    MUST(b, pr_screenshot_png(b, "end", &png, &png_size));
    MUST(b, pr_write_session(b, session));
    size_t size = 0;
    uint8_t *text = test_read_file(session, &size);
    CHECK(text && strstr((const char *)text, "{\"type\":\"tap\",\"internalId\":4,\"target\":{\"text\":\"Tap me\"}}"),
          "the session keeps the target and the id");
    free(text);
    test_compare_replay(render, session, "end", replay, png, png_size);
    pr_free(png);
    pr_destroy(b);
    if (test_failures) { fprintf(stderr, "%d failure(s)\n", test_failures); return 1; }
    printf("hit_test_api: all passed\n");
    return 0;
}
