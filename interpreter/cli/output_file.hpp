// Files the command line writes (graph -o, :graph, --csv), written so that
// nothing is lost: the text goes to a temporary file in the same folder,
// which is flushed to disk and then renamed over the name, so the old file
// stays whole until the new one is; a write error leaves it untouched and
// is reported. A program's own files are never replaced, and a directory
// is never replaced.
//
// What is at the name decides how it is written:
//   nothing, a regular file   a temporary, then renamed (a file keeps its permissions)
//   a device, a pipe          in place (/dev/stdout, /dev/full), for `-o` only
//   a symbolic link           for `-o`: refused unless it leads to a device or a
//                             pipe (then written through); for --csv: replaced by
//                             the file, so nothing outside the folder is written
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace grundy {

// What the caller names.
enum class OutputKind {
    named,   // named by the user (-o FILE, :graph P FILE)
    in_dir,  // a file the program names in a folder the user named (--csv DIR)
};

class OutputFile {
public:
    OutputFile() = default;
    ~OutputFile();  // a temporary not committed is removed
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;

    // Prepares to write `name` in the folder open as `dirfd` (`dir` is its
    // path, for the temporary's cleanup and for messages). `inputs`: the
    // program's files, never to be replaced. "" or a message.
    std::string open(int dirfd, const std::string& dir, const std::string& name, OutputKind kind,
                     const std::vector<std::string>& inputs);
    // The same for a path (its folder is opened here).
    std::string open(const std::string& path, OutputKind kind, const std::vector<std::string>& inputs);

    int fd() const { return fd_; }
    const std::string& shown() const { return shown_; }  // the name for messages
    std::string write(std::string_view data);            // "" or a message
    std::string commit();  // flushed to disk, then given its name; "" or a message

private:
    std::string fail(const std::string& what, int err);
    void discard();

    int dirfd_ = -1;
    bool own_dirfd_ = false;
    int fd_ = -1;
    std::string name_, tmp_name_, shown_;
    int slot_ = -1;  // cleanup's
};

// Why writing `path` would replace one of `inputs` (message), or "".
std::string replaces_input(const std::string& path, const std::vector<std::string>& inputs);

}  // namespace grundy
