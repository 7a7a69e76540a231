// The C API from C++17, as a framework platform backend uses it: worker threads send commands
// while the main thread ticks, polls events and takes screenshots. Checks the tap's ValueEvent,
// TimerEvents, image data and a surface in the pixels, that every worker's commands arrived, and
// that `render` replays the recorded session to the same PNG bytes.
// Usage: cpp_api_test RENDER_BINARY OUT_DIR  (also built with -fsanitize=thread by `make c-tests`)
#include "screen.h"

#include <atomic>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

// Owns a backend (RAII) the way a C++ platform class would.
struct Backend {
    pr_backend *b = nullptr;
    Backend(const pr_device &d, const pr_options &o) {
        if (pr_create(&d, &o, &b) != PR_OK) throw std::runtime_error(pr_last_error(nullptr));
    }
    ~Backend() { pr_destroy(b); }
    Backend(const Backend &) = delete;
    Backend &operator=(const Backend &) = delete;
    operator pr_backend *() const { return b; }
};

// Events of one poll, freed by pr_free.
struct Events {
    pr_event *items = nullptr;
    size_t count = 0;
    pr_status status;
    explicit Events(pr_backend *b) : status(pr_poll_events(b, &items, &count)) {}
    ~Events() { pr_free(items); }
    const pr_event *begin() const { return items; }
    const pr_event *end() const { return items + count; }
};

constexpr int kWorkers = 4;
constexpr int kLabelsPerWorker = 150;

// A worker thread: labels with fresh ids (1000 + worker * 1000 + i) under a column of its own,
// each label a batch of three commands through pr_send_commands, the rest one by one.
void worker(pr_backend *b, int w, std::atomic<int> &failures) {
    const int64_t column = 100 + w;
    for (int i = 0; i < kLabelsPerWorker; i++) {
        const int64_t id = 1000 + w * 1000 + i;
        std::string text = "worker " + std::to_string(w) + " label " + std::to_string(i);
        pr_command batch[3] = {
            test_cmd(PR_CMD_CREATE_TEXT, column, id, 0, text.c_str(), nullptr),
            test_cmd(PR_CMD_SET_STYLE, id, 0, 0, "font-size", "4"),
            test_cmd(PR_CMD_SET_STYLE, id, 0, 0, "height", "1"),
        };
        if (i % 2 == 0) {
            if (pr_send_commands(b, batch, 3) != PR_OK) failures++;
        } else {
            for (auto &c : batch)
                if (pr_send_command(b, &c) != PR_OK) failures++;
        }
    }
}

std::string read_text(const std::string &path) {
    std::ifstream f(path);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
}

size_t count_of(const std::string &haystack, const std::string &needle) {
    size_t n = 0;
    for (size_t at = haystack.find(needle); at != std::string::npos; at = haystack.find(needle, at + 1)) n++;
    return n;
}

}  // namespace

int main(int argc, char **argv) {
    if (argc < 3) { std::fprintf(stderr, "usage: %s RENDER OUT_DIR\n", argv[0]); return 2; }
    const std::string render = argv[1], out = argv[2];
    pr_device device{};
    device.width = 360;
    device.height = 640;
    device.scale = 2;
    // The iOS look, recorded in the session: `render` must replay it without --theme.
    pr_options options{};
    options.theme = "ios";
    Backend b(device, options);

    test_build_screen(b);
    // A horizontal row of one narrow column per worker, below the screen's content.
    pr_command row = test_cmd(PR_CMD_CREATE_LINEAR_LAYOUT, 3, 99, 2, nullptr, nullptr);
    MUST(b, pr_send_command(b, &row));
    for (int w = 0; w < kWorkers; w++) {
        pr_command col = test_cmd(PR_CMD_CREATE_LINEAR_LAYOUT, 99, 100 + w, 1, nullptr, nullptr);
        MUST(b, pr_send_command(b, &col));
        test_style(b, 100 + w, "width", "80");
    }
    test_send_image(b);
    test_send_surface(b);

    // Workers send while the main thread runs the display link, polls and screenshots.
    std::atomic<int> failures{0};
    std::vector<std::thread> threads;
    for (int w = 0; w < kWorkers; w++) threads.emplace_back(worker, b.b, w, std::ref(failures));
    int timers = 0;
    for (int frame = 0; frame < 20; frame++) {
        MUST(b, pr_tick(b, 16));
        Events ev(b);
        for (const pr_event &e : ev) if (e.kind == PR_EVENT_TIMER) timers++;
        if (frame % 5 == 0) {
            uint8_t *png = nullptr;
            size_t size = 0;
            MUST(b, pr_screenshot_png(b, nullptr, &png, &size));
            pr_free(png);
        }
    }
    for (auto &t : threads) t.join();
    CHECK(failures.load() == 0, "%d worker calls failed", failures.load());
    // 20 ticks of 16 ms = 320 ms: the 100 ms timer fired at 100, 200 and 300.
    CHECK(timers == 3, "%d TimerEvents in 320 ms", timers);

    // The tap's ValueEvent, after whatever the workers caused.
    { Events drain(b); }
    MUST(b, pr_tap(b, 4, nullptr));
    {
        Events ev(b);
        CHECK(ev.status == PR_OK && ev.count == 1 && ev.items[0].kind == PR_EVENT_VALUE && ev.items[0].internal_id == 4 &&
                  ev.items[0].value == 1,
              "tap: %zu events", ev.count);
    }

    // Every worker's labels arrived (no diagnostics), and the pixels are right.
    pr_diagnostic *d = nullptr;
    size_t nd = 0;
    pr_get_diagnostics(b, 0, &d, &nd);
    CHECK(nd == 0, "%zu diagnostics, first: %s", nd, nd ? d[0].message : "-");
    pr_free(d);
    uint8_t *px = nullptr;
    int32_t w = 0, h = 0;
    MUST(b, pr_screenshot_pixels(b, "pixels", &px, &w, &h));
    if (px) {
        CHECK(test_pixel(px, w, 360, 80) == 0xff2962ffu, "button %08x", test_pixel(px, w, 360, 80));
        CHECK(test_pixel(px, w, 100, 210) == 0xff00c800u, "image %08x", test_pixel(px, w, 100, 210));
        CHECK(test_pixel(px, w, 40, 300) == 0xffff8000u, "surface %08x", test_pixel(px, w, 40, 300));
    }
    pr_free(px);

    uint8_t *png = nullptr;
    size_t size = 0;
    MUST(b, pr_screenshot_png(b, "final", &png, &size));
    const std::string session = out + "/cpp-session.json";
    MUST(b, pr_write_session(b, session.c_str()));
    test_compare_replay(render.c_str(), session.c_str(), "final", (out + "/cpp-replayed-final.png").c_str(), png, size);
    pr_free(png);

    // The session holds every label each worker created, once.
    const std::string text = read_text(session);
    CHECK(text.find("\"theme\":\"ios\"") != std::string::npos, "the session does not record the theme");
    CHECK(count_of(text, "\"CREATE_TEXT\"") == size_t(kWorkers * kLabelsPerWorker), "%zu labels recorded",
          count_of(text, "\"CREATE_TEXT\""));
    CHECK(count_of(text, "\"type\":\"snapshot\"") == 6, "%zu snapshots recorded", count_of(text, "\"type\":\"snapshot\""));

    if (test_failures) { std::fprintf(stderr, "cpp_api_test: %d failures\n", test_failures); return 1; }
    std::printf("cpp_api_test: all checks passed\n");
    return 0;
}
