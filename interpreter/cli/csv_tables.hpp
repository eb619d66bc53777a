// `--csv DIR`: each table the program runs is also written to DIR as
// table1.csv, table2.csv, ... in the order they run, each through an
// OutputFile (whole or not at all; a symbolic link in DIR is replaced, not
// followed; the program's own files are never replaced).
#pragma once

#include <string>
#include <vector>

namespace grundy {

class CsvTables {
public:
    // The same for other files: `--plot DIR` writes plot1.svg, plot2.svg, ...
    CsvTables(std::string option = "--csv", std::string prefix = "table", std::string ext = ".csv")
        : option_(std::move(option)), prefix_(std::move(prefix)), ext_(std::move(ext)) {}
    ~CsvTables();
    // Makes the folder if needed and opens it: "" or a message.
    std::string open(const std::string& dir);
    // Writes the next table: "" or a message.
    std::string write(const std::string& csv, const std::vector<std::string>& inputs);
    // The path of the file written last.
    std::string last_path() const { return dir_ + "/" + prefix_ + std::to_string(count_) + ext_; }

private:
    std::string option_, prefix_, ext_;
    std::string dir_;
    int dirfd_ = -1;
    int count_ = 0;
};

}  // namespace grundy
