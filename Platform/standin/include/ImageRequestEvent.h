// Stand-in for the framework's include/ImageRequestEvent.h: an image view asks the app for pixels (size in dp).
#ifndef _IMAGEREQUESTEVENT_H_
#define _IMAGEREQUESTEVENT_H_

#include <Event.h>
#include <string>
#include <InternalFormat.h>

class ImageRequestEvent : public Event {
 public:
  enum RequestMode { REQUEST = 1, CANCEL };
  ImageRequestEvent(RequestMode mode, int source_internal_id, const std::string & url, unsigned int width, unsigned int height, unsigned int levels = 1)
    : mode(mode), image_url(url), source_internal_id(source_internal_id), requested_width(width), requested_height(height), requested_levels(levels) { }
  ImageRequestEvent(RequestMode mode, int source_internal_id) : mode(mode), source_internal_id(source_internal_id) { }
  RequestMode getRequestMode() const { return mode; }
  const std::string & getImageUrl() const { return image_url; }
  void setImageUrl(const std::string & url) { image_url = url; }
  unsigned int getRequestedWidth() const { return requested_width; }
  unsigned int getRequestedHeight() const { return requested_height; }
  unsigned int getRequestedLevels() const { return requested_levels; }
  void setInternalFormat(canvas::InternalFormat f) { format = f; }
  canvas::InternalFormat getInternalFormat() const { return format; }
  int getSourceInternalId() const { return source_internal_id; }
 private:
  RequestMode mode;
  std::string image_url;
  int source_internal_id;
  unsigned int requested_width = 0, requested_height = 0, requested_levels = 1;
  canvas::InternalFormat format = canvas::NO_FORMAT;
 public:
  Event * dup() const override { return new ImageRequestEvent(*this); }
  void dispatch(EventHandler & evh) override { dispatchTo<ImageRequestEvent>(evh, &EventHandler::handleImageRequestEvent); }
  bool isBroadcast() const override { return false; }
};

#endif
