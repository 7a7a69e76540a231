// Stand-in for the framework's include/Command.h (Sometrik/framework 29d38725): the command a
// platform receives, with the same type ordinals and fields. Written for this project from the
// protocol facts in docs/framework-protocol.md; the user's real header replaces it.
#ifndef _COMMAND_H_
#define _COMMAND_H_

#include <string>

class Command {
 public:
  // The ordinal is the wire type; the order is the framework's.
  enum Type {
    CREATE_APPLICATION = 0, CREATE_FRAMEVIEW, CREATE_NAVIGATIONVIEW, CREATE_OPENGL_VIEW,
    CREATE_TEXTFIELD, CREATE_TEXTVIEW, CREATE_LISTVIEW, CREATE_GRIDVIEW, CREATE_BUTTON,
    CREATE_SWITCH, CREATE_PICKER, CREATE_LINEAR_LAYOUT, CREATE_FRAME_LAYOUT, CREATE_EVENT_LAYOUT,
    CREATE_SCROLL_LAYOUT, CREATE_FLIPPER_LAYOUT, CREATE_TABLE_LAYOUT, CREATE_AUTO_COLUMN_LAYOUT,
    CREATE_TEXT, CREATE_LINK, CREATE_DIALOG, CREATE_ALERT_DIALOG, CREATE_IMAGEVIEW,
    CREATE_ACTION_SHEET, CREATE_PAGER, CREATE_CHECKBOX, CREATE_RADIO_GROUP, CREATE_SEPARATOR,
    CREATE_SLIDER, CREATE_ACTIONBAR, CREATE_SEARCHBAR, CREATE_NAVIGATIONBAR,
    CREATE_NAVIGATIONBAR_ITEM, CREATE_PROGRESS_SPINNER, CREATE_TOAST, CREATE_NOTIFICATION,
    CREATE_PAGE_CONTROL, CREATE_SEGMENTED_CONTROL,                          // 0 ... 37
    DELETE_ELEMENT, REMOVE_CHILD, REORDER_CHILD, LAUNCH_BROWSER, HISTORY_GO_BACK, CLEAR, RELEASE,
    SET_INT_VALUE, SET_TEXT_VALUE, SET_INT_DATA, SET_TEXT_DATA, SET_VISIBILITY, SET_SHAPE,
    SET_STYLE, SET_ERROR, ADD_IMAGE_URL, FLUSH_VIEW, UPDATE_PREFERENCE, DELETE_PREFERENCE,
    COMMIT_PREFERENCES, ADD_OPTION, ADD_SHEET, ADD_COLUMN, RESHAPE_TABLE, RESHAPE_SHEET, STOP,
    QUIT_APP,                                                                // 38 ... 64
    CREATE_TIMER,                                                            // 65
    LIST_PRODUCTS, BUY_PRODUCT, LIST_PURCHASES, CONSUME_PURCHASE,
    SHARE_LINK, SELECT_FROM_GALLERY, SHOW_NETWORK_ACTIVITY                   // 66 ... 72
  };

  Command(Type type, int internal_id, int child_internal_id = 0)
    : commandType(type), internalId(internal_id), childInternalId(child_internal_id) { }
  Command(Type type, int internal_id, const std::string & text)
    : commandType(type), internalId(internal_id), textValue(text) { }
  Command(Type type, int internal_id, const std::string & text, const std::string & text2)
    : commandType(type), internalId(internal_id), textValue(text), textValue2(text2) { }

  Type getType() const { return commandType; }
  int getInternalId() const { return internalId; }
  int getChildInternalId() const { return childInternalId; }
  int getValue() const { return value; }
  void setValue(int v) { value = v; }
  const std::string & getTextValue() const { return textValue; }
  void setTextValue(const std::string & s) { textValue = s; }
  const std::string & getTextValue2() const { return textValue2; }
  void setTextValue2(const std::string & s) { textValue2 = s; }
  const std::string & getKey() const { return key; }
  void setKey(const std::string & k) { key = k; }
  int getWidth() const { return width; }
  void setWidth(int w) { width = w; }
  int getHeight() const { return height; }
  void setHeight(int h) { height = h; }
  int getRow() const { return row; }
  void setRow(int r) { row = r; }
  int getColumn() const { return column; }
  void setColumn(int c) { column = c; }
  unsigned short getSheet() const { return sheet; }
  void setSheet(unsigned short s) { sheet = s; }
  unsigned int getFlags() const { return flags; }
  void setFlags(unsigned int f) { flags = f; }

 private:
  Type commandType;
  int internalId = 0, childInternalId = 0;
  int value = 0;
  std::string key, textValue, textValue2;
  int row = 0, column = 0;
  unsigned short sheet = 0;
  int width = 0, height = 0;
  unsigned int flags = 0;
};

#endif
