// The test app's misbehaving modes (SoakModes.cpp): for `render serve --app`'s soak.
#ifndef SOAKMODES_H
#define SOAKMODES_H

#include <string>

// When `text` (typed into the text field) names a mode ("soak:flood", "soak:hang", ...), plays it:
// returns true with the text to show when the app answers afterwards, or does not return at all.
bool soakMode(const std::string & text, std::string & shown);

#endif
