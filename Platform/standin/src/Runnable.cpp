// The stand-in's Runnable and FWApplication::run (see their headers).
#include <FWApplication.h>
#include <Logger.h>
#include <PlatformThread.h>

#include <exception>
#include <typeinfo>

namespace {
  class SilentLogger : public Logger {
   public:
    SilentLogger() : Logger("") { }
    void println(const char *) override { }
  };
}

Runnable::~Runnable() { unregisterElement(this); }

std::string Runnable::getName() const { return typeid(*this).name(); }

Logger & Runnable::getLogger() {
  if (!logger) {
    if (auto t = getThreadPtr()) logger = t->createLogger(getName());
    else logger = std::make_shared<SilentLogger>();
  }
  return *logger;
}

void Runnable::start(std::shared_ptr<PlatformThread> thread) {
  try {
    initialize(thread);
    run();
  } catch (std::exception & e) {
    getLogger().println("exception(Runnable): " + std::string(e.what()));
  }
}

bool Runnable::testDestroy() {
  auto t = getThreadPtr();
  return t ? t->testDestroy() : true;
}

void FWApplication::run() {
  if (auto t = getThreadPtr()) {
    t->startEventLoop();
    t->sendCommand(Command(Command::QUIT_APP, getInternalId()));
  }
}
