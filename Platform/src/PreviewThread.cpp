#include "PreviewThread.h"
#include "OfflineHTTPClient.h"
#include "PreviewLogger.h"

#include <ContextCairo.h>
#include <Element.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <thread>

namespace preview {

namespace {
// Asset names are confined to the assets folder.
bool safeName(const std::string & name) {
  return !name.empty() && name[0] != '/' && name.find("..") == std::string::npos;
}
}

PreviewThread::PreviewThread(std::shared_ptr<FWApplication> application, std::shared_ptr<Runnable> runnable, std::shared_ptr<RunContext> context)
  : PlatformThread(application, runnable), context(std::move(context)) { }

bool PreviewThread::startThread(std::shared_ptr<PlatformThread> thread) {
  auto ctx = context;
  if (ctx->inlineWorkers) {
    PlatformThread::startThread2(thread);
    return true;
  }
  ctx->activeWorkers++;
  try {
    ctx->addThread(std::thread([thread, ctx]() {
      PlatformThread::startThread2(thread);
      ctx->activeWorkers--;
    }));
  } catch (const std::system_error &) {
    ctx->activeWorkers--;
    return false;
  }
  return true;
}

void PreviewThread::sleep(double t) {
  // In slices, so a thread asked to terminate (the end of a run) stops sleeping.
  using namespace std::chrono;
  auto end = steady_clock::now() + duration_cast<steady_clock::duration>(duration<double>(t > 0 ? t : 0));
  while (!testDestroy() && steady_clock::now() < end) {
    steady_clock::duration left = end - steady_clock::now();
    std::this_thread::sleep_for(std::min<steady_clock::duration>(left, milliseconds(20)));
  }
}

std::unique_ptr<httpclient::HTTPClientFactory> PreviewThread::createHTTPClientFactory() const {
  return std::unique_ptr<httpclient::HTTPClientFactory>(new OfflineHTTPClientFactory(context));
}

std::unique_ptr<canvas::ContextFactory> PreviewThread::createContextFactory() const {
  return std::unique_ptr<canvas::ContextFactory>(new canvas::CairoContextFactory(getDisplayScale()));
}

std::string PreviewThread::loadTextAsset(const char * filename) {
  std::string name = filename ? filename : "";
  if (!safeName(name)) return "";
  std::ifstream in(context->assetsDir + "/" + name, std::ios::binary);
  if (!in) {
    context->log("platform", "loadTextAsset: no asset " + name);
    return "";
  }
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string PreviewThread::getBundleFilename(const char * filename) {
  std::string name = filename ? filename : "";
  if (!safeName(name)) return "";
  std::string path = context->assetsDir + "/" + name;
  struct stat st;
  return stat(path.c_str(), &st) == 0 ? path : "";
}

std::string PreviewThread::getLocalFilename(const char * filename, FileType) {
  std::string name = filename ? filename : "";
  if (!safeName(name) || name.find('/') != std::string::npos) return "";
  mkdir(context->localDir.c_str(), 0755);
  return context->localDir + "/" + name;
}

void PreviewThread::sendEvent(int internal_id, const Event & ev) {
  {
    std::lock_guard<std::mutex> lock(queue_mutex);
    queue.emplace_back(internal_id, std::shared_ptr<Event>(ev.dup()));
  }
  queue_cv.notify_one();
}

bool PreviewThread::popEvent(QueuedEvent & out, std::chrono::milliseconds wait) {
  std::unique_lock<std::mutex> lock(queue_mutex);
  if (queue.empty() && wait.count() > 0) queue_cv.wait_for(lock, wait, [this] { return !queue.empty(); });
  if (queue.empty()) return false;
  out = queue.front();
  queue.pop_front();
  return true;
}

void PreviewThread::waitForEvent(std::chrono::milliseconds wait) {
  std::unique_lock<std::mutex> lock(queue_mutex);
  queue_cv.wait_for(lock, wait, [this] { return !queue.empty(); });
}

bool PreviewThread::hasQueuedEvents() {
  std::lock_guard<std::mutex> lock(queue_mutex);
  return !queue.empty();
}

std::vector<std::pair<int, std::shared_ptr<Event> > > PreviewThread::pollEvents(bool blocking) {
  // A blocking poll waits one slice (50 ms) at most: callers loop, and a thread asked to stop
  // is never stuck in here.
  std::vector<QueuedEvent> out;
  QueuedEvent e;
  if (popEvent(e, std::chrono::milliseconds(blocking ? 50 : 0))) out.push_back(e);
  while (!out.empty() && popEvent(e, std::chrono::milliseconds(0))) out.push_back(e);
  return out;
}

bool PreviewThread::deliver(const QueuedEvent & e) {
  if (e.first == getInternalId()) {
    e.second->dispatch(*this);
    return true;
  }
  return Element::postEventToElement(e.first, *e.second);
}

std::unique_ptr<Logger> PreviewThread::createLogger(const std::string & name) const {
  return std::unique_ptr<Logger>(new PreviewLogger(name, context));
}

std::shared_ptr<PlatformThread> PreviewThread::createThread(std::shared_ptr<Runnable> & runnable) {
  return std::make_shared<PreviewWorkerThread>(application, runnable, context);
}

void PreviewWorkerThread::sendCommands(const std::vector<Command> & commands) {
  if (auto parent = getParentThread()) parent->sendCommands(commands);
}

void PreviewWorkerThread::setImageData(int internal_id, std::shared_ptr<canvas::PackedImageData> image) {
  if (auto parent = getParentThread()) parent->setImageData(internal_id, image);
}

void PreviewWorkerThread::setSurface(int internal_id, canvas::Surface & surface) {
  if (auto parent = getParentThread()) parent->setSurface(internal_id, surface);
}

void PreviewWorkerThread::startEventLoop() {
  while (!testDestroy() || hasRunningThreads()) {
    QueuedEvent e;
    if (!popEvent(e, std::chrono::milliseconds(50))) continue;
    if (!deliver(e)) e.second->dispatch(getRunnable());
  }
}

}  // namespace preview
