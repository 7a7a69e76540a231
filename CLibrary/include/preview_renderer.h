/*
 * preview_renderer.h: the PreviewRenderer engine as a C library (C99; usable from C++).
 *
 * A backend (`pr_backend`) is a headless platform backend of the Sometrik framework: the app's
 * platform thread sends it commands, image pixels and canvas surfaces, runs its display link
 * (`pr_tick`), injects user input, and polls the events the app would receive. Screenshots are
 * PNGs or raw pixels. Everything a backend is given is also recorded: `pr_write_session` writes
 * a session file (docs/session-format.md) that `render` replays to the same pixels, each live
 * screenshot being a `snapshot` step.
 *
 * Link with: cc app.c $(pkg-config --cflags --libs preview_renderer)
 *
 * Conventions
 *  - Every function returns a `pr_status`: PR_OK (0), PR_NO_EVENTS or PR_NOT_DELIVERED (1, 2, informational) or a
 *    negative error. After an error, `pr_last_error(backend)` says what went wrong. No input
 *    (NULL pointers, unknown ids, bad UTF-8, bad pixels, huge sizes) ever aborts the process:
 *    it gets an error status, or, where a session file would get one, a diagnostic
 *    (`pr_get_diagnostics`) with the same rules and limits as a session file.
 *  - Every size and number is range-checked before it is used (docs/limits.md, "The C library"):
 *    a value no caller could mean (a size above what a session file may hold, 256 MiB, such as
 *    SIZE_MAX; a negative tick; a scroll offset past 10^9) is PR_ERR_ARGUMENT naming the argument
 *    and its value; a value a session file may carry too (any int64 id or command field, text
 *    past 1 MiB) is applied as the session file's would be, with the same diagnostic.
 *  - Strings are UTF-8. A string argument is a pointer plus a byte length; a length of 0 means
 *    "NUL-terminated" (so `"Sign in"` with length 0 works), and a NULL pointer with length 0 is
 *    the empty string (NULL with a non-zero length is PR_ERR_NULL). Lengths, given or found,
 *    are at most 256 MiB. Text that may contain NUL bytes must pass its length. Strings the
 *    library returns are NUL-terminated and also carry their length.
 *  - Memory the library hands out (events, diagnostics, PNG bytes, pixels) is one block per
 *    call, released with `pr_free`. Strings inside an event or diagnostic array live in that
 *    same block.
 *  - Sizes are in dp (density-independent points) unless named `*_px`; ids are the framework's
 *    internal ids (`int64_t`, the framework's `int` widened).
 *
 * Threads
 *  - Every function may be called from any thread. Calls on one backend are serialized by a lock
 *    inside the backend, in the order they take it; calls on different backends run in parallel.
 *    So the framework's worker threads may call `pr_send_command` / `pr_send_commands` while the
 *    main thread calls `pr_tick`, `pr_poll_events` and `pr_screenshot_*`.
 *  - `pr_send_commands` applies its commands as one batch, atomically. The begin/commit pair
 *    opens a batch on the backend (not per thread): while it is open, commands from any thread
 *    join it, and image data, surfaces, ticks, input, lifecycle calls, `pr_poll_events` and
 *    screenshots fail with PR_ERR_STATE (a session's batch holds only commands);
 *    `pr_get_diagnostics` and `pr_write_session` still work (the open batch is not written).
 *  - `pr_last_error` is kept per backend and per calling thread.
 *  - `pr_destroy` must be the last call on a backend: no other thread may still be using it.
 *
 * Memory
 *  - A backend may run for hours: what it holds is bounded, not what it was given. At most
 *    100,000 events wait for `pr_poll_events` (later ones are dropped until the app polls, with
 *    the warning "events-dropped"); at most 100,000 diagnostics are kept. The recording for
 *    `pr_write_session` keeps pixel payloads in an unlinked temporary file in $TMPDIR (equal
 *    payloads once; nothing is left on disk after `pr_destroy` or a crash), and stops at what a
 *    session file `render` reads may hold (see `pr_write_session`).
 */
