// The test app's misbehaving modes for `render serve --app`'s soak (Serve/browser-tests/soak.py,
// Platform/README.md "Live mode"): typing one of these texts into the text field makes the app (or a
// helper process it forks) misbehave the way a real app can. Any other text is left to the app.
//   soak:flood              10 MB on stderr, then an answer as usual ("flooded N MB")
//   soak:hang               the step is never answered and the process never ends by itself: the
//                           handler takes stderr's lock and sleeps, so the driver's own watchdog (which
//                           reports on stderr before it ends the process) blocks too (a deadlock)
//   soak:close-stdout       the answers' pipe is closed (pointed at /dev/null), the app goes on
//   soak:helper-holds-pipes a helper process inherits stdin, stdout and stderr and sleeps; then abort()
//   soak:crash-with-helpers two helpers with their stdin/stdout/stderr on /dev/null sleep; then SIGSEGV
//   soak:exit-helper-floods a helper holding the pipes waits for the app to exit (status 0), then writes
//                           lines that are not JSON on stdout and 20 MB on stderr, then sleeps
// Helpers are named "soak-helper" (comm) and end by themselves after an hour at most.
#include "SoakModes.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

const size_t MB = 1 << 20;

void noCoreFile() {  // a crash here is on purpose: no core file in the caller's folder
  struct rlimit none = {0, 0};
  setrlimit(RLIMIT_CORE, &none);
}

// Only async-signal-safe calls after fork() in a process with threads.
bool writeAll(int fd, const char * p, size_t n) {
  while (n > 0) {
    ssize_t w = ::write(fd, p, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return false;
    p += w;
    n -= size_t(w);
  }
  return true;
}

[[noreturn]] void sleepAnHour() {
  for (int i = 0; i < 3600; i++) sleep(1);
  _exit(0);
}

// A line of text, 64 KiB long, for the floods (built before any fork).
const std::string & chunk() {
  static const std::string c = [] {
    std::string line = "previewtest soak: flooding stderr ........................................................\n";
    std::string out;
    while (out.size() + line.size() <= 64 * 1024) out += line;
    out.resize(64 * 1024 - 1);
    out += "\n";
    return out;
  }();
  return c;
}

pid_t helper() {
  pid_t pid = fork();
  if (pid == 0) prctl(PR_SET_NAME, "soak-helper", 0, 0, 0);
  return pid;
}

}  // namespace

bool soakMode(const std::string & text, std::string & shown) {
  if (text.compare(0, 5, "soak:") != 0) return false;
  const std::string mode = text.substr(5);
  if (mode == "flood") {
    size_t done = 0;
    while (done < 10 * MB && writeAll(2, chunk().data(), chunk().size())) done += chunk().size();
    shown = "flooded " + std::to_string(done / MB) + " MB";
    return true;
  }
  if (mode == "hang") {
    std::fprintf(stderr, "previewtest: soak:hang: holding stderr's lock and sleeping\n");
    std::fflush(stderr);
    flockfile(stderr);
    while (true) sleep(1);
  }
  if (mode == "close-stdout") {
    // The answers go to a copy of the first stdout (LiveMode); stdout itself is stderr's pipe since. Every
    // pipe that is neither stdin's nor stderr's is that copy: pointing it at /dev/null closes the pipe.
    struct stat in, err, s;
    fstat(0, &in);
    fstat(2, &err);
    int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
    int closed = 0;
    for (int fd = 3; fd < 1024; fd++) {
      if (fd == null || fstat(fd, &s) != 0 || !S_ISFIFO(s.st_mode)) continue;
      if ((s.st_ino == in.st_ino && s.st_dev == in.st_dev) || (s.st_ino == err.st_ino && s.st_dev == err.st_dev)) continue;
      dup2(null, fd);
      closed++;
    }
    close(null);
    std::fprintf(stderr, "previewtest: soak:close-stdout: %d answer pipe(s) closed; going on\n", closed);
    shown = "stdout closed";
    return true;
  }
  if (mode == "helper-holds-pipes") {
    std::fprintf(stderr, "previewtest: soak:helper-holds-pipes: a helper keeps stdin, stdout and stderr; abort()\n");
    std::fflush(stderr);
    if (helper() == 0) sleepAnHour();
    noCoreFile();
    std::abort();
  }
  if (mode == "crash-with-helpers") {
    std::fprintf(stderr, "previewtest: soak:crash-with-helpers: two helpers sleep; SIGSEGV\n");
    std::fflush(stderr);
    for (int i = 0; i < 2; i++) {
      if (helper() == 0) {
        int null = open("/dev/null", O_RDWR);
        for (int fd = 0; fd < 3; fd++) dup2(null, fd);
        for (int fd = 3; fd < 1024; fd++) close(fd);
        sleepAnHour();
      }
    }
    noCoreFile();
    std::signal(SIGSEGV, SIG_DFL);
    std::raise(SIGSEGV);
    std::_Exit(139);  // not reached
  }
  if (mode == "exit-helper-floods") {
    std::fprintf(stderr, "previewtest: soak:exit-helper-floods: exit(0); a helper floods the pipes after\n");
    std::fflush(stderr);
    const std::string & c = chunk();
    static const char junk[] = "previewtest soak-helper: this line is not an answer\n";
    if (helper() == 0) {
      signal(SIGPIPE, SIG_IGN);  // a closed pipe ends the flood (EPIPE), not the helper
      usleep(300 * 1000);        // the app has exited by then
      for (size_t done = 0; done < 20 * MB; done += c.size()) {
        if (!writeAll(1, junk, sizeof junk - 1) || !writeAll(2, c.data(), c.size())) break;
      }
      sleepAnHour();
    }
    std::_Exit(0);
  }
  return false;  // another soak: text is typed text
}
