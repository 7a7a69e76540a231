#include "ExploreScreen.h"
#include "ExploreText.h"
#include "Json.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <vector>

namespace preview {

const char * const exploreSampleText = "Sample text";
const long long exploreSliderValue = 50;

namespace {

// The element tree as the app's commands built it (the engine keeps the same; the platform only
// needs kinds, parents, texts and control values, which the session holds).
struct Node {
  long long id = 0, parent = 0, value = 0, flags = 0;
  std::string kind, text;
  std::vector<long long> children;
  std::vector<std::pair<long long, std::string> > options;  // ADD_OPTION: (value, label)
  std::map<long long, std::map<long long, std::string> > rows;  // a list's SET_TEXT_DATA, sheet 0: row -> column -> text
};

// CREATE_* command names and the kinds `--layout-dump` and locators call them.
const std::pair<const char *, const char *> kinds[] = {
  {"CREATE_APPLICATION", "application"}, {"CREATE_FRAMEVIEW", "frameView"},
  {"CREATE_NAVIGATIONVIEW", "navigationView"}, {"CREATE_OPENGL_VIEW", "openGLView"},
  {"CREATE_TEXTFIELD", "textField"}, {"CREATE_TEXTVIEW", "textView"}, {"CREATE_LISTVIEW", "listView"},
  {"CREATE_GRIDVIEW", "gridView"}, {"CREATE_BUTTON", "button"}, {"CREATE_SWITCH", "switchControl"},
  {"CREATE_PICKER", "picker"}, {"CREATE_LINEAR_LAYOUT", "linearLayout"}, {"CREATE_FRAME_LAYOUT", "frameLayout"},
  {"CREATE_EVENT_LAYOUT", "eventLayout"}, {"CREATE_SCROLL_LAYOUT", "scrollLayout"},
  {"CREATE_FLIPPER_LAYOUT", "flipperLayout"}, {"CREATE_TABLE_LAYOUT", "tableLayout"},
  {"CREATE_AUTO_COLUMN_LAYOUT", "autoColumnLayout"}, {"CREATE_TEXT", "text"}, {"CREATE_DIALOG", "dialog"},
  {"CREATE_ALERT_DIALOG", "alertDialog"}, {"CREATE_IMAGEVIEW", "imageView"}, {"CREATE_ACTION_SHEET", "actionSheet"},
  {"CREATE_PAGER", "pager"}, {"CREATE_CHECKBOX", "checkbox"}, {"CREATE_RADIO_GROUP", "radioGroup"},
  {"CREATE_SEPARATOR", "separator"}, {"CREATE_SLIDER", "slider"}, {"CREATE_ACTIONBAR", "actionBar"},
  {"CREATE_SEARCHBAR", "searchBar"}, {"CREATE_NAVIGATIONBAR", "navigationBar"},
  {"CREATE_NAVIGATIONBAR_ITEM", "navigationBarItem"}, {"CREATE_PROGRESS_SPINNER", "progressSpinner"},
  {"CREATE_PAGE_CONTROL", "pageControl"}, {"CREATE_SEGMENTED_CONTROL", "segmentedControl"},
};

// What a finger can tap on a phone (the framework makes these take clicks); text fields get the
// sample text typed instead, action sheets a tap per row.
bool tappable(const std::string & kind) {
  return kind == "button" || kind == "eventLayout" || kind == "navigationBarItem" || kind == "switchControl" ||
         kind == "checkbox" || kind == "segmentedControl";
}

// Kinds whose rows or value the platform itself sets (NativeInput.h).
bool platformInput(const std::string & kind) { return kind == "picker" || kind == "listView" || kind == "slider"; }

long long number(const JsonValue & o, const char * key) {
  auto v = o.find(key);
  return v && v->kind == JsonValue::Number ? (long long)v->number : 0;
}

std::string str(const JsonValue & o, const char * key) {
  auto v = o.find(key);
  return v && v->kind == JsonValue::String ? v->string : "";
}

class Tree {
 public:
  std::map<long long, Node> nodes;
  std::string browserUrl;  // the last LAUNCH_BROWSER's URL

