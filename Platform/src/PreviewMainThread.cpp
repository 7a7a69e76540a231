#include "PreviewMainThread.h"
#include "EventTranslation.h"

#include <ContextCairo.h>
#include <Element.h>
#include <FWApplication.h>
#include <PackedImageData.h>

#include <chrono>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

namespace preview {

namespace {
std::string seconds(double s) {
  std::ostringstream out;
  out << s << " s";
  return out.str();
}

long long nowMs() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

// CREATE_* commands whose childInternalId is a new element (CREATE_LINK and CREATE_TOAST
// target an existing one; CREATE_TIMER's child is a timer).
bool createsElement(const Command & c) {
  int t = int(c.getType());
  return t <= int(Command::CREATE_SEGMENTED_CONTROL) && c.getType() != Command::CREATE_LINK && c.getType() != Command::CREATE_TOAST;
}
}

PreviewMainThread::PreviewMainThread(std::shared_ptr<FWApplication> application, std::shared_ptr<RunContext> context, Script script, RunOptions options)
  : PreviewThread(application, std::shared_ptr<Runnable>(application), std::move(context)),
    script(std::move(script)), options(std::move(options)) { }

int PreviewMainThread::run(std::shared_ptr<PreviewMainThread> t) {
  std::thread dog([t] { t->watchdog(); });
  t->initializeThread();
  t->step_started_ms = nowMs();  // the boot has a budget too
  t->in_app = true;
  try {
    // Runnable::start: initialize (the app's first commands), then run() = startEventLoop.
    t->getRunnable().start(t);
  } catch (const std::exception & e) {
    t->fail(RUN_APP_ERROR, t->currentStepName() + ": the app threw: " + e.what());
  } catch (...) {
    t->fail(RUN_APP_ERROR, t->currentStepName() + ": the app threw an exception that is not a std::exception");
  }
  t->in_app = false;
  if (t->state == State::Running) {
    std::string why = t->context->lastException();
    t->fail(RUN_APP_ERROR, t->currentStepName() + ": the app's event loop ended before the script did" + (why.empty() ? "" : " (" + why + ")"));
  }
  // Ask the workers to stop and give them a moment; a run never leaves a thread behind silently.
  for (auto & s : t->getSubThreads()) s.second->terminate();
  long long deadline = nowMs() + 2000;
  bool joined = false;
  while (!(joined = t->context->joinThreads()) && nowMs() < deadline) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  t->watchdog_stop = true;
  dog.join();
  t->deinitializeThread();
  if (!joined) {
    // main() does not get to print the failure: say it here, before ending the process.
    if (t->result != RUN_OK) std::cerr << "preview: " << t->failure << "\n";
    std::cerr << "preview: worker threads still running at the end of the run\n";
    std::cerr.flush();
    std::_Exit(t->result == RUN_OK ? RUN_BUSY : t->result);  // cannot join them: end the process here
  }
  return t->result;
}

std::vector<PreviewMainThread::Count> PreviewMainThread::counts() {
  std::lock_guard<std::mutex> lock(mutex);
  return slot_counts;
}

std::string PreviewMainThread::currentStepName() const {
  size_t n = next_step;
  return n == 0 ? "boot" : script.steps[n - 1].describe();
}

void PreviewMainThread::sendCommands(const std::vector<Command> & commands) {
  if (commands.empty()) return;
  bool quit = false;
  {
    std::lock_guard<std::mutex> lock(mutex);
    // Counted while the session is still being recorded: once it is written (the end of the
    // script, or a failure), what the unwinding sends (the final QUIT_APP) is not in it.
    if (state == State::Running) {
      slot_counts.back().commands += commands.size();
      slot_counts.back().calls++;
    }
    for (auto & c : commands) {
      if (createsElement(c)) live_ids.insert(c.getChildInternalId());
      else if (c.getType() == Command::DELETE_ELEMENT) live_ids.erase(c.getInternalId());
      else if (c.getType() == Command::QUIT_APP) quit = true;
    }
  }
  native.observe(commands);
  try {
    context->engine->sendCommands(commands);
  } catch (const EngineError & e) {
    fail(RUN_ENGINE_ERROR, currentStepName() + ": " + e.what());
  }
  if (quit && state == State::Running) {
    // QUIT_APP ends the run (without exit()): fine during the last step, an error before it.
    size_t left = script.steps.size() - next_step;
    if (left == 0) finish();
    else fail(RUN_APP_ERROR, currentStepName() + ": the app quit (QUIT_APP); " + std::to_string(left) + " step(s) were not played");
  }
}

void PreviewMainThread::setImageData(int internal_id, std::shared_ptr<canvas::PackedImageData> image) {
  if (!image) return;
  try {
    // The colours the phone shows: 16-bit words moved from the canvas's layout to the engine's.
    const int format = int(image->getInternalFormat());
    std::vector<unsigned char> scratch;
    const unsigned char * data = context->formats.toEngine(format, image->getData(), image->calculateSize(), scratch);
    context->engine->setImageData(internal_id, format, image->getWidth(), image->getHeight(), image->getLevels(), data,
                                  image->calculateSize());
  } catch (const EngineError & e) {
    fail(RUN_ENGINE_ERROR, currentStepName() + ": " + e.what());
  }
}

void PreviewMainThread::setSurface(int internal_id, canvas::Surface & surface) {
  auto * cairo = dynamic_cast<canvas::CairoSurface *>(&surface);
  if (!cairo) {
    context->log("platform", "setSurface: element " + std::to_string(internal_id) + ": not a Cairo surface; ignored");
    return;
  }
  cairo_surface_t * s = cairo->getCairoSurface();
  cairo_surface_flush(s);
  int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s), stride = cairo_image_surface_get_stride(s);
  const unsigned char * data = cairo_image_surface_get_data(s);
  std::vector<unsigned char> opaque;
  switch (cairo_image_surface_get_format(s)) {
  case CAIRO_FORMAT_ARGB32:
    break;
  case CAIRO_FORMAT_RGB24:  // a 3-channel surface: the unused byte becomes opaque alpha
    opaque.assign(data, data + size_t(stride) * size_t(h));
    for (int y = 0; y < h; y++)
      for (int x = 0; x < w; x++) reinterpret_cast<uint32_t *>(opaque.data() + size_t(y) * size_t(stride))[x] |= 0xff000000u;
    data = opaque.data();
    break;
  default:
    context->log("platform", "setSurface: element " + std::to_string(internal_id) + ": only ARGB32 and RGB24 surfaces are shown");
    return;
  }
  try {
    context->engine->setSurface(internal_id, w, h, data, size_t(stride));
  } catch (const EngineError & e) {
    fail(RUN_ENGINE_ERROR, currentStepName() + ": " + e.what());
  }
}

