// Stand-in for the framework's include/Mutex.h: a non-copyable lock and its scope guard.
#ifndef _MUTEX_H_
#define _MUTEX_H_

#include <mutex>

class Mutex {
 public:
  Mutex() = default;
  Mutex(const Mutex &) = delete;
  Mutex & operator=(const Mutex &) = delete;
  void lock() { m.lock(); }
  void unlock() { m.unlock(); }
 private:
  std::mutex m;
};

class MutexLocker {
 public:
  explicit MutexLocker(Mutex & mutex) : mutex(&mutex) { mutex.lock(); }
  ~MutexLocker() { release(); }
  void release() { if (mutex) { mutex->unlock(); mutex = nullptr; } }
 private:
  Mutex * mutex;
};

#endif