  void apply(const JsonValue & step) {
    const std::string type = str(step, "type");
    if (type == "batch") {
      if (auto inner = step.find("steps"))
        for (auto & s : inner->array) apply(s);
      return;
    }
    const long long id = number(step, "internalId");
    for (auto & k : kinds) {
      if (type == k.first) {
        Node n;
        n.id = number(step, "childInternalId");
        n.parent = id;
        n.kind = k.second;
        n.text = str(step, "textValue");
        n.value = number(step, "value");
        n.flags = number(step, "flags");
        if (n.kind == "imageView") n.text.clear();  // a file name, not shown
        nodes[n.id] = n;
        if (nodes.count(id)) nodes[id].children.push_back(n.id);
        return;
      }
    }
    auto it = nodes.find(id);
    if (type == "DELETE_ELEMENT") remove(id);
    else if (type == "LAUNCH_BROWSER") browserUrl = str(step, "textValue");
    else if (it == nodes.end()) return;
    else if (type == "SET_TEXT_VALUE" && it->second.kind != "imageView") it->second.text = str(step, "textValue");
    else if (type == "SET_INT_VALUE" && (it->second.kind == "frameView" || it->second.kind == "application"))
      return;  // a view switch (FWViewBase::show), not a control's value: the reachable tree shows it
    else if (type == "SET_INT_VALUE") it->second.value = number(step, "value");
    else if (type == "ADD_OPTION") it->second.options.emplace_back(number(step, "value"), str(step, "textValue"));
    else if (type == "SET_TEXT_DATA" && number(step, "sheet") == 0)
      it->second.rows[number(step, "row")][number(step, "column")] = str(step, "textValue");
    else if (type == "CLEAR") { it->second.options.clear(); it->second.rows.clear(); }
    else if (type == "input") it->second.text = str(step, "textValue");
    else if (type == "select") it->second.value = number(step, "value");
    else if (type == "tap" && (it->second.kind == "checkbox" || it->second.kind == "switchControl"))
      it->second.value = it->second.value ? 0 : 1;
  }

 private:
  void remove(long long id) {
    auto it = nodes.find(id);
    if (it == nodes.end()) return;
    std::vector<long long> children = it->second.children;
    if (nodes.count(it->second.parent)) {
      auto & siblings = nodes[it->second.parent].children;
      siblings.erase(std::remove(siblings.begin(), siblings.end(), id), siblings.end());
    }
    nodes.erase(id);
    for (long long c : children) remove(c);
  }
};

class Inspector {
 public:
  Inspector(EngineLink & engine, const Tree & tree) : engine(engine), tree(tree) { }

  std::string report() {
    for (auto & n : tree.nodes) {
      std::string why;
      long long found = 0;
      if (engine.find("{\"id\":" + std::to_string(n.first) + "}", found, why)) reachable.insert(n.first);
      else if ((tappable(n.second.kind) || platformInput(n.second.kind)) && blockedReason(why))
        unreachable.push_back("{\"element\":" + quoted(describe(n.second)) + ",\"why\":" + quoted(shorter(why)) + "}");
    }
    std::string canonical, actions, title;
    firstText.clear();
    for (auto & n : tree.nodes)
      if (!tree.nodes.count(n.second.parent)) walk(n.second, 0, canonical, actions, title);
    if (reachable.empty() && !tree.browserUrl.empty()) {
      canonical += "browser " + tree.browserUrl + "\n";
      title = "browser " + tree.browserUrl;
    }
    if (title.empty() && !firstText.empty()) title = "'" + shortTitle(firstText) + "'";
    addAction(actions, "back", "{\"type\":\"back\"}", "");
    std::ostringstream out;
    out << "{\"hash\":" << quoted(hashHex(canonical)) << ",\n\"title\":" << quoted(title.empty() ? "screen" : title)
        << ",\n\"reachable\":" << reachable.size() << ",\n\"actions\":[" << actions << "],\n\"unreachable\":[";
    for (size_t i = 0; i < unreachable.size(); i++) out << (i ? ",\n" : "\n") << unreachable[i];
    out << "]}\n";
    return out.str();
  }

 private:
  // Covered, clipped, scrolled away: a finger cannot get there although the element is on screen
  // (elements of views not shown are not listed: every app has many).
  static bool blockedReason(const std::string & why) {
    return why.find("out of reach") != std::string::npos &&
           (why.find("is under") != std::string::npos || why.find("clipped") != std::string::npos ||
            why.find("scrolled out") != std::string::npos || why.find("zero size") != std::string::npos ||
            why.find("off screen") != std::string::npos);
  }

