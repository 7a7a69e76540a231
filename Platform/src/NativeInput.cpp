#include "NativeInput.h"

#include <ValueEvent.h>

#include <string>

namespace preview {

void NativeInput::observe(const std::vector<Command> & commands) {
  std::lock_guard<std::mutex> lock(mutex);
  for (auto & c : commands) {
    const long long id = c.getInternalId();
    switch (c.getType()) {
    case Command::CREATE_PICKER:
    case Command::CREATE_LISTVIEW:
    case Command::CREATE_SLIDER:
      widgets[c.getChildInternalId()] = Widget{int(c.getType()), 0, {}};
      break;
    case Command::DELETE_ELEMENT:
      widgets.erase(id);
      break;
    case Command::ADD_OPTION:
      if (widgets.count(id)) widgets[id].options++;
      break;
    case Command::SET_TEXT_DATA:
      if (widgets.count(id) && c.getSheet() == 0) widgets[id].rows.insert(c.getRow());
      break;
    case Command::CLEAR:
      if (widgets.count(id)) {
        widgets[id].options = 0;
        widgets[id].rows.clear();
      }
      break;
    default:
      break;
    }
  }
}

bool NativeInput::play(const ScriptStep & step, EngineLink & engine, long long & target, std::unique_ptr<Event> & event) {
  const bool rowTap = step.type == "tap" && step.row >= 0, select = step.type == "select";
  if (!(rowTap || select) || (!step.namesId() && step.target.empty())) return false;  // a point: the engine's
  long long id = 0;
  std::string why;
  // The element a finger reaches; when none, the engine plays the step and says why it could not.
  if (!engine.find(step.namesId() ? "{\"id\":" + std::to_string(step.internalId) + "}" : step.target, id, why)) return false;
  Widget w;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = widgets.find(id);
    if (it == widgets.end()) return false;
    w = it->second;
  }
  const std::string what = "element " + std::to_string(id);
  if (rowTap && w.type == Command::CREATE_PICKER) {
    // iOS's picker sheet (ViewController.mm pickerButtonPushed): the app hears the row, the picker
    // shows that option. Android's Spinner sends the same position.
    if (step.row >= w.options)
      throw NotDelivered("the picker " + what + " has " + std::to_string(w.options) + " option(s); no row " +
                         std::to_string(step.row));
    Command shown(Command::SET_INT_VALUE, int(id));
    shown.setValue(int(step.row));
    engine.sendCommands({shown});
    event.reset(new ValueEvent(int(step.row), 0));
  } else if (rowTap && w.type == Command::CREATE_LISTVIEW) {
    // Android's FWList (NativeCommand.java onItemClick): position - 1, the header being position 0,
    // so data row R sends R. Nothing the list shows changes.
    if (!w.rows.count(int(step.row)))
      throw NotDelivered("the list view " + what + " has no row " + std::to_string(step.row) + " (SET_TEXT_DATA, sheet 0)");
    event.reset(new ValueEvent(int(step.row), 0));
  } else if (select && w.type == Command::CREATE_SLIDER) {
    Command moved(Command::SET_INT_VALUE, int(id));
    moved.setValue(int(step.value));
    engine.sendCommands({moved});
    event.reset(new ValueEvent(int(step.value), 0));
  } else {
    return false;
  }
  target = id;
  return true;
}

}  // namespace preview