#ifndef PREVIEW_RENDERER_H
#define PREVIEW_RENDERER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The version of this header's API. */
#define PR_API_VERSION 1

/* ------------------------------------------------------------------------------------------ */
/* Status codes                                                                                */

/** What a call did. Negative values are errors; details in `pr_last_error`. */
typedef enum pr_status {
    PR_OK = 0,              /**< Done. */
    PR_NO_EVENTS = 1,       /**< `pr_poll_event`: no event is waiting (not an error). */
    PR_NOT_DELIVERED = 2,   /**< An input reached no element (covered, hidden, no match); why in `pr_last_error`. */
    PR_ERR_NULL = -1,       /**< A required pointer argument was NULL. */
    PR_ERR_ARGUMENT = -2,   /**< An argument is out of range (size, ordinal, stride, name, ...). */
    PR_ERR_UTF8 = -3,       /**< A string is not well-formed UTF-8. */
    PR_ERR_PIXELS = -4,     /**< Surface pixels are not premultiplied (a colour above its alpha). */
    PR_ERR_STATE = -5,      /**< Not allowed now (a batch is open; no batch is open). */
    PR_ERR_IO = -6,         /**< A file could not be written or a folder read. */
    PR_ERR_RENDER = -7,     /**< The frame could not be rendered or encoded. */
    PR_ERR_MEMORY = -8      /**< Out of memory. */
} pr_status;

/** An opaque backend. Created by `pr_create`, released by `pr_destroy`. */
typedef struct pr_backend pr_backend;

/* ------------------------------------------------------------------------------------------ */
/* Enumerations (the framework's ordinals)                                                     */