  // "is under dialog 14" out of the engine's message (which lists the element and candidates too).
  static std::string shorter(const std::string & why) {
    auto at = why.find("out of reach: ");
    std::string rest = at == std::string::npos ? why : why.substr(at + 14);
    auto open = rest.find(" (");
    auto close = rest.find(')', open == std::string::npos ? 0 : open);
    return open != std::string::npos && close != std::string::npos ? rest.substr(open + 2, close - open - 2) : rest;
  }

  std::string describe(const Node & n) const {
    return n.kind + (n.text.empty() ? "" : " '" + n.text + "'");
  }

  void walk(const Node & n, int depth, std::string & canonical, std::string & actions, std::string & title) {
    const bool reached = reachable.count(n.id) != 0;
    if (reached) {
      canonical += std::to_string(depth) + " " + n.kind + " " + std::to_string(n.value) + " " + n.text + "\n";
      if (n.kind == "dialog" || n.kind == "alertDialog") title = "dialog '" + shortTitle(n.text) + "'";
      else if (firstText.empty() && (n.kind == "text" || n.kind == "textView")) firstText = n.text;
      if (n.kind == "actionSheet") sheet(n, canonical, actions, title);
      else if (n.kind == "textField") {
        std::string loc = locator(n);
        addAction(actions, "type '" + std::string(exploreSampleText) + "' into " + words(n, loc),
                  "{\"type\":\"input\",\"target\":" + loc + ",\"textValue\":" + quoted(exploreSampleText) + "}",
                  describe(n));
      } else if (n.kind == "actionBar") {
        barButtons(n, actions);
      } else if (n.kind == "picker") {
        pickerRows(n, canonical, actions);
      } else if (n.kind == "listView") {
        listRows(n, canonical, actions);
      } else if (n.kind == "slider") {
        std::string loc = locator(n);
        addAction(actions, "set " + words(n, loc) + " to " + std::to_string(exploreSliderValue),
                  "{\"type\":\"select\",\"target\":" + loc + ",\"value\":" + std::to_string(exploreSliderValue) + "}",
                  describe(n));
      } else if (tappable(n.kind)) {
        std::string loc = locator(n);
        addAction(actions, "tap " + words(n, loc), "{\"type\":\"tap\",\"target\":" + loc + "}", describe(n));
      }
    }
    for (long long c : n.children) {
      auto it = tree.nodes.find(c);
      if (it != tree.nodes.end()) walk(it->second, reached ? depth + 1 : depth, canonical, actions, title);
    }
  }

  // An open action sheet: a tap per option row (by its label) and one on Cancel (the last row).
  void sheet(const Node & n, std::string & canonical, std::string & actions, std::string & title) {
    title = "action sheet '" + n.text + "'";
    for (auto & o : n.options) {
      canonical += "  option " + std::to_string(o.first) + " " + o.second + "\n";
      addAction(actions, "tap '" + o.second + "'", "{\"type\":\"tap\",\"target\":" + textLocator(o.second) + "}",
                "option '" + o.second + "'");
    }
    addAction(actions, "tap Cancel",
              "{\"type\":\"tap\",\"target\":{\"type\":\"actionSheet\"},\"row\":" + std::to_string(n.options.size()) + "}",
              "option Cancel");
  }

  // The action bar's buttons (semantics.md item 14): back and save when its flags show them (bit 0,
  // bit 1), the menu button when the app has a navigation drawer for it to open.
  void barButtons(const Node & n, std::string & actions) {
    const std::string loc = locator(n);
    auto button = [&](const std::string & name, const std::string & label) {
      addAction(actions, label, "{\"type\":\"tap\",\"target\":" + loc + ",\"textValue\":\"" + name + "\"}",
                "actionBar " + name);
    };
    if (hasDrawer()) button("menu", "tap the menu button");
    if (n.flags & 1) button("back", "tap the action bar's back button");
    if (n.flags & 2) button("save", "tap the action bar's save button");
  }

