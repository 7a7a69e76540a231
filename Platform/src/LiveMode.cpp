#include "LiveMode.h"
#include "Json.h"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <sstream>
#include <string_view>
#include <unistd.h>

namespace preview {

namespace {

long long nowUs() {
  using namespace std::chrono;
  return duration_cast<microseconds>(steady_clock::now().time_since_epoch()).count();
}

std::string quoted(const std::string & s) {
  JsonValue v;
  v.kind = JsonValue::String;
  v.string = s;
  return toJson(v);
}

std::string number(double n) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", n);
  return buf;
}

// Pixel payloads are left out of an answer (a page shows commands, not megabytes of base64): the
// session file keeps them.
void trimPayloads(JsonValue & v) {
  if (v.kind == JsonValue::String && v.string.size() > 1024) {
    v.string = "(" + std::to_string(v.string.size()) + " bytes; in the session file)";
  } else if (v.kind == JsonValue::Array) {
    for (auto & e : v.array) trimPayloads(e);
  } else if (v.kind == JsonValue::Object) {
    for (auto & m : v.object) trimPayloads(m.second);
  }
}

// The outcome of a run that ended: what the page shows ("threw", "quit", "hung", ...).
std::string outcomeOf(int result, const std::string & message) {
  switch (result) {
    case RUN_BUSY: return "hung";
    case RUN_ENGINE_ERROR: return "engine-error";
    case RUN_SCRIPT_ERROR: return "not-delivered";
    case RUN_APP_ERROR:
      if (message.find("the app threw") != std::string::npos) return "threw";
      if (message.find("QUIT_APP") != std::string::npos) return "quit";
      return "stopped";
    default: return "ok";
  }
}

}  // namespace

LiveMainThread::LiveMainThread(std::shared_ptr<FWApplication> application, std::shared_ptr<RunContext> context,
                               RunOptions options, std::istream & in, int out_fd)
  : PreviewMainThread(std::move(application), std::move(context), Script(), std::move(options)), in(in), out_fd(out_fd) {
  step_started_us = nowUs();
}

int LiveMainThread::runLive(std::shared_ptr<LiveMainThread> t) {
  int result = PreviewMainThread::run(t);
  if (!t->answered_last) {
    // The step the run ended in: the app threw, quit (QUIT_APP), or stayed busy in its event queue.
    if (result == RUN_OK) t->answer(t->input_ended ? "ok" : "quit", t->input_ended ? "" : "the app quit (QUIT_APP)");
    else t->answer(outcomeOf(result, t->failureMessage()), t->failureMessage());
  }
  return result;
}

bool LiveMainThread::moreSteps() {
  if (!answered_last) answer(undelivered.empty() ? "ok" : "not-delivered", undelivered);
  return readStep();
}

bool LiveMainThread::skipUndelivered(const ScriptStep &, const std::string & why) {
  undelivered = why;
  return true;
}

void LiveMainThread::eventSent(const pr_event & e) {
  std::string o = "{\"type\":" + quoted(e.type ? e.type : "") + ",\"time\":" + std::to_string(e.time) +
                  ",\"internalId\":" + std::to_string(e.internal_id);
  if (e.fields & PR_FIELD_VALUE) o += ",\"value\":" + std::to_string(e.value);
  if (e.fields & PR_FIELD_TEXT) o += ",\"text\":" + quoted(std::string(e.text ? e.text : "", e.text ? e.text_len : 0));
  if (e.fields & PR_FIELD_SYS_TYPE) o += ",\"sysType\":" + quoted(e.sys_type_name ? e.sys_type_name : "");
  if (e.fields & PR_FIELD_SCROLL) o += ",\"scrollPos\":" + number(e.scroll_pos);
  if (e.fields & PR_FIELD_TIMER_ID) o += ",\"timerId\":" + std::to_string(e.timer_id);
  if (e.fields & PR_FIELD_VISIBLE) o += ",\"visible\":" + std::to_string(e.visible);
  o += "}";
  if (!events_json.empty()) events_json += ",";
  events_json += o;
}

void LiveMainThread::answer(const std::string & given, const std::string & givenMessage) {
  answered_last = true;
  const long long us = nowUs() - step_started_us;
  std::string outcome = given, message = givenMessage;
  const std::string path = options.outDir + "/session.json";
  std::string commands;
  size_t total = session_steps;
  try {
    context->engine->writeSession(path);
    std::ifstream file(path, std::ios::binary);
    std::ostringstream text;
    text << file.rdbuf();
    total = newSteps(text.str(), commands);
  } catch (const EngineError & e) {
    outcome = "engine-error";
    message = std::string("the session could not be written: ") + e.what();
  } catch (const JsonError & e) {
    outcome = "engine-error";
    message = std::string("the written session does not read back: ") + e.what();
  }
  session_steps = total;
  const long long written_us = nowUs() - step_started_us - us;
  std::string line = "{\"step\":";
  line += script.steps.empty() ? std::string("\"boot\"") : std::to_string(script.steps.size() - 1);
  line += ",\"outcome\":" + quoted(outcome);
  if (!message.empty()) line += ",\"message\":" + quoted(message);
  if (!script.steps.empty() && script.steps.back().type == "snapshot" && outcome == "ok")
    line += ",\"png\":" + quoted(options.outDir + "/" + script.steps.back().name + ".png");
  line += ",\"commands\":[" + commands + "],\"events\":[" + events_json + "]";
  line += ",\"sessionSteps\":" + std::to_string(total) + ",\"session\":" + quoted(path);
  line += ",\"micros\":" + std::to_string(us) + ",\"writeMicros\":" + std::to_string(written_us) + "}\n";
  emit(line);
}