/** The framework's `Command::Type` ordinals (framework-protocol.md section 1). */
typedef enum pr_command_type {
    PR_CMD_CREATE_APPLICATION = 0,
    PR_CMD_CREATE_FRAMEVIEW = 1,
    PR_CMD_CREATE_NAVIGATIONVIEW = 2,
    PR_CMD_CREATE_OPENGL_VIEW = 3,
    PR_CMD_CREATE_TEXTFIELD = 4,
    PR_CMD_CREATE_TEXTVIEW = 5,
    PR_CMD_CREATE_LISTVIEW = 6,
    PR_CMD_CREATE_GRIDVIEW = 7,
    PR_CMD_CREATE_BUTTON = 8,
    PR_CMD_CREATE_SWITCH = 9,
    PR_CMD_CREATE_PICKER = 10,
    PR_CMD_CREATE_LINEAR_LAYOUT = 11,
    PR_CMD_CREATE_FRAME_LAYOUT = 12,
    PR_CMD_CREATE_EVENT_LAYOUT = 13,
    PR_CMD_CREATE_SCROLL_LAYOUT = 14,
    PR_CMD_CREATE_FLIPPER_LAYOUT = 15,
    PR_CMD_CREATE_TABLE_LAYOUT = 16,
    PR_CMD_CREATE_AUTO_COLUMN_LAYOUT = 17,
    PR_CMD_CREATE_TEXT = 18,
    PR_CMD_CREATE_LINK = 19,
    PR_CMD_CREATE_DIALOG = 20,
    PR_CMD_CREATE_ALERT_DIALOG = 21,
    PR_CMD_CREATE_IMAGEVIEW = 22,
    PR_CMD_CREATE_ACTION_SHEET = 23,
    PR_CMD_CREATE_PAGER = 24,
    PR_CMD_CREATE_CHECKBOX = 25,
    PR_CMD_CREATE_RADIO_GROUP = 26,
    PR_CMD_CREATE_SEPARATOR = 27,
    PR_CMD_CREATE_SLIDER = 28,
    PR_CMD_CREATE_ACTIONBAR = 29,
    PR_CMD_CREATE_SEARCHBAR = 30,
    PR_CMD_CREATE_NAVIGATIONBAR = 31,
    PR_CMD_CREATE_NAVIGATIONBAR_ITEM = 32,
    PR_CMD_CREATE_PROGRESS_SPINNER = 33,
    PR_CMD_CREATE_TOAST = 34,
    PR_CMD_CREATE_NOTIFICATION = 35,
    PR_CMD_CREATE_PAGE_CONTROL = 36,
    PR_CMD_CREATE_SEGMENTED_CONTROL = 37,
    PR_CMD_DELETE_ELEMENT = 38,
    PR_CMD_REMOVE_CHILD = 39,
    PR_CMD_REORDER_CHILD = 40,
    PR_CMD_LAUNCH_BROWSER = 41,
    PR_CMD_HISTORY_GO_BACK = 42,
    PR_CMD_CLEAR = 43,
    PR_CMD_RELEASE = 44,
    PR_CMD_SET_INT_VALUE = 45,
    PR_CMD_SET_TEXT_VALUE = 46,
    PR_CMD_SET_INT_DATA = 47,
    PR_CMD_SET_TEXT_DATA = 48,
    PR_CMD_SET_VISIBILITY = 49,
    PR_CMD_SET_SHAPE = 50,
    PR_CMD_SET_STYLE = 51,
    PR_CMD_SET_ERROR = 52,
    PR_CMD_ADD_IMAGE_URL = 53,
    PR_CMD_FLUSH_VIEW = 54,
    PR_CMD_UPDATE_PREFERENCE = 55,
    PR_CMD_DELETE_PREFERENCE = 56,
    PR_CMD_COMMIT_PREFERENCES = 57,
    PR_CMD_ADD_OPTION = 58,
    PR_CMD_ADD_SHEET = 59,
    PR_CMD_ADD_COLUMN = 60,
    PR_CMD_RESHAPE_TABLE = 61,
    PR_CMD_RESHAPE_SHEET = 62,
    PR_CMD_STOP = 63,
    PR_CMD_QUIT_APP = 64,
    PR_CMD_CREATE_TIMER = 65,
    PR_CMD_LIST_PRODUCTS = 66,
    PR_CMD_BUY_PRODUCT = 67,
    PR_CMD_LIST_PURCHASES = 68,
    PR_CMD_CONSUME_PURCHASE = 69,
    PR_CMD_SHARE_LINK = 70,
    PR_CMD_SELECT_FROM_GALLERY = 71,
    PR_CMD_SHOW_NETWORK_ACTIVITY = 72} pr_command_type;

/** The canvas library's `InternalFormat` ordinals, for `pr_set_image_data` and image requests
 *  (byte layouts: framework-protocol.md section 5). */
typedef enum pr_pixel_format {
    PR_FORMAT_NONE = 0, PR_FORMAT_R8 = 1, PR_FORMAT_RG8 = 2, PR_FORMAT_RGB565 = 3, PR_FORMAT_RGBA4 = 4,
    PR_FORMAT_RGBA8 = 5, PR_FORMAT_RGB8 = 6, PR_FORMAT_RED_RGTC1 = 7, PR_FORMAT_RG_RGTC2 = 8,
    PR_FORMAT_RGB_DXT1 = 9, PR_FORMAT_RGBA_DXT5 = 10, PR_FORMAT_RGB_ETC1 = 11,
    PR_FORMAT_LUMINANCE_ALPHA = 12, PR_FORMAT_LA44 = 13, PR_FORMAT_R32F = 14, PR_FORMAT_RGB555 = 15,
    PR_FORMAT_RGBA5551 = 16
} pr_pixel_format;