  // A picker: a pick per option row, as its option sheet offers them (NativeInput.h).
  void pickerRows(const Node & n, std::string & canonical, std::string & actions) {
    const std::string loc = locator(n);
    for (size_t row = 0; row < n.options.size(); row++) {
      canonical += "  option " + std::to_string(n.options[row].first) + " " + n.options[row].second + "\n";
      addAction(actions, "pick '" + n.options[row].second + "' in " + words(n, loc),
                "{\"type\":\"tap\",\"target\":" + loc + ",\"row\":" + std::to_string(row) + "}",
                describe(n));
    }
  }

  // A list view: a tap per row of its first sheet, named by the row's first column.
  void listRows(const Node & n, std::string & canonical, std::string & actions) {
    const std::string loc = locator(n);
    for (auto & row : n.rows) {
      std::string text;
      for (auto & cell : row.second) text += (text.empty() ? "" : " ") + cell.second;
      canonical += "  row " + std::to_string(row.first) + " " + text + "\n";
      std::string name = row.second.empty() ? "" : row.second.begin()->second;
      addAction(actions, "tap row '" + name + "' of " + words(n, loc),
                "{\"type\":\"tap\",\"target\":" + loc + ",\"row\":" + std::to_string(row.first) + "}",
                describe(n));
    }
  }

  bool hasDrawer() const {
    for (auto & n : tree.nodes)
      if (n.second.kind == "navigationView") return true;
    return false;
  }

  // A title fits a map node: the first line, at most 40 characters (UTF-8 kept whole).
  static std::string shortTitle(const std::string & t) {
    std::string line = t.substr(0, t.find('\n'));
    if (line.size() <= 40) return line;
    size_t cut = 40;
    while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80) cut--;
    return line.substr(0, cut) + "…";
  }

  static std::string textLocator(const std::string & t) { return "{\"text\":" + quoted(t) + "}"; }

  bool finds(const std::string & loc, long long id) {
    long long found = 0;
    std::string why;
    return engine.find(loc, found, why) && found == id;
  }

  // The plainest locator that finds the element now: its text, its text and kind, its kind and
  // index in reading order, else its id (the rule of `render inspect --tree`).
  std::string locator(const Node & n) {
    if (!n.text.empty()) {
      if (finds(textLocator(n.text), n.id)) return textLocator(n.text);
      std::string typed = "{\"text\":" + quoted(n.text) + ",\"type\":" + quoted(n.kind) + "}";
      if (finds(typed, n.id)) return typed;
    }
    for (int i = 0; i < 64; i++) {
      std::string indexed = "{\"type\":" + quoted(n.kind) + ",\"index\":" + std::to_string(i) + "}";
      long long found = 0;
      std::string why;
      if (!engine.find(indexed, found, why)) break;
      if (found == n.id) return indexed;
    }
    return "{\"id\":" + std::to_string(n.id) + "}";
  }

  // How a path names the element in words: its text, else its kind and place.
  static std::string words(const Node & n, const std::string & loc) {
    if (!n.text.empty()) return "'" + n.text + "'";
    auto at = loc.find("\"index\":");
    if (at != std::string::npos) return n.kind + " #" + std::to_string(std::atoi(loc.c_str() + at + 8) + 1);
    return n.kind + " " + std::to_string(n.id);
  }

  void addAction(std::string & actions, const std::string & label, const std::string & step, const std::string & element) {
    actions += (actions.empty() ? "\n" : ",\n") + std::string("{\"label\":") + quoted(label) + ",\"element\":" +
               quoted(element) + ",\"step\":" + step + "}";
  }

  EngineLink & engine;
  const Tree & tree;
  std::set<long long> reachable;
  std::vector<std::string> unreachable;
  std::string firstText;  // the first reachable text: the screen's title when it has no dialog or sheet
};

}  // namespace

std::string writeExploreReport(EngineLink & engine, const std::string & sessionPath, const std::string & reportPath) {
  std::ifstream in(sessionPath, std::ios::binary);
  if (!in) return "cannot read " + sessionPath;
  std::ostringstream text;
  text << in.rdbuf();
  Tree tree;
  try {
    JsonValue session = parseJson(text.str());
    if (auto steps = session.find("steps"))
      for (auto & s : steps->array) tree.apply(s);
  } catch (const JsonError & e) {
    return sessionPath + ": " + e.what();
  }
  Inspector inspector(engine, tree);
  std::ofstream out(reportPath, std::ios::binary);
  out << inspector.report();
  return out ? "" : "cannot write " + reportPath;
}

}  // namespace preview
