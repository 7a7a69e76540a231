// Stand-in for the framework's include/Element.h: a node of the app's widget tree. What a
// platform relies on (framework-protocol.md section 0):
//  - one global registry id -> element (postEventToElement delivers to the target element);
//  - commands an element sends before its CREATE_* went out are queued and sent right after it;
//  - an event not handled by its target bubbles to the parent, a broadcast fans out to children;
//  - showModal adds the dialog and runs the platform's nested loop (startModal).
#ifndef _ELEMENT_H_
#define _ELEMENT_H_

#include <Command.h>
#include <EventHandler.h>
#include <Mutex.h>
#include <Selector.h>
#include <VisibilityEvent.h>

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

class FWApplication;
class PlatformThread;

class Element : public EventHandler {
 public:
  explicit Element(int id = 0, unsigned int flags = 0) : id(id), flags(flags) { }
  Element(const Element &) = delete;
  Element & operator=(const Element &) = delete;
  ~Element();

  virtual void show();
  virtual void hide();
  virtual bool isVisible() const { return parent ? parent->isChildVisible(*this) : is_visible; }

  Element & style(Selector s, const std::string & key, const std::string & value);
  Element & style(const std::string & key, const std::string & value) { return style(Selector::NORMAL, key, value); }
  Element & style(const std::string & key, int value) { return style(Selector::NORMAL, key, std::to_string(value)); }

  void begin();
  void commit();
  void sendCommand(const Command & command);

  void onEvent(Event & ev) override;

  Element & addChild(const std::shared_ptr<Element> & element);
  std::vector<std::shared_ptr<Element> > & getChildren() { return children; }
  Element * getParent() { return parent; }
  int getParentInternalId() const { return parent ? parent->getInternalId() : 0; }

  int getId() const { return id; }
  unsigned int getFlags() const { return flags; }

  FWApplication & getApplication();
  std::shared_ptr<PlatformThread> getThreadPtr() { return thread.lock(); }
  bool isInitialized() const { return !thread.expired(); }

  int createTimer(int timeout_ms);
  int showModal(const std::shared_ptr<Element> & dialog);
  void endModal(int value = 0);

  virtual void initialize(std::shared_ptr<PlatformThread> thread);

  static bool postEventToElement(int internal_id, Event & ev);
  static Element * getRegisteredElement(int internal_id);

 protected:
  bool initializeContent();
  void initializeChildContent();
  virtual void prepare() { }
  virtual void create() { }
  virtual void load() { }
  virtual bool isChildVisible(const Element & child) const { return child.is_visible && isVisible(); }

  static void registerElement(Element * e);
  static bool unregisterElement(Element * e);

  bool is_visible = true;

 private:
  std::weak_ptr<PlatformThread> thread;
  Element * parent = nullptr;
  int id;
  unsigned int flags;
  std::vector<std::shared_ptr<Element> > children;
  std::vector<Command> pendingCommands;
  bool is_content_initialized = false;

  static std::unordered_map<int, Element *> registered_elements;
  static Mutex mutex;
};

#endif
