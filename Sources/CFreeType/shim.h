#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_TRUETYPE_TABLES_H
#include FT_BITMAP_H
#include FT_MODULE_H
#include FT_DRIVER_H
#include FT_FONT_FORMATS_H