/** Kinds of event sent back to the app (docs/semantics.md section 7, items 23 and 35). */
typedef enum pr_event_kind {
    PR_EVENT_OTHER = 0,           /**< A kind this header does not know; see `pr_event.type`. */
    PR_EVENT_VALUE = 1,           /**< ValueEvent: `value` (clicks, switches) or `text` (input). */
    PR_EVENT_TIMER = 2,           /**< TimerEvent: `timer_id`. */
    PR_EVENT_IMAGE_REQUEST = 3,   /**< ImageRequestEvent: `image_url`, `requested_*`, `mode`, `format`. */
    PR_EVENT_SCROLL_CHANGED = 4,  /**< ScrollChangedEvent: `scroll_pos`, `scroll_rem`, `scroll_height`. */
    PR_EVENT_VISIBILITY = 5,      /**< VisibilityEvent: `visible`. */
    PR_EVENT_COMMAND = 6,         /**< CommandEvent: `element_id` (FW_ID_MENU = -1, ...). */
    PR_EVENT_SYS_INFO = 7,        /**< SysInfoEvent: `sys_type` (START, RESUME, PAUSE, ...). */
    PR_EVENT_SYS = 8              /**< SysEvent: `sys_type` (BACK, SHOW_DEBUG). */
} pr_event_kind;

/** Which optional fields of a `pr_event` hold a value (bits of `pr_event.fields`). */
enum {
    PR_FIELD_VALUE = 1 << 0,            /**< `value` */
    PR_FIELD_VALUE2 = 1 << 1,           /**< `value2` */
    PR_FIELD_TEXT = 1 << 2,             /**< `text` */
    PR_FIELD_TIMER_ID = 1 << 3,         /**< `timer_id` */
    PR_FIELD_SYS_TYPE = 1 << 4,         /**< `sys_type`, `sys_type_name` */
    PR_FIELD_SCROLL = 1 << 5,           /**< `scroll_pos` (always with a scroll event) */
    PR_FIELD_SCROLL_LAYOUT = 1 << 6,    /**< `scroll_rem`, `scroll_height` (when the scroller was laid out) */
    PR_FIELD_VISIBLE = 1 << 7,          /**< `visible` */
    PR_FIELD_ELEMENT_ID = 1 << 8,       /**< `element_id` */
    PR_FIELD_IMAGE_REQUEST = 1 << 9,    /**< `image_url`, `requested_width/height/levels`, `mode` */
    PR_FIELD_FORMAT = 1 << 10           /**< `format` (the pixel format an image request asks for) */
};

/** Lifecycle types of SysInfoEvent / SysEvent (`pr_event.sys_type`), the framework's ordinals. */
typedef enum pr_sys_type {
    PR_SYS_NONE = 0,
    PR_SYS_START = 1, PR_SYS_RESUME = 2, PR_SYS_PAUSE = 3, PR_SYS_STOP = 4, PR_SYS_DESTROY = 5,
    PR_SYS_MEMORY_WARNING = 6, PR_SYS_LANGUAGE_CHANGED = 7, PR_SYS_DEBUG_MODE = 8,
    /** SysEvent BACK (the SysEvent enum's own ordinal is 3; this value only names it here). */
    PR_SYS_BACK = 100,
    /** SysEvent SHOW_DEBUG (the SysEvent enum's own ordinal is 4): the framework's debug dialog. */
    PR_SYS_SHOW_DEBUG = 101
} pr_sys_type;

/* ------------------------------------------------------------------------------------------ */
/* Structs                                                                                     */

/** The screen. A zero field takes its default, so `pr_device d = {0};` is a 360 x 640 dp phone
 *  at scale 2. The PNG is round(width * scale) x round(height * scale) pixels. */
typedef struct pr_device {
    double width;             /**< dp; default 360. */
    double height;            /**< dp; default 640. */
    double scale;             /**< pixels per dp, 0.5 ... 4; default 2. */
    double status_bar;        /**< dp reserved at the top for the status bar; default 0. */
    double safe_area_bottom;  /**< dp reserved at the bottom; default 0. */
} pr_device;

/** How the backend renders. A NULL pointer or a zeroed struct takes every default. Paths are
 *  NUL-terminated UTF-8, absolute or relative to the current directory. */
