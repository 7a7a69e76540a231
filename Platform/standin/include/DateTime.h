// Stand-in for the framework's include/DateTime.h: only the clock PlatformThread reads.
#ifndef _DATETIME_H_
#define _DATETIME_H_

#include <chrono>

class DateTime {
 public:
  // Milliseconds since the Unix epoch (the framework's DateTime::now() unit).
  static long long now() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
  }
};

#endif
