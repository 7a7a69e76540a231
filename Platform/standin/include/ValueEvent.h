// Stand-in for the framework's include/ValueEvent.h: a click, a switch, a picked row (`value`) or typed text (`text`).
#ifndef _VALUEEVENT_H_
#define _VALUEEVENT_H_

#include <Event.h>
#include <string>

class ValueEvent : public Event {
 public:
  explicit ValueEvent(const std::string & text) : text(text) { }
  ValueEvent(int value, int value2 = 0) : value(value), value2(value2) { }
  const std::string & getTextValue() const { return text; }
  int getValue() const { return value; }
  int getValue2() const { return value2; }
 private:
  std::string text;
  int value = 0, value2 = 0;
 public:
  Event * dup() const override { return new ValueEvent(*this); }
  void dispatch(EventHandler & evh) override { dispatchTo<ValueEvent>(evh, &EventHandler::onValueEvent); }
  bool isBroadcast() const override { return false; }
};

#endif
