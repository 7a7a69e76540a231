#include "EventTranslation.h"

#include <CommandEvent.h>
#include <ImageRequestEvent.h>
#include <InternalFormat.h>
#include <ScrollChangedEvent.h>
#include <SysEvent.h>
#include <SysInfoEvent.h>
#include <TimerEvent.h>
#include <ValueEvent.h>
#include <VisibilityEvent.h>
#include <VisibilityUpdateEvent.h>

#include <cmath>
#include <cstring>

namespace preview {

std::unique_ptr<Event> frameworkEvent(const pr_event & e, std::string & why) {
  switch (e.kind) {
  case PR_EVENT_VALUE:
    if (e.fields & PR_FIELD_TEXT) return std::unique_ptr<Event>(new ValueEvent(std::string(e.text, e.text_len)));
    return std::unique_ptr<Event>(new ValueEvent(int(e.value), int(e.value2)));
  case PR_EVENT_TIMER:
    return std::unique_ptr<Event>(new TimerEvent(int(e.timer_id)));
  case PR_EVENT_IMAGE_REQUEST: {
    auto mode = e.mode == 2 ? ImageRequestEvent::CANCEL : ImageRequestEvent::REQUEST;
    std::unique_ptr<ImageRequestEvent> ev(new ImageRequestEvent(mode, int(e.internal_id),
        std::string(e.image_url ? e.image_url : "", e.image_url_len),
        (unsigned int)std::lround(e.requested_width), (unsigned int)std::lround(e.requested_height),
        (unsigned int)(e.requested_levels > 0 ? e.requested_levels : 1)));
    if (e.format != 0) ev->setInternalFormat(canvas::InternalFormat(e.format));
    return std::unique_ptr<Event>(ev.release());
  }
  case PR_EVENT_SCROLL_CHANGED:
    return std::unique_ptr<Event>(new ScrollChangedEvent(int(std::lround(e.scroll_pos)), int(std::lround(e.scroll_rem)), int(std::lround(e.scroll_height))));
  case PR_EVENT_VISIBILITY:
    return std::unique_ptr<Event>(new VisibilityEvent(e.visible != 0));
  case PR_EVENT_COMMAND:
    return std::unique_ptr<Event>(new CommandEvent(int(e.element_id), int(e.value), int(e.value2)));
  case PR_EVENT_SYS_INFO:
    if (e.sys_type >= PR_SYS_START && e.sys_type <= PR_SYS_DEBUG_MODE)
      return std::unique_ptr<Event>(new SysInfoEvent(SysInfoEvent::Type(e.sys_type)));
    why = "SysInfoEvent of unknown type " + std::to_string(e.sys_type);
    return nullptr;
  case PR_EVENT_SYS:
    if (e.sys_type == PR_SYS_BACK) return std::unique_ptr<Event>(new SysEvent(SysEvent::BACK));
    if (e.sys_type == PR_SYS_SHOW_DEBUG) return std::unique_ptr<Event>(new SysEvent(SysEvent::SHOW_DEBUG));
    why = "SysEvent of unknown type " + std::to_string(e.sys_type);
    return nullptr;
  default:
    if (e.type && std::strcmp(e.type, "VisibilityUpdateEvent") == 0) return std::unique_ptr<Event>(new VisibilityUpdateEvent());
    why = std::string("no framework class for ") + (e.type ? e.type : "an unknown event");
    return nullptr;
  }
}

}  // namespace preview
