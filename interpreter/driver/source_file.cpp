#include "source_file.hpp"

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

namespace grundy {

namespace {

std::string kind_problem(const struct stat& st) {
    if (S_ISDIR(st.st_mode)) return "it is a directory, not a file";
    if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) return "it is a device, not a file";
    if (S_ISSOCK(st.st_mode)) return "it is a socket, not a file";
    if (S_ISREG(st.st_mode) && static_cast<std::uint64_t>(st.st_size) > max_source_bytes)
        return fmt::format("it is too large for a program ({} MB; at most {} MB)", st.st_size >> 20,
                           max_source_bytes >> 20);
    return "";
}

std::string system_problem(int err) {
    if (err == ENOENT) return "no such file";
    return std::strerror(err);
}

}  // namespace

std::string source_file_problem(const std::string& path) {
    if (path.empty()) return "the file name is empty";
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return system_problem(errno);
    return kind_problem(st);
}

bool read_source_file(const std::string& path, std::string& text, std::string& error) {
    error = source_file_problem(path);  // before opening: opening a device can have effects
    if (!error.empty()) return false;
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        error = system_problem(errno);
        return false;
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !(error = kind_problem(st)).empty()) {  // replaced since the check
        if (error.empty()) error = system_problem(errno);
        ::close(fd);
        return false;
    }
    text.clear();
    char buf[65536];
    for (;;) {
        ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            error = system_problem(errno);
            break;
        }
        if (n == 0) break;
        if (text.size() + static_cast<std::size_t>(n) > max_source_bytes) {  // a pipe that does not end
            error = fmt::format("it is too large for a program (more than {} MB)", max_source_bytes >> 20);
            break;
        }
        text.append(buf, static_cast<std::size_t>(n));
    }
    ::close(fd);
    return error.empty();
}

}  // namespace grundy