int PreviewMainThread::startModal() {
  setModalResultValue(0);
  startEventLoop();
  return getModalResultValue();
}

void PreviewMainThread::endModal(int value) {
  setModalResultValue(value);
  exit_loop++;
}

bool PreviewMainThread::busy() {
  return context->activeWorkers.load() > 0 || hasRunningThreads();
}

bool PreviewMainThread::pollEngine() {
  std::shared_ptr<void> block;
  std::vector<pr_event> events;
  try {
    events = context->engine->pollEvents(block);
  } catch (const EngineError & e) {
    fail(RUN_ENGINE_ERROR, currentStepName() + ": " + e.what());
    return false;
  }
  for (auto & e : events) {
    eventSent(e);
    std::string why;
    auto ev = frameworkEvent(e, why);
    if (ev) sendEvent(int(e.internal_id), *ev);
    else context->log("platform", "event for " + std::to_string(e.internal_id) + " not delivered: " + why);
  }
  return !events.empty();
}

void PreviewMainThread::startEventLoop() {
  in_app = false;
  const long long budget_ms = (long long)(options.stepBudgetSeconds * 1000);
  while (state == State::Running) {
    if (exit_loop > 0) {  // endModal: this level ends
      exit_loop--;
      break;
    }
    bool over_budget = nowMs() - step_started_ms.load() > budget_ms;
    QueuedEvent e;
    if (popEvent(e, std::chrono::milliseconds(0))) {
      if (over_budget) {
        fail(RUN_BUSY, currentStepName() + ": the app is still busy after " + seconds(options.stepBudgetSeconds) + ": its event queue is not empty");
        break;
      }
      in_app = true;
      try {
        if (!deliver(e)) context->log("platform", "no element " + std::to_string(e.first) + " for an event; dropped");
      } catch (const std::exception & ex) {
        in_app = false;
        fail(RUN_APP_ERROR, currentStepName() + ": the app threw: " + ex.what());
        break;
      } catch (...) {
        in_app = false;
        fail(RUN_APP_ERROR, currentStepName() + ": the app threw an exception that is not a std::exception");
        break;
      }
      in_app = false;
      continue;
    }
    if (pollEngine()) continue;
    if (busy()) {
      if (over_budget) {
        fail(RUN_BUSY, currentStepName() + ": the app is still busy after " + seconds(options.stepBudgetSeconds) + ": " +
             std::to_string(context->activeWorkers.load()) + " worker thread(s) still running");
        break;
      }
      // Wait for the workers' events (or their end) without spinning.
      waitForEvent(std::chrono::milliseconds(20));
      continue;
    }
    // Idle: the current step is complete.
    if (next_step >= script.steps.size() && !moreSteps()) {
      finish();
      break;
    }
    beginStep();
  }
  in_app = true;  // back into the app's code (after showModal, or the end of run())
}