typedef struct pr_options {
    /** Theme: a bundled name ("default", "ios", "android") or a theme JSON file; NULL: "default". */
    const char *theme;
    /** The bundled fonts folder (holds fonts.lock). NULL: $PREVIEW_RENDERER_FONTS, then a `Fonts`
     *  folder beside the library or in one of its parent folders, then ./Fonts. */
    const char *fonts_dir;
    /** The app's own fonts folder (used before the bundled fonts); NULL: none. */
    const char *app_fonts_dir;
    /** Where asset names (icons, CREATE_IMAGEVIEW files, drawImage) are looked up; nothing
     *  outside it is read. NULL: ./assets. */
    const char *assets_dir;
} pr_options;

/** One framework `Command`, field by field (defaults 0 / empty). The string lengths follow the
 *  convention above (0: NUL-terminated). */
typedef struct pr_command {
    int32_t type;               /**< A `pr_command_type` ordinal. */
    int64_t internal_id;        /**< Target element; for CREATE_* the parent. */
    int64_t child_internal_id;  /**< For CREATE_* the new element; for CREATE_TIMER the timer id. */
    int64_t value;              /**< Int value, direction, selector of SET_STYLE, ... */
    const char *text_value;     /**< Label text, title, style key of SET_STYLE, url, ... */
    size_t text_value_len;
    const char *text_value2;    /**< Style value of SET_STYLE, subtitle, ... */
    size_t text_value2_len;
    int64_t width;              /**< Image url size in pixels (ADD_IMAGE_URL, CREATE_IMAGEVIEW). */
    int64_t height;
    int64_t row;
    int64_t column;
    int64_t sheet;
    int64_t flags;
} pr_command;

/** One event the app would receive. Fields not named in `fields` are 0 / empty. */
typedef struct pr_event {
    int32_t kind;               /**< A `pr_event_kind`. */
    const char *type;           /**< The event's class name ("ValueEvent", ...). */
    int64_t time;               /**< Virtual time in ms. */
    int64_t internal_id;        /**< Target element (the application for lifecycle events). */
    uint32_t fields;            /**< PR_FIELD_* bits: which fields below hold a value. */
    int64_t value;              /**< ValueEvent value. */
    int64_t value2;             /**< ValueEvent / CommandEvent value2. */
    const char *text;           /**< ValueEvent text (what was typed). */
    size_t text_len;
    int64_t timer_id;           /**< TimerEvent: the CREATE_TIMER childInternalId. */
    int32_t sys_type;           /**< A `pr_sys_type`. */
    const char *sys_type_name;  /**< "START", "PAUSE", "BACK", ... */
    double scroll_pos;          /**< ScrollChangedEvent: offset in dp. */
    double scroll_rem;          /**< content height - (viewport + scroll_pos), dp. */
    double scroll_height;       /**< content height, dp. */
    int32_t visible;            /**< VisibilityEvent: 1 shown, 0 hidden. */
    int64_t element_id;         /**< CommandEvent: the element (button) id, e.g. FW_ID_MENU = -1. */
    const char *image_url;      /**< ImageRequestEvent: the url asked for (may be empty). */
    size_t image_url_len;
    double requested_width;     /**< ImageRequestEvent: size in dp. */
    double requested_height;
    int32_t requested_levels;   /**< Mip levels asked for (1). */
    int32_t mode;               /**< ImageRequestEvent mode: 1 REQUEST, 2 CANCEL. */
    int32_t format;             /**< A `pr_pixel_format` the request asks for; 0 when not given. */
} pr_event;

/** One diagnostic: something that could not be applied as given (as `render` prints it). */
typedef struct pr_diagnostic {
    int32_t severity;           /**< 0 warning, 1 error, 2 info (nothing wrong; e.g. web content not rendered). */
    int64_t step;               /**< Index of the step (call) in the recorded session; -1 none. */
    const char *code;           /**< Kind of problem ("unknown-element", "bad-style-value", ...). */
    const char *message;        /**< What was wrong and what was done instead. */
    const char *path;           /**< JSON path in the recorded session ("steps[4].textValue2"), or "". */
} pr_diagnostic;

