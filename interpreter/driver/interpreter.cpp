#include "interpreter.hpp"

#include <filesystem>
#include <fmt/format.h>
#include <optional>

#include "grammar/parser.hpp"
#include "interpreter/support/suggest.hpp"
#include "limits.hpp"
#include "source_file.hpp"

namespace grundy {

namespace fs = std::filesystem;

Interpreter::Interpreter() : ctx(sources) {
    reporter.sources = &sources;
    count_live_parts = true;
}

// The games (globals) go before values that may name them (a state that is
// a position of another game, a REPL's history): nothing is counted now.
Interpreter::~Interpreter() { count_live_parts = false; }

void Interpreter::flush() {
    if (!reporter.out.empty()) {
        std::fwrite(reporter.out.data(), 1, reporter.out.size(), out_);
        reporter.out.clear();
        std::fflush(out_);
    }
    if (!reporter.err.empty()) {
        std::fwrite(reporter.err.data(), 1, reporter.err.size(), err_);
        reporter.err.clear();
        std::fflush(err_);
    }
}

void Interpreter::report(const DiagnosticError& e) {
    for (const Diagnostic& d : e.diagnostics) {
        reporter.err += format_diagnostic(sources, d);
        if (on_error) on_error(d);
    }
    flush();
}

namespace {

// Reads a file, or reports why not (a directory, a device, ...) without a location.
bool read_file(Interpreter& in, const std::string& path, std::string& out) {
    std::string error;
    if (read_source_file(path, out, error)) return true;
    in.report(DiagnosticError(Diagnostic{Severity::error, Loc{}, 1, fmt::format("cannot read '{}': {}", path, error)}));
    return false;
}

// The name a file is known by (for imports that load it once). A path that
// has none on disk, such as a pipe's /dev/fd/63, is known by itself.
std::string file_key(const fs::path& path) {
    std::error_code ec;
    fs::path key = fs::weakly_canonical(path, ec);
    return ec ? path.lexically_normal().string() : key.string();
}

// Brackets a statement's run for Interpreter::on_statement, however it ends.
class StatementScope {
public:
    explicit StatementScope(const std::function<void(bool)>& hook) : hook_(hook) {
        if (hook_) hook_(true);
    }
    ~StatementScope() {
        if (hook_) hook_(false);
    }

private:
    const std::function<void(bool)>& hook_;
};

}  // namespace

Status Interpreter::execute(std::uint32_t source, Mode mode) {
    CompiledModule module;
    try {
        ast::Module m = parse(sources, source, mode.repl_syntax ? ParseMode::repl : ParseMode::module);
        CompileOptions opts;
        opts.run_queries = mode.run_queries;
        opts.redefine = mode.redefine;
        opts.import = [this](const std::string& path, Loc loc) { import(path, loc); };
        module = compile(sources, m, globals, opts);
        if (!module.warnings.empty()) report(DiagnosticError(module.warnings));
    } catch (const DiagnosticError& e) {
        report(e);
        return status_error;
    } catch (const std::bad_alloc& e) {  // the memory limit, met while parsing or compiling
        report(DiagnosticError(Diagnostic{Severity::error, Loc{source, 0}, 1, out_of_memory_message(e)}));
        return status_error;
    } catch (const solver::SolveError& e) {
        report(DiagnosticError(Diagnostic{Severity::error, Loc{source, 0}, 1, e.what()}));
        return status_error;
    }
    std::size_t failed_before = reporter.failed;
    try {
        // Pushing the module's frame polls the interrupt flag: a limit
        // reached before the first statement ran is that statement's error.
        std::optional<FrameGuard> frame;
        try {
            frame.emplace(ctx, module.slots, Loc{source, 0});
        } catch (const solver::SolveError& e) {
            if (module.stmts.empty()) fail(Loc{source, 0}, e.what());
            fail(module.stmts.front()->loc(), e.what(), module.stmts.front()->length());
        }
        Env env{frame->frame(), nullptr, ctx};
        for (const StmtPtr& s : module.stmts) {
            try {
                StatementScope scope(on_statement);
                s->exec(env, reporter);
            } catch (const solver::SolveError& e) {
                fail(s->loc(), e.what(), s->length());
            } catch (const std::bad_alloc& e) {
                fail(s->loc(), out_of_memory_message(e), s->length());
            }
            flush();
        }
    } catch (const DiagnosticError& e) {
        flush();
        report(e);
        return status_error;
    }
    flush();
    return reporter.failed > failed_before ? status_failed : status_ok;
}

Status Interpreter::run_text(const std::string& name, std::string text) {
    return execute(sources.add(name, std::move(text)), Mode{});
}

Status Interpreter::run_entry(const std::string& name, std::string text) {
    return execute(sources.add(name, std::move(text)), Mode{true, true, true});
}

Status Interpreter::reload_file(const std::string& path) {
    std::string text;
    if (!read_file(*this, path, text)) return status_error;
    std::string key = file_key(path);
    if (std::find(loaded_.begin(), loaded_.end(), key) == loaded_.end()) loaded_.push_back(key);
    loading_.push_back(key);
    Status s = execute(sources.add(path, std::move(text)), Mode{false, false, true});
    loading_.pop_back();
    return s;
}

Status Interpreter::run_file(const std::string& path) {
    std::string text;
    if (!read_file(*this, path, text)) return status_error;
    loaded_.push_back(file_key(path));
    loading_.push_back(loaded_.back());
    Status s = execute(sources.add(path, std::move(text)), Mode{});
    loading_.pop_back();
    return s;
}

Status Interpreter::load_file(const std::string& path) {
    try {
        import(path, Loc{});
    } catch (const DiagnosticError& e) {
        report(e);
        return status_error;
    }
    return status_ok;
}

Status Interpreter::eval(const std::string& name, const std::string& text, Value& out, Loc* where) {
    std::uint32_t id = sources.add(name, text);
    if (where) *where = Loc{id, 0};
    try {
        ast::Module m = parse(sources, id, ParseMode::repl);
        if (m.stmts.size() != 1 || m.stmts[0]->kind != ast::StmtKind::expr)
            fail(Loc{id, 0}, "expected one expression");
        // The entry compiles as a one-statement module (a Show); its
        // expression is evaluated here, so the value comes back unprinted.
        CompileOptions opts;
        opts.redefine = true;
        opts.import = [this](const std::string& path, Loc loc) { import(path, loc); };
        CompiledModule module = compile(sources, m, globals, opts);
        auto* show = dynamic_cast<const stmts::Show*>(module.stmts.at(0).get());
        try {
            FrameGuard frame(ctx, module.slots, Loc{id, 0});  // polls the interrupt flag too
            Env env{frame.frame(), nullptr, ctx};
            StatementScope scope(on_statement);
            out = show->value->eval(env);
        } catch (const solver::SolveError& e) {
            fail(Loc{id, 0}, e.what(), static_cast<std::uint32_t>(text.size()));
        } catch (const std::bad_alloc& e) {
            fail(Loc{id, 0}, out_of_memory_message(e), static_cast<std::uint32_t>(text.size()));
        }
    } catch (const DiagnosticError& e) {
        report(e);
        return status_error;
    } catch (const std::bad_alloc& e) {  // the memory limit, met while parsing or compiling
        report(DiagnosticError(Diagnostic{Severity::error, Loc{id, 0}, 1, out_of_memory_message(e)}));
        return status_error;
    }
    return status_ok;
}

std::string std_import_name(const std::string& path) {
    return path.starts_with("std/") && path.find('/', 4) == std::string::npos ? path.substr(4) : "";
}

namespace {

const std::string stdlib_prefix = "<stdlib>/";

}  // namespace

std::string Interpreter::resolve_import(const std::string& path, Loc loc, bool& embedded) {
    embedded = false;
    if (path.empty())
        fail(loc, loc.valid() ? "an empty file name: import needs one, such as \"nim.game\"" : "a file name is empty", 2);
    const std::uint32_t length = static_cast<std::uint32_t>(path.size() + 2);  // the string, quotes and all
    if (std::string name = std_import_name(path); !name.empty()) {  // "std/NAME.game": the library's, always
        if (!stdlib_file(name)) {
            std::string near = closest(name, stdlib_names());
            fail(loc, fmt::format("the standard library has no '{}'{}", name,
                                  near.empty() ? "" : fmt::format(" (did you mean \"std/{}\"?)", near)),
                 length);
        }
        embedded = true;
        return stdlib_prefix + name;
    }
    fs::path p(path);
    fs::path local;
    if (loc.valid() && p.is_relative()) local = fs::path(sources.get(loc.source).name()).parent_path() / p;
    else local = p;
    const std::string* library = p.filename() == p ? stdlib_file(path) : nullptr;
    if (std::error_code ec; fs::exists(local, ec)) {
        // A local file of a library file's name wins, but an import says
        // so, unless the file is a copy of the library's (as in the
        // project's own stdlib/). A file named on the command line is meant.
        std::string text;
        std::string unread;
        if (library && loc.valid() && read_source_file(local.string(), text, unread) && text != *library)
            report(DiagnosticError(Diagnostic{
                Severity::warning, loc, length,
                fmt::format("'{}' is the local file {}, not the standard library's {}: write \"std/{}\" for the "
                            "library's",
                            path, local.lexically_normal().string(), path, path)}));
        return file_key(local);
    }
    if (library) {
        embedded = true;
        return stdlib_prefix + path;
    }
    std::string near = p.filename() == p ? closest(path, stdlib_names()) : "";
    fail(loc,
         fmt::format("cannot find '{}' to import (looked beside this file and in the standard library{})", path,
                     near.empty() ? "" : fmt::format("; did you mean \"{}\"?", near)),
         length);
}

void Interpreter::import(const std::string& path, Loc loc) {
    bool embedded = false;
    std::string key = resolve_import(path, loc, embedded);
    for (std::size_t i = 0; i < loading_.size(); ++i) {
        if (loading_[i] != key) continue;
        std::string chain;
        for (std::size_t j = i; j < loading_.size(); ++j) chain += fs::path(loading_[j]).filename().string() + " -> ";
        fail(loc, fmt::format("circular import: {}{}", chain, fs::path(key).filename().string()),
             static_cast<std::uint32_t>(path.size() + 2));
    }
    if (std::find(loaded_.begin(), loaded_.end(), key) != loaded_.end()) return;
    std::string text, error;
    if (embedded) {
        text = *stdlib_file(key.substr(stdlib_prefix.size()));
    } else if (!read_source_file(key, text, error)) {
        fail(loc, fmt::format("cannot {} '{}': {}", loc.valid() ? "import" : "read", path, error),
             static_cast<std::uint32_t>(path.size() + 2));
    }
    loaded_.push_back(key);
    loading_.push_back(key);
    std::string shown = embedded ? key : (loc.valid() ? fs::relative(key).string() : path);
    Status s = execute(sources.add(shown, std::move(text)), Mode{false, false, false});
    loading_.pop_back();
    if (s != status_ok)
        fail(loc, fmt::format("'{}' could not be loaded (see the errors above)", path),
             static_cast<std::uint32_t>(path.size() + 2));
}

}  // namespace grundy
