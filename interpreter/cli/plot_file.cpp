#include "plot_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include "output_file.hpp"

extern char** environ;

namespace grundy {

namespace {

// Temporary files for rsvg-convert, removed on the way out.
struct Scratch {
    std::string path;
    int fd = -1;
    explicit Scratch(const char* suffix) {
        const char* dir = std::getenv("TMPDIR");
        path = std::string(dir && *dir ? dir : "/tmp") + "/grundy-plot-XXXXXX" + suffix;
        fd = mkstemps(path.data(), static_cast<int>(std::strlen(suffix)));
    }
    ~Scratch() {
        if (fd >= 0) close(fd), unlink(path.c_str());
    }
};

std::string render_png(const std::string& svg, std::string& png) {
    Scratch in(".svg"), out(".png");
    if (in.fd < 0 || out.fd < 0) return std::string("cannot make a temporary file: ") + std::strerror(errno);
    for (std::size_t done = 0; done < svg.size();) {
        const ssize_t w = write(in.fd, svg.data() + done, svg.size() - done);
        if (w < 0) return std::string("cannot write a temporary file: ") + std::strerror(errno);
        done += static_cast<std::size_t>(w);
    }
    const char* argv[] = {"rsvg-convert", "-f", "png", "-o", out.path.c_str(), in.path.c_str(), nullptr};
    pid_t pid;
    if (posix_spawnp(&pid, "rsvg-convert", nullptr, nullptr, const_cast<char**>(argv), environ) != 0)
        return "writing PNG needs rsvg-convert (Debian package librsvg2-bin); write .svg instead";
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    if (status != 0) return "rsvg-convert could not render the plot";
    // Opened again: rsvg-convert may have made a new file at the name.
    const int fd = open(out.path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return "rsvg-convert wrote no PNG";
    char buf[1 << 16];
    ssize_t r;
    while ((r = read(fd, buf, sizeof buf)) > 0) png.append(buf, static_cast<std::size_t>(r));
    close(fd);
    if (r < 0 || png.empty()) return "rsvg-convert wrote no PNG";
    return "";
}

}  // namespace

std::string write_plot_file(const std::string& svg, const std::string& path, const std::vector<std::string>& inputs) {
    std::string data = svg;
    const bool png = path.size() > 4 && path.compare(path.size() - 4, 4, ".png") == 0;
    if (!png && !(path.size() > 4 && path.compare(path.size() - 4, 4, ".svg") == 0))
        return "a plot is written as .svg or .png, not '" + path + "'";
    if (png) {
        data.clear();
        if (std::string error = render_png(svg, data); !error.empty()) return error;
    }
    OutputFile f;
    if (std::string error = f.open(path, OutputKind::named, inputs); !error.empty()) return error;
    if (std::string error = f.write(data); !error.empty()) return error;
    return f.commit();
}

}  // namespace grundy
