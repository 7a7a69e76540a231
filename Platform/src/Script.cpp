#include "Script.h"
#include "Json.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>

namespace preview {

namespace {

// The renderer's device presets (README "Device presets"; the Swift home is the Session
// format's device decoding). Kept in step by the platform test, which boots with a preset.
struct Preset { const char * name; double width, height, scale; };
const Preset presets[] = {
  {"phone", 360, 640, 2}, {"pixel-7", 412, 915, 2.625}, {"iphone-15", 393, 852, 3},
  {"iphone-se", 375, 667, 2}, {"galaxy-s23", 360, 780, 3}, {"ipad", 820, 1180, 2}, {"tablet-10", 800, 1280, 2},
};

bool presetDevice(std::string name, Device & d) {
  bool landscape = false;
  const std::string suffix = "-landscape";
  if (name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0) {
    landscape = true;
    name.resize(name.size() - suffix.size());
  }
  for (auto & p : presets) {
    if (name == p.name) {
      d.width = landscape ? p.height : p.width;
      d.height = landscape ? p.width : p.height;
      d.scale = p.scale;
      return true;
    }
  }
  return false;
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return s;
}

long long integer(const JsonValue & v, const std::string & where) {
  if (v.kind != JsonValue::Number || std::floor(v.number) != v.number || std::fabs(v.number) > 9e15)
    throw ScriptError(where + " must be an integer");
  return (long long)v.number;
}

std::string text(const JsonValue & v, const std::string & where) {
  if (v.kind != JsonValue::String) throw ScriptError(where + " must be a string");
  return v.string;
}

Device deviceFromJson(const JsonValue & v) {
  if (v.kind == JsonValue::String) return parseDevice(v.string);
  if (v.kind != JsonValue::Object) throw ScriptError("\"device\" must be an object or a preset name");
  Device d;
  if (auto p = v.find("preset")) {
    if (p->kind != JsonValue::String || !presetDevice(p->string, d))
      throw ScriptError("\"device.preset\": unknown preset");
  }
  auto number = [&](const char * key, double & out, bool zeroAllowed) {
    if (auto n = v.find(key)) {
      if (n->kind != JsonValue::Number || n->number < 0 || (n->number == 0 && !zeroAllowed))
        throw ScriptError(std::string("\"device.") + key + "\" must be a " + (zeroAllowed ? "non-negative" : "positive") + " number");
      out = n->number;
    }
  };
  number("width", d.width, false);
  number("height", d.height, false);
  number("scale", d.scale, false);
  number("statusBar", d.statusBar, true);
  number("safeAreaBottom", d.safeAreaBottom, true);
  return d;
}

const char * const stepTypes[] = {"tap", "press", "release", "select", "scroll", "input", "tick", "back", "sys", "snapshot"};

// The system events a `sys` step may send, as the engine's session format has them
// (Sources/SessionFormat/SystemEventTypes.swift, docs/session-format.md "App lifecycle").
const char * const sysInfoTypes[] = {"START", "RESUME", "PAUSE", "STOP", "DESTROY", "MEMORY_WARNING", "LANGUAGE_CHANGED", "DEBUG_MODE"};
const char * const sysEventTypes[] = {"BACK", "SHOW_DEBUG"};
const char * const threadOnlyTypes[] = {"TERMINATE_THREAD", "THREAD_TERMINATED"};

template <size_t N>
bool listed(const char * const (&list)[N], const std::string & name) {
  return std::find_if(std::begin(list), std::end(list), [&](const char * s) { return name == s; }) != std::end(list);
}

template <size_t N>
std::string joined(const char * const (&list)[N]) {
  std::string out;
  for (const char * s : list) out += (out.empty() ? "" : ", ") + std::string(s);
  return out;
}

std::string upper(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::toupper(c)); });
  return s;
}

// Why a `sys` step of class `eventClass` and type `type` cannot be sent ("" when it can).
std::string sysProblem(const std::string & eventClass, const std::string & type) {
  if (listed(threadOnlyTypes, type))
    return "SysEvent " + type + " cannot be sent from a script: it carries the id of a platform thread "
           "(SysEvent::setThreadId), which only the platform's threads know";
  if (eventClass == "SysInfoEvent") {
    if (listed(sysInfoTypes, type)) return "";
    if (listed(sysEventTypes, type))
      return type + " is a SysEvent type: write \"event\": \"SysEvent\" (SysInfoEvent types: " + joined(sysInfoTypes) + ")";
    return "unknown system event \"" + type + "\" (SysInfoEvent: " + joined(sysInfoTypes) +
           "; with \"event\": \"SysEvent\": " + joined(sysEventTypes) + ")";
  }
  if (eventClass == "SysEvent") {
    if (listed(sysEventTypes, type)) return "";
    if (listed(sysInfoTypes, type))
      return type + " is a SysInfoEvent type: leave out \"event\" or write \"event\": \"SysInfoEvent\" (SysEvent types: " + joined(sysEventTypes) + ")";
    return "unknown SysEvent type \"" + type + "\" (" + joined(sysEventTypes) + ")";
  }
  return "\"event\" names the class: SysInfoEvent (the default) or SysEvent (found \"" + eventClass + "\")";
}

}  // namespace

bool ScriptStep::targetsElement() const {
  return type == "tap" || type == "press" || type == "release" || type == "select" || type == "scroll" || type == "input";
}

