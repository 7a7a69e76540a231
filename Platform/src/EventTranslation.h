// The engine's events as the framework's event objects, as the iOS backend builds them
// (iOSMainThread send*): ValueEvent(value) for clicks, ValueEvent(text) for typed text,
// TimerEvent, SysInfoEvent, SysEvent BACK and SHOW_DEBUG, ImageRequestEvent (size in dp, the asked format),
// ScrollChangedEvent, VisibilityEvent, VisibilityUpdateEvent, CommandEvent.
#ifndef PREVIEW_EVENTTRANSLATION_H
#define PREVIEW_EVENTTRANSLATION_H

#include <Event.h>
#include <preview_renderer.h>

#include <memory>
#include <string>

namespace preview {

// The framework event for `e`, or nullptr for a kind the framework has no class for
// (`why` then says which).
std::unique_ptr<Event> frameworkEvent(const pr_event & e, std::string & why);

}  // namespace preview

#endif
