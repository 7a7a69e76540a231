// The live mode of the preview driver (`APP --live --out DIR`): `render serve --app` plays the app
// through it. The script comes one step per line on stdin (a step of the script format, as JSON);
// the app plays each as in a scripted run, and when it is idle again one JSON line on stdout
// answers the step: its outcome, the session steps it caused (as the written session records
// them), the events the app was sent, and how long the app took. The session so far is in
// DIR/session.json after every answer. The answers have stdout to themselves: what the app prints
// goes to stderr. The protocol is in Platform/README.md "Live mode".
#ifndef PREVIEW_LIVEMODE_H
#define PREVIEW_LIVEMODE_H

#include "Json.h"
#include "PreviewMainThread.h"

#include <istream>
#include <set>
#include <string>
#include <string_view>

namespace preview {

class LiveMainThread : public PreviewMainThread {
 public:
  LiveMainThread(std::shared_ptr<FWApplication> application, std::shared_ptr<RunContext> context, RunOptions options,
                 std::istream & in, int out_fd);

  // Plays the app until stdin ends, the app quits or fails; the last line says which. Returns a RunResult.
  static int runLive(std::shared_ptr<LiveMainThread> thread);

 protected:
  bool moreSteps() override;
  bool skipUndelivered(const ScriptStep & step, const std::string & why) override;
  void eventSent(const pr_event & event) override;

 private:
  // The answer to the step just played (or to the boot), on one line.
  void answer(const std::string & outcome, const std::string & message);
  // Reads lines until one is a step it can play (appended to the script); false at the end of input.
  bool readStep();
  // One whole line on the answers' descriptor.
  void emit(const std::string & line);
  // The steps the written session `text` added since the last answer, trimmed, appended to `commands` (JSON
  // values joined by ","); returns how many steps the session holds.
  size_t newSteps(const std::string & text, std::string & commands);
  // The steps of `rest` (the file's text after the last answer's steps) into `commands`; returns how many.
  size_t answerSteps(std::string_view rest, std::string & commands);
  static void addStep(JsonValue step, std::string & commands);

  std::istream & in;
  int out_fd;
  bool input_ended = false;
  bool answered_last = false;   // the current step's answer is out
  std::string undelivered;      // why the current step reached no element ("" when it did)
  std::string events_json;      // the events of the current step, as JSON objects joined by ","
  size_t session_steps = 0;     // steps of the written session already answered
  // The last written session's length without its closing `\n]}\n`, and a hash of those bytes: a file
  // that starts with them holds only new steps after them.
  size_t written_size = 0;
  size_t written_hash = 0;
  long long step_started_us = 0;
  std::set<std::string> snapshot_names;
};

}  // namespace preview

#endif
