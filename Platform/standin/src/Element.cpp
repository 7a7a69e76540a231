// The stand-in's element tree (see include/Element.h for what it models).
#include <Element.h>
#include <Event.h>
#include <FWApplication.h>
#include <PlatformThread.h>

#include <stdexcept>

std::atomic<int> EventHandler::nextInternalId(1);
std::unordered_map<int, Element *> Element::registered_elements;
Mutex Element::mutex;

Element::~Element() {
  if (unregisterElement(this)) {
    if (auto t = thread.lock()) t->sendCommand(Command(Command::DELETE_ELEMENT, getInternalId()));
  }
}

void Element::registerElement(Element * e) {
  MutexLocker lock(mutex);
  registered_elements[e->getInternalId()] = e;
}

bool Element::unregisterElement(Element * e) {
  MutexLocker lock(mutex);
  return registered_elements.erase(e->getInternalId()) != 0;
}

Element * Element::getRegisteredElement(int internal_id) {
  MutexLocker lock(mutex);
  auto it = registered_elements.find(internal_id);
  return it == registered_elements.end() ? nullptr : it->second;
}

bool Element::postEventToElement(int internal_id, Event & ev) {
  Element * e = getRegisteredElement(internal_id);
  if (!e) return false;
  ev.dispatch(*e);
  return true;
}

void Element::initialize(std::shared_ptr<PlatformThread> t) {
  if (!t) return;
  thread = t;
  registerElement(this);
  prepare();
  initializeContent();
  for (auto & c : children) c->initialize(t);
  load();
}

// Sends CREATE_* (create()) and then the commands queued before it, once the parent exists and
// the element or its parent is visible.
bool Element::initializeContent() {
  if (is_content_initialized || (parent && !parent->is_content_initialized)) return false;
  if (!isVisible() && !(parent && parent->isVisible())) return false;
  auto t = thread.lock();
  if (!t) return false;
  is_content_initialized = true;
  create();
  if (!pendingCommands.empty()) {
    if (t->isInTransaction()) {
      for (auto & c : pendingCommands) t->sendCommand(c);
    } else {
      t->sendCommands(pendingCommands);
    }
    pendingCommands.clear();
  }
  return true;
}

void Element::initializeChildContent() {
  if (!isVisible() || !is_content_initialized) return;
  for (auto & c : children) {
    c->initializeContent();
    c->initializeChildContent();
  }
}

void Element::show() {
  is_visible = true;
  initializeContent();
  initializeChildContent();
  Command c(Command::SET_VISIBILITY, getInternalId());
  c.setValue(1);
  sendCommand(c);
}

void Element::hide() {
  is_visible = false;
  Command c(Command::SET_VISIBILITY, getInternalId());
  c.setValue(0);
  sendCommand(c);
}

Element & Element::style(Selector s, const std::string & key, const std::string & value) {
  Command c(Command::SET_STYLE, getInternalId());
  c.setValue(int(s));
  c.setTextValue(key);
  c.setTextValue2(value);
  sendCommand(c);
  return *this;
}

void Element::begin() { if (auto t = thread.lock()) t->beginBatch(); }
void Element::commit() { if (auto t = thread.lock()) t->commitBatch(); }

void Element::sendCommand(const Command & command) {
  if (is_content_initialized) {
    if (auto t = thread.lock()) { t->sendCommand(command); return; }
  }
  pendingCommands.push_back(command);
}

void Element::onEvent(Event & ev) {
  if (ev.isHandled() || !ev.getTTL()) return;
  ev.decTTL();
  if (ev.isBroadcast()) {
    for (auto & c : children) ev.dispatch(*c);
  } else if (parent) {
    ev.dispatch(*parent);
  }
  ev.incTTL();
}

Element & Element::addChild(const std::shared_ptr<Element> & element) {
  element->parent = this;
  children.push_back(element);
  if (auto t = thread.lock()) element->initialize(t);
  return *element;
}

FWApplication & Element::getApplication() {
  if (auto t = thread.lock()) return t->getApplication();
  throw std::runtime_error("element not initialized");
}

int Element::createTimer(int timeout_ms) {
  int timer_id = getNextInternalId();
  Command c(Command::CREATE_TIMER, getInternalId(), timer_id);
  c.setValue(timeout_ms);
  sendCommand(c);
  return timer_id;
}

int Element::showModal(const std::shared_ptr<Element> & dialog) {
  addChild(dialog);
  if (auto t = thread.lock()) return t->startModal();
  return 0;
}

void Element::endModal(int value) {
  if (auto t = thread.lock()) t->endModal(value);
}
