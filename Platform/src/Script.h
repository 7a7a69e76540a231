// The driver's script: `{"device": ..., "steps": [...]}` whose steps are the session format's
// backend-side steps (tap, press, release, select, scroll, input, tick, back, sys, snapshot).
// Checked whole before the app boots: a `sys` step's class and type (`"event": "SysEvent"` for
// BACK and SHOW_DEBUG; no thread-id SysEvents) and one snapshot step per name.
#ifndef PREVIEW_SCRIPT_H
#define PREVIEW_SCRIPT_H

#include <stdexcept>
#include <string>
#include <vector>

namespace preview {

struct Device {
  double width = 360, height = 640, scale = 2, statusBar = 0, safeAreaBottom = 0;
};

struct ScriptStep {
  size_t index = 0;          // position in the script's `steps`
  std::string type;          // lower case: tap, press, ..., snapshot
  long long internalId = 0;  // target element (tap, press, release, select, scroll, input)
  long long value = 0;       // select on/off (a slider: its value), scroll offset in dp
  long long row = -1;        // tap: an action sheet's, picker's or list view's row (-1: none)
  long long ms = 0;          // tick
  std::string textValue;     // input text, sys type (upper case), tap's bar button
  std::string name;          // snapshot name
  std::string stepJson;      // the step as JSON when it names its element by `target` or a point
  std::string target;        // the target as JSON ("" when none), for messages

  bool targetsElement() const;
  // Names its element by `internalId` (not by a target or point: those the engine resolves).
  bool namesId() const { return targetsElement() && stepJson.empty(); }
  // "step 3 (tap 12)": how messages name the step.
  std::string describe() const;
};

struct Script {
  bool hasDevice = false;
  Device device;
  std::vector<ScriptStep> steps;
};

struct ScriptError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Parses a script file's text; errors name the step and the reason.
Script parseScript(const std::string & text);

// "390x844@3", "390x844" (scale 2) or a preset name (phone, pixel-7, iphone-15, iphone-se,
// galaxy-s23, ipad, tablet-10, each also with -landscape). Throws ScriptError.
Device parseDevice(const std::string & spec);

}  // namespace preview

#endif
