// The framework's Logger for previews: lines go to the run's log (stderr with --verbose).
#ifndef PREVIEW_PREVIEWLOGGER_H
#define PREVIEW_PREVIEWLOGGER_H

#include "RunContext.h"

#include <Logger.h>

#include <memory>

namespace preview {

class PreviewLogger : public Logger {
 public:
  PreviewLogger(const std::string & name, std::shared_ptr<RunContext> context) : Logger(name), context(std::move(context)) { }
  void println(const char * s) override { context->log(getName(), s ? s : ""); }
 private:
  std::shared_ptr<RunContext> context;
};

}  // namespace preview

#endif
