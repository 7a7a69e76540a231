/* The test screen both test programs build (C99, so the C++ test includes it too), and small
 * checking helpers. Ids: 1 application, 2 frame view, 3 column, 4 button, 5 image view (pixels),
 * 6 image view (surface), 7 image view (a remote url), 8 field, 10 timer. */
#ifndef PR_TEST_SCREEN_H
#define PR_TEST_SCREEN_H

#include <preview_renderer.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int test_failures = 0;

#define CHECK(cond, ...) do { if (!(cond)) { test_failures++; \
    fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond); fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } } while (0)

/* A call that must succeed; on failure prints the backend's last error. */
#define MUST(b, call) do { pr_status s_ = (call); if (s_ != PR_OK) { test_failures++; \
    fprintf(stderr, "FAIL %s:%d: %s returned %d: %s\n", __FILE__, __LINE__, #call, (int)s_, pr_last_error(b)); } } while (0)

static pr_command test_cmd(int type, int64_t parent, int64_t child, int64_t value, const char *text, const char *text2) {
    pr_command c;
    memset(&c, 0, sizeof c);
    c.type = type;
    c.internal_id = parent;
    c.child_internal_id = child;
    c.value = value;
    c.text_value = text;
    c.text_value2 = text2;
    return c;
}

static void test_style(pr_backend *b, int64_t id, const char *key, const char *value) {
    pr_command c = test_cmd(PR_CMD_SET_STYLE, id, 0, 0, key, value);
    MUST(b, pr_send_command(b, &c));
}

/* The screen: a blue button (#2962ff, 80 dp high, full width), a 100 x 50 image view, a 40 x 40
 * image view for a surface, an image view with a remote url, a text field and a 100 ms timer.
 * The creation is one batch (as the framework's sendCommands sends it); styles follow one by one. */
static void test_build_screen(pr_backend *b) {
    pr_command create[] = {
        test_cmd(PR_CMD_CREATE_APPLICATION, 0, 1, 0, "com.example.capi", NULL),
        test_cmd(PR_CMD_CREATE_FRAMEVIEW, 1, 2, 0, NULL, NULL),
        test_cmd(PR_CMD_CREATE_LINEAR_LAYOUT, 2, 3, 1, NULL, NULL),
        test_cmd(PR_CMD_CREATE_BUTTON, 3, 4, 0, "Tap me", NULL),
        test_cmd(PR_CMD_CREATE_IMAGEVIEW, 3, 5, 0, NULL, NULL),
        test_cmd(PR_CMD_CREATE_IMAGEVIEW, 3, 6, 0, NULL, NULL),
        test_cmd(PR_CMD_CREATE_IMAGEVIEW, 3, 7, 0, NULL, NULL),
        test_cmd(PR_CMD_CREATE_TEXTFIELD, 3, 8, 0, NULL, NULL),
    };
    MUST(b, pr_send_commands(b, create, sizeof create / sizeof create[0]));
    test_style(b, 2, "background-color", "#ffffff");
    test_style(b, 3, "width", "match-parent");
    test_style(b, 4, "width", "match-parent");
    test_style(b, 4, "height", "80");
    test_style(b, 4, "background-color", "#2962ff");
    test_style(b, 5, "width", "100");
    test_style(b, 5, "height", "50");
    test_style(b, 6, "width", "40");
    test_style(b, 6, "height", "40");
    test_style(b, 7, "width", "60");
    test_style(b, 7, "height", "30");
    test_style(b, 8, "width", "200");
    pr_command url = test_cmd(PR_CMD_ADD_IMAGE_URL, 7, 0, 0, "https://example.com/photo.png", NULL);
    url.width = 120;
    url.height = 60;
    MUST(b, pr_send_command(b, &url));
    pr_command timer = test_cmd(PR_CMD_CREATE_TIMER, 2, 10, 100, NULL, NULL);
    MUST(b, pr_send_command(b, &timer));
}

/* Solid green 4 x 4 RGBA8 pixels for image view 5. */
static void test_send_image(pr_backend *b) {
    uint8_t rgba[4 * 4 * 4];
    for (int i = 0; i < 16; i++) { rgba[4 * i] = 0; rgba[4 * i + 1] = 200; rgba[4 * i + 2] = 0; rgba[4 * i + 3] = 255; }
    MUST(b, pr_set_image_data(b, 5, PR_FORMAT_RGBA8, 4, 4, 1, rgba, sizeof rgba));
}

/* An 80 x 80 pixel ARGB32 surface (40 x 40 dp at scale 2) for image view 6: opaque orange
 * 0xffff8000, with a stride wider than a row (Cairo pads rows). */
static void test_send_surface(pr_backend *b) {
    enum { W = 80, H = 80, STRIDE = W * 4 + 16 };
    static uint32_t pixels[H * STRIDE / 4];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) pixels[y * (STRIDE / 4) + x] = 0xffff8000u;
    MUST(b, pr_set_surface(b, 6, W, H, (const uint8_t *)pixels, STRIDE));
}

/* The colour at device pixel (x, y) of premultiplied ARGB32 pixels as 0xAARRGGBB. */
static uint32_t test_pixel(const uint8_t *pixels, int width, int x, int y) {
    uint32_t v;
    memcpy(&v, pixels + ((size_t)y * width + x) * 4, 4);
    return v;
}

/* Reads a whole file; NULL if it cannot. */
static uint8_t *test_read_file(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *buf = (uint8_t *)malloc(n > 0 ? (size_t)n : 1);
    size_t got = fread(buf, 1, (size_t)n, f);
    fclose(f);
    *size = got;
    return buf;
}

/* Replays `session` with the `render` binary (argument `render`) and compares its PNG of the
 * snapshot `name` with `expected` byte for byte. */
static void test_compare_replay(const char *render, const char *session, const char *name, const char *out_png,
                                const uint8_t *expected, size_t expected_size) {
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "'%s' '%s' --snapshot '%s' -o '%s' -q", render, session, name, out_png);
    int rc = system(cmd);
    CHECK(rc == 0, "render exited with %d: %s", rc, cmd);
    size_t size = 0;
    uint8_t *png = test_read_file(out_png, &size);
    CHECK(png != NULL, "render wrote no %s", out_png);
    if (png) {
        CHECK(size == expected_size && memcmp(png, expected, size) == 0,
              "render's PNG of snapshot %s (%zu bytes) differs from the live screenshot (%zu bytes)", name, size, expected_size);
    }
    free(png);
}

#endif
