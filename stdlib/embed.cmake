# Writes OUT: a C++ file holding every stdlib .game file as a string, so an
# installed grundy finds `import "nim.game"` without the source tree.
file(GLOB files "${DIR}/*.game")
list(SORT files)
set(body "")
foreach(f IN LISTS files)
  get_filename_component(name "${f}" NAME)
  file(READ "${f}" text)
  string(APPEND body "    {\"${name}\", R\"GRUNDY_STDLIB(${text})GRUNDY_STDLIB\"},\n")
endforeach()
file(WRITE "${OUT}.tmp" "// Generated from stdlib/*.game by stdlib/embed.cmake; do not edit.
#include <map>
#include <string>
#include <vector>

namespace grundy {

namespace {
const std::map<std::string, std::string>& files() {
  static const std::map<std::string, std::string> m = {
${body}  };
  return m;
}
}  // namespace

const std::string* stdlib_file(const std::string& name) {
  auto it = files().find(name);
  return it == files().end() ? nullptr : &it->second;
}

std::vector<std::string> stdlib_names() {
  std::vector<std::string> out;
  for (auto& [k, v] : files()) out.push_back(k);
  return out;
}

}  // namespace grundy
")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different "${OUT}.tmp" "${OUT}")
file(REMOVE "${OUT}.tmp")
