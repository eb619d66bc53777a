// The compiler: AST in, executable program out.
//
// Resolves every name to a frame slot, a rule parameter, a global or a
// builtin; checks arities and definitions; turns games into CompiledGames
// and statements into statement nodes. Semantic errors are collected, and
// all of them are reported (thrown together) at the end of a module.
#pragma once

#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include "interpreter/ast/ast.hpp"
#include "interpreter/runtime/program.hpp"
#include "interpreter/runtime/instance.hpp"  // CompiledGame owns its instances
#include "statements.hpp"

namespace grundy {

struct Global {
    enum class Kind { let, fn, game } kind;
    std::uint32_t index;
    Loc loc;
};

// Everything defined at top level, over all modules of a run.
struct Globals {
    std::unordered_map<std::string, Global> names;
    std::vector<Value> lets;
    std::vector<std::unique_ptr<CompiledFn>> fns;      // unique_ptr: compiled code points at them
    std::vector<std::shared_ptr<const ast::FnDef>> fn_defs;  // beside fns: their definitions, to expand calls
    std::vector<std::unique_ptr<CompiledGame>> games;

    const CompiledGame* game(const std::string& name) const;
};

struct CompiledModule {
    std::uint32_t slots = 0;          // the top-level frame
    std::vector<StmtPtr> stmts;
    std::vector<Diagnostic> warnings; // reported before the statements run
};

struct CompileOptions {
    bool run_queries = true;          // false for an imported module: definitions only
    bool redefine = false;            // the REPL may define a name again
    // Loads an imported module (path as written, location of the import).
    std::function<void(const std::string& path, Loc loc)> import;
};

CompiledModule compile(const SourceManager& sm, const ast::Module& m, Globals& globals, const CompileOptions& opts);

}  // namespace grundy