/* ------------------------------------------------------------------------------------------ */
/* Life cycle                                                                                  */

/** The library's version ("1.2.0"), NUL-terminated, static. */
const char *pr_version(void);

/** Creates a backend for `device` (NULL: all defaults) with `options` (NULL: all defaults) and
 *  stores it in `*out` (NULL on failure). Fails with PR_ERR_ARGUMENT on a bad device (size,
 *  scale), PR_ERR_IO when the fonts or theme cannot be read; `pr_last_error(NULL)` says why.
 *  The app is booted (SysInfoEvent START, RESUME) by the first call that needs it. */
pr_status pr_create(const pr_device *device, const pr_options *options, pr_backend **out);

/** Releases the backend and everything it holds. NULL is a no-op. Must be the last call on it. */
pr_status pr_destroy(pr_backend *backend);

/** The message of the last failing call the calling thread made on `backend` (NULL: the calling
 *  thread's last failing call that had no backend, such as `pr_create`); "" if none. The pointer
 *  stays valid until that thread's next failing call on the same backend, or `pr_destroy`. */
const char *pr_last_error(const pr_backend *backend);

/** Releases a block the library returned (events, diagnostics, PNG bytes, pixels). NULL is a no-op. */
void pr_free(void *block);

/* ------------------------------------------------------------------------------------------ */
/* Commands and data                                                                           */

/** Sends one command (into the open batch, if any). A command the replay cannot apply (unknown
 *  id, bad style value) is a diagnostic, not an error status, as in a session file. Errors:
 *  PR_ERR_NULL, PR_ERR_ARGUMENT (unknown type ordinal), PR_ERR_UTF8. */
pr_status pr_send_command(pr_backend *backend, const pr_command *command);

/** Sends `count` commands as one batch (the framework's `sendCommands`), atomically with respect
 *  to other threads. Nothing is sent if any command is invalid. Inside an open batch they join it.
 *  `count` is at most 1,000,000 (a session's steps; PR_ERR_ARGUMENT); `commands` may be NULL only
 *  with a count of 0 (PR_ERR_NULL). An open batch holds at most 1,000,000 commands and 256 MiB of
 *  their text: later ones are dropped with the session file's "too-many-steps" error. */
pr_status pr_send_commands(pr_backend *backend, const pr_command *commands, size_t count);

/** Opens a batch: commands are collected and applied together by `pr_commit_batch` (nothing is
 *  drawn in between). PR_ERR_STATE if one is already open. */
pr_status pr_begin_batch(pr_backend *backend);

/** Applies the open batch. PR_ERR_STATE if none is open. */
pr_status pr_commit_batch(pr_backend *backend);

/** Pixels for an image view (`setImageData`): the canvas library's PackedImageData. `format` is a
 *  `pr_pixel_format`; `data` holds level 0 then each further level, rows with no padding.
 *  Pixels that do not match the size are a diagnostic (a placeholder is drawn), as in a session
 *  file. Errors: PR_ERR_NULL (data NULL with size > 0), PR_ERR_ARGUMENT (unknown format,
 *  width or height outside 1 ... 65535, levels outside 1 ... 16, size above 256 MiB). */
pr_status pr_set_image_data(pr_backend *backend, int64_t internal_id, int32_t format, int32_t width,
                            int32_t height, int32_t levels, const uint8_t *data, size_t size);

/** A canvas surface for an element (`setSurface`), as a Cairo image surface of format ARGB32
 *  holds it: `width_px` x `height_px` pixels, premultiplied alpha, each pixel a native-endian
 *  uint32 0xAARRGGBB (bytes B, G, R, A on little-endian machines), rows `stride` bytes apart
 *  (stride >= 4 * width_px). The element shows it at width_px / scale x height_px / scale dp.
 *  The pixels are copied. Errors: PR_ERR_NULL, PR_ERR_ARGUMENT (sizes, stride),
 *  PR_ERR_PIXELS (a colour channel above its alpha: not premultiplied). */
