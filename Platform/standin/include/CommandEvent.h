// Stand-in for the framework's include/CommandEvent.h: a widget action with the user id of its element (`getId()`), or a bar button (FW_ID_*).
#ifndef _COMMANDEVENT_H_
#define _COMMANDEVENT_H_

#include <Event.h>
#include <string>

class CommandEvent : public Event {
 public:
  CommandEvent(int element_id = 0, int value = 0, int value2 = 0) : element_id(element_id), value(value), value2(value2) { }
  int getElementId() const { return element_id; }
  int getValue() const { return value; }
  int getValue2() const { return value2; }
 private:
  int element_id, value, value2;
 public:
  Event * dup() const override { return new CommandEvent(*this); }
  void dispatch(EventHandler & evh) override { dispatchTo<CommandEvent>(evh, &EventHandler::onCommandEvent); }
  bool isBroadcast() const override { return false; }
};

#endif
