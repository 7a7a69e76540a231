// Stand-in for the framework's include/TimerEvent.h: a CREATE_TIMER firing, broadcast down the tree.
#ifndef _TIMEREVENT_H_
#define _TIMEREVENT_H_

#include <Event.h>
#include <string>

class TimerEvent : public Event {
 public:
  explicit TimerEvent(int id) : id(id) { }
 private:
  int id;
 public:
  Event * dup() const override { return new TimerEvent(*this); }
  void dispatch(EventHandler & evh) override { dispatchTo<TimerEvent>(evh, &EventHandler::onTimerEvent); }
  bool isBroadcast() const override { return true; }
};

#endif
