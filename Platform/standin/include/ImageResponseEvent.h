// Stand-in for the framework's include/ImageResponseEvent.h: a loader hands decoded pixels back to the image view.
#ifndef _IMAGERESPONSEEVENT_H_
#define _IMAGERESPONSEEVENT_H_

#include <Event.h>
#include <string>
#include <memory>
#include <PackedImageData.h>

class ImageResponseEvent : public Event {
 public:
  ImageResponseEvent(bool success, const std::string & url, const std::shared_ptr<canvas::PackedImageData> & image) : success(success), image_url(url), image(image) { }
  bool isSuccess() const { return success; }
  const std::string & getImageUrl() const { return image_url; }
  std::shared_ptr<canvas::PackedImageData> & getImage() { return image; }
 private:
  bool success;
  std::string image_url;
  std::shared_ptr<canvas::PackedImageData> image;
 public:
  Event * dup() const override { return new ImageResponseEvent(*this); }
  void dispatch(EventHandler & evh) override { dispatchTo<ImageResponseEvent>(evh, &EventHandler::handleImageResponseEvent); }
  bool isBroadcast() const override { return true; }
};

#endif