// The session is written a step at a time: header, `"steps":[`, each step after "\n" or ",\n", then
// "\n]}\n" (SessionWriter). A walk's file only grows, so when it starts with the last file's bytes (its
// length and hash match), the new steps are the rest: reading only them keeps an answer's cost from
// growing with the walk. Anything else (the first answer, a header that changed) is parsed whole.
size_t LiveMainThread::newSteps(const std::string & text, std::string & commands) {
  static const std::string footer = "\n]}\n";
  const bool closed =
    text.size() >= footer.size() && text.compare(text.size() - footer.size(), footer.size(), footer) == 0;
  const size_t body = closed ? text.size() - footer.size() : 0;
  const std::hash<std::string_view> hash;
  const bool grown = closed && written_size > 0 && body >= written_size &&
                     hash(std::string_view(text).substr(0, written_size)) == written_hash;
  size_t total = 0;
  if (grown) {
    std::string_view rest = std::string_view(text).substr(written_size, body - written_size);
    if (session_steps > 0 && !rest.empty()) {
      if (rest[0] != ',') throw JsonError("the session's new steps do not follow the last ones");
      rest.remove_prefix(1);
    }
    total = session_steps + answerSteps(rest, commands);
  } else {
    JsonValue session = parseJson(text);
    const JsonValue * steps = session.find("steps");
    if (steps && steps->kind == JsonValue::Array) {
      for (size_t i = session_steps; i < steps->array.size(); i++) addStep(steps->array[i], commands);
      total = steps->array.size();
    }
  }
  written_size = closed ? body : 0;
  written_hash = closed ? hash(std::string_view(text).substr(0, body)) : 0;
  return total;
}

void LiveMainThread::addStep(JsonValue step, std::string & commands) {
  trimPayloads(step);
  commands += (commands.empty() ? "" : ",") + toJson(step);
}

// The new steps' text (steps as the session writer wrote them, separated by commas) into the answer: a
// step goes as written, without parsing it, when none of its strings is long enough to be trimmed and it
// is on one line (the writer's steps are); others are parsed and trimmed. Parsing every step and writing
// it again was most of an answer's own time for a whole new screen (about 250 steps, issue 49).
size_t LiveMainThread::answerSteps(std::string_view rest, std::string & commands) {
  size_t count = 0, i = 0;
  auto space = [&](char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; };
  while (i < rest.size()) {
    while (i < rest.size() && space(rest[i])) i++;
    if (i == rest.size()) break;
    const size_t start = i;
    int depth = 0;
    bool plain = true;
    for (; i < rest.size(); i++) {
      const char c = rest[i];
      if (c == '"') {
        const size_t open = i++;
        while (i < rest.size() && rest[i] != '"') i += rest[i] == '\\' ? 2 : 1;
        if (i >= rest.size()) throw JsonError("a string of the session's new steps does not end");
        if (i - open > 1024) plain = false;  // trimPayloads's bound, on the escaped text: never less
      } else if (c == '{' || c == '[') {
        depth++;
      } else if (c == '}' || c == ']') {
        if (--depth < 0) throw JsonError("the session's new steps close more than they open");
      } else if (c == ',' && depth == 0) {
        break;
      } else if (space(c)) {
        plain = false;
      }
    }
    if (depth != 0) throw JsonError("a step of the session's new steps does not end");
    std::string_view step = rest.substr(start, i - start);
    while (!step.empty() && space(step.back())) step.remove_suffix(1);
    if (plain) commands += (commands.empty() ? "" : ",") + std::string(step);
    else addStep(parseJson(std::string(step)), commands);
    count++;
    if (i < rest.size()) i++;  // the comma
  }
  return count;
}

void LiveMainThread::emit(const std::string & line) {
  size_t done = 0;
  while (done < line.size()) {
    ssize_t n = ::write(out_fd, line.data() + done, line.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // the reader is gone (the server ended): the app ends at the end of its input
    done += size_t(n);
  }
}

bool LiveMainThread::readStep() {
  std::string line;
  while (std::getline(in, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const size_t index = script.steps.size();
    const std::string where = "step " + std::to_string(index);
    try {
      // The script reader checks a live step as it checks a script's (one step, so "step 0" in
      // its messages is this step).
      Script one = parseScript("{\"steps\": [" + line + "]}");
      if (one.steps.size() != 1) throw ScriptError("a line holds one step");
      ScriptStep step = one.steps[0];
      step.index = index;
      if (step.type == "snapshot" && !snapshot_names.insert(step.name).second)
        throw ScriptError("snapshot name \"" + step.name + "\" was taken already; each snapshot needs its own name");
      undelivered.clear();
      events_json.clear();
      answered_last = false;
      step_started_us = nowUs();
      script.steps.push_back(step);
      return true;
    } catch (const ScriptError & e) {
      std::string why = e.what();
      const std::string prefix = "step 0: ";
      if (why.compare(0, prefix.size(), prefix) == 0) why = why.substr(prefix.size());
      emit("{\"step\":" + std::to_string(index) + ",\"outcome\":\"refused\",\"message\":" + quoted(where + ": " + why) +
           ",\"commands\":[],\"events\":[]}\n");
    }
  }
  input_ended = true;
  return false;
}

}  // namespace preview
