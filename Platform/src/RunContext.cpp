#include "RunContext.h"

#include <iostream>

namespace preview {

void RunContext::log(const std::string & name, const std::string & line) {
  std::lock_guard<std::mutex> lock(mutex);
  if (line.find("exception") != std::string::npos) last_exception = line;
  if (verbose) std::cerr << "[" << name << "] " << line << "\n";
}

void RunContext::warn(const std::string & message) {
  std::lock_guard<std::mutex> lock(mutex);
  std::cerr << "preview: warning: " << message << "\n";
}

}  // namespace preview
