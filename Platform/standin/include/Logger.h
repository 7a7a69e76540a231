// Stand-in for the framework's include/Logger.h: a named line logger a platform creates.
#ifndef _LOGGER_H_
#define _LOGGER_H_

#include <string>

class Logger {
 public:
  explicit Logger(const std::string & name) : name(name) { }
  virtual ~Logger() { }
  virtual void println(const char * s) = 0;
  void println(const std::string & s) { println(s.c_str()); }
  const std::string & getName() const { return name; }
 private:
  std::string name;
};

#endif
