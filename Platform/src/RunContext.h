// What every platform thread of one preview run shares: the engine, the folders, the log, and
// the worker threads (joined at the end, so no thread outlives the run).
#ifndef PREVIEW_RUNCONTEXT_H
#define PREVIEW_RUNCONTEXT_H

#include "EngineLink.h"
#include "PackedFormats.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace preview {

struct RunContext {
  std::shared_ptr<EngineLink> engine;
  std::string assetsDir;  // loadTextAsset, getBundleFilename
  std::string httpDir;    // the offline HTTP client's folder ("" = every request fails)
  std::string localDir;   // getLocalFilename
  bool verbose = false;
  // Worker threads run to their end where they are started, one at a time (a walk's children,
  // Explore.cpp): their commands then come in the same order on every run, so a path's session
  // is the same bytes every time.
  bool inlineWorkers = false;
  // How the linked canvas packs 16-bit images, against the engine (probed once at start).
  PackedFormats formats;

  // Worker threads started and not yet ended.
  std::atomic<int> activeWorkers{0};

  void addThread(std::thread t) { std::lock_guard<std::mutex> lock(mutex); threads.push_back(std::move(t)); }
  // Joins every worker thread that has ended; true when none is left running.
  bool joinThreads() {
    std::vector<std::thread> list;
    { std::lock_guard<std::mutex> lock(mutex); list.swap(threads); }
    if (activeWorkers.load() != 0) {  // some still run: hand them back, join nothing
      std::lock_guard<std::mutex> lock(mutex);
      for (auto & t : list) threads.push_back(std::move(t));
      return false;
    }
    for (auto & t : list) if (t.joinable()) t.join();
    return true;
  }

  // The app's log lines (every logger; on stderr with --verbose), and the last one that reports an
  // exception.
  void log(const std::string & name, const std::string & line);
  // A problem in the preview's setup (an HTTP GET it cannot answer, ...): on stderr always.
  void warn(const std::string & message);
  std::string lastException() { std::lock_guard<std::mutex> lock(mutex); return last_exception; }

 private:
  std::mutex mutex;
  std::vector<std::thread> threads;
  std::string last_exception;
};

}  // namespace preview

#endif
