// What the preview's main thread and worker threads share: an event queue, real threads (joined
// at the end of the run), the offline HTTP client, the canvas ContextFactory (the Cairo one:
// its surfaces' pixels go to the engine in setSurface), assets, local files and the logger.
#ifndef PREVIEW_PREVIEWTHREAD_H
#define PREVIEW_PREVIEWTHREAD_H

#include "RunContext.h"

#include <Event.h>
#include <PlatformThread.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>

namespace preview {

class PreviewThread : public PlatformThread {
 public:
  PreviewThread(std::shared_ptr<FWApplication> application, std::shared_ptr<Runnable> runnable, std::shared_ptr<RunContext> context);

  bool startThread(std::shared_ptr<PlatformThread> thread) override;
  void sleep(double t) override;
  std::unique_ptr<httpclient::HTTPClientFactory> createHTTPClientFactory() const override;
  std::unique_ptr<canvas::ContextFactory> createContextFactory() const override;
  std::string loadTextAsset(const char * filename) override;
  std::string getBundleFilename(const char * filename) override;
  std::string getLocalFilename(const char * filename, FileType type) override;
  void sendEvent(int internal_id, const Event & ev) override;
  std::vector<std::pair<int, std::shared_ptr<Event> > > pollEvents(bool blocking = false) override;
  bool testDestroy() override { return destroyed.load(); }
  std::unique_ptr<Logger> createLogger(const std::string & name) const override;
  std::shared_ptr<PlatformThread> createThread(std::shared_ptr<Runnable> & runnable) override;

  RunContext & getContext() { return *context; }

 protected:
  void setDestroyed() override { destroyed = true; }

  using QueuedEvent = std::pair<int, std::shared_ptr<Event> >;
  // The oldest queued event, waiting at most `wait` for one; false when none came.
  bool popEvent(QueuedEvent & out, std::chrono::milliseconds wait);
  bool hasQueuedEvents();
  // Waits at most `wait` until an event is queued (it stays queued).
  void waitForEvent(std::chrono::milliseconds wait);
  // Delivers to the target element (as iOS does), or to this thread when it is the target.
  // False when no such element exists.
  bool deliver(const QueuedEvent & e);

  std::shared_ptr<RunContext> context;

 private:
  std::atomic<bool> destroyed{false};
  std::mutex queue_mutex;
  std::condition_variable queue_cv;
  std::deque<QueuedEvent> queue;
};

// A worker thread (an app's loader, ...): commands and pixels go through the main thread, which
// passes them to the engine at once; it has no modal loop.
class PreviewWorkerThread : public PreviewThread {
 public:
  using PreviewThread::PreviewThread;
  void sendCommands(const std::vector<Command> & commands) override;
  void setImageData(int internal_id, std::shared_ptr<canvas::PackedImageData> image) override;
  void setSurface(int internal_id, canvas::Surface & surface) override;
  void startEventLoop() override;
  int startModal() override { return 0; }
  void endModal(int) override { }
};

}  // namespace preview

#endif
