# Sanitizer and fuzzing builds.
#
#   -DGRUNDY_SANITIZE=ON  ASan + UBSan everywhere (any UBSan finding aborts,
#                         so a test fails on it); the code is built at -O1.
#                         grammar/parser.cpp, the PEGTL unit, is built at
#                         -O0: its templates take most of a sanitized
#                         build's time at higher levels.
#   -DGRUNDY_FUZZ=ON      clang only; implies GRUNDY_SANITIZE and adds
#                         libFuzzer's coverage to every unit, and the fuzz
#                         targets of tests/fuzz.
option(GRUNDY_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(GRUNDY_FUZZ "Build the libFuzzer targets (clang; implies GRUNDY_SANITIZE)" OFF)

if(GRUNDY_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "GRUNDY_FUZZ needs clang: -DCMAKE_CXX_COMPILER=clang++")
  endif()
  set(GRUNDY_SANITIZE ON CACHE BOOL "" FORCE)
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()

if(GRUNDY_SANITIZE)
  set(sanitizers -fsanitize=address,undefined -fno-sanitize-recover=undefined)
  add_compile_options(${sanitizers} -fno-omit-frame-pointer -O1 -g1)
  add_link_options(${sanitizers})
  # The command line's operator new (cli/memory_guard.cpp) would hide the
  # sanitizer's own.
  add_compile_definitions(GRUNDY_SANITIZE)
  set(GRUNDY_PARSER_OPTIONS -O0)
endif()