void PreviewMainThread::beginStep() {
  const ScriptStep & s = script.steps[next_step];
  {
    std::lock_guard<std::mutex> lock(mutex);
    slot_counts.emplace_back();
  }
  step_started_ms = nowMs();
  next_step++;
  if (s.namesId()) {
    bool exists;
    {
      std::lock_guard<std::mutex> lock(mutex);
      exists = live_ids.count(s.internalId) != 0;
    }
    if (!exists) {
      const std::string why = "the app has no element " + std::to_string(s.internalId);
      if (!skipUndelivered(s, why)) fail(RUN_SCRIPT_ERROR, s.describe() + ": " + why + " (never created, or deleted)");
      return;
    }
  }
  try {
    long long target = 0;
    std::unique_ptr<Event> event;
    if (s.type == "snapshot") context->engine->snapshot(s.name, options.outDir + "/" + s.name + ".png");
    else if (native.play(s, *context->engine, target, event)) sendEvent(int(target), *event);
    else context->engine->apply(s);
  } catch (const NotDelivered & e) {
    // A target that finds nothing (or several), an element a finger cannot reach: as for an id
    // the app never created.
    if (!skipUndelivered(s, e.what())) fail(RUN_SCRIPT_ERROR, s.describe() + ": " + e.what());
  } catch (const EngineError & e) {
    fail(RUN_ENGINE_ERROR, s.describe() + ": " + e.what());
  }
}

void PreviewMainThread::finish() {
  std::lock_guard<std::mutex> lock(mutex);
  if (state != State::Running) return;
  try {
    context->engine->writeSession(options.outDir + "/session.json");
  } catch (const EngineError & e) {
    result = RUN_ENGINE_ERROR;
    failure = e.what();
    state = State::Failed;
    return;
  }
  std::string atEndError = options.atEnd ? options.atEnd() : "";
  if (!atEndError.empty()) {
    result = RUN_ENGINE_ERROR;
    failure = atEndError;
    state = State::Failed;
    return;
  }
  state = State::Finished;
}

void PreviewMainThread::fail(int code, const std::string & message) {
  std::lock_guard<std::mutex> lock(mutex);
  if (state != State::Running) return;  // the first failure is the one reported
  state = State::Failed;
  result = code;
  failure = message;
  try {
    context->engine->writeSession(options.outDir + "/session.json");  // the session so far is kept
  } catch (const EngineError & e) {
    failure += std::string("; and the session could not be written: ") + e.what();
  }
}

void PreviewMainThread::watchdog() {
  // The event loop checks the budget whenever control is back in the platform. This catches
  // app code that does not return at all (an endless handler, a deadlock).
  const long long limit_ms = (long long)(options.stepBudgetSeconds * 1000) + 1000;
  while (!watchdog_stop) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    if (in_app && state == State::Running && nowMs() - step_started_ms.load() > limit_ms) {
      std::cerr << "preview: " << currentStepName() << ": the app is still busy after " << seconds(options.stepBudgetSeconds)
                << ": its code has not returned\n";
      try {
        context->engine->writeSession(options.outDir + "/session.json");
      } catch (const EngineError & e) {
        std::cerr << "preview: the session could not be written: " << e.what() << "\n";
      }
      std::cerr.flush();
      std::_Exit(RUN_BUSY);  // the app's thread cannot be stopped from outside
    }
  }
}

}  // namespace preview
