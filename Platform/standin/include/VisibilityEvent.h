// Stand-in for the framework's include/VisibilityEvent.h: a view or drawer shown or hidden.
#ifndef _VISIBILITYEVENT_H_
#define _VISIBILITYEVENT_H_

#include <Event.h>
#include <string>

class VisibilityEvent : public Event {
 public:
  explicit VisibilityEvent(bool visible) : visible(visible) { }
  bool isVisible() const { return visible; }
 private:
  bool visible;
 public:
  Event * dup() const override { return new VisibilityEvent(*this); }
  void dispatch(EventHandler & evh) override { dispatchTo<VisibilityEvent>(evh, &EventHandler::onVisibilityEvent); }
  bool isBroadcast() const override { return false; }
};

#endif
