// The few widgets the platform test app needs, written on the stand-in's Element the way the
// framework's widgets are: each sends its CREATE_* in create() and reports clicks as a
// CommandEvent with its user id that bubbles to the app.
#ifndef TESTWIDGETS_H
#define TESTWIDGETS_H

#include <CommandEvent.h>
#include <Element.h>
#include <FWApplication.h>
#include <ImageResponseEvent.h>
#include <PlatformThread.h>
#include <ScrollChangedEvent.h>
#include <ValueEvent.h>

#include <functional>
#include <string>

// A full-screen view; the first one created is the active (visible) one.
class View : public Element {
 public:
  bool isVisible() const override { return app && app->getActiveViewId() == getInternalId(); }
 protected:
  void prepare() override {
    app = &getApplication();
    if (!app->getActiveViewId()) app->setActiveViewId(getInternalId());
  }
  void create() override { sendCommand(Command(Command::CREATE_FRAMEVIEW, getParentInternalId(), getInternalId())); }
 private:
  FWApplication * app = nullptr;
};

class Layout : public Element {
 public:
  explicit Layout(int direction) : direction(direction) { }
 protected:
  void create() override {
    Command c(Command::CREATE_LINEAR_LAYOUT, getParentInternalId(), getInternalId());
    c.setValue(direction);
    sendCommand(c);
  }
 private:
  int direction;
};

class Label : public Element {
 public:
  explicit Label(const std::string & text) : text(text) { }
  void setText(const std::string & t) { text = t; sendCommand(Command(Command::SET_TEXT_VALUE, getInternalId(), t)); }
 protected:
  void create() override {
    Command c(Command::CREATE_TEXT, getParentInternalId(), getInternalId());
    c.setTextValue(text);
    sendCommand(c);
  }
 private:
  std::string text;
};

class Button : public Element {
 public:
  Button(const std::string & label, int id) : Element(id), label(label) { }
  void onValueEvent(ValueEvent & ev) override {
    ev.setHandled(true);
    CommandEvent click(getId());
    click.dispatch(*this);  // handled here or by a parent, up to the app
  }
 protected:
  void create() override {
    Command c(Command::CREATE_BUTTON, getParentInternalId(), getInternalId());
    c.setTextValue(label);
    sendCommand(c);
  }
 private:
  std::string label;
};

class Dialog : public Element {
 public:
  explicit Dialog(const std::string & title) : title(title) { }
 protected:
  void create() override {
    Command c(Command::CREATE_DIALOG, getParentInternalId(), getInternalId());
    c.setTextValue(title);
    sendCommand(c);
  }
 private:
  std::string title;
};

// An action sheet written as the framework's FWActionSheet is: a Dialog whose options are
// ADD_OPTION commands and whose ValueEvent (the option id, 0 for Cancel) ends the modal loop.
class ActionSheet : public Element {
 public:
  explicit ActionSheet(const std::string & title) : title(title) { }
  void addOption(int id, const std::string & name) {
    Command c(Command::ADD_OPTION, getInternalId());
    c.setValue(id);
    c.setTextValue(name);
    sendCommand(c);
  }
  void onValueEvent(ValueEvent & ev) override {
    ev.setHandled(true);
    endModal(ev.getValue());
  }
 protected:
  void create() override {
    Command c(Command::CREATE_ACTION_SHEET, getParentInternalId(), getInternalId());
    c.setTextValue(title);
    sendCommand(c);
  }
 private:
  std::string title;
};

// A text field that reports what is typed into it (ValueEvent with the text).
class TextField : public Element {
 public:
  explicit TextField(std::function<void(const std::string &)> typed) : typed(std::move(typed)) { }
  void onValueEvent(ValueEvent & ev) override {
    ev.setHandled(true);
    typed(ev.getTextValue());
  }
 protected:
  void create() override { sendCommand(Command(Command::CREATE_TEXTFIELD, getParentInternalId(), getInternalId())); }
 private:
  std::function<void(const std::string &)> typed;
};

// A vertical scroller that reports where it was scrolled to (ScrollChangedEvent).
class Scroller : public Element {
 public:
  explicit Scroller(std::function<void(int, int, int)> scrolled) : scrolled(std::move(scrolled)) { }
  void onScrollChangedEvent(ScrollChangedEvent & ev) override {
    ev.setHandled(true);
    scrolled(ev.getScrollPos(), ev.getScrollRem(), ev.getHeight());
  }
 protected:
  void create() override { sendCommand(Command(Command::CREATE_SCROLL_LAYOUT, getParentInternalId(), getInternalId())); }
 private:
  std::function<void(int, int, int)> scrolled;
};

// An image view: pixels arrive from a loader (ImageResponseEvent) or a canvas (setSurface).
class Image : public Element {
 public:
  void handleImageResponseEvent(ImageResponseEvent & ev) override {
    if (ev.isSuccess() && ev.getImage()) {
      if (auto t = getThreadPtr()) t->setImageData(getInternalId(), ev.getImage());
    }
    ev.setHandled(true);
  }
 protected:
  void create() override { sendCommand(Command(Command::CREATE_IMAGEVIEW, getParentInternalId(), getInternalId())); }
};

// An image view showing a file of the app's assets (CREATE_IMAGEVIEW with the file name).
class AssetImage : public Element {
 public:
  explicit AssetImage(const std::string & file) : file(file) { }
 protected:
  void create() override {
    Command c(Command::CREATE_IMAGEVIEW, getParentInternalId(), getInternalId());
    c.setTextValue(file);
    sendCommand(c);
  }
 private:
  std::string file;
};

#endif
