// Stand-in for the framework's include/ScrollChangedEvent.h: a scroller moved (broadcast two levels down).
#ifndef _SCROLLCHANGEDEVENT_H_
#define _SCROLLCHANGEDEVENT_H_

#include <Event.h>
#include <string>

class ScrollChangedEvent : public Event {
 public:
  ScrollChangedEvent(int scroll_pos, int scroll_rem, int height) : scroll_pos(scroll_pos), scroll_rem(scroll_rem), height(height) { setTTL(2); }
  int getScrollPos() const { return scroll_pos; }
  int getScrollRem() const { return scroll_rem; }
  int getHeight() const { return height; }
 private:
  int scroll_pos, scroll_rem, height;
 public:
  Event * dup() const override { return new ScrollChangedEvent(*this); }
  void dispatch(EventHandler & evh) override { dispatchTo<ScrollChangedEvent>(evh, &EventHandler::onScrollChangedEvent); }
  bool isBroadcast() const override { return true; }
};

#endif
