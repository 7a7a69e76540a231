// `APP --explore --out DIR ...`: walks the app breadth first, one fresh app process per path, and
// writes a session, a script and a PNG per distinct screen, explore.json, timings.json, a map page
// and a gallery (README "Find every screen", docs/explore.md).
#ifndef PREVIEW_EXPLORE_H
#define PREVIEW_EXPLORE_H

#include "Script.h"

#include <string>
#include <vector>

namespace preview {

struct ExploreOptions {
  std::string out, theme, deviceSpec, assets, http, fonts;  // assets, http: absolute after findFolder
  Device device;
  int depth = 3, maxPaths = 1000, jobs = 4;
  long long tick = 0;         // ms of virtual time after boot and after each step (0: frozen)
  double budget = 0;          // seconds of real time for the walk (0: none)
  double stepTimeout = 5;     // each child's --step-timeout
};

// The walk's entry point (argv[1] is "--explore"); returns the process's exit code.
int exploreMain(int argc, char ** argv);

// One distinct screen of a walk.
struct ExploreScreen {
  std::string name, title, hash;
  int depth = 0;
  int reachable = 0;
  std::vector<std::string> labels;  // the path's steps in words
  std::vector<std::string> steps;   // the same as input steps (JSON)
};

// One tap (or input, or back) from a screen: to a screen, or to a failure.
struct ExploreEdge {
  int from = 0, to = -1;  // screen indexes; -1: the app failed
  std::string label;
};

// A path on which the app threw, hung or crashed.
struct ExploreFailure {
  int from = -1;
  std::string label, path, kind, message;
};

struct ExploreResult {
  const std::vector<ExploreScreen> & screens;
  const std::vector<ExploreEdge> & edges;
  const std::vector<ExploreFailure> & failures;
  const std::vector<std::string> & unreachable, & skipped;
  int runs;
  std::string stoppedBy;
};

// "tap 'Click here!' -> tap 'Click me!'".
std::string join(const std::vector<std::string> & labels);

// ExploreOutput.cpp: the files of a walk.
// The child's script for a path: the device, the steps (a tick after each with --tick), a snapshot.
std::string scriptText(const ExploreOptions & o, const std::vector<std::string> & steps);
// "" when --out may be written: absent, empty, or written by an earlier walk; else why not.
std::string checkOutFolder(const std::string & out);
// Moves a new screen's session, PNG and script from its run's folder into o.out.
void storeScreen(const ExploreOptions & o, const std::string & runDir, const ExploreScreen & s);
// explore.json, timings.json and map.html; "" or the error.
std::string writeWalk(const ExploreOptions & o, const ExploreResult & r,
                      const std::vector<std::pair<std::string, double> > & timings, double total);
// `render gallery` over the sessions into o.out/gallery (skipped, with a note, without `render` or
// screens); `written` says whether it was written.
std::string writeGallery(const ExploreOptions & o, const ExploreResult & r, const std::string & render, bool & written);
// --assets / --http: `given` as an absolute folder; relative, in the current folder, else beside the app
// (`appDir`); empty, the app's `name` folder beside it, else the current folder's, else "". Not found: `error`
// says where it looked.
std::string findFolder(const std::string & flag, const std::string & given, const std::string & name,
                       const std::string & appDir, std::string & error);
// Replaces `to` (its whole content) with the folder `from`.
std::string replaceFolder(const std::string & from, const std::string & to);

// The map page (screens as nodes with thumbnails, taps as labelled edges), drawn by the page
// itself as inline SVG. `png` names each screen's PNG relative to the page.
std::string explorerMapPage(const std::vector<ExploreScreen> & screens, const std::vector<ExploreEdge> & edges,
                            double aspect);

}  // namespace preview

#endif
