// Stand-in for the framework's include/PlatformThread.h: the one interface between an app and
// its platform. The virtual methods are the ones a platform implements (same names, arguments
// and defaults as the framework at 29d38725); the rest is the shared machinery the platform
// calls: command batching, the thread tree (run / startThread2 / finalize) and its bookkeeping.
#ifndef _PLATFORMTHREAD_H_
#define _PLATFORMTHREAD_H_

#include <DateTime.h>
#include <EventHandler.h>
#include <FWApplication.h>
#include <Runnable.h>
#include <SysEvent.h>

#include <ctime>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

class Event;
class Logger;

namespace httpclient { class HTTPClientFactory; };
namespace canvas { class ContextFactory; class PackedImageData; class Surface; };

class PlatformThread : public EventHandler {
 public:
  enum FileType { NORMAL = 1, DATABASE, CACHE_DATABASE };

  PlatformThread(std::shared_ptr<FWApplication> & application, std::shared_ptr<Runnable> & runnable)
    : application(application), runnable(runnable), created_time(DateTime::now() / 1000) { }

  void setParentThread(std::shared_ptr<PlatformThread> & parent) {
    parent_thread = parent;
    if (parent) {
      setActualDisplayWidth(parent->getActualDisplayWidth());
      setActualDisplayHeight(parent->getActualDisplayHeight());
      setDisplayScale(parent->getDisplayScale());
    }
  }

  virtual bool startThread(std::shared_ptr<PlatformThread> thread) = 0;
  virtual void sendCommands(const std::vector<Command> & commands) = 0;
  virtual void sleep(double t) = 0;
  virtual std::unique_ptr<httpclient::HTTPClientFactory> createHTTPClientFactory() const = 0;
  virtual std::unique_ptr<canvas::ContextFactory> createContextFactory() const = 0;
  virtual std::string loadTextAsset(const char * filename) = 0;
  virtual std::string getBundleFilename(const char * filename) = 0;
  virtual std::string getLocalFilename(const char * filename, FileType type) = 0;
  virtual void sendEvent(int internal_id, const Event & ev) = 0;
  virtual std::vector<std::pair<int, std::shared_ptr<Event> > > pollEvents(bool blocking = false) = 0;
  virtual void startEventLoop() = 0;
  virtual void setImageData(int internal_id, std::shared_ptr<canvas::PackedImageData> image) = 0;
  virtual void setSurface(int internal_id, canvas::Surface & surface) = 0;
  virtual int startModal() = 0;
  virtual void endModal(int value) = 0;
  virtual void sendHeartbeat() { }
  virtual bool testDestroy() = 0;
  virtual std::unique_ptr<Logger> createLogger(const std::string & name) const = 0;
  virtual std::shared_ptr<PlatformThread> createThread(std::shared_ptr<Runnable> & runnable) = 0;

  // Asks this thread and its children to stop; true when none is running any more.
  bool terminate() {
    sendEvent(getInternalId(), SysEvent(SysEvent::TERMINATE_THREAD));
    for (auto & t : getSubThreads()) t.second->terminate();
    exit_when_threads_terminated = true;
    return getNumRunningThreads() == 0;
  }

  Runnable & getRunnable() { return *runnable; }
  FWApplication & getApplication() { return *application; }
  const FWApplication & getApplication() const { return *application; }

  // Sends an event to an element through the application's (main) thread; target 0 = the app.
  void postEvent(int target_internal_id, const Event & ev) {
    auto & app = getApplication();
    if (target_internal_id == 0) target_internal_id = app.getInternalId();
    if (auto t = app.getThreadPtr()) t->sendEvent(target_internal_id, ev);
  }

  void setActualDisplayWidth(int w) { actual_display_width = w; }
  void setActualDisplayHeight(int h) { actual_display_height = h; }
  void setDisplayScale(float f) { display_scale = f; }
  int getActualDisplayWidth() const { return actual_display_width; }
  int getActualDisplayHeight() const { return actual_display_height; }
  float getDisplayScale() const { return display_scale; }

