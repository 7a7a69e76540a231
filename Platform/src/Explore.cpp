// The walk: breadth first from the first screen, each path played by a fresh app process (the
// framework's ids are a process-wide counter, so only a new process gives a path the same ids
// every time), screens told apart by the hash their child reports (ExploreScreen.cpp).
#include "Explore.h"
#include "ExploreText.h"
#include "Json.h"
#include "Script.h"

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace preview {

namespace fs = std::filesystem;

namespace {

const char * exploreUsage =
  "usage: APP --explore --out DIR [--depth N] [--max-paths N] [--budget SECONDS] [--tick MS]\n"
  "           [--theme NAME|FILE] [--device WxH@S|PRESET] [--assets DIR] [--http DIR] [--fonts-dir DIR]\n"
  "           [--step-timeout SECONDS] [--jobs N] [--render PATH] [--no-gallery]\n";

double seconds() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

bool positiveNumber(const std::string & s, double & out, bool integer) {
  char * end = nullptr;
  out = std::strtod(s.c_str(), &end);
  return end && !*end && !s.empty() && out > 0 && (!integer || out == double((long long)out));
}

// One path: the steps from the first screen, and where it came from.
struct Path {
  std::vector<std::string> steps;   // input steps as JSON
  std::vector<std::string> labels;  // the same in words
  int from = -1;                    // the screen it leaves (-1: the first run)
  std::string label;                // the last step in words
  // After the run:
  int exit = 0;
  std::string message, runDir;
  double seconds = 0;
};

class Walk {
 public:
  ExploreOptions o;
  std::string self, work;
  std::vector<ExploreScreen> screens;
  std::vector<ExploreEdge> edges;
  std::vector<ExploreFailure> failures;
  std::vector<std::string> unreachable;
  std::vector<std::pair<std::string, double> > timings;
  std::map<std::string, int> byHash;
  std::map<std::string, std::string> hungSteps;  // a step that hung once, and its path: not tapped again
  std::vector<std::string> skipped;
  std::map<std::string, std::string> blocked;  // element -> where first seen out of reach, and why
  std::set<std::string> reached;               // elements some screen could tap
  int runs = 0;
  std::string stoppedBy;
  double started = 0;

  int run() {
    started = seconds();
    std::vector<Path> level(1);
    while (!level.empty()) {
      if (runs + int(level.size()) > o.maxPaths) {
        level.resize(size_t(std::max(0, o.maxPaths - runs)));
        stoppedBy = "max-paths";
      }
      size_t done = play(level);
      if (done < level.size()) {
        level.resize(done);
        stoppedBy = "budget";
      }
      std::vector<Path> next;
      for (auto & p : level) settle(p, next);
      if (!stoppedBy.empty()) break;
      level.swap(next);
    }
    for (auto & b : blocked)
      if (!reached.count(b.first)) unreachable.push_back(b.second);
    return screens.empty() ? 3 : 0;
  }

 private:
  // Plays the level's paths, up to o.jobs at once; returns how many were played before the budget
  // ran out (a prefix, so the walk's extent stays a prefix of the full walk's).
  size_t play(std::vector<Path> & level) {
    struct Running { pid_t pid; size_t index; double start, deadline; };
    std::vector<Running> running;
    size_t nextIndex = 0, finished = 0;
    bool over = false;
    while (finished < nextIndex || (!over && nextIndex < level.size())) {
      // The first screen is always played (a walk has at least its start), whatever the budget.
      const bool first = runs + nextIndex == 0;
      if (!over && !first && o.budget > 0 && seconds() - started > o.budget) over = true;
      while (!over && nextIndex < level.size() && running.size() < size_t(o.jobs)) {
        Path & p = level[nextIndex];
        double t = seconds();
        double limit = (o.stepTimeout + 2) * double(p.steps.size() + 2) + 5;
        running.push_back({start(p, runs + int(nextIndex)), nextIndex, t, t + limit});
        nextIndex++;
      }
      bool any = false;
      for (size_t i = 0; i < running.size();) {
        Running & r = running[i];
        int status = 0;
        pid_t w = waitpid(r.pid, &status, WNOHANG);
        if (w == 0 && seconds() > r.deadline) {
          kill(r.pid, SIGKILL);
          waitpid(r.pid, &status, 0);
          level[r.index].exit = -SIGKILL;
          level[r.index].message = "the app did not end within " + std::to_string(int(r.deadline - r.start)) + " s";
          w = r.pid;
        } else if (w == r.pid) {
          level[r.index].exit = WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
        }
        if (w == r.pid) {
          level[r.index].seconds = seconds() - r.start;
          running.erase(running.begin() + long(i));
          finished++;
          any = true;
        } else i++;
      }
      if (!any) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    runs += int(nextIndex);
    return nextIndex;
  }

  pid_t start(Path & p, int number) {
    char name[32];
    std::snprintf(name, sizeof name, "run-%05d", number);
    p.runDir = work + "/runs/" + name;
    fs::create_directories(p.runDir);
    std::ofstream script(p.runDir + "/script.json", std::ios::binary);
    script << scriptText(o, p.steps);
    script.close();
    std::vector<std::string> args = {self, "--script", p.runDir + "/script.json", "--out", p.runDir,
                                     "--explore-report", p.runDir + "/report.json",
                                     "--step-timeout", std::to_string(o.stepTimeout)};
    if (!o.assets.empty()) args.insert(args.end(), {"--assets", o.assets});
    if (!o.theme.empty()) args.insert(args.end(), {"--theme", o.theme});
    if (!o.http.empty()) args.insert(args.end(), {"--http", o.http});
    if (!o.fonts.empty()) args.insert(args.end(), {"--fonts-dir", o.fonts});
    std::string log = p.runDir + "/log.txt";
    pid_t pid = fork();
    if (pid == 0) {
      int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (fd >= 0) { dup2(fd, 1); dup2(fd, 2); close(fd); }
      std::vector<char *> argv;
      for (auto & a : args) argv.push_back(const_cast<char *>(a.c_str()));
      argv.push_back(nullptr);
      execv(self.c_str(), argv.data());
      _exit(127);
    }
    return pid;
  }

  // What the child's run means for the walk: a new screen, an edge to a known one, or a failure.
  void settle(Path & p, std::vector<Path> & next) {
    timings.emplace_back(p.labels.empty() ? "(first screen)" : join(p.labels), p.seconds);
    JsonValue report;
    if (p.exit == 0) {
      std::ifstream in(p.runDir + "/report.json", std::ios::binary);
      std::ostringstream text;
      text << in.rdbuf();
      try {
        report = parseJson(text.str());
      } catch (const JsonError & e) {
        p.exit = 5;
        p.message = "the report could not be read: " + std::string(e.what());
      }
    }
    if (p.exit != 0) {
      failure(p);
      return;
    }
    const std::string hash = report.find("hash") ? report.find("hash")->string : "";
    auto known = byHash.find(hash);
    if (known != byHash.end()) {
      if (p.from >= 0) edges.push_back({p.from, known->second, p.label});
      return;
    }
    ExploreScreen s;
    char name[32];
    std::snprintf(name, sizeof name, "screen-%03d", int(screens.size()));
    s.name = name;
    s.hash = hash;
    s.depth = int(p.steps.size());
    s.labels = p.labels;
    if (auto t = report.find("title")) s.title = t->string;
    if (auto r = report.find("reachable")) s.reachable = int(r->number);
    s.steps = p.steps;
    int index = int(screens.size());
    byHash[hash] = index;
    if (p.from >= 0) edges.push_back({p.from, index, p.label});
    // Elements seen out of reach here; listed at the end only if no screen could reach them.
    if (auto u = report.find("unreachable"))
      for (auto & e : u->array)
        if (e.find("element") && e.find("why"))
          blocked.emplace(e.find("element")->string, s.name + ": " + e.find("element")->string + " " + e.find("why")->string);
    if (auto actions = report.find("actions"))
      for (auto & a : actions->array)
        if (auto el = a.find("element")) reached.insert(el->string);
    storeScreen(o, p.runDir, s);
    screens.push_back(s);
    if (s.depth >= o.depth) return;
    if (auto actions = report.find("actions")) {
      for (auto & a : actions->array) {
        Path q;
        q.steps = p.steps;
        q.labels = p.labels;
        auto step = a.find("step");
        auto label = a.find("label");
        if (!step || !label) continue;
        std::string json = toJson(*step);
        auto hung = hungSteps.find(json);
        if (hung != hungSteps.end()) {
          skipped.push_back(s.name + ": " + label->string + " (hung on the path " + hung->second + ")");
          continue;
        }
        q.steps.push_back(json);
        q.labels.push_back(label->string);
        q.from = index;
        q.label = label->string;
        next.push_back(q);
      }
    }
  }

  void failure(Path & p) {
    if (p.message.empty()) p.message = firstProblem(p.runDir + "/log.txt");
    ExploreFailure f;
    f.from = p.from;
    f.label = p.label;
    f.path = p.labels.empty() ? "(first screen)" : join(p.labels);
    const bool quit = p.exit == 3 && p.message.find("the app quit") != std::string::npos;
    f.kind = quit ? "quit" : p.exit == 3 ? "threw" : p.exit == 4 || p.exit == -SIGKILL ? "hung" : p.exit == 2 ? "not-delivered"
           : p.exit < 0 ? "crashed (signal " + std::to_string(-p.exit) + ")" : "failed (exit " + std::to_string(p.exit) + ")";
    f.message = p.message;
    if (f.kind == "hung" && !p.steps.empty()) hungSteps.emplace(p.steps.back(), f.path);
    if (p.from >= 0) edges.push_back({p.from, -1, p.label});
    failures.push_back(f);
  }

  // The first line the child wrote that starts with "preview: " (its failure), without the prefix.
  static std::string firstProblem(const std::string & log) {
    std::ifstream in(log);
    std::string line;
    while (std::getline(in, line))
      if (line.rfind("preview: ", 0) == 0) return line.substr(9);
    return "no message";
  }
};

}  // namespace

std::string join(const std::vector<std::string> & labels) {
  std::string out;
  for (auto & l : labels) out += (out.empty() ? "" : " -> ") + l;
  return out;
}

std::string findFolder(const std::string & flag, const std::string & given, const std::string & name,
                       const std::string & appDir, std::string & error) {
  std::error_code ec;
  auto isFolder = [&](const fs::path & p) { return fs::is_directory(p, ec); };
  if (given.empty()) {  // the default: beside the app, else in the current folder, else none
    for (fs::path p : {fs::path(appDir) / name, fs::absolute(name, ec)})
      if (isFolder(p)) return p.lexically_normal().string();
    return "";
  }
  fs::path g(given);
  if (g.is_absolute()) {
    if (isFolder(g)) return given;
    error = flag + " " + given + ": no such folder";
    return "";
  }
  fs::path here = fs::absolute(g, ec), beside = fs::path(appDir) / g;
  if (isFolder(here)) return here.lexically_normal().string();
  if (isFolder(beside)) return beside.lexically_normal().string();
  error = flag + " " + given + ": no such folder (looked in " + here.lexically_normal().string() + " and beside the app, " +
          beside.lexically_normal().string() + ")";
  return "";
}

int exploreMain(int argc, char ** argv) {
  ExploreOptions o;
  std::string renderPath;
  bool gallery = true;
  for (int i = 2; i < argc; i++) {
    std::string a = argv[i];
    auto value = [&](std::string & out) {
      if (i + 1 >= argc) { std::cerr << "preview: " << a << " needs a value\n" << exploreUsage; std::exit(64); }
      out = argv[++i];
    };
    auto count = [&](double & out, bool integer, const char * what) {
      std::string s;
      value(s);
      if (!positiveNumber(s, out, integer)) {
        std::cerr << "preview: " << a << " needs " << what << " (found \"" << s << "\")\n" << exploreUsage;
        std::exit(64);
      }
    };
    double n = 0;
    if (a == "--out") value(o.out);
    else if (a == "--depth") { count(n, true, "a positive whole number"); o.depth = int(n); }
    else if (a == "--max-paths") { count(n, true, "a positive whole number"); o.maxPaths = int(n); }
    else if (a == "--jobs") { count(n, true, "a positive whole number"); o.jobs = int(n); }
    else if (a == "--tick") { count(n, true, "a positive number of milliseconds"); o.tick = (long long)n; }
    else if (a == "--budget") count(o.budget, false, "a positive number of seconds");
    else if (a == "--step-timeout") count(o.stepTimeout, false, "a positive number of seconds");
    else if (a == "--theme") value(o.theme);
    else if (a == "--device") value(o.deviceSpec);
    else if (a == "--assets") value(o.assets);
    else if (a == "--http") value(o.http);
    else if (a == "--fonts-dir") value(o.fonts);
    else if (a == "--render") value(renderPath);
    else if (a == "--no-gallery") gallery = false;
    else if (a == "--help" || a == "-h") { std::cout << exploreUsage; return 0; }
    else { std::cerr << "preview: --explore: unknown option " << a << "\n" << exploreUsage; return 64; }
  }
  if (o.out.empty()) { std::cerr << "preview: --explore needs --out DIR\n" << exploreUsage; return 64; }
  if (o.depth > 20) { std::cerr << "preview: --depth is at most 20\n"; return 64; }
  try {
    if (!o.deviceSpec.empty()) o.device = parseDevice(o.deviceSpec);
  } catch (const ScriptError & e) {
    std::cerr << "preview: --device: " << e.what() << "\n" << exploreUsage;
    return 64;
  }
  // --assets and --http by one rule (docs/explore.md, "Assets and HTTP folders"): a relative folder is
  // looked up in the current folder, then beside the app; not found is an error naming both places.
  // Without the option: the app's own assets/ (and http/) beside it, else the current folder's, else none.
  {
    std::error_code ec;
    std::string self = fs::read_symlink("/proc/self/exe", ec).string();
    std::string appDir = ec || self.empty() ? fs::absolute(argv[0], ec).parent_path().string()
                                            : fs::path(self).parent_path().string();
    for (auto folder : {std::make_pair(std::string("--assets"), &o.assets), std::make_pair(std::string("--http"), &o.http)}) {
      std::string & value = *folder.second;
      std::string error;
      value = findFolder(folder.first, value, folder.first.substr(2), appDir, error);
      if (!error.empty()) { std::cerr << "preview: " << error << "\n" << exploreUsage; return 64; }
    }
  }
  std::string refusal = checkOutFolder(o.out);
  if (!refusal.empty()) { std::cerr << "preview: --out " << o.out << ": " << refusal << "\n"; return 64; }

  Walk walk;
  walk.o = o;
  std::error_code ec;
  walk.self = fs::read_symlink("/proc/self/exe", ec).string();
  if (ec) walk.self = argv[0];
  walk.work = fs::path(o.out).lexically_normal().string();
  while (!walk.work.empty() && walk.work.back() == '/') walk.work.pop_back();
  walk.work += ".explore-tmp";
  fs::remove_all(walk.work, ec);
  fs::create_directories(walk.work + "/out", ec);
  if (ec) { std::cerr << "preview: cannot create " << walk.work << ": " << ec.message() << "\n"; return 5; }
  walk.o.out = walk.work + "/out";
  int result = walk.run();

  ExploreResult r{walk.screens, walk.edges, walk.failures, walk.unreachable, walk.skipped, walk.runs, walk.stoppedBy};
  std::string error = writeWalk(walk.o, r, walk.timings, seconds() - walk.started);
  bool galleryWritten = false;
  if (error.empty() && gallery) error = writeGallery(walk.o, r, renderPath, galleryWritten);
  if (error.empty()) error = replaceFolder(walk.o.out, o.out);
  fs::remove_all(walk.work, ec);
  if (!error.empty()) { std::cerr << "preview: " << error << "\n"; return 5; }
  std::cout << "explored " << walk.runs << " path(s): " << walk.screens.size() << " screen(s), " << walk.failures.size()
            << " failure(s)" << (walk.stoppedBy.empty() ? "" : "; stopped by " + walk.stoppedBy) << "\nwrote " << o.out
            << "/explore.json, map.html" << (galleryWritten ? ", gallery/index.html" : "") << "\n";
  if (result != 0) std::cerr << "preview: the first screen could not be reached: " << (walk.failures.empty() ? "" : walk.failures[0].message) << "\n";
  return result;
}

}  // namespace preview