std::string ScriptStep::describe() const {
  std::string what = type;
  if (namesId()) what += " " + std::to_string(internalId);
  else if (!target.empty()) what += " " + target;
  else if (targetsElement()) what += " at a point";
  if (type == "tick") what += " " + std::to_string(ms);
  if (type == "snapshot") what += " " + name;
  if (type == "sys") what += " " + textValue;
  return "step " + std::to_string(index) + " (" + what + ")";
}

Device parseDevice(const std::string & spec) {
  Device d;
  if (presetDevice(spec, d)) return d;
  double w = 0, h = 0, s = 2;
  char x = 0;
  int consumed = 0;
  if (std::sscanf(spec.c_str(), "%lf%c%lf%n", &w, &x, &h, &consumed) == 3 && (x == 'x' || x == 'X')) {
    std::string rest = spec.substr(size_t(consumed));
    if (rest.empty() || (rest[0] == '@' && std::sscanf(rest.c_str() + 1, "%lf", &s) == 1)) {
      if (w > 0 && h > 0 && s > 0) { d.width = w; d.height = h; d.scale = s; return d; }
    }
  }
  throw ScriptError("bad device \"" + spec + "\": expected WxH@S (390x844@3) or a preset");
}

Script parseScript(const std::string & source) {
  JsonValue root;
  try {
    root = parseJson(source);
  } catch (const JsonError & e) {
    throw ScriptError(std::string("not JSON: ") + e.what());
  }
  if (root.kind != JsonValue::Object) throw ScriptError("the script must be a JSON object");
  Script script;
  if (auto d = root.find("device")) {
    script.device = deviceFromJson(*d);
    script.hasDevice = true;
  }
  auto steps = root.find("steps");
  if (!steps || steps->kind != JsonValue::Array) throw ScriptError("the script has no \"steps\" array");
  std::map<std::string, size_t> snapshotSteps;  // name -> the step that took it
  for (size_t i = 0; i < steps->array.size(); i++) {
    const JsonValue & s = steps->array[i];
    std::string where = "step " + std::to_string(i);
    if (s.kind != JsonValue::Object) throw ScriptError(where + ": a step must be an object");
    auto type = s.find("type");
    if (!type) throw ScriptError(where + ": no \"type\"");
    ScriptStep step;
    step.index = i;
    step.type = lower(text(*type, where + ": \"type\""));
    if (std::find(std::begin(stepTypes), std::end(stepTypes), step.type) == std::end(stepTypes))
      throw ScriptError(where + ": \"" + type->string + "\" is not a backend-side step (tap, press, release, select, scroll, input, tick, back, sys, snapshot); commands come from the app");
    auto target = s.find("target");
    bool point = s.find("x") || s.find("y");
    if (step.targetsElement() && (target || point)) {
      // A locator or a point: resolved by the engine afresh on every run (semantics.md item 43).
      if (target && target->kind != JsonValue::Object) throw ScriptError(where + ": \"target\" must be an object");
      if (target) step.target = toJson(*target);
      step.stepJson = toJson(s);
    } else if (auto v = s.find("internalId")) {
      step.internalId = integer(*v, where + ": \"internalId\"");
    } else if (step.targetsElement()) {
      throw ScriptError(where + ": " + step.type + " needs \"internalId\", a \"target\" or a point (\"x\", \"y\")");
    }
    if (auto v = s.find("value")) step.value = integer(*v, where + ": \"value\"");
    if (auto v = s.find("textValue")) step.textValue = text(*v, where + ": \"textValue\"");
    if (auto v = s.find("row")) {
      step.row = integer(*v, where + ": \"row\"");
      if (step.type != "tap" || step.row < 0) throw ScriptError(where + ": \"row\" is a tap's, 0 or more");
    }
    if (step.type == "tick") {
      auto ms = s.find("ms");
      if (!ms) throw ScriptError(where + ": tick needs \"ms\"");
      step.ms = integer(*ms, where + ": \"ms\"");
      if (step.ms < 0) throw ScriptError(where + ": \"ms\" must not be negative");
    }
    if (step.type == "snapshot") {
      auto name = s.find("name");
      if (!name) throw ScriptError(where + ": snapshot needs \"name\"");
      step.name = text(*name, where + ": \"name\"");
      if (step.name.empty() || step.name.find_first_of("/\\") != std::string::npos || step.name[0] == '.')
        throw ScriptError(where + ": snapshot name \"" + step.name + "\" cannot be a file name");
    }
    if (step.type == "sys") {
      if (step.textValue.empty()) throw ScriptError(where + ": sys needs \"textValue\" (START, RESUME, PAUSE, ...)");
      std::string eventClass = "SysInfoEvent";
      if (auto e = s.find("event")) eventClass = text(*e, where + ": \"event\"");
      step.textValue = upper(step.textValue);
      std::string why = sysProblem(eventClass, step.textValue);
      if (!why.empty()) throw ScriptError(where + ": " + why);
    }
    if (step.type == "snapshot") {
      // One PNG per name: a second snapshot of the name would overwrite the first.
      auto earlier = snapshotSteps.emplace(step.name, i);
      if (!earlier.second)
        throw ScriptError(where + ": snapshot name \"" + step.name + "\" is already the name of step " +
                          std::to_string(earlier.first->second) + "; each snapshot needs its own name (one PNG per name)");
    }
    script.steps.push_back(step);
  }
  return script;
}

}  // namespace preview