pr_status pr_set_surface(pr_backend *backend, int64_t internal_id, int32_t width_px, int32_t height_px,
                         const uint8_t *pixels, size_t stride);

/* ------------------------------------------------------------------------------------------ */
/* Clock, input, lifecycle                                                                     */

/** A display-link frame `ms` after the previous one (0 ... 10^12, else PR_ERR_ARGUMENT): timers
 *  due by then fire. */
pr_status pr_tick(pr_backend *backend, int64_t ms);

/** The element enters its ACTIVE state (a finger down). */
pr_status pr_press(pr_backend *backend, int64_t internal_id);

/** Back to NORMAL: a click (the ValueEvent the real backend sends). */
pr_status pr_release(pr_backend *backend, int64_t internal_id);

/** Press then release. On an action bar, `bar_button` ("back", "menu", "save", "compose";
 *  NULL: none) presses that bar button. */
pr_status pr_tap(pr_backend *backend, int64_t internal_id, const char *bar_button);

/** SELECTED state on (selected != 0) or off. */
pr_status pr_select(pr_backend *backend, int64_t internal_id, int selected);

/** Scrolls a scroller to `offset_dp` (-10^9 ... 10^9, a session file's limit; else
 *  PR_ERR_ARGUMENT); a ScrollChangedEvent. */
pr_status pr_scroll(pr_backend *backend, int64_t internal_id, int64_t offset_dp);

/** Text typed into a field (its whole new text, `len` bytes; 0: NUL-terminated); a ValueEvent. */
pr_status pr_input(pr_backend *backend, int64_t internal_id, const char *text, size_t len);

/** The system back action: SysEvent BACK to the app. */
pr_status pr_back(pr_backend *backend);

/** A system event to the application. `type` (any case) is a SysInfoEvent broadcast: START,
 *  RESUME, PAUSE, STOP, DESTROY, MEMORY_WARNING, LANGUAGE_CHANGED or DEBUG_MODE; or a SysEvent:
 *  BACK (as pr_back) or SHOW_DEBUG. PR_ERR_ARGUMENT for another name, and for TERMINATE_THREAD and
 *  THREAD_TERMINATED, which carry the id of a platform thread. */
pr_status pr_sys(pr_backend *backend, const char *type);

/* ------------------------------------------------------------------------------------------ */
/* Output                                                                                      */

/** Takes every event the app has not received yet, in time order, including the image requests
 *  the current layout makes. `*out_events` gets one block of `*out_count` events (free it with
 *  `pr_free`; NULL when the count is 0). Returns PR_OK, or PR_NO_EVENTS when there were none.
 *  At most 100,000 events wait between polls; past that, later events are dropped (the warning
 *  "events-dropped" at the first drop, and at this call the number dropped). */
pr_status pr_poll_events(pr_backend *backend, pr_event **out_events, size_t *out_count);

/** Takes the current frame as PNG bytes into `*out_png` / `*out_size` (free with `pr_free`).
 *  The screenshot is recorded as a `snapshot` step named `name` (NULL or "": "screenshot-N",
 *  N counting screenshots from 1), so the written session replays to the same bytes. */
pr_status pr_screenshot_png(pr_backend *backend, const char *name, uint8_t **out_png, size_t *out_size);

/** Takes the current frame and writes it as a PNG file at `path` (replaced atomically).
 *  Recorded like `pr_screenshot_png`. */
pr_status pr_screenshot_file(pr_backend *backend, const char *name, const char *path);

/** Takes the current frame as pixels: premultiplied, native-endian 0xAARRGGBB uint32 per pixel
 *  (Cairo's ARGB32; bytes B, G, R, A on little-endian machines), rows of 4 * width bytes with no
 *  padding, in one block (free with `pr_free`). Recorded like `pr_screenshot_png`. */
