// Stand-in for the framework's include/Runnable.h: the body of a thread (the application is the
// main thread's runnable; loaders are workers' runnables). start() initializes it on its thread
// and runs it; an exception ends run() and is logged, as the framework does.
#ifndef _RUNNABLE_H_
#define _RUNNABLE_H_

#include <Element.h>

#include <memory>
#include <string>

class Logger;

class Runnable : public Element {
 public:
  Runnable() { }
  ~Runnable();

  void start(std::shared_ptr<PlatformThread> thread);
  virtual std::string getName() const;
  Logger & getLogger();
  bool isVisible() const override { return true; }

 protected:
  virtual void run() = 0;
  bool testDestroy();

 private:
  std::shared_ptr<Logger> logger;
};

#endif
