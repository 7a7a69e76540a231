// The app's main thread in a preview: it boots the app, and its event loop serves the script.
// Whenever the app is idle (no queued event, no event waiting in the engine, no worker thread
// running) the loop plays the next step on the engine and delivers the events that step causes
// to their target elements. startModal runs the same loop nested, so a dialog's buttons are
// tapped inside it; endModal ends the innermost level; at the end of the script (or on an
// error, or QUIT_APP) every level unwinds. Nothing here calls exit().
#ifndef PREVIEW_PREVIEWMAINTHREAD_H
#define PREVIEW_PREVIEWMAINTHREAD_H

#include "NativeInput.h"
#include "PreviewThread.h"
#include "Script.h"

#include <atomic>
#include <functional>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace preview {

struct RunOptions {
  std::string outDir;
  double stepBudgetSeconds = 10;  // real time an app may stay busy per step
  // Called once the script has ended and its session is written, before any modal level unwinds
  // (the screen as the last step left it); returns "" or an error that fails the run (--explore).
  std::function<std::string()> atEnd;
};

// Exit codes of a run (README "Preview your app").
enum RunResult {
  RUN_OK = 0,
  RUN_SCRIPT_ERROR = 2,  // the script names an element that does not exist
  RUN_APP_ERROR = 3,     // the app threw, or stopped / quit before the script ended
  RUN_BUSY = 4,          // still busy after the step's time budget
  RUN_ENGINE_ERROR = 5,  // the engine refused a call or could not write an output
};

class PreviewMainThread : public PreviewThread {
 public:
  PreviewMainThread(std::shared_ptr<FWApplication> application, std::shared_ptr<RunContext> context, Script script, RunOptions options);

  // Boots the app on the calling thread and plays the script; returns a RunResult. The message
  // of a failure is in failureMessage(); the session (so far) is written either way.
  static int run(std::shared_ptr<PreviewMainThread> thread);
  const std::string & failureMessage() const { return failure; }
  // Commands and sendCommands calls per slot: [0] boot, [i + 1] after step i.
  struct Count { size_t commands = 0, calls = 0; };
  std::vector<Count> counts();

  void sendCommands(const std::vector<Command> & commands) override;
  void setImageData(int internal_id, std::shared_ptr<canvas::PackedImageData> image) override;
  void setSurface(int internal_id, canvas::Surface & surface) override;
  void startEventLoop() override;
  int startModal() override;
  void endModal(int value) override;

 protected:
  // Hooks for the live mode (LiveMode.h); a scripted run keeps these defaults.
  // Idle at the end of the steps: true when more steps were appended to `script.steps`.
  virtual bool moreSteps() { return false; }
  // A step that reached no element: true to go on (the live page's tap on empty space).
  virtual bool skipUndelivered(const ScriptStep &, const std::string &) { return false; }
  // An event the engine sent to the app, before it is delivered.
  virtual void eventSent(const pr_event &) { }

  Script script;
  RunOptions options;
  int runResult() const { return result; }

 private:
  enum class State { Running, Finished, Failed };

  bool pollEngine();
  bool busy();
  void beginStep();
  void fail(int result, const std::string & message);
  void finish();
  std::string currentStepName() const;
  void watchdog();

  std::atomic<State> state{State::Running};
  int result = RUN_OK;
  std::string failure;
  int exit_loop = 0;              // endModal requests not yet served (as iOSMainThread)
  std::atomic<size_t> next_step{0};  // the script step to play when idle
  std::atomic<long long> step_started_ms{0};
  std::atomic<bool> in_app{false};  // delivering an event (the app's code runs)
  std::atomic<bool> watchdog_stop{false};

  std::mutex mutex;               // guards what worker threads reach through sendCommands
  std::set<long long> live_ids;   // elements created and not deleted (script ids are checked)
  NativeInput native;             // pickers', lists' and sliders' own input (NativeInput.h)
  std::vector<Count> slot_counts{1};
  size_t diagnostics_seen = 0;
  bool session_written = false;
};

}  // namespace preview

#endif