pr_status pr_screenshot_pixels(pr_backend *backend, const char *name, uint8_t **out_pixels,
                               int32_t *out_width, int32_t *out_height);

/** The diagnostics reported from index `first` on (0: all so far), in order, as one block of
 *  `*out_count` structs with their strings (free with `pr_free`; NULL when the count is 0).
 *  `first` is at most the number reported so far (PR_ERR_ARGUMENT past it). At most 100,000
 *  are kept: the rest are counted, with one warning "too-many-diagnostics". */
pr_status pr_get_diagnostics(pr_backend *backend, size_t first, pr_diagnostic **out_diagnostics,
                             size_t *out_count);

/** Writes everything the backend was given so far as a session file (docs/session-format.md) at
 *  `path` (replaced atomically): the device, theme, fonts and assets folders, each call as a
 *  step, each screenshot as a `snapshot` step. `render` replays it to the same pixels.
 *  The recording holds what a session file `render` reads may hold: 256 MiB (pixels in base64,
 *  once per call that sent them) and 1,000,000 steps. The call that would pass that is not
 *  recorded, nor any later one (the warning "recording-full"; the calls still apply), and the
 *  written file says `"notExact": "the app's calls from step N on were not recorded: ..."`, which
 *  `render` reports as the warning "recording-not-exact". The file is written a step at a time
 *  (one pixel payload in memory at once), holding the backend's lock. */
pr_status pr_write_session(pr_backend *backend, const char *path);

/* ---- Where touches land (docs/semantics.md items 39 and 43) ----
 *  A touch goes to the topmost shown element under it, as on a phone: never to an element under
 *  an open dialog or action sheet, in a hidden view, on a page not shown or scrolled out of view.
 *  Every input call (pr_press ... pr_input above, and these) is delivered only if a finger could
 *  reach its element; otherwise it returns PR_NOT_DELIVERED and `pr_last_error` says why
 *  ("tap on button 12: button 12 is under dialog 31; not delivered"). */

/** A tap at (x, y) dp: the element a finger there reaches, or its nearest ancestor that takes taps;
 *  on an open drawer's scrim it closes the drawer. Recorded with the element it reached. */
pr_status pr_tap_at(pr_backend *backend, double x, double y);
pr_status pr_press_at(pr_backend *backend, double x, double y);
/** Released on the element pressed, wherever the point is. */
pr_status pr_release_at(pr_backend *backend, double x, double y);
/** Scrolls the scroll container under (x, y) dp to `offset` dp. */
pr_status pr_scroll_at(pr_backend *backend, double x, double y, int64_t offset);

/** One input step as a session file writes it (docs/session-format.md section 4), e.g.
 *  `{"type": "tap", "target": {"text": "Click here!"}}` or `{"type": "tap", "x": 120, "y": 300}`.
 *  PR_ERR_ARGUMENT when it is not such a step (a misspelt locator key names the nearest one);
 *  PR_NOT_DELIVERED when the locator finds no reachable element or several (the candidates are in
 *  `pr_last_error`). The recorded session keeps the locator and the id it resolved to. */
pr_status pr_input_step(pr_backend *backend, const char *json);

/** The element a touch at (x, y) dp would reach now, in `*out_id`; PR_NOT_DELIVERED (and 0) when
 *  none does (an overlay's panel takes it, a drawer's scrim, nothing there). */
pr_status pr_element_at(pr_backend *backend, double x, double y, int64_t *out_id);

/** The element a locator (JSON, as a step's `target`: `{"text": "Save"}`) finds now, in `*out_id`;
 *  PR_NOT_DELIVERED (and 0) when none or several match, with up to five candidates in
 *  `pr_last_error`. */
pr_status pr_find(pr_backend *backend, const char *locator, int64_t *out_id);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PREVIEW_RENDERER_H */
