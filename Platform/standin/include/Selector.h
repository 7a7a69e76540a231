// Stand-in for the framework's include/Selector.h: the style states SET_STYLE carries in `value`.
#ifndef _SELECTOR_H_
#define _SELECTOR_H_

enum class Selector { NORMAL = 0, ACTIVE, HOVER, SELECTED, DISABLED, LINK };

#endif
