// A small JSON reader for the driver's script file: objects, arrays, strings (with \u escapes
// and surrogate pairs), numbers, booleans, null. Errors name the byte offset.
#ifndef PREVIEW_JSON_H
#define PREVIEW_JSON_H

#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace preview {

struct JsonValue {
  enum Kind { Null, Bool, Number, String, Array, Object } kind = Null;
  bool boolean = false;
  double number = 0;
  std::string string;
  std::vector<JsonValue> array;
  std::vector<std::pair<std::string, JsonValue> > object;  // in file order

  // The member `key` of an object, or nullptr.
  const JsonValue * find(const std::string & key) const;
};

struct JsonError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Parses a whole document; throws JsonError("offset N: ...").
JsonValue parseJson(const std::string & text);

// The value as JSON text (members in their order; numbers as %.17g), for handing a script's
// step or target to the engine (pr_input_step).
std::string toJson(const JsonValue & value);

}  // namespace preview

#endif
