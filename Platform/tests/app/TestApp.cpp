// The platform test app: boots, creates a button and a timer, reacts to taps, shows a dialog
// modally, asks for an image (fetched by a worker thread through the offline HTTP client) and
// draws on a canvas surface. Platform/tests/run-tests.sh checks what it does.
#include "SoakModes.h"
#include "TestWidgets.h"

#include <ContextCairo.h>
#include <HTTPClient.h>
#include <ImageData.h>
#include <ImageRequestEvent.h>
#include <Logger.h>
#include <PackedImageData.h>
#include <SysEvent.h>
#include <SysInfoEvent.h>
#include <TimerEvent.h>

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <thread>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace {

enum { ID_OPEN = 101, ID_OK = 102, ID_THROW = 103, ID_SLOW = 104, ID_HANG = 105, ID_SHARE = 106, ID_MORE = 107,
       ID_PICKER = 108, ID_LIST = 109, ID_SLIDER = 110, ID_NEXT_PAGE = 111 };
enum { FW_ID_BACK = -2, FW_ID_SAVE = -4 };  // the framework's include/FWDefs.h

const char * PHOTO_URL = "https://images.test/photo.ppm";
const char * RED_URL = "https://images.test/red.ppm";

// An ASCII PPM (P3) as RGBA8 pixels; nullptr when it is not one.
std::shared_ptr<canvas::PackedImageData> decodePPM(const std::string & text) {
  std::istringstream in(text);
  std::string magic;
  int w = 0, h = 0, max = 0;
  if (!(in >> magic >> w >> h >> max) || magic != "P3" || w <= 0 || h <= 0 || w > 4096 || h > 4096 || max <= 0) return nullptr;
  auto image = std::make_shared<canvas::PackedImageData>(canvas::RGBA8, w, h, 1);
  unsigned char * p = image->getData();
  for (int i = 0; i < w * h; i++) {
    int r, g, b;
    if (!(in >> r >> g >> b)) return nullptr;
    p[4 * i] = (unsigned char)(r * 255 / max);
    p[4 * i + 1] = (unsigned char)(g * 255 / max);
    p[4 * i + 2] = (unsigned char)(b * 255 / max);
    p[4 * i + 3] = 255;
  }
  return image;
}

// Fetches the photo on a worker thread and hands it to the image view; also tells the user,
// with a command sent from the worker thread itself.
class PhotoLoader : public Runnable {
 public:
  PhotoLoader(int image_id, int caption_id) : image_id(image_id), caption_id(caption_id) { }
 protected:
  void run() override {
    auto t = getThreadPtr();
    auto http = t->createHTTPClientFactory()->createClient("previewtest");
    auto response = http->Get(PHOTO_URL);
    auto image = response.isSuccess() ? decodePPM(response.getContent()) : nullptr;
    std::string caption = image ? "photo " + std::to_string(image->getWidth()) + "x" + std::to_string(image->getHeight())
                                : "photo failed: " + response.getErrorText();
    t->sendCommand(Command(Command::SET_TEXT_VALUE, caption_id, caption));
    if (image) t->postEvent(image_id, ImageResponseEvent(true, PHOTO_URL, image));
  }
 private:
  int image_id, caption_id;
};

// Fetches the red photo on a worker thread and packs it, through the canvas packer (the
// stand-in's packs as a Linux canvas build does), once per 16-bit format and once in the format
// the image request asked for: each image view must show red in every look.
class RedLoader : public Runnable {
 public:
  RedLoader(std::vector<std::pair<int, canvas::InternalFormat> > targets) : targets(std::move(targets)) { }
 protected:
  void run() override {
    auto t = getThreadPtr();
    auto response = t->createHTTPClientFactory()->createClient("previewtest")->Get(RED_URL);
    auto rgba = response.isSuccess() ? decodePPM(response.getContent()) : nullptr;
    if (!rgba) return;
    canvas::ImageData decoded(rgba->getData(), rgba->getWidth(), rgba->getHeight(), 4);
    for (auto & target : targets) {
      auto packed = std::make_shared<canvas::PackedImageData>(target.second, 1, decoded);
      t->postEvent(target.first, ImageResponseEvent(true, RED_URL, packed));
    }
  }
 private:
  std::vector<std::pair<int, canvas::InternalFormat> > targets;
};

// Keeps a worker thread busy for three seconds (the busy-app test).
class SlowWorker : public Runnable {
 protected:
  void run() override { getThreadPtr()->sleep(3.0); }
};

class OkDialog : public Dialog {
 public:
  OkDialog() : Dialog("Hello") {
    addChild(std::make_shared<Label>("Inside the dialog"));
    addChild(std::make_shared<Button>("OK", ID_OK));
  }
  void onCommandEvent(CommandEvent & ev) override {
    if (ev.getElementId() == ID_OK) {
      ev.setHandled(true);
      endModal(7);
    }
  }
};

class TestApp : public FWApplication {
 public:
  TestApp() : FWApplication("com.example.previewtest") {
    createTimer(1000);
    view = std::make_shared<View>();
    addChild(view);
    auto layout = std::make_shared<Layout>(1);
    view->addChild(layout);
    status = std::make_shared<Label>("booting");
    layout->addChild(status);
    ticks = std::make_shared<Label>("ticks: 0");
    layout->addChild(ticks);
    layout->addChild(std::make_shared<Button>("Open dialog", ID_OPEN));
    layout->addChild(std::make_shared<Button>("Throw", ID_THROW));
    layout->addChild(std::make_shared<Button>("Slow", ID_SLOW));
    caption = std::make_shared<Label>("photo pending");
    layout->addChild(caption);
    photo = std::make_shared<Image>();
    photo->style("width", 64).style("height", 64);
    layout->addChild(photo);
    canvasView = std::make_shared<Image>();
    canvasView->style("width", 80).style("height", 40);
    layout->addChild(canvasView);
    layout->addChild(std::make_shared<Button>("Hang", ID_HANG));
    dialog = std::make_shared<OkDialog>();  // shown modally later
    // Constructed after the dialog, so the ids above stay put: field 17, scroller 18.
    // Typing "exit" or "abort" ends the process from the handler (render serve --app's fault tests): a
    // text, not a button, so the screens, ids and the explore walk stay as they are.
    // "soak:..." texts make the app misbehave for render serve's soak (SoakModes.cpp).
    auto field = std::make_shared<TextField>([this](const std::string & t) {
      std::string shown;
      if (soakMode(t, shown)) {
        events->setText(shown);
        return;
      }
      if (t == "drawer") {  // a navigation drawer, opened (check-platform.py: what closing it sends)
        openDrawer();
        return;
      }
      if (t == "catalog") {  // a whole new screen of about 250 commands per "Next page" (render serve's bench)
        showCatalogPage();
        return;
      }
      if (t == "exit") {
        std::cerr << "previewtest: exit(3) from the text field's handler" << std::endl;
        std::exit(3);
      }
      if (t == "abort") {
        std::cerr << "previewtest: abort() from the text field's handler" << std::endl;
        std::abort();
      }
      events->setText("typed " + t);
    });
    field->style("width", "match-parent");
    layout->addChild(field);
    auto scroller = std::make_shared<Scroller>([this](int pos, int rem, int height) {
      events->setText("scrolled " + std::to_string(pos) + " rem " + std::to_string(rem) + " of " + std::to_string(height));
    });
    scroller->style("height", 60).style("width", "match-parent");
    layout->addChild(scroller);
    auto rows = std::make_shared<Layout>(1);
    scroller->addChild(rows);
    for (int i = 0; i < 10; i++) rows->addChild(std::make_shared<Label>("row " + std::to_string(i)));
    events = std::make_shared<Label>("no events");
    layout->addChild(events);
    // Constructed last, so every id above stays put. A row of red photos, one per 16-bit format
    // (RGB565, RGBA4, RGB555, RGBA5551) and one in the format the request asks for.
    auto reds = std::make_shared<Layout>(2);
    layout->addChild(reds);
    for (int i = 0; i < 5; i++) {
      auto red = std::make_shared<Image>();
      red->style("width", 24).style("height", 24);
      reds->addChild(red);
      redPhotos.push_back(red);
    }
    // An image from the app's assets (the written session carries its assets).
    auto dot = std::make_shared<AssetImage>("dot.png");
    dot->style("width", 16).style("height", 16);
    layout->addChild(dot);
    // Last, so that every id above stays put: the Share button opens an action sheet modally.
    layout->addChild(std::make_shared<Button>("Share", ID_SHARE));
    // Last again: More shows a second view (made on the first tap) with an action bar, a picker,
    // a list and a slider: the widgets whose input the platform answers (NativeInput.h).
    // PREVIEWTEST_MORE: the button's text as an edit of the app's code would change it (render serve --rebuild's tests).
    layout->addChild(std::make_shared<Button>(envOr("PREVIEWTEST_MORE", "More"), ID_MORE));
  }

  void onSysEvent(SysEvent & ev) override {
    if (ev.getType() == SysEvent::BACK && more && getActiveViewId() == more->getInternalId()) {
      ev.setHandled(true);
      showView(*this, *view);  // back from the second view, as the framework's app does
    } else if (ev.getType() == SysEvent::BACK) {
      ev.setHandled(true);
      events->setText("back");
    }
    if (ev.getType() == SysEvent::SHOW_DEBUG) {  // the framework's FWApplication opens its debug dialog
      ev.setHandled(true);
      events->setText("SysEvent SHOW_DEBUG");
    }
  }

  void onSysInfoEvent(SysInfoEvent & ev) override {
    static const char * const names[] = {"", "START", "RESUME", "PAUSE", "STOP", "DESTROY", "MEMORY_WARNING", "LANGUAGE_CHANGED", "DEBUG_MODE"};
    if (ev.getType() == SysInfoEvent::START) started = true;
    if (ev.getType() == SysInfoEvent::PAUSE) events->setText("paused");
    else if (ev.getType() > SysInfoEvent::PAUSE && ev.getType() <= SysInfoEvent::DEBUG_MODE)
      events->setText(std::string("SysInfoEvent ") + names[ev.getType()]);
    if (ev.getType() == SysInfoEvent::RESUME) {
      status->setText(started ? "started, resumed" : "resumed without START");
      drawCanvas();
    }
  }

  void onTimerEvent(TimerEvent &) override { ticks->setText("ticks: " + std::to_string(++tick_count)); }

  void onCommandEvent(CommandEvent & ev) override {
    switch (ev.getElementId()) {
    case ID_OPEN: {
      int r = view->showModal(dialog);
      dialog->hide();
      status->setText("dialog returned " + std::to_string(r));
      break;
    }
    case ID_SHARE: {  // FWActionSheet's use: options, showModal, the answer (semantics.md item 40)
      auto sheet = std::make_shared<ActionSheet>("Share");
      sheet->addOption(7, "Copy link");
      sheet->addOption(9, "Email");
      int r = view->showModal(sheet);
      sheet->hide();
      status->setText("sheet returned " + std::to_string(r));
      break;
    }
    case ID_THROW:
      throw std::runtime_error("the Throw button");
    case ID_SLOW:
      PlatformThread::run(getThreadPtr(), std::make_shared<SlowWorker>());
      break;
    case ID_HANG:  // code that never returns (the watchdog test)
      while (true) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    case ID_MORE:
      showMore();
      break;
    case ID_NEXT_PAGE:
      showCatalogPage();
      break;
    case FW_ID_BACK:
      showView(*this, *view);
      break;
    case FW_ID_SAVE:
      moreStatus->setText("saved");
      break;
    case ID_PICKER:
      moreStatus->setText(std::string("picked ") + (ev.getValue() == 1 ? "Blue" : "Red"));
      break;
    case ID_LIST:
      moreStatus->setText("list row " + std::to_string(ev.getValue()));
      break;
    case ID_SLIDER:
      moreStatus->setText("slider " + std::to_string(ev.getValue()));
      break;
    }
  }

  void handleImageRequestEvent(ImageRequestEvent & ev) override {
    if (ev.getSourceInternalId() == photo->getInternalId() && !photo_requested) {
      photo_requested = true;
      PlatformThread::run(getThreadPtr(), std::make_shared<PhotoLoader>(photo->getInternalId(), caption->getInternalId()));
    }
    if (!redPhotos.empty() && ev.getSourceInternalId() == redPhotos.back()->getInternalId() && !red_requested) {
      red_requested = true;
      const canvas::InternalFormat fixed[] = {canvas::RGB565, canvas::RGBA4, canvas::RGB555, canvas::RGBA5551};
      std::vector<std::pair<int, canvas::InternalFormat> > targets;
      for (int i = 0; i < 4; i++) targets.emplace_back(redPhotos[i]->getInternalId(), fixed[i]);
      auto asked = ev.getInternalFormat() == canvas::NO_FORMAT ? canvas::RGBA8 : ev.getInternalFormat();
      targets.emplace_back(redPhotos[4]->getInternalId(), asked);
      PlatformThread::run(getThreadPtr(), std::make_shared<RedLoader>(targets));
    }
  }

 private:
  // A drawer with one button over the front view, made on the first "drawer" typed (so the screens explore
  // finds stay as they are), then shown; the events line lists what the drawer heard since.
  void openDrawer() {
    if (!drawer) {
      drawer = std::make_shared<Drawer>([this](const std::string & heard) {
        drawerHeard += (drawerHeard.empty() ? "drawer: " : ", ") + heard;
        events->setText(drawerHeard);
      });
      addChild(drawer);
      drawer->addChild(std::make_shared<Button>("Inbox", 0));
    }
    drawer->show();
  }

  void showMore() {
    if (!more) {
      more = std::make_shared<View>();
      addChild(more);
      more->addChild(std::make_shared<ActionBar>("More", 3));  // back and save buttons
      auto column = std::make_shared<Layout>(1);
      more->addChild(column);
      moreStatus = std::make_shared<Label>(envOr("PREVIEWTEST_LABEL", "nothing picked"));
      column->addChild(moreStatus);
      auto picker = std::make_shared<Picker>(ID_PICKER);
      column->addChild(picker);
      picker->addOption(1, "Red");
      picker->addOption(2, "Blue");
      auto list = std::make_shared<ListView>(ID_LIST);
      column->addChild(list);
      list->setValue("Alice", 0, 0);
      list->setValue("Bob", 1, 0);
      column->addChild(std::make_shared<Slider>(ID_SLIDER));
    }
    showView(*this, *more);
  }

  // A new view of 80 rows (a layout, a label and a button each: about 250 commands, a screen as heavy as a page of
  // the framework's example1), shown in place of the one before; its "Next page" button, first, makes the next.
  void showCatalogPage() {
    auto page = std::make_shared<View>();
    addChild(page);
    auto column = std::make_shared<Layout>(1);
    page->addChild(column);
    column->addChild(std::make_shared<Button>("Next page", ID_NEXT_PAGE));
    column->addChild(std::make_shared<Label>("Catalog page " + std::to_string(++catalogPages)));
    for (int i = 0; i < 80; i++) {
      auto row = std::make_shared<Layout>(2);
      column->addChild(row);
      row->addChild(std::make_shared<Label>("Item " + std::to_string(i + 1) + " of page " + std::to_string(catalogPages)));
      row->addChild(std::make_shared<Button>("Open", 0));
    }
    showView(*this, *page);
  }

  static std::string envOr(const char * name, const char * fallback) {
    const char * v = std::getenv(name);
    return v && *v ? v : fallback;
  }

  // Red left half, blue right half, a white disc in the middle.
  void drawCanvas() {
    auto t = getThreadPtr();
    auto context = t->createContextFactory()->createContext(80, 40);
    context->fillStyle = "#ff0000";
    context->fillRect(0, 0, 40, 40);
    context->fillStyle = "#0000ff";
    context->fillRect(40, 0, 40, 40);
    context->fillStyle = "#ffffff";
    context->beginPath();
    context->arc(40, 20, 10, 0, 6.2832);
    context->fill();
    t->setSurface(canvasView->getInternalId(), context->getDefaultSurface());
  }

  std::shared_ptr<View> view, more;
  std::shared_ptr<Label> status, ticks, caption, events, moreStatus;
  std::shared_ptr<Image> photo, canvasView;
  std::shared_ptr<OkDialog> dialog;
  std::shared_ptr<Drawer> drawer;
  std::string drawerHeard;
  std::vector<std::shared_ptr<Image> > redPhotos;
  bool started = false, photo_requested = false, red_requested = false;
  int tick_count = 0, catalogPages = 0;
};

}  // namespace

FWApplication * applicationMain() { return new TestApp(); }
