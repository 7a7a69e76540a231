// The platform's one link to the engine: a pr_backend of the C library (preview_renderer.h),
// with the framework's types in and out. Every call may come from any thread (the library
// serializes calls on a backend); failures throw EngineError with the library's message.
#ifndef PREVIEW_ENGINELINK_H
#define PREVIEW_ENGINELINK_H

#include "Script.h"

#include <Command.h>
#include <preview_renderer.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace preview {

struct EngineError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// An input step that reached no element (PR_NOT_DELIVERED): the reason is the message.
struct NotDelivered : EngineError {
  using EngineError::EngineError;
};

struct EngineOptions {
  std::string theme;      // "" = the library's default
  std::string assetsDir;  // "" = ./assets
  std::string fontsDir;   // "" = the library's lookup
};

class EngineLink {
 public:
  EngineLink(const Device & device, const EngineOptions & options);
  ~EngineLink();
  EngineLink(const EngineLink &) = delete;
  EngineLink & operator=(const EngineLink &) = delete;

  // One `sendCommands` call: the commands as one batch.
  void sendCommands(const std::vector<Command> & commands);
  void setImageData(int internal_id, int format, int width, int height, int levels, const unsigned char * data, size_t size);
  void setSurface(int internal_id, int width_px, int height_px, const unsigned char * pixels, size_t stride);

  // Applies one script step (not snapshot); the events it causes come from pollEvents. A failure's
  // message is the library's alone: the caller names the step.
  void apply(const ScriptStep & step);
  void snapshot(const std::string & name, const std::string & png_path);

  // Events the app has not received yet (an empty vector when none).
  std::vector<pr_event> pollEvents(std::shared_ptr<void> & keep_alive);

  // Diagnostics from index `first` on, as "code: message" lines; `first` moves past them.
  std::vector<std::string> newDiagnostics(size_t & first, bool errors_only);

  void writeSession(const std::string & path);

  // The element a locator (JSON) finds among those a touch reaches now (pr_find): true and `id`,
  // or false and `why` (none or several match).
  bool find(const std::string & locator, long long & id, std::string & why);

 private:
  void check(pr_status status, const char * what);
  pr_backend * backend = nullptr;
};

}  // namespace preview

#endif
