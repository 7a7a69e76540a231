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

// Reports a widget's ValueEvent as a CommandEvent with the widget's user id, value and value2 (the
// framework's Picker and ListView do this).
class ValueWidget : public Element {
 public:
  ValueWidget(int id, Command::Type type) : Element(id), type(type) { }
  void onValueEvent(ValueEvent & ev) override {
    ev.setHandled(true);
    CommandEvent changed(getId(), ev.getValue(), ev.getValue2());
    changed.dispatch(*this);
  }
 protected:
  void create() override { sendCommand(Command(type, getParentInternalId(), getInternalId())); }
 private:
  Command::Type type;
};

// The framework's Picker: options by ADD_OPTION; the platform's option sheet answers with the row.
class Picker : public ValueWidget {
 public:
  explicit Picker(int id) : ValueWidget(id, Command::CREATE_PICKER) { }
  void addOption(int option, const std::string & name) {
    Command c(Command::ADD_OPTION, getInternalId());
    c.setValue(option);
    c.setTextValue(name);
    sendCommand(c);
  }
};

// The framework's ListView: rows of text by SET_TEXT_DATA; a tap on a row sends its index.
class ListView : public ValueWidget {
 public:
  explicit ListView(int id) : ValueWidget(id, Command::CREATE_LISTVIEW) { }
  void setValue(const std::string & text, int row, int column) {
    Command c(Command::SET_TEXT_DATA, getInternalId());
    c.setRow(row);
    c.setColumn(column);
    c.setTextValue(text);
    sendCommand(c);
  }
};

// A slider (CREATE_SLIDER: the framework has no widget class for it; the platform sets its value).
class Slider : public ValueWidget {
 public:
  explicit Slider(int id) : ValueWidget(id, Command::CREATE_SLIDER) { }
};

// The framework's NavigationDrawer: a drawer over the view (CREATE_NAVIGATIONVIEW), shown and hidden by
// SET_VISIBILITY. It reports what it hears (Android's FWDrawerLayout sends ValueEvent 0 on close, 1 on open;
// semantics.md item 35 a VisibilityEvent) through `heard`.
class Drawer : public Element {
 public:
  explicit Drawer(std::function<void(const std::string &)> heard) : heard(std::move(heard)) { }
  bool isVisible() const override { return is_visible; }
  void onValueEvent(ValueEvent & ev) override {
    ev.setHandled(true);
    heard("value " + std::to_string(ev.getValue()));
  }
  void onVisibilityEvent(VisibilityEvent & ev) override {
    ev.setHandled(true);
    heard(std::string("visible ") + (ev.isVisible() ? "1" : "0"));
  }
 protected:
  void create() override { sendCommand(Command(Command::CREATE_NAVIGATIONVIEW, getParentInternalId(), getInternalId())); }
 private:
  std::function<void(const std::string &)> heard;
};

// The framework's ActionBar: a title, and flags for its back (bit 0) and save (bit 1) buttons, whose
// presses reach the app as CommandEvents with FW_ID_BACK (-2) and FW_ID_SAVE (-4).
class ActionBar : public Element {
 public:
  ActionBar(const std::string & title, unsigned int flags) : Element(0, flags), title(title) { }
 protected:
  void create() override {
    Command c(Command::CREATE_ACTIONBAR, getParentInternalId(), getInternalId());
    c.setTextValue(title);
    c.setFlags(getFlags());
    sendCommand(c);
  }
 private:
  std::string title;
};

// Shows `view` as the framework's FWViewBase::show does: SET_VISIBILITY, SET_INT_VALUE(view, 1),
// SET_INT_VALUE(app, child = view, 1); its children are created once it is the active view.
inline void showView(FWApplication & app, Element & view) {
  app.setActiveViewId(view.getInternalId());
  view.show();
  Command shown(Command::SET_INT_VALUE, view.getInternalId());
  shown.setValue(1);
  view.sendCommand(shown);
  Command active(Command::SET_INT_VALUE, app.getInternalId(), view.getInternalId());
  active.setValue(1);
  view.sendCommand(active);
}

#endif
