// Input the platform's own widgets answer, as the framework's iOS and Android code does, and not
// the engine: a row of a picker's option sheet, a row of a list view, a slider's thumb
// (docs/explore.md "What is tapped"). The engine has no sheet for a picker (a tap on one tells the
// app nothing: the platform opens the sheet), draws no list rows that take taps and no slider
// thumb; the platform sends the widget's own update (the row a picker shows, a slider's value) to
// the engine as a command, so the session replays to the same screen, and the ValueEvent to the app.
#ifndef PREVIEW_NATIVEINPUT_H
#define PREVIEW_NATIVEINPUT_H

#include "EngineLink.h"
#include "Script.h"

#include <Command.h>
#include <Event.h>

#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <vector>

namespace preview {

class NativeInput {
 public:
  // Follows the app's commands (from any thread): which elements are pickers, list views and
  // sliders, a picker's option count and a list's rows.
  void observe(const std::vector<Command> & commands);

  // Plays `step` when it is such input: a tap with "row" on a picker (the option row, from 0) or
  // on a list view (the data row of sheet 0, from 0), a select with "value" on a slider. Checks
  // that a finger reaches the element (pr_find), sends the widget's own update to the engine and
  // returns true with the app's ValueEvent in `event` for element `target`. Returns false for any
  // other step (the engine's to play). Throws NotDelivered for a row the widget does not have.
  bool play(const ScriptStep & step, EngineLink & engine, long long & target, std::unique_ptr<Event> & event);

 private:
  struct Widget {
    int type = 0;            // the CREATE_* command
    int options = 0;         // a picker's ADD_OPTIONs since its last CLEAR
    std::set<int> rows;      // a list's rows of sheet 0 (SET_TEXT_DATA)
  };
  std::mutex mutex;
  std::map<long long, Widget> widgets;
};

}  // namespace preview

#endif
