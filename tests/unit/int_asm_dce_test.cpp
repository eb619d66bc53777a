// The dead-code pass over generated functions (compiler/int_asm_dce.cpp):
// small functions built by hand, each run with and without the pass on the
// same inputs, and the instructions it removed counted.
#include <catch2/catch.hpp>

#if GRUNDY_JIT
#include <functional>

#include "interpreter/compiler/int_asm_dce.hpp"

namespace {

namespace x86 = asmjit::x86;
using Fn = std::int64_t (*)(std::int64_t);
using Body = std::function<x86::Gp(x86::Compiler&, x86::Gp)>;

struct Made {
    Fn fn = nullptr;
    std::size_t instructions = 0;  // after the pass, if it ran
};

asmjit::JitRuntime& runtime() {
    static asmjit::JitRuntime rt;
    return rt;
}

Made make(const Body& body, bool drop) {
    asmjit::CodeHolder holder;
    holder.init(runtime().environment());
    x86::Compiler cc(&holder);
    asmjit::FuncNode* f = cc.addFunc(asmjit::FuncSignatureT<std::int64_t, std::int64_t>(asmjit::CallConvId::kHost));
    x86::Gp x = cc.newInt64();
    f->setArg(0, x);
    cc.ret(body(cc, x));
    cc.endFunc();
    if (drop) grundy::intpath::jit::drop_unread(cc);
    Made m;
    for (asmjit::BaseNode* n = cc.firstNode(); n; n = n->next())
        if (n->type() == asmjit::NodeType::kInst) ++m.instructions;
    REQUIRE(cc.finalize() == asmjit::kErrorOk);
    REQUIRE(runtime().add(&m.fn, &holder) == asmjit::kErrorOk);
    return m;
}

// The pass removes `removed` instructions and the function still computes
// what it did.
void check(const Body& body, std::size_t removed) {
    const Made plain = make(body, false), dropped = make(body, true);
    CHECK(plain.instructions - dropped.instructions == removed);
    for (const std::int64_t x : {-3, -1, 0, 1, 5, 9, 10, 11, 1000})
        CHECK(dropped.fn(x) == plain.fn(x));
}

}  // namespace

TEST_CASE("unread values go, what kept code reads stays", "[int_jit]") {
    // a = x < 10 ? x : x + 1; x * 3 and x ^ 7 unread.
    check(
        [](x86::Compiler& cc, x86::Gp x) {
            x86::Gp a = cc.newInt64(), d = cc.newInt64(), t = cc.newInt64();
            cc.mov(a, x);
            cc.add(a, 1);
            cc.mov(d, x);
            cc.imul(d, d, 3);
            cc.mov(t, x);
            cc.xor_(t, 7);
            cc.cmp(x, 10);
            cc.cmovl(a, x);
            return a;
        },
        4);
    // An unread value whose flags the cmov reads stays; the compare before
    // it, whose flags nothing reads, goes.
    check(
        [](x86::Compiler& cc, x86::Gp x) {
            x86::Gp a = cc.newInt64(), d = cc.newInt64();
            cc.mov(a, x);
            cc.cmp(x, 10);
            cc.mov(d, x);
            cc.sub(d, 5);
            cc.cmovl(a, d);
            return a;
        },
        1);
    // A bit test sets the carry, not the zero flag: a cmov that reads both
    // (`cmova`) has its zero flag from the compare before, which stays.
    check(
        [](x86::Compiler& cc, x86::Gp x) {
            x86::Gp a = cc.newInt64(), z = cc.newInt64();
            cc.mov(a, x);
            cc.mov(z, 0);
            cc.cmp(x, 10);
            cc.bt(x, 3);
            cc.cmova(a, z);
            return a;
        },
        0);
    // The carry alone read: the compare before the bit test goes.
    check(
        [](x86::Compiler& cc, x86::Gp x) {
            x86::Gp a = cc.newInt64(), z = cc.newInt64();
            cc.mov(a, x);
            cc.mov(z, 0);
            cc.cmp(x, 10);
            cc.bt(x, 3);
            cc.cmovc(a, z);
            return a;
        },
        1);
    // A chain read only by itself and by unread values goes whole.
    check(
        [](x86::Compiler& cc, x86::Gp x) {
            x86::Gp a = cc.newInt64(), b = cc.newInt64();
            cc.mov(a, x);
            cc.add(a, a);
            cc.mov(b, a);
            cc.shl(b, 2);
            return x;
        },
        4);
}

TEST_CASE("flags read across a label keep the whole function", "[int_jit]") {
    check(
        [](x86::Compiler& cc, x86::Gp x) {
            x86::Gp a = cc.newInt64(), d = cc.newInt64();
            asmjit::Label l = cc.newLabel();
            cc.mov(d, x);
            cc.imul(d, d, 3);  // unread, but the function is left alone
            cc.mov(a, x);
            cc.cmp(x, 0);
            cc.bind(l);
            cc.setg(a.r8());
            return a;
        },
        0);
}
#endif
