// Statement nodes. A statement runs in the module's top-level frame (or a
// block's part of it); its failures (assert, check) are reported through
// the Reporter and counted, and do not stop the program.
#pragma once

#include "interpreter/runtime/period.hpp"

#include <functional>
#include <string>
#include <vector>

#include "interpreter/runtime/program.hpp"

namespace grundy {

struct Event;

// Where statements send what they show.
struct Reporter {
    const SourceManager* sources = nullptr;
    std::string out;        // print, table
    std::string err;        // failed asserts and checks
    std::size_t passed = 0, failed = 0;
    bool quiet = false;     // `grundy test`: no print or table output
    // When set (`--csv DIR`), each table's CSV text is given to it; a
    // message back (a write that failed) is an error at the table.
    std::function<std::string(const std::string& csv)> write_csv;
    // Set by the command line (--plot DIR): writes a plot statement's SVG
    // and says where ("" and the path, or a message and "").
    std::function<std::string(const std::string& svg, std::string& path)> write_plot;
    // When set (`--json`), called for each print, table, assert and check.
    std::function<void(const Event&)> on_event;

    void failure(Loc loc, std::uint32_t length, const std::string& message);
};

class Stmt {
public:
    Stmt(Loc loc, std::uint32_t length) : loc_(loc), length_(length) {}
    virtual ~Stmt() = default;
    virtual void exec(Env& env, Reporter& rep) const = 0;
    Loc loc() const { return loc_; }
    std::uint32_t length() const { return length_; }

protected:
    Loc loc_;
    std::uint32_t length_;
};
using StmtPtr = std::unique_ptr<Stmt>;

struct TableRow;

namespace stmts {

struct Print final : Stmt {
    std::vector<CodePtr> values;
    using Stmt::Stmt;
    void exec(Env& env, Reporter& rep) const override;
};

// A bare expression (REPL): its value is shown.
struct Show final : Stmt {
    CodePtr value;
    using Stmt::Stmt;
    void exec(Env& env, Reporter& rep) const override;
};

struct Assert final : Stmt {
    CodePtr cond;
    CodePtr message;                 // may be null
    using Stmt::Stmt;
    void exec(Env& env, Reporter& rep) const override;
};

struct Query final : Stmt {          // table, plot and check
    bool is_check = false;
    bool is_plot = false;            // plot: the values drawn (Reporter::write_plot)
    void plot(const std::vector<TableRow>& rows, Reporter& rep) const;
    CodePtr value;                   // check: the condition
    GensCode gens;
    std::string text;                // `sg(g(n))`, for the header
    using Stmt::Stmt;
    void exec(Env& env, Reporter& rep) const override;
};

struct LetGlobal final : Stmt {      // top-level `let`: binds globals
    CodePtr value;
    Binder binder;                   // slots here index the globals' values
    std::vector<Value>* lets = nullptr;
    using Stmt::Stmt;
    void exec(Env& env, Reporter& rep) const override;
};

struct LetLocal final : Stmt {       // `let` in a block: binds frame slots
    CodePtr value;
    Binder binder;
    using Stmt::Stmt;
    void exec(Env& env, Reporter& rep) const override;
};

struct For final : Stmt {
    GensCode gens;
    std::vector<StmtPtr> body;
    using Stmt::Stmt;
    void exec(Env& env, Reporter& rep) const override;
};

struct If final : Stmt {
    CodePtr cond;
    std::vector<StmtPtr> then_body, else_body;
    using Stmt::Stmt;
    void exec(Env& env, Reporter& rep) const override;
};

}  // namespace stmts

// Formats the rows of a table (see table_format.cpp).
struct TableRow {
    std::vector<Value> keys;  // one per generator
    Value value;
};
// `proved`: the period the Guy-Smith theorem proves from the values, for a
// table of a take-and-break game's heaps (else none: the period shown is
// only apparent).
std::string format_table(const std::string& text, const std::vector<std::string>& names,
                         const std::vector<TableRow>& rows, Period proved = {});
std::string table_csv(const std::vector<std::string>& names, const std::vector<TableRow>& rows);

// One result as it happens, for machine-readable output.
struct Event {
    enum class Kind { print, table, plot, assert_that, check } kind;
    const Stmt& stmt;
    Event(Kind k, const Stmt& s) : kind(k), stmt(s) {}
    std::vector<Value> values;                          // print: the values shown
    const std::string* text = nullptr;                  // table: the expression as written
    const std::vector<std::string>* names = nullptr;    // table: the generators
    const std::vector<TableRow>* rows = nullptr;        // table
    bool passed = true;                                 // assert, check
    std::string message;                                // a failure's message; plot: the file written
};

}  // namespace grundy
