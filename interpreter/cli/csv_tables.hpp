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
    ~CsvTables();
    // Makes the folder if needed and opens it: "" or a message.
    std::string open(const std::string& dir);
    // Writes the next table: "" or a message.
    std::string write(const std::string& csv, const std::vector<std::string>& inputs);

private:
    std::string dir_;
    int dirfd_ = -1;
    int count_ = 0;
};

}  // namespace grundy
