// The files a walk writes (docs/explore.md): every name and order follows from the walk alone, so a
// second walk of the same app writes the same bytes (timings.json aside).
#include "Explore.h"
#include "ExploreText.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace preview {

namespace fs = std::filesystem;

namespace {

// The first line of explore.json: how a later walk knows the folder is a walk's.
const char * const formatLine = "{\"format\": \"preview-explore\", \"version\": 1,";

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

std::string readAll(const std::string & path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

bool writeAll(const std::string & path, const std::string & text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  return bool(out);
}

std::string description(const ExploreScreen & s) {
  return "depth " + std::to_string(s.depth) + ": " + (s.labels.empty() ? "the first screen" : join(s.labels));
}

std::string stringArray(const std::vector<std::string> & items, const std::string & indent) {
  if (items.empty()) return "[]";
  std::string out = "[";
  for (size_t i = 0; i < items.size(); i++) out += (i ? ",\n" : "\n") + indent + "  " + quoted(items[i]);
  return out + "\n" + indent + "]";
}

}  // namespace

std::string scriptText(const ExploreOptions & o, const std::vector<std::string> & steps) {
  std::string out = "{\"device\": {\"width\": " + number(o.device.width) + ", \"height\": " + number(o.device.height) +
                    ", \"scale\": " + number(o.device.scale);
  if (o.device.statusBar > 0) out += ", \"statusBar\": " + number(o.device.statusBar);
  if (o.device.safeAreaBottom > 0) out += ", \"safeAreaBottom\": " + number(o.device.safeAreaBottom);
  out += "},\n \"steps\": [\n";
  const std::string tick = "  {\"type\": \"tick\", \"ms\": " + std::to_string(o.tick) + "},\n";
  if (o.tick > 0) out += tick;
  for (auto & s : steps) {
    out += "  " + s + ",\n";
    if (o.tick > 0) out += tick;
  }
  return out + "  {\"type\": \"snapshot\", \"name\": \"screen\"}\n]}\n";
}

std::string checkOutFolder(const std::string & out) {
  std::error_code ec;
  if (!fs::exists(out, ec)) return "";
  if (!fs::is_directory(out, ec)) return "not a folder";
  if (fs::is_empty(out, ec)) return "";
  if (readAll(out + "/explore.json").rfind(formatLine, 0) == 0) return "";  // an earlier walk's: replaced whole
  return "the folder is not empty and an earlier --explore did not write it (no explore.json of a walk); "
         "give a new or empty folder";
}

void storeScreen(const ExploreOptions & o, const std::string & runDir, const ExploreScreen & s) {
  std::error_code ec;
  for (auto d : {"sessions", "scripts", "screens"}) fs::create_directories(o.out + "/" + d, ec);
  // The session names itself and says its path in words (the gallery's card text).
  std::string session = readAll(runDir + "/session.json");
  const std::string plain = "\"name\":\"session\",";
  auto at = session.find(plain);
  if (at != std::string::npos)
    session.replace(at, plain.size(), "\"name\":" + quoted(s.name) + ",\"description\":" + quoted(description(s)) + ",");
  writeAll(o.out + "/sessions/" + s.name + ".json", session);
  // The app's assets once, beside the sessions (each session names "assets").
  if (!fs::exists(o.out + "/sessions/assets", ec) && fs::is_directory(runDir + "/assets", ec))
    fs::copy(runDir + "/assets", o.out + "/sessions/assets", fs::copy_options::recursive, ec);
  fs::copy_file(runDir + "/screen.png", o.out + "/screens/" + s.name + ".png", fs::copy_options::overwrite_existing, ec);
  writeAll(o.out + "/scripts/" + s.name + ".json", scriptText(o, s.steps));
}

std::string writeWalk(const ExploreOptions & o, const ExploreResult & r,
                      const std::vector<std::pair<std::string, double> > & timings, double total) {
  std::string j = std::string(formatLine) + "\n";
  j += " \"options\": {\"depth\": " + std::to_string(o.depth) + ", \"maxPaths\": " + std::to_string(o.maxPaths) +
       ", \"tick\": " + std::to_string(o.tick) + ", \"theme\": " + quoted(o.theme.empty() ? "default" : o.theme) +
       ", \"device\": {\"width\": " + number(o.device.width) + ", \"height\": " + number(o.device.height) +
       ", \"scale\": " + number(o.device.scale) + "}, \"sampleText\": \"Sample text\"},\n";
  j += " \"complete\": " + std::string(r.stoppedBy.empty() ? "true" : "false") + ", \"stoppedBy\": " +
       (r.stoppedBy.empty() ? "null" : quoted(r.stoppedBy)) + ",\n";
  j += " \"paths\": " + std::to_string(r.runs) + ",\n \"screens\": [";
  for (size_t i = 0; i < r.screens.size(); i++) {
    auto & s = r.screens[i];
    j += std::string(i ? "," : "") + "\n  {\"name\": " + quoted(s.name) + ", \"depth\": " + std::to_string(s.depth) +
         ", \"title\": " + quoted(s.title) + ", \"hash\": " + quoted(s.hash) + ", \"reachable\": " +
         std::to_string(s.reachable) + ",\n   \"session\": " + quoted("sessions/" + s.name + ".json") +
         ", \"script\": " + quoted("scripts/" + s.name + ".json") + ", \"png\": " +
         quoted("screens/" + s.name + ".png") + ",\n   \"path\": " + stringArray(s.labels, "   ") + "}";
  }
  j += "\n ],\n \"edges\": [";
  for (size_t i = 0; i < r.edges.size(); i++) {
    auto & e = r.edges[i];
    j += std::string(i ? "," : "") + "\n  {\"from\": " + quoted(r.screens[size_t(e.from)].name) + ", \"to\": " +
         (e.to < 0 ? "null" : quoted(r.screens[size_t(e.to)].name)) + ", \"label\": " + quoted(e.label) + "}";
  }
  j += "\n ],\n \"failures\": [";
  for (size_t i = 0; i < r.failures.size(); i++) {
    auto & f = r.failures[i];
    j += std::string(i ? "," : "") + "\n  {\"from\": " + (f.from < 0 ? "null" : quoted(r.screens[size_t(f.from)].name)) +
         ", \"element\": " + quoted(f.label) + ", \"kind\": " + quoted(f.kind) + ",\n   \"path\": " + quoted(f.path) +
         ", \"message\": " + quoted(f.message) + "}";
  }
  j += "\n ],\n \"unreachable\": " + stringArray(r.unreachable, " ") + ",\n \"skipped\": " + stringArray(r.skipped, " ") +
       "\n}\n";
  std::string t = "{\"seconds\": " + number(total) + ",\n \"paths\": [";
  for (size_t i = 0; i < timings.size(); i++)
    t += std::string(i ? "," : "") + "\n  {\"path\": " + quoted(timings[i].first) + ", \"seconds\": " +
         number(timings[i].second) + "}";
  t += "\n]}\n";
  double aspect = o.device.height / o.device.width;
  if (!writeAll(o.out + "/explore.json", j) || !writeAll(o.out + "/timings.json", t) ||
      !writeAll(o.out + "/map.html", explorerMapPage(r.screens, r.edges, aspect)))
    return "cannot write into " + o.out;
  return "";
}

std::string writeGallery(const ExploreOptions & o, const ExploreResult & r, const std::string & render, bool & written) {
  written = false;
  std::string tool = render;
  if (tool.empty()) {  // `render` on the PATH
    const char * path = std::getenv("PATH");
    std::stringstream dirs(path ? path : "");
    std::string d;
    while (std::getline(dirs, d, ':'))
      if (!d.empty() && access((d + "/render").c_str(), X_OK) == 0) { tool = d + "/render"; break; }
  }
  if (tool.empty()) {
    std::cerr << "preview: no `render` on the PATH (or --render): the gallery is skipped\n";
    return "";
  }
  if (r.screens.empty()) return "";
  const std::string theme = o.theme.empty() || fs::exists(o.theme) ? "default" : o.theme;
  // A viewing aid, not a gate: a screen's error diagnostics are in its session; they do not stop the gallery.
  std::vector<std::string> args = {tool, "gallery", o.out + "/sessions", "-o", o.out + "/gallery", "--themes", theme,
                                   "--no-states", "-q", "--allow-errors"};
  if (!o.fonts.empty()) args.insert(args.end(), {"--fonts-dir", o.fonts});
  pid_t pid = fork();
  if (pid == 0) {
    std::vector<char *> argv;
    for (auto & a : args) argv.push_back(const_cast<char *>(a.c_str()));
    argv.push_back(nullptr);
    execv(tool.c_str(), argv.data());
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return "`" + tool + " gallery` failed (exit " + std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) + ")";
  written = true;
  return "";
}

std::string replaceFolder(const std::string & from, const std::string & to) {
  std::error_code ec;
  fs::remove_all(to, ec);
  if (ec) return "cannot replace " + to + ": " + ec.message();
  fs::rename(from, to, ec);
  if (ec) return "cannot move the walk into " + to + ": " + ec.message();
  return "";
}

}  // namespace preview
