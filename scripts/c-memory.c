/* What a long-lived C-library backend holds: COUNT phone-sized canvas surfaces (1170 x 2532 px, a
 * 390 x 844 dp screen at scale 3) handed to one image view, as an app animating a canvas does
 * every frame, with resident memory (VmRSS) printed every 100 frames and at the end, then the
 * recorded session written. Not a test: `make c-memory` prints the figures docs/limits.md quotes.
 * Usage: c-memory [COUNT [distinct|same [SESSION.json]]] */
#include <preview_renderer.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long resident_kb(void) {
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long kb = -1;
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "VmRSS:", 6) == 0) kb = strtol(line + 6, NULL, 10);
    if (f) fclose(f);
    return kb;
}

static void must(pr_backend *b, pr_status s, const char *what) {
    if (s == PR_OK) return;
    fprintf(stderr, "c-memory: %s: %s\n", what, pr_last_error(b));
    exit(1);
}

static pr_command cmd(int type, int64_t parent, int64_t child, const char *text, const char *text2) {
    pr_command c;
    memset(&c, 0, sizeof c);
    c.type = type;
    c.internal_id = parent;
    c.child_internal_id = child;
    c.text_value = text;
    c.text_value2 = text2;
    return c;
}

int main(int argc, char **argv) {
    int count = argc > 1 ? atoi(argv[1]) : 600;
    int distinct = !(argc > 2 && strcmp(argv[2], "same") == 0);
    const char *session = argc > 3 ? argv[3] : NULL;
    enum { W = 1170, H = 2532 };
    pr_device device = {390, 844, 3, 0, 0};
    pr_backend *b = NULL;
    if (pr_create(&device, NULL, &b) != PR_OK) {
        fprintf(stderr, "c-memory: pr_create: %s\n", pr_last_error(NULL));
        return 1;
    }
    pr_command screen[] = {
        cmd(PR_CMD_CREATE_APPLICATION, 0, 1, "com.example.memory", NULL),
        cmd(PR_CMD_CREATE_FRAMEVIEW, 1, 2, NULL, NULL),
        cmd(PR_CMD_CREATE_IMAGEVIEW, 2, 3, NULL, NULL),
        cmd(PR_CMD_SET_STYLE, 3, 0, "width", "match-parent"),
        cmd(PR_CMD_SET_STYLE, 3, 0, "height", "match-parent"),
    };
    must(b, pr_send_commands(b, screen, sizeof screen / sizeof screen[0]), "screen");
    uint32_t *pixels = malloc((size_t)W * H * 4);
    long start = resident_kb();
    printf("frames 0 resident %ld KB\n", start);
    for (int i = 0; i < count; i++) {
        /* Opaque grey, a level per frame, and the frame number in the first pixel: every frame differs. */
        uint32_t level = distinct ? (uint32_t)(i * 7 % 256) : 128u;
        uint32_t px = 0xff000000u | level << 16 | level << 8 | level;
        for (size_t k = 0; k < (size_t)W * H; k++) pixels[k] = px;
        if (distinct) pixels[0] = 0xff000000u | (uint32_t)i;
        must(b, pr_set_surface(b, 3, W, H, (const uint8_t *)pixels, W * 4), "pr_set_surface");
        must(b, pr_tick(b, 16), "pr_tick");
        if ((i + 1) % 100 == 0) printf("frames %d resident %ld KB\n", i + 1, resident_kb());
    }
    printf("frames %d resident %ld KB (%s surfaces of %d x %d px, %.1f MB each; +%ld KB)\n", count, resident_kb(),
           distinct ? "distinct" : "identical", W, H, W * H * 4 / 1e6, resident_kb() - start);
    if (session) {
        must(b, pr_write_session(b, session), "pr_write_session");
        printf("session written: resident %ld KB\n", resident_kb());
    }
    pr_diagnostic *d = NULL;
    size_t n = 0;
    must(b, pr_get_diagnostics(b, 0, &d, &n), "pr_get_diagnostics");
    for (size_t k = 0; k < n; k++) printf("diagnostic: step %lld %s: %s\n", (long long)d[k].step, d[k].code, d[k].message);
    pr_free(d);
    free(pixels);
    pr_destroy(b);
    return 0;
}
