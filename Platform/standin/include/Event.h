// Stand-in for the framework's include/Event.h: an event is dispatched to one handler; the
// element's onEvent then passes it on (to the parent, or to every child when it is a broadcast)
// until a handler marks it handled. The TTL bounds how far a broadcast goes.
#ifndef _EVENT_H_
#define _EVENT_H_

#include <EventHandler.h>

#define FW_EVENT_IS_HANDLED 1
#define FW_EVENT_IS_STOPPED 2
#define FW_EVENT_REDRAW 4

class Event {
 public:
  Event() { }
  virtual ~Event() { }

  virtual Event * dup() const = 0;
  virtual void dispatch(EventHandler & evh) {
    if (!isHandled()) {
      evh.onEvent(*this);
      if (isHandled() && !handler) handler = &evh;
    }
  }
  virtual bool isBroadcast() const { return false; }

  bool isHandled() const { return flags & FW_EVENT_IS_HANDLED; }
  void setHandled(bool t = true) { setFlag(FW_EVENT_IS_HANDLED, t); }
  bool isRedrawNeeded() const { return flags & FW_EVENT_REDRAW; }
  void requestRedraw() { setFlag(FW_EVENT_REDRAW, true); }
  EventHandler * getHandler() { return handler; }

  unsigned short getTTL() const { return ttl; }
  void incTTL() { ttl++; }
  void decTTL() { ttl--; }

 protected:
  void setTTL(unsigned short t) { ttl = t; }
  void setFlag(unsigned short flag, bool value) { if (value) flags |= flag; else flags &= ~flag; }
  // Calls `handle` on the handler unless the event is handled, then the generic dispatch.
  template <class E, class F> void dispatchTo(EventHandler & evh, F handle) {
    if (!isHandled()) {
      (evh.*handle)(static_cast<E &>(*this));
      if (isHandled() && !handler) handler = &evh;
    }
    Event::dispatch(evh);
  }

  EventHandler * handler = nullptr;

 private:
  unsigned short flags = 0;
  unsigned short ttl = 0xffff;
};

#endif
