// Stand-in for the framework's include/VisibilityUpdateEvent.h: broadcast after a view switch or page change.
#ifndef _VISIBILITYUPDATEEVENT_H_
#define _VISIBILITYUPDATEEVENT_H_

#include <Event.h>
#include <string>

class VisibilityUpdateEvent : public Event {
 public:
  VisibilityUpdateEvent() { }
  Event * dup() const override { return new VisibilityUpdateEvent(*this); }
  void dispatch(EventHandler & evh) override { dispatchTo<VisibilityUpdateEvent>(evh, &EventHandler::onVisibilityUpdateEvent); }
  bool isBroadcast() const override { return true; }
};

#endif
