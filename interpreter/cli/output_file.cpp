#include "output_file.hpp"

#include <cerrno>
#include <climits>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fmt/format.h>
#include <random>
#include <sys/stat.h>
#include <utility>
#include <unistd.h>

#include "cleanup.hpp"

namespace grundy {

namespace {

bool same_file(const struct stat& a, const struct stat& b) { return a.st_dev == b.st_dev && a.st_ino == b.st_ino; }

// The input `st` is, or null.
const std::string* input_at(const struct stat& st, const std::vector<std::string>& inputs) {
    for (const std::string& in : inputs) {
        struct stat is {};
        if (::stat(in.c_str(), &is) == 0 && same_file(st, is)) return &in;
    }
    return nullptr;
}

std::string refusal(const std::string& shown, const std::string& input) {
    std::string rel = std::filesystem::path(input).lexically_relative(std::filesystem::current_path()).string();
    std::string which = rel.empty() || rel.starts_with("..") ? input : rel;
    return which == shown ? fmt::format("refusing to write '{}': it is one of the program's files", shown)
                          : fmt::format("refusing to write '{}': it is one of the program's files ({})", shown, which);
}

std::string random_suffix() {
    static std::mt19937_64 rng{std::random_device{}() ^ static_cast<std::uint64_t>(::getpid())};
    const char* digits = "abcdefghijklmnopqrstuvwxyz0123456789";
    std::string s;
    for (int i = 0; i < 8; ++i) s += digits[rng() % 36];
    return s;
}

}  // namespace

std::string replaces_input(const std::string& path, const std::vector<std::string>& inputs) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return "";
    const std::string* in = input_at(st, inputs);
    return in ? refusal(path, *in) : "";
}

OutputFile::~OutputFile() {
    discard();
    if (own_dirfd_ && dirfd_ >= 0) ::close(dirfd_);
}

void OutputFile::discard() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    if (!tmp_name_.empty()) ::unlinkat(dirfd_, tmp_name_.c_str(), 0);
    tmp_name_.clear();
    cleanup::remove_temporary(slot_);
    slot_ = -1;
}

std::string OutputFile::fail(const std::string& what, int err) {
    discard();
    return fmt::format("cannot write '{}': {}{}", shown_, what, err ? std::strerror(err) : "");
}

std::string OutputFile::open(const std::string& path, OutputKind kind, const std::vector<std::string>& inputs) {
    namespace fs = std::filesystem;
    shown_ = path;
    fs::path p(path);
    if (path.empty()) return "cannot write a file with an empty name";
    if (!p.has_filename() || p.filename() == "." || p.filename() == "..")
        return fmt::format("cannot write '{}': it is a directory", path);
    std::string dir = p.has_parent_path() ? p.parent_path().string() : ".";
    int dirfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dirfd < 0)
        return fmt::format("cannot write '{}': {}", path,
                           errno == ENOENT ? fmt::format("there is no folder '{}'", dir) : std::strerror(errno));
    std::string error = open(dirfd, dir, p.filename().string(), kind, inputs);
    own_dirfd_ = true;
    shown_ = path;
    return error;
}

std::string OutputFile::open(int dirfd, const std::string& dir, const std::string& name, OutputKind kind,
                             const std::vector<std::string>& inputs) {
    dirfd_ = dirfd;
    name_ = name;
    if (shown_.empty()) shown_ = dir == "." ? name : dir + "/" + name;
    struct stat st {};
    mode_t mode = 0666;  // a new file: as the umask allows
    bool keep_mode = false, in_place = false;
    if (::fstatat(dirfd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0) {
        if (S_ISDIR(st.st_mode)) return fmt::format("cannot write '{}': it is a directory", shown_);
        if (S_ISLNK(st.st_mode)) {
            struct stat target {};
            bool to_special = ::fstatat(dirfd, name.c_str(), &target, 0) == 0 && !S_ISREG(target.st_mode) &&
                              !S_ISDIR(target.st_mode);
            if (kind == OutputKind::named && to_special) {
                in_place = true;
            } else if (kind == OutputKind::named) {
                char to[PATH_MAX];
                ssize_t n = ::readlinkat(dirfd, name.c_str(), to, sizeof to - 1);
                std::string where = n > 0 ? std::string(to, static_cast<std::size_t>(n)) : "?";
                return fmt::format("refusing to write '{}': it is a symbolic link (to '{}'); name the file itself "
                                   "to replace it",
                                   shown_, where);
            }
            // --csv: the link itself is replaced; its target is not written.
        } else if (S_ISREG(st.st_mode)) {
            if (const std::string* in = input_at(st, inputs)) return refusal(shown_, *in);
            mode = st.st_mode & 07777;
            keep_mode = true;
        } else if (kind == OutputKind::named) {
            in_place = true;  // a device or a pipe
        } else {
            return fmt::format("refusing to write '{}': it is not a regular file", shown_);
        }
    } else if (errno != ENOENT) {
        return fail("", errno);
    }
    if (in_place) {
        fd_ = ::openat(dirfd, name.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
        return fd_ < 0 ? fail("", errno) : "";
    }
    // The temporary: hidden, beside the file, so that the rename is atomic.
    for (int attempt = 0; attempt < 100 && fd_ < 0; ++attempt) {
        std::string tmp = name.size() + 14 > NAME_MAX ? fmt::format(".{}.grundy.tmp", random_suffix())
                                                       : fmt::format(".{}.{}.tmp", name, random_suffix());
        fd_ = ::openat(dirfd, tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode);
        if (fd_ >= 0) {
            tmp_name_ = tmp;
            slot_ = cleanup::add_temporary(dir + "/" + tmp);
        } else if (errno != EEXIST) {
            return fail("", errno);
        }
    }
    if (fd_ < 0) return fail("no free name for a temporary file", 0);
    if (keep_mode) ::fchmod(fd_, mode);  // an existing file's permissions, exactly (not through the umask)
    return "";
}

std::string OutputFile::write(std::string_view data) {
    while (!data.empty()) {
        ssize_t n = ::write(fd_, data.data(), data.size());
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return fail("", errno);
        if (n == 0) return fail("nothing written", 0);
        data.remove_prefix(static_cast<std::size_t>(n));
    }
    return "";
}

std::string OutputFile::commit() {
    // A device or a pipe cannot be synced (EINVAL, ENOTSUP); a file's data
    // must be on disk before its name points at it.
    if (::fsync(fd_) != 0 && (!tmp_name_.empty() || (errno != EINVAL && errno != ENOTSUP && errno != EROFS)))
        return fail("", errno);
    int fd = std::exchange(fd_, -1);
    if (::close(fd) != 0) return fail("", errno);
    if (tmp_name_.empty()) return "";
    if (::renameat(dirfd_, tmp_name_.c_str(), dirfd_, name_.c_str()) != 0) return fail("", errno);
    tmp_name_.clear();
    cleanup::remove_temporary(std::exchange(slot_, -1));
    ::fsync(dirfd_);  // the new name on disk too (best effort: some file systems refuse)
    return "";
}

}  // namespace grundy
