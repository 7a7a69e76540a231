// Stand-in for the framework's include/SysEvent.h: thread control and the system back action.
#ifndef _SYSEVENT_H_
#define _SYSEVENT_H_

#include <Event.h>
#include <string>

class Runnable;
class SysEvent : public Event {
 public:
  enum Type { TERMINATE_THREAD = 1, THREAD_TERMINATED, BACK, SHOW_DEBUG };
  explicit SysEvent(Type type) : type(type) { }
  Type getType() { return type; }
  void setThreadId(int id) { thread_id = id; }
  int getThreadId() const { return thread_id; }
  void setRunnable(Runnable * r) { runnable = r; }
 private:
  Type type;
  int thread_id = 0;
  Runnable * runnable = nullptr;
 public:
  Event * dup() const override { return new SysEvent(*this); }
  void dispatch(EventHandler & evh) override { dispatchTo<SysEvent>(evh, &EventHandler::onSysEvent); }
  bool isBroadcast() const override { return false; }
};

#endif
