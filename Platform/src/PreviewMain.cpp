// The driver: the `main()` an app links instead of its platform's.
//
//   APP --script flow.json --out DIR [--theme T] [--device D] [--assets DIR] [--http DIR]
//       [--fonts-dir DIR] [--step-timeout SECONDS] [--verbose]
//   APP --live --out DIR [...]: the steps come from stdin, one per line (LiveMode.h)
//
//   APP --explore --out DIR [--depth N] ...   (Explore.cpp: every screen, found by tapping)
//
// Boots the app (the framework's `applicationMain()`), plays the script, and writes
// DIR/session.json, DIR/NAME.png per snapshot step and DIR/assets/ (a copy of the app's assets, so
// the session replays anywhere). Exit codes: RunResult, 1 bad script, 64 bad command line, 0 done.
#include "EngineLink.h"
#include "Explore.h"
#include "ExploreScreen.h"
#include "LiveMode.h"
#include "PackedFormats.h"
#include "PreviewMainThread.h"
#include "RunContext.h"
#include "Script.h"

#include <FWApplication.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

FWApplication * applicationMain();

using namespace preview;

namespace {

const char * usage =
  "usage: APP (--script FLOW.json | --live) --out DIR [--theme NAME|FILE] [--device WxH@S|PRESET]\n"
  "           [--assets DIR] [--http DIR] [--fonts-dir DIR] [--step-timeout SECONDS] [--verbose]\n"
  "       APP --explore --out DIR [--depth N] [--max-paths N] [--budget SECONDS] ... (APP --explore --help)\n";

bool isDir(const std::string & p) {
  struct stat st;
  return stat(p.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

std::string dirOf(const std::string & path) {
  auto slash = path.rfind('/');
  return slash == std::string::npos ? "." : path.substr(0, slash == 0 ? 1 : slash);
}

bool isFile(const std::string & p) {
  struct stat st;
  return stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

// Copies the app's assets folder `from` into OUT/assets (the session's own folder), the regular
// files of every subfolder but OUT itself, and sets `engine` to the folder the engine reads. No
// folder: the engine gets OUT/assets (absent), as it would have found nothing anyway. Returns ""
// or the error.
std::string copyAssets(const std::string & from, const std::string & outDir, std::string & engine) {
  namespace fs = std::filesystem;
  const std::string to = outDir + "/assets";
  engine = to;
  std::error_code ec;
  if (!fs::is_directory(from, ec)) return "";
  if (fs::exists(to, ec) && fs::equivalent(from, to, ec)) return "";  // --out is the script's folder
  fs::create_directories(to, ec);
  if (ec) return "cannot create " + to + ": " + ec.message();
  const fs::path output = fs::canonical(outDir, ec);
  if (ec) return "cannot read " + outDir + ": " + ec.message();
  for (auto it = fs::recursive_directory_iterator(from, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (it->is_directory(ec) && fs::equivalent(it->path(), output, ec)) {  // --out inside the assets folder: outputs
      it.disable_recursion_pending();
      continue;
    }
    fs::path rel = fs::relative(it->path(), from, ec);
    if (ec) break;
    if (it->is_directory(ec)) fs::create_directories(fs::path(to) / rel, ec);
    else if (it->is_regular_file(ec)) fs::copy_file(it->path(), fs::path(to) / rel, fs::copy_options::overwrite_existing, ec);
    if (ec) return "cannot copy the assets " + it->path().string() + " into " + to + ": " + ec.message();
  }
  if (ec) return "cannot read the assets folder " + from + ": " + ec.message();
  return "";
}

bool makeDirs(const std::string & path) {
  std::string sofar;
  std::stringstream parts(path);
  std::string part;
  if (!path.empty() && path[0] == '/') sofar = "/";
  while (std::getline(parts, part, '/')) {
    if (part.empty()) continue;
    sofar += part + "/";
    mkdir(sofar.c_str(), 0755);
  }
  return isDir(path);
}

// The live mode: the answers get stdout to themselves (what the app prints goes to stderr).
int runLiveMode(std::shared_ptr<FWApplication> app, std::shared_ptr<RunContext> context, RunOptions run, const Device & device) {
  std::cout.flush();
  int answers = dup(1);
  dup2(2, 1);
  auto thread = std::make_shared<LiveMainThread>(app, context, run, std::cin, answers);
  thread->setDisplayScale(float(device.scale));
  thread->setActualDisplayWidth(int(std::lround(device.width * device.scale)));
  thread->setActualDisplayHeight(int(std::lround(device.height * device.scale)));
  int result = LiveMainThread::runLive(thread);
  if (result != RUN_OK) std::cerr << "preview: " << thread->failureMessage() << "\n";
  return result;
}

}  // namespace

int main(int argc, char ** argv) {
  if (argc > 1 && std::string(argv[1]) == "--explore") return exploreMain(argc, argv);  // Explore.cpp
  std::string scriptPath, outDir, theme, deviceSpec, assets, http, fonts, exploreReport;
  double budget = 10;
  bool verbose = false, live = false;
  for (int i = 1; i < argc; i++) {
    std::string a = argv[i];
    auto value = [&](std::string & out) {
      if (i + 1 >= argc) { std::cerr << "preview: " << a << " needs a value\n" << usage; std::exit(64); }
      out = argv[++i];
    };
    if (a == "--script") value(scriptPath);
    else if (a == "--out") value(outDir);
    else if (a == "--theme") value(theme);
    else if (a == "--device") value(deviceSpec);
    else if (a == "--assets") value(assets);
    else if (a == "--http") value(http);
    else if (a == "--fonts-dir") value(fonts);
    else if (a == "--explore-report") value(exploreReport);  // a walk's child (Explore.cpp)
    else if (a == "--step-timeout") {
      std::string s;
      value(s);
      char * end = nullptr;
      budget = std::strtod(s.c_str(), &end);
      if (!end || *end || !(budget > 0)) { std::cerr << "preview: --step-timeout needs a positive number of seconds\n"; return 64; }
    }
    else if (a == "--verbose" || a == "-v") verbose = true;
    else if (a == "--live") live = true;  // steps from stdin, answers on stdout (LiveMode.h)
    else if (a == "--help" || a == "-h") { std::cout << usage; return 0; }
    else { std::cerr << "preview: unknown option " << a << "\n" << usage; return 64; }
  }
  if ((scriptPath.empty() && !live) || outDir.empty()) { std::cerr << usage; return 64; }
  // Bad values on the command line are usage errors (64), found before anything runs.
  Device device;
  bool hasDevice = false;
  if (!deviceSpec.empty()) {
    try {
      device = parseDevice(deviceSpec);
      hasDevice = true;
    } catch (const ScriptError & e) {
      std::cerr << "preview: --device: " << e.what() << "\n" << usage;
      return 64;
    }
  }
  if (!theme.empty() && theme != "default" && theme != "ios" && theme != "android" && !isFile(theme)) {
    std::cerr << "preview: --theme " << theme << ": not a bundled look (default, ios, android) nor a theme file\n" << usage;
    return 64;
  }
  for (auto & folder : {std::make_pair("--assets", assets), std::make_pair("--http", http), std::make_pair("--fonts-dir", fonts)}) {
    if (!folder.second.empty() && !isDir(folder.second)) {
      std::cerr << "preview: " << folder.first << " " << folder.second << ": no such folder\n" << usage;
      return 64;
    }
  }

  Script script;
  if (!live) try {
    std::ifstream in(scriptPath, std::ios::binary);
    if (!in) throw ScriptError("cannot read the file");
    std::ostringstream text;
    text << in.rdbuf();
    script = parseScript(text.str());
  } catch (const ScriptError & e) {
    std::cerr << "preview: " << scriptPath << ": " << e.what() << "\n";
    return 1;
  }
  if (!hasDevice) device = script.device;
  if (!makeDirs(outDir)) { std::cerr << "preview: cannot create the folder " << outDir << "\n"; return RUN_ENGINE_ERROR; }
  // Defaults beside the script: its assets/ and http/ folders.
  if (assets.empty()) assets = dirOf(scriptPath) + "/assets";
  if (http.empty() && isDir(dirOf(scriptPath) + "/http")) http = dirOf(scriptPath) + "/http";
  // The session is written with its assets beside it (OUT/assets, named by a relative path), so
  // it replays anywhere: the engine reads the copy, which holds every file it may ask for.
  std::string engineAssets;
  std::string copyError = copyAssets(assets, outDir, engineAssets);
  if (!copyError.empty()) { std::cerr << "preview: " << copyError << "\n"; return RUN_ENGINE_ERROR; }

  auto context = std::make_shared<RunContext>();
  context->assetsDir = assets;
  context->httpDir = http;
  context->localDir = outDir + "/local";
  context->verbose = verbose;
  context->inlineWorkers = !exploreReport.empty();
  std::vector<std::string> packing;
  context->formats = PackedFormats::probeCanvas(packing);
  for (auto & line : packing) context->log("platform", line);
  try {
    EngineOptions options;
    options.theme = theme;
    options.assetsDir = engineAssets;
    options.fontsDir = fonts;
    context->engine = std::make_shared<EngineLink>(device, options);
  } catch (const EngineError & e) {
    std::cerr << "preview: " << e.what() << "\n";
    return RUN_ENGINE_ERROR;
  }

  // As on iOS: the application object first (its elements take the first ids), then the thread.
  std::shared_ptr<FWApplication> app;
  try {
    app.reset(applicationMain());
  } catch (const std::exception & e) {
    std::cerr << "preview: boot: the app's constructor threw: " << e.what() << "\n";
    return RUN_APP_ERROR;
  }
  if (!app) { std::cerr << "preview: boot: applicationMain() returned no application\n"; return RUN_APP_ERROR; }

  RunOptions run;
  run.outDir = outDir;
  run.stepBudgetSeconds = budget;
  if (!exploreReport.empty())
    run.atEnd = [&] { return writeExploreReport(*context->engine, outDir + "/session.json", exploreReport); };
  if (live) return runLiveMode(app, context, run, device);
  auto thread = std::make_shared<PreviewMainThread>(app, context, script, run);
  thread->setDisplayScale(float(device.scale));
  thread->setActualDisplayWidth(int(std::lround(device.width * device.scale)));
  thread->setActualDisplayHeight(int(std::lround(device.height * device.scale)));

  int result = PreviewMainThread::run(thread);

  // What each step made the app send: the numbers to compare with a recording platform's.
  auto counts = thread->counts();
  for (size_t i = 0; i < counts.size(); i++) {
    std::string name = i == 0 ? "boot" : script.steps[i - 1].describe();
    std::cout << name << ": " << counts[i].commands << " commands in " << counts[i].calls << " sendCommands calls\n";
  }
  if (result != RUN_OK) {
    std::cerr << "preview: " << thread->failureMessage() << "\n";
    std::cerr << "preview: the session so far is in " << outDir << "/session.json\n";
  } else {
    std::cout << "wrote " << outDir << "/session.json\n";
  }
  return result;
}
