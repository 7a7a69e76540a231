#include "EngineLink.h"

namespace preview {

EngineLink::EngineLink(const Device & device, const EngineOptions & options) {
  pr_device d = {};
  d.width = device.width;
  d.height = device.height;
  d.scale = device.scale;
  d.status_bar = device.statusBar;
  d.safe_area_bottom = device.safeAreaBottom;
  pr_options o = {};
  o.theme = options.theme.empty() ? nullptr : options.theme.c_str();
  o.assets_dir = options.assetsDir.empty() ? nullptr : options.assetsDir.c_str();
  o.fonts_dir = options.fontsDir.empty() ? nullptr : options.fontsDir.c_str();
  if (pr_create(&d, &o, &backend) != PR_OK) {
    throw EngineError(std::string("the engine could not start: ") + pr_last_error(nullptr));
  }
}

EngineLink::~EngineLink() { pr_destroy(backend); }

void EngineLink::check(pr_status status, const char * what) {
  if (status < 0) throw EngineError(std::string(what) + ": " + pr_last_error(backend));
}

void EngineLink::sendCommands(const std::vector<Command> & commands) {
  std::vector<pr_command> out(commands.size());
  for (size_t i = 0; i < commands.size(); i++) {
    const Command & c = commands[i];
    pr_command & p = out[i];
    p = pr_command();
    p.type = int32_t(c.getType());
    p.internal_id = c.getInternalId();
    p.child_internal_id = c.getChildInternalId();
    p.value = c.getValue();
    // Explicit lengths: text may hold NUL bytes; an empty string has length 0 = "NUL-terminated".
    p.text_value = c.getTextValue().c_str();
    p.text_value_len = c.getTextValue().size();
    p.text_value2 = c.getTextValue2().c_str();
    p.text_value2_len = c.getTextValue2().size();
    p.width = c.getWidth();
    p.height = c.getHeight();
    p.row = c.getRow();
    p.column = c.getColumn();
    p.sheet = c.getSheet();
    p.flags = c.getFlags();
  }
  check(pr_send_commands(backend, out.data(), out.size()), "sendCommands");
}

void EngineLink::setImageData(int internal_id, int format, int width, int height, int levels, const unsigned char * data, size_t size) {
  check(pr_set_image_data(backend, internal_id, format, width, height, levels, data, size), "setImageData");
}

void EngineLink::setSurface(int internal_id, int width_px, int height_px, const unsigned char * pixels, size_t stride) {
  check(pr_set_surface(backend, internal_id, width_px, height_px, pixels, stride), "setSurface");
}

void EngineLink::apply(const ScriptStep & s) {
  // Errors carry the library's message only (it names the call): the caller, which knows the
  // step, puts "step N (...)" in front once.
  pr_status status = PR_OK;
  if (!s.stepJson.empty()) status = pr_input_step(backend, s.stepJson.c_str());
  // pr_tap has no row: a row by id (an action sheet's answer, docs/session-format.md) goes as the step itself.
  else if (s.type == "tap" && s.row >= 0)
    status = pr_input_step(backend, ("{\"type\":\"tap\",\"internalId\":" + std::to_string(s.internalId) +
                                     ",\"row\":" + std::to_string(s.row) + "}").c_str());
  else if (s.type == "tap") status = pr_tap(backend, s.internalId, s.textValue.empty() ? nullptr : s.textValue.c_str());
  else if (s.type == "press") status = pr_press(backend, s.internalId);
  else if (s.type == "release") status = pr_release(backend, s.internalId);
  else if (s.type == "select") status = pr_select(backend, s.internalId, s.value != 0);
  else if (s.type == "scroll") status = pr_scroll(backend, s.internalId, s.value);
  else if (s.type == "input") status = pr_input(backend, s.internalId, s.textValue.data(), s.textValue.size());
  else if (s.type == "tick") status = pr_tick(backend, s.ms);
  else if (s.type == "back") status = pr_back(backend);
  else if (s.type == "sys") status = pr_sys(backend, s.textValue.c_str());
  else throw EngineError("\"" + s.type + "\" is not an input step");
  if (status == PR_NOT_DELIVERED) throw NotDelivered(pr_last_error(backend));
  if (status < 0) throw EngineError(pr_last_error(backend));
}

void EngineLink::snapshot(const std::string & name, const std::string & png_path) {
  if (pr_screenshot_file(backend, name.c_str(), png_path.c_str()) < 0) throw EngineError(pr_last_error(backend));
}

std::vector<pr_event> EngineLink::pollEvents(std::shared_ptr<void> & keep_alive) {
  pr_event * events = nullptr;
  size_t count = 0;
  check(pr_poll_events(backend, &events, &count), "pollEvents");
  keep_alive = std::shared_ptr<void>(events, pr_free);  // the events' strings live in this block
  return std::vector<pr_event>(events, events + count);
}

std::vector<std::string> EngineLink::newDiagnostics(size_t & first, bool errors_only) {
  pr_diagnostic * list = nullptr;
  size_t count = 0;
  check(pr_get_diagnostics(backend, first, &list, &count), "diagnostics");
  std::vector<std::string> out;
  for (size_t i = 0; i < count; i++) {
    if (errors_only && list[i].severity != 1) continue;
    const char * severity = list[i].severity == 1 ? "error" : list[i].severity == 2 ? "info" : "warning";
    out.push_back(std::string(severity) + " (" + list[i].code + "): " + list[i].message);
  }
  first += count;
  pr_free(list);
  return out;
}

void EngineLink::writeSession(const std::string & path) {
  check(pr_write_session(backend, path.c_str()), "writing the session");
}

bool EngineLink::find(const std::string & locator, long long & id, std::string & why) {
  int64_t found = 0;
  pr_status status = pr_find(backend, locator.c_str(), &found);
  id = found;
  if (status == PR_OK) return true;
  why = pr_last_error(backend);
  return false;
}

}  // namespace preview
