#!/bin/sh
# The fixes Sometrik/framework 29d38725 needs to build example1 with canvas 5a12275 (its newest commit) and httpclient
# ce10105 (README "Preview your app", issue 49), written for this project from the compiler's errors as edits by name
# (no line of the framework is kept here). Installed as PREFIX/share/preview-renderer/platform/framework-fixes.sh;
# run it with the framework checkout's folder:
#   sh "$(pkg-config --variable=platformdir preview_renderer_platform)/framework-fixes.sh" framework
# Each fix says whether it was applied or was there already; one that finds neither its old nor its new form stops
# with the file and the fix named (another framework commit: see README "Preview your app").
# - canvas's InternalFormat is an enum class from canvas 0fe0c08 on: its values are qualified.
# - FrameView has no constructor taking a title any more.
# - example1's ImageLoader predates the httpclient:: namespace and its std::string_view callbacks, and its
#   loadImageFromMemory asks for the (non-const) thread pointer.
set -eu
[ $# = 1 ] && [ -d "$1" ] || { echo "usage: framework-fixes.sh FRAMEWORK_DIR" >&2; exit 64; }
dir=$1
fixes=0
# fix FILE WHAT OLD NEW DONE: replaces every match of the Perl pattern OLD by NEW in FILE; DONE (a pattern) says the
# fix is there already.
fix() {
  file=$dir/$1
  [ -f "$file" ] || { echo "framework-fixes: $1: no such file in $dir" >&2; exit 1; }
  if OLD=$3 perl -0ne 'exit(/$ENV{OLD}/ ? 0 : 1)' "$file"; then
    OLD=$3 NEW=$4 perl -0pi -e 's/$ENV{OLD}/$ENV{NEW}/gee' "$file"
    echo "framework-fixes: $1: $2"
    fixes=$((fixes + 1))
  elif DONE=$5 perl -0ne 'exit(/$ENV{DONE}/ ? 0 : 1)' "$file"; then
    echo "framework-fixes: $1: $2 (there already)"
  else
    echo "framework-fixes: $1: cannot apply \"$2\": neither the old nor the new form is there" >&2
    exit 1
  fi
}
fix include/ImageRequestEvent.h "canvas::NO_FORMAT qualified" \
  'canvas::NO_FORMAT' '"canvas::InternalFormat::NO_FORMAT"' 'canvas::InternalFormat::NO_FORMAT'
fix example1/Example1.cpp "FrameView made without a title" \
  'make_shared<FrameView>\("[^"]*"\)' '"make_shared<FrameView>()"' 'make_shared<FrameView>\(\)'
fix example1/FrontView.h "FrameView made without a title" \
  ': FrameView\("[^"]*", _id\)' '": FrameView(_id)"' ': FrameView\(_id\)'
fix example1/ImageLoader.cpp "HTTPClientInterface in namespace httpclient" \
  'public HTTPClientInterface' '"public httpclient::HTTPClientInterface"' 'public httpclient::HTTPClientInterface'
fix example1/ImageLoader.cpp "handleHeader takes string views" \
  'handleHeader\(const std::string & key, const std::string & value\)' \
  '"handleHeader(std::string_view key, std::string_view value)"' 'handleHeader\(std::string_view key'
fix example1/ImageLoader.cpp "handleChunk takes a string view" \
  'handleChunk\(size_t len, const char \* chunk\)' '"handleChunk(std::string_view chunk)"' \
  'handleChunk\(std::string_view chunk\)'
fix example1/ImageLoader.cpp "the chunk appended as a string view" 'string\(chunk, len\)' '"chunk"' 'buffer \+= chunk;'
fix example1/ImageLoader.cpp "loadImageFromMemory not const" \
  '(loadImageFromMemory\([^)]*required_levels\)) const' '"$1"' 'loadImageFromMemory\([^)]*required_levels\) \{'
fix example1/ImageLoader.h "loadImageFromMemory not const" \
  '(loadImageFromMemory\([^)]*required_levels\)) const' '"$1"' 'loadImageFromMemory\([^)]*required_levels\);'
fix example1/ImageLoader.cpp "the image format compared and named as enum class values" \
  'image_format != 0 \? image_format : canvas::RGBA8' \
  '"image_format != canvas::InternalFormat::NO_FORMAT ? image_format : canvas::InternalFormat::RGBA8"' \
  'canvas::InternalFormat::NO_FORMAT \? image_format'
echo "framework-fixes: $fixes applied in $dir"
