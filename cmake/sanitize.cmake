# Sanitizer and fuzzing builds.
#
#   -DGRUNDY_SANITIZE=ON  ASan + UBSan everywhere (any UBSan finding aborts,
#                         so a test fails on it), built at -O1 with line
#                         tables (-g1) for the reports. With clang the PEGTL
#                         unit (grammar/parser.cpp) takes about 95 s of CPU
#                         at -O1 (40 s at -O0, where the parser runs 10x
#                         slower, too slow to fuzz); gcc takes several times
#                         longer at -O2 and more, hence -O1.
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
endif()
