#include "csv_tables.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fmt/format.h>
#include <unistd.h>

#include "output_file.hpp"

namespace grundy {

CsvTables::~CsvTables() {
    if (dirfd_ >= 0) ::close(dirfd_);
}

std::string CsvTables::open(const std::string& dir) {
    if (dir.empty()) return option_ + " needs a folder's name";
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    dirfd_ = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dirfd_ < 0)
        return fmt::format("cannot use '{}' for {}: {}", dir, option_,
                           errno == ENOTDIR ? "it is not a folder" : std::strerror(ec ? ec.value() : errno));
    dir_ = dir;
    while (dir_.size() > 1 && dir_.back() == '/') dir_.pop_back();
    return "";
}

std::string CsvTables::write(const std::string& csv, const std::vector<std::string>& inputs) {
    OutputFile out;
    std::string error = out.open(dirfd_, dir_, fmt::format("{}{}{}", prefix_, ++count_, ext_), OutputKind::in_dir, inputs);
    if (error.empty()) error = out.write(csv);
    if (error.empty()) error = out.commit();
    return error;
}

}  // namespace grundy
