// Differential test: thousands of random small games, each solved by the
// interpreter and by the naive reference solver in differential_reference.hpp;
// every line the interpreter prints must be the reference's.
//
// The games come from a fixed seed, so a run is repeatable. For a longer or
// another run, set in the environment:
//   GRUNDY_DIFF_SEED      the base seed (default below)
//   GRUNDY_DIFF_PROGRAMS  how many programs (default 60)
//   GRUNDY_DIFF_GAMES     games per program (default 50)
//   GRUNDY_DIFF_ONLY      run only the program of this index
// A difference is reported with the seed, the program's index, the query,
// both answers, the query run with only the games it needs, and the path of
// the whole program, written to the temporary directory.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "differential_program.hpp"
#include "run_program.hpp"

using grundy::testing::Result;
using grundy::testing::run_program;
using namespace grundy::difftest;

namespace {

constexpr std::uint64_t default_seed = 0x5eed'6a3e'50f7'd1ffULL;

std::uint64_t env_or(const char* name, std::uint64_t fallback) {
    const char* s = std::getenv(name);
    return s && *s ? std::strtoull(s, nullptr, 0) : fallback;
}

// Programs get unrelated seeds, so that one can be made again by its index.
std::uint64_t program_seed(std::uint64_t seed, std::uint64_t index) {
    std::uint64_t z = seed + (index + 1) * 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

std::string save(const std::string& text, const std::string& file) {
    std::filesystem::path path = std::filesystem::temp_directory_path() / file;
    std::ofstream(path) << text;
    return path.string();
}

// Empty when the interpreter printed what the reference expects.
std::string compare(const Program& p, const Result& r, const std::string& name) {
    std::vector<std::string> got = lines_of(r.out);
    std::ostringstream report;
    for (std::size_t i = 0; i < p.queries.size(); ++i) {
        const Query& q = p.queries[i];
        std::string line = i < got.size() ? got[i] : "<nothing>";
        if (line == q.expected) continue;
        std::string alone = p.alone(q);
        Result again = run_program(alone);
        report << name << ": query " << i + 1 << " of " << p.queries.size() << " differs\n"
               << "  " << q.text << "\n"
               << "  reference:   " << q.expected << "\n"
               << "  interpreter: " << line << "\n";
        if (i >= got.size() && !r.err.empty()) report << "the program stopped with:\n" << r.err;
        report << "with only the games it needs, the query "
               << (again.out == q.expected + "\n" && again.err.empty() ? "agrees" : "still differs") << ":\n"
               << alone << "prints:\n"
               << again.out << again.err;
        return report.str();
    }
    if (got.size() != p.queries.size() || r.status != grundy::status_ok || !r.err.empty())
        report << name << ": " << got.size() << " lines for " << p.queries.size() << " queries, status " << r.status
               << "\n"
               << r.err;
    return report.str();
}

std::string check_program(std::uint64_t seed, std::uint64_t index, int games, int& queries) {
    Program p = ProgramMaker(program_seed(seed, index)).make(games);
    queries += static_cast<int>(p.queries.size());
    std::string text = p.text();
    std::string report = compare(p, run_program(text), "seed " + std::to_string(seed) + ", program " + std::to_string(index));
    if (report.empty()) return report;
    std::string file = save(text, "grundy_differential_" + std::to_string(seed) + "_" + std::to_string(index) + ".game");
    return report + "the whole program: " + file + " (GRUNDY_DIFF_SEED=" + std::to_string(seed) +
           " GRUNDY_DIFF_ONLY=" + std::to_string(index) + " makes it again)\n";
}

}  // namespace

TEST_CASE("random games: the interpreter agrees with a naive solver", "[differential]") {
    std::uint64_t seed = env_or("GRUNDY_DIFF_SEED", default_seed);
    std::uint64_t programs = env_or("GRUNDY_DIFF_PROGRAMS", 60);
    int games = static_cast<int>(env_or("GRUNDY_DIFF_GAMES", 50));
    const char* only = std::getenv("GRUNDY_DIFF_ONLY");
    int failures = 0, queries = 0;
    for (std::uint64_t i = 0; i < programs && failures < 5; ++i) {
        if (only && *only && std::strtoull(only, nullptr, 0) != i) continue;
        std::string report = check_program(seed, i, games, queries);
        if (!report.empty()) {
            ++failures;
            FAIL_CHECK(report);
        }
    }
    INFO(queries << " queries");
    CHECK(failures == 0);
}

TEST_CASE("random games: a wrong answer is reported", "[differential]") {
    Program p = ProgramMaker(program_seed(default_seed, 0)).make(8);
    Result r = run_program(p.text());
    REQUIRE(compare(p, r, "as made").empty());
    Query& q = p.queries[p.queries.size() / 2];
    q.expected += "0";
    std::string report = compare(p, r, "one answer changed");
    CHECK(report.find(q.text) != std::string::npos);
    CHECK(report.find("still differs") != std::string::npos);
}
