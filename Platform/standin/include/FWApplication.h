// Stand-in for the framework's include/FWApplication.h: the application is the root element
// (normally id 1, CREATE_APPLICATION) and the main thread's runnable; its run() is the event
// loop, after which it sends QUIT_APP. Only the active view is a visible child.
#ifndef _FWAPPLICATION_H_
#define _FWAPPLICATION_H_

#include <Command.h>
#include <Runnable.h>

#include <string>

class FWApplication : public Runnable {
 public:
  explicit FWApplication(const char * name, bool full_screen = false) : name(name), full_screen(full_screen) { }

  std::string getName() const override { return name; }
  virtual void setActiveViewId(int view_id) { activeViewId = view_id; }
  int getActiveViewId() const { return activeViewId; }

 protected:
  void run() override;
  void create() override {
    Command c(Command::CREATE_APPLICATION, getParentInternalId(), getInternalId());
    c.setTextValue(name);
    sendCommand(c);
  }
  bool isChildVisible(const Element & child) const override { return activeViewId == child.getInternalId(); }

 private:
  std::string name;
  bool full_screen;
  int activeViewId = 0;
};

#endif
