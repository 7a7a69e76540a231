// Stand-in for the framework's include/SysInfoEvent.h: an app lifecycle broadcast.
#ifndef _SYSINFOEVENT_H_
#define _SYSINFOEVENT_H_

#include <Event.h>
#include <string>

class SysInfoEvent : public Event {
 public:
  enum Type { START = 1, RESUME, PAUSE, STOP, DESTROY, MEMORY_WARNING, LANGUAGE_CHANGED, DEBUG_MODE };
  explicit SysInfoEvent(Type type) : type(type) { }
  Type getType() { return type; }
 private:
  Type type;
 public:
  Event * dup() const override { return new SysInfoEvent(*this); }
  void dispatch(EventHandler & evh) override { dispatchTo<SysInfoEvent>(evh, &EventHandler::onSysInfoEvent); }
  bool isBroadcast() const override { return true; }
};

#endif
