// What `--explore` learns of one screen, inside the app process that reached it (the child a walk
// starts per path): the elements a finger can reach, the taps and inputs it can make next, and a
// hash that tells screens apart (README "Find every screen", docs/explore.md).
#ifndef PREVIEW_EXPLORESCREEN_H
#define PREVIEW_EXPLORESCREEN_H

#include "EngineLink.h"

#include <string>

namespace preview {

// The fixed text `--explore` types into every text field (documented in docs/explore.md).
extern const char * const exploreSampleText;
// The value `--explore` sets a slider to (documented in docs/explore.md).
extern const long long exploreSliderValue;

// Reads the session the run wrote at `sessionPath` (the app's commands and the script's input
// steps: the element tree), asks the engine which elements a touch reaches now, and writes the
// report (JSON: hash, title, actions, unreachable) to `reportPath`. Returns "" or the error.
std::string writeExploreReport(EngineLink & engine, const std::string & sessionPath, const std::string & reportPath);

}  // namespace preview

#endif