  size_t getNumRunningThreads() const { MutexLocker lock(mutex); return subthreads.size(); }
  bool hasRunningThreads() const { return getNumRunningThreads() != 0; }
  std::unordered_map<int, std::shared_ptr<PlatformThread> > getSubThreads() const { MutexLocker lock(mutex); return subthreads; }

  void onSysEvent(SysEvent & ev) override {
    if (ev.getType() == SysEvent::TERMINATE_THREAD) {
      setDestroyed();
      ev.setHandled(true);
    } else if (ev.getType() == SysEvent::THREAD_TERMINATED) {
      bool last;
      {
        MutexLocker lock(mutex);
        subthreads.erase(ev.getThreadId());
        last = subthreads.empty();
      }
      if (exit_when_threads_terminated && last) terminate();
    }
  }

  void setModalResultValue(int v) { modal_result_value = v; }
  int getModalResultValue() const { return modal_result_value; }

  // Element::begin/commit: commands between them reach sendCommands as one call.
  void beginBatch() { batchOpen = true; }
  void commitBatch() {
    batchOpen = false;
    if (!commandBatch.empty()) { sendCommands(commandBatch); commandBatch.clear(); }
  }
  void sendCommand(const Command & command) {
    commandBatch.push_back(command);
    if (!batchOpen) { sendCommands(commandBatch); commandBatch.clear(); }
  }
  bool isInTransaction() const { return batchOpen; }

  // Starts `runnable` on a new thread that is a child of `current`; empty if it could not start.
  static std::shared_ptr<PlatformThread> run(std::shared_ptr<PlatformThread> current, std::shared_ptr<Runnable> runnable) {
    if (!current) return nullptr;
    auto thread = current->createThread(runnable);
    thread->setParentThread(current);
    current->addSubthread(thread);
    if (current->startThread(thread)) return thread;
    MutexLocker lock(current->mutex);
    current->subthreads.erase(thread->getInternalId());
    return nullptr;
  }

  time_t getCreationTime() const { return created_time; }
  bool isTerminated() const { return is_terminated; }

 protected:
  virtual void setDestroyed() = 0;
  virtual void initializeThread() { }
  virtual void deinitializeThread() { }

  std::shared_ptr<PlatformThread> getParentThread() { return parent_thread.lock(); }
  void addSubthread(std::shared_ptr<PlatformThread> & thread) { MutexLocker lock(mutex); subthreads[thread->getInternalId()] = thread; }

  void waitSubthreads() {
    while (hasRunningThreads()) {
      for (auto & e : pollEvents(true)) e.second->dispatch(*this);
    }
  }

  // Tells the parent (and the app's thread) that this thread ended.
  void finalize() {
    SysEvent ev(SysEvent::THREAD_TERMINATED);
    ev.setThreadId(getInternalId());
    ev.setRunnable(runnable.get());
    if (auto pt = getParentThread()) pt->sendEvent(pt->getInternalId(), ev);
    postEvent(0, ev);
    is_terminated = true;
  }

  // The body of every thread: initialize, run the runnable, wait for children, report the end.
  static void startThread2(std::shared_ptr<PlatformThread> thread) {
    thread->initializeThread();
    if (thread->runnable) thread->runnable->start(thread);
    thread->waitSubthreads();
    thread->deinitializeThread();
    thread->finalize();
  }

  bool exit_when_threads_terminated = false;
  bool is_terminated = false;
  std::shared_ptr<FWApplication> application;

 private:
  std::weak_ptr<PlatformThread> parent_thread;
  int actual_display_width = 0, actual_display_height = 0;
  float display_scale = 1.0f;
  std::shared_ptr<Runnable> runnable;
  int modal_result_value = 0;
  bool batchOpen = false;
  std::vector<Command> commandBatch;
  time_t created_time;
  mutable Mutex mutex;
  std::unordered_map<int, std::shared_ptr<PlatformThread> > subthreads;
};

#endif
