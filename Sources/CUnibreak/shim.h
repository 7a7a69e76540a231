#include <linebreak.h>
#include <linebreakdef.h>
