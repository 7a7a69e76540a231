/* A complete program: a screen with a button, a tap, its event, a PNG and the session. */
#include <preview_renderer.h>
#include <stdio.h>

static pr_command cmd(int type, int64_t parent, int64_t child, const char *text, const char *text2) {
    pr_command c = {0};
    c.type = type; c.internal_id = parent; c.child_internal_id = child;
    c.text_value = text; c.text_value2 = text2;   /* length 0: NUL-terminated */
    return c;
}

int main(void) {
    pr_device device = {390, 844, 3, 0, 0};          /* dp, dp, pixels per dp */
    pr_options options = {0};                        /* default theme, Fonts/ found beside the library */
    pr_backend *b;
    if (pr_create(&device, &options, &b) != PR_OK) {
        fprintf(stderr, "pr_create: %s\n", pr_last_error(NULL));
        return 1;
    }
    pr_command screen[] = {
        cmd(PR_CMD_CREATE_APPLICATION, 0, 1, "com.example.hello", NULL),
        cmd(PR_CMD_CREATE_FRAMEVIEW, 1, 2, NULL, NULL),
        cmd(PR_CMD_CREATE_BUTTON, 2, 3, "Say hello", NULL),
        cmd(PR_CMD_SET_STYLE, 3, 0, "background-color", "#2962ff"),
        cmd(PR_CMD_SET_STYLE, 3, 0, "color", "#ffffff"),
    };
    pr_send_commands(b, screen, sizeof screen / sizeof screen[0]);   /* one batch */
    pr_tap(b, 3, NULL);

    pr_event *events;
    size_t n;
    if (pr_poll_events(b, &events, &n) == PR_OK) {
        for (size_t i = 0; i < n; i++) {                 /* "0 ms: SysInfoEvent START to 1" */
            const pr_event *e = &events[i];
            const char *sys = e->fields & PR_FIELD_SYS_TYPE ? e->sys_type_name : NULL;
            printf("%lld ms: %s%s%s to %lld\n", (long long)e->time, e->type, sys ? " " : "", sys ? sys : "",
                   (long long)e->internal_id);
        }
        pr_free(events);
    }
    if (pr_screenshot_file(b, "hello", "hello.png") != PR_OK) fprintf(stderr, "%s\n", pr_last_error(b));
    pr_write_session(b, "hello.json");               /* render hello.json --snapshot hello -o same.png */
    pr_destroy(b);
    return 0;
}
