// Stand-in for the framework's include/EventHandler.h: every element, runnable and platform
// thread is an EventHandler with an internal id from one process-wide counter (starting at 1),
// and one virtual handler per event class. Only the handlers of the events a platform sends.
#ifndef _EVENTHANDLER_H_
#define _EVENTHANDLER_H_

#include <atomic>
#include <string>

class Event;
class CommandEvent;
class SysEvent;
class SysInfoEvent;
class TimerEvent;
class ValueEvent;
class VisibilityEvent;
class VisibilityUpdateEvent;
class ScrollChangedEvent;
class ImageRequestEvent;
class ImageResponseEvent;

class EventHandler {
 public:
  EventHandler() : internal_id(getNextInternalId()) { }
  virtual ~EventHandler() { }

  virtual void onEvent(Event &) { }
  virtual void onCommandEvent(CommandEvent &) { }
  virtual void onSysEvent(SysEvent &) { }
  virtual void onSysInfoEvent(SysInfoEvent &) { }
  virtual void onTimerEvent(TimerEvent &) { }
  virtual void onValueEvent(ValueEvent &) { }
  virtual void onVisibilityEvent(VisibilityEvent &) { }
  virtual void onVisibilityUpdateEvent(VisibilityUpdateEvent &) { }
  virtual void onScrollChangedEvent(ScrollChangedEvent &) { }
  virtual void handleImageRequestEvent(ImageRequestEvent &) { }
  virtual void handleImageResponseEvent(ImageResponseEvent &) { }

  // Widgets report user actions through these (Button turns a ValueEvent into a CommandEvent).
  virtual bool call() { return call(true); }
  virtual bool call(bool t) { return call(t ? 1 : 0); }
  virtual bool call(int) { return true; }
  virtual bool call(const std::string &) { return true; }
  virtual void setError(bool) { }

  int getInternalId() const { return internal_id; }

 protected:
  static int getNextInternalId() { return nextInternalId.fetch_add(1); }

 private:
  int internal_id;
  static std::atomic<int> nextInternalId;
};

#endif
