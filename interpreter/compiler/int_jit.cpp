#include "int_jit.hpp"

#include <cstdlib>
#include <memory>
#include <string_view>

#include "int_op_count.hpp"

#if GRUNDY_JIT
#include "int_asm.hpp"
#include "int_asm_dce.hpp"
#endif

namespace grundy {

namespace {
bool jit_by_default() {
    const char* v = std::getenv("GRUNDY_JIT");  // GRUNDY_JIT=0: the trees alone, to compare
    return !(v && std::string_view(v) == "0");
}
}  // namespace

bool jit_enabled = jit_by_default();

namespace intpath {

namespace {

template <typename Node> bool worth_it(const Node& n) {
    Counter c;
    n.emit(c);
    return c.ops >= 2 && c.calls == 0;
}

}  // namespace

#if GRUNDY_JIT

namespace {

using namespace jit;

// The code of a tree, or null when asmjit fails (the tree then runs).
template <typename Node> Code compile(const Node& tree) {
    asmjit::CodeHolder holder;
    holder.init(runtime().environment());
    x86::Compiler cc(&holder);
    Asm e(cc);
    e.finish(tree.emit(e));
    Code fn = nullptr;
    drop_unread(cc);
    if (cc.finalize() != asmjit::kErrorOk || runtime().add(&fn, &holder) != asmjit::kErrorOk) return nullptr;
    return fn;
}

struct NativeInt final : Int {
    IntPtr tree;
    Code code;
    NativeInt(IntPtr t, Code c) : Int(t->loc, t->length), tree(std::move(t)), code(c) {}
    ~NativeInt() override { runtime().release(code); }
    std::int64_t eval(const Frame& f) const override {
        std::uint32_t bail = 0;
        const std::int64_t x = code(&f, &bail);
        return bail ? tree->eval(f) : x;
    }
    std::int64_t eval_traced(const Frame& f, Trace& t) const override { return tree->eval_traced(f, t); }
    Emitter::V emit(Emitter& e) const override { return tree->emit(e); }
};

struct NativeBool final : Bool {
    BoolPtr tree;
    Code code;
    NativeBool(BoolPtr t, Code c) : tree(std::move(t)), code(c) {}
    ~NativeBool() override { runtime().release(code); }
    bool test(const Frame& f) const override {
        std::uint32_t bail = 0;
        const std::int64_t x = code(&f, &bail);
        return bail ? tree->test(f) : x != 0;
    }
    bool test_traced(const Frame& f, Trace& t) const override { return tree->test_traced(f, t); }
    Emitter::V emit(Emitter& e) const override { return tree->emit(e); }
};

}  // namespace

bool jit_available() { return true; }


IntPtr jit_int(IntPtr tree) {
    if (Code c = compile(*tree)) return std::make_unique<NativeInt>(std::move(tree), c);
    return tree;
}

BoolPtr jit_bool(BoolPtr tree) {
    if (Code c = compile(*tree)) return std::make_unique<NativeBool>(std::move(tree), c);
    return tree;
}

#else

bool jit_available() { return false; }
IntPtr jit_int(IntPtr tree) { return tree; }
BoolPtr jit_bool(BoolPtr tree) { return tree; }

#endif

namespace {

void native(IntPtr& p) {
    if (p && worth_it(*p)) p = jit_int(std::move(p));
}
void native(BoolPtr& p) {
    if (p && worth_it(*p)) p = jit_bool(std::move(p));
}
void native(ListResult& r) {
    for (IntPtr& x : r.items) native(x);
    for (Gen& g : r.gens) native(g.lo), native(g.hi);
    native(r.where);
    native(r.element);
    native(r.mask);
    if (r.a) native(*r.a);
    if (r.b) native(*r.b);
}

}  // namespace

}  // namespace intpath

void make_native(intpath::IntPtr& tree) {
    if (jit_enabled && intpath::jit_available()) intpath::native(tree);
}
void make_native(intpath::BoolPtr& tree) {
    if (jit_enabled && intpath::jit_available()) intpath::native(tree);
}

void jit_compile(IntGame& g) {
    if (!jit_enabled || !intpath::jit_available()) return;
    using intpath::native;
    native(g.terminal);
    for (auto& x : g.canonical) native(x);
    for (auto& x : g.start) native(x);
    for (intpath::Move& m : g.moves) {
        for (intpath::Gen& gen : m.gens) {
            native(gen.lo), native(gen.hi);
            if (gen.member) native(gen.member->lo), native(gen.member->hi), native(gen.member->set), native(gen.member->test);
        }
        native(m.where);
        for (auto& x : m.rest) native(x);
        for (auto& x : m.result) native(x);
        for (auto& b : m.bounds) {
            if (b.e) native(b.e);
            if (b.scale) native(b.scale);
            for (auto& side : b.sides)
                if (side) native(side);
        }
        native(m.list);
    }
    g.native_expand = intpath::compile_expansion(g, g.native_code);
    g.native_mex = intpath::compile_mex(g, g.mex_code);
    g.walk_reads_key = g.native_mex && g.shape == IntGame::Shape::sets && intpath::walk_reads_key(g);
}

}  // namespace grundy
