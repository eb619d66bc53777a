// The x86-64 code generator behind compiler/int_jit.cpp: an Emitter that
// makes native code with asmjit's Compiler (virtual registers, its own
// allocator), for one expression or for a game's whole walk
// (int_walk.cpp). Built only where GRUNDY_JIT is set.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include <asmjit/x86.h>

#include "int_op_count.hpp"
#include "interpreter/runtime/int_game.hpp"

namespace grundy::intpath::jit {

namespace x86 = asmjit::x86;

// Native code: int64 f(const Frame*, uint32* bail). It sets *bail and
// returns 0 where it cannot give the tree's result.
using Code = std::int64_t (*)(const Frame*, std::uint32_t*);

inline asmjit::JitRuntime& runtime() {
    static auto* rt = new asmjit::JitRuntime;  // never destroyed: code may outlive static destructors
    return *rt;
}

// A node the code calls: what it throws, the tree raises again.
inline std::int64_t call_int(const Int* n, const Frame* f, std::uint32_t* bail) noexcept {
    try {
        return n->eval(*f);
    } catch (...) {
        *bail = 1;
        return 0;
    }
}
inline std::int64_t call_bool(const Bool* b, const Frame* f, std::uint32_t* bail) noexcept {
    try {
        return b->test(*f);
    } catch (...) {
        *bail = 1;
        return 0;
    }
}

inline bool fits_imm32(std::int64_t x) { return x >= INT32_MIN && x <= INT32_MAX; }

class Asm final : public Emitter {
public:
    // The function of one expression (Code); of a whole expansion
    // (IntGame::NativeExpand), with `out` and `from` its third and fourth
    // arguments; or of a native mex (IntGame::NativeMex), `out` its MexArgs.
    enum class Kind { code, expansion, mex };
    explicit Asm(x86::Compiler& cc, Kind kind = Kind::code) : cc_(cc) {
        using asmjit::FuncSignatureT, asmjit::CallConvId;
        asmjit::FuncNode* fn =
            kind == Kind::expansion
                ? cc.addFunc(FuncSignatureT<std::int64_t, const void*, std::uint32_t*, std::uint32_t*, std::uint64_t>(
                      CallConvId::kHost))
            : kind == Kind::mex
                ? cc.addFunc(FuncSignatureT<std::int64_t, const void*, std::uint32_t*, void*>(CallConvId::kHost))
                : cc.addFunc(FuncSignatureT<std::int64_t, const void*, std::uint32_t*>(CallConvId::kHost));
        frame_ = cc.newIntPtr();
        bail_ = cc.newIntPtr();
        fn->setArg(0, frame_);
        fn->setArg(1, bail_);
        if (kind != Kind::code) {
            out_ = cc.newIntPtr();
            fn->setArg(2, out_);
        }
        if (kind == Kind::expansion) {
            from_ = cc.newInt64();
            fn->setArg(3, from_);
        }
        regs_ = cc.newIntPtr();
        static_assert(offsetof(Frame, r) == 0);
        cc.mov(regs_, x86::ptr(frame_));
        fail_ = cc.newLabel();
    }
    void finish(V result) {
        cc_.ret(gpr(result));
        finish_failure();
    }
    // The end of the function: where a failure jumps.
    void finish_failure() {
        cc_.bind(fail_);
        cc_.mov(x86::dword_ptr(bail_), 1);
        x86::Gp zero = cc_.newInt64();
        cc_.xor_(zero, zero);
        cc_.ret(zero);
        cc_.endFunc();
    }

    // A constant is moved into a register where one is needed (gpr()):
    // most are immediates.
    V constant(std::int64_t x) override { return add(x86::Gp(), x); }
    // A register's value is read from the frame once, and a value stored
    // is read back from where it was made, until control flow merges
    // (forget()) or a called tree may have written registers.
    V load(std::uint32_t reg) override {
        if (known_[reg] != unknown) return known_[reg];
        if (hoisting_) return poison;
        if (unsaved_ >> reg & 1) broken_ = true;
        x86::Gp g = cc_.newInt64();
        cc_.mov(g, x86::qword_ptr(regs_, static_cast<std::int32_t>(reg * 8)));
        return known_[reg] = add(g);
    }
    void store(std::uint32_t reg, V x) override {
        if (hoisting_) {
            known_[reg] = x;
            return;
        }
        const std::uint64_t bit = std::uint64_t{1} << reg;
        if (lazy_) {
            unsaved_ |= bit;
        } else {
            cc_.mov(x86::qword_ptr(regs_, static_cast<std::int32_t>(reg * 8)), gpr(x));
            unsaved_ &= ~bit;
        }
        known_[reg] = x;
        stored_ |= bit;
    }
    // A walk's registers live in machine registers alone, when nothing
    // reads them back from the frame: no tree is called and no register
    // is read where its value is not known (after paths merge). Code that
    // would is broken(), to be made again with the stores.
    void lazy_stores(bool on) { lazy_ = on; }
    bool broken() const { return broken_; }
    // A loop's variable, held in g (Expansion).
    // The values a V may hold, where known (a loop's variable, a constant,
    // a sum of such): checks they make needless are left out.
    struct Range {
        std::int64_t lo, hi;
    };
    static constexpr Range full{INT64_MIN, INT64_MAX};
    bool within(V v, std::int64_t lo, std::int64_t hi) const { return ranges_[v].lo >= lo && ranges_[v].hi <= hi; }
    const Range& range(V v) const { return ranges_[v]; }
    void assign(std::uint32_t reg, x86::Gp g, Range r = full) { store(reg, add(g, std::nullopt, r)); }
    // At a label where paths meet: nothing is known but a position mask
    // read on entry (pin_position_mask), which every path has, and the
    // variables of the loops around (pin): one vreg each, the same on
    // every path into an inner loop's labels.
    void forget() {
        const Known before = known_;
        local_.clear();
        known_.fill(unknown);
        if (pinned_) known_[pos_slot] = before[pos_slot];
        for (std::uint64_t w = pinned_regs_; w; w &= w - 1) {
            const auto r = static_cast<std::size_t>(__builtin_ctzll(w));
            known_[r] = before[r];
        }
    }
    void pin(std::uint32_t reg) { pinned_regs_ |= std::uint64_t{1} << reg; }
    // Loop-invariant code: `trees`, run before a loop, make here what reads
    // only values known at the loop's head (its pinned registers), for the
    // loop's code to find (pure()); dropped at the loop's end. A hoisted
    // failure (an overflow) sends the state to the trees as the loop would.
    std::size_t hoisted() const { return hoisted_.size(); }
    void hoist(FunctionRef<void()> trees) {
        forget();  // as at the loop's head
        const Known before = known_;
        hoisting_ = true;
        trees();
        hoisting_ = false;
        known_ = before;
    }
    void drop_hoisted(std::size_t mark) { hoisted_.resize(mark); }
    void unpin(std::uint32_t reg) { pinned_regs_ &= ~(std::uint64_t{1} << reg); }
    void pin_position_mask() {
        position_mask();
        pinned_ = true;
    }
    V position_mask() override {
        if (known_[pos_slot] != unknown) return known_[pos_slot];
        if (hoisting_) return poison;
        cc_.cmp(x86::byte_ptr(frame_, static_cast<std::int32_t>(offsetof(Frame, has_key))), 0);
        cc_.je(fail_);
        x86::Gp g = cc_.newInt64();
        cc_.mov(g, x86::qword_ptr(frame_, static_cast<std::int32_t>(offsetof(Frame, pos_key))));
        return known_[pos_slot] = add(g);
    }
    V bit_of(V x) override {
        return pure(Pure::bit_of, 0, x, none, [&] { return make_bit_of(x); });
    }
    V make_bit_of(V x) {
        x86::Gp d = cc_.newInt64();
        if (!within(x, 0, 63)) {
            cc_.cmp(gpr(x), 63);
            cc_.ja(fail_);  // unsigned: below 0 too
        }
        cc_.xor_(d, d);
        cc_.bts(d, gpr(x));
        const V v = add(d);
        made_[v].bit_index = x;
        return v;
    }
    V allowed(ast::Op op, V v) override {
        return pure(Pure::allowed, static_cast<int>(op), v, none, [&] { return make_allowed(op, v); });
    }
    V make_allowed(ast::Op op, V v) {
        using ast::Op;
        const x86::Gp x = gpr(v);
        // at: 1 << x for x in 0..63, else 0.
        x86::Gp at = cc_.newInt64(), below = cc_.newInt64();
        asmjit::Label not_at = cc_.newLabel(), done = cc_.newLabel();
        cc_.xor_(at, at);
        cc_.cmp(x, 63);
        cc_.ja(not_at);
        cc_.bts(at, x);
        cc_.bind(not_at);
        // below: the y in 0..63 with y < x.
        cc_.xor_(below, below);
        cc_.cmp(x, 0);
        cc_.jle(done);
        cc_.mov(below, -1);
        cc_.cmp(x, 64);
        cc_.jge(done);
        cc_.lea(below, x86::ptr(at, -1));  // x in 1..63: at is 1 << x
        cc_.bind(done);
        x86::Gp d = cc_.newInt64();
        switch (op) {
            case Op::lt: cc_.mov(d, below); break;
            case Op::le: cc_.mov(d, below), cc_.or_(d, at); break;
            case Op::gt: cc_.mov(d, below), cc_.or_(d, at), cc_.not_(d); break;
            case Op::ge: cc_.mov(d, below), cc_.not_(d); break;
            case Op::eq: cc_.mov(d, at); break;
            default: cc_.mov(d, at), cc_.not_(d); break;
        }
        return add(d);
    }
    V span(V lo, V hi) override {
        return pure(Pure::span, 0, lo, hi, [&] { return make_span(lo, hi); });
    }
    // (-1 << lo) & (-1 >> (63 - hi)), 0 where lo > hi; the ends clamped to
    // 0..63 first where they are not known within it (or empty at -1).
    V make_span(V lo, V hi) {
        x86::Gp l = gpr(lo), h = gpr(hi), zero = cc_.newInt64();
        cc_.xor_(zero, zero);
        if (!within(lo, 0, 63) || !within(hi, -1, 63)) {
            x86::Gp cl = cc_.newInt64(), ch = cc_.newInt64(), top = cc_.newInt64();
            cc_.mov(cl, l);
            cc_.cmp(cl, 0);
            cc_.cmovl(cl, zero);
            cc_.mov(top, 63);
            cc_.mov(ch, h);
            cc_.cmp(ch, 63);
            cc_.cmovg(ch, top);
            l = cl, h = ch;
        }
        x86::Gp d = cc_.newInt64(), t = cc_.newInt64(), n = cc_.newInt64();
        cc_.mov(d, -1);
        cc_.shl(d, l.r8());
        cc_.mov(n, 63);
        cc_.sub(n, h);
        cc_.mov(t, -1);
        cc_.shr(t, n.r8());
        cc_.and_(d, t);
        cc_.cmp(l, h);
        cc_.cmovg(d, zero);
        return add(d);
    }
    V has_bit(V set, V x) override {
        return pure(Pure::has_bit, 0, set, x, [&] { return make_has_bit(set, x); });
    }
    V make_has_bit(V set, V x) {
        x86::Gp d = cc_.newInt64();
        asmjit::Label out = cc_.newLabel();
        cc_.xor_(d, d);
        if (!within(x, 0, 63)) {
            cc_.cmp(gpr(x), 63);
            cc_.ja(out);
        }
        cc_.bt(gpr(set), gpr(x));
        cc_.setc(d.r8());
        cc_.bind(out);
        const V v = add(d);
        if (within(x, 0, 63)) made_[v].flags = {Flags::bt, set, x, x86::CondCode::kC};
        return v;
    }
    bool has(ast::Op op) const override { return native_op(op); }
    V arith(ast::Op op, V x, V y) override {
        return pure(Pure::arith, static_cast<int>(op), x, y, [&] { return make_arith(op, x, y); });
    }
    V make_arith(ast::Op op, V x, V y) {
        using ast::Op;
        const std::optional<std::int64_t> k = consts_[y];
        x86::Gp d = cc_.newInt64();
        {
            auto index = [&](V v) { return v < made_.size() ? made_[v].bit_index : UINT32_MAX; };
            auto cleared = [&](V v) { return v < made_.size() && made_[v].complement_of != UINT32_MAX ? index(made_[v].complement_of) : UINT32_MAX; };
            V other = UINT32_MAX, i = UINT32_MAX;
            if (op == Op::bit_and) {
                if (cleared(y) != UINT32_MAX) other = x, i = cleared(y);
                else if (cleared(x) != UINT32_MAX) other = y, i = cleared(x);
            } else if ((op == Op::bit_xor || op == Op::bit_or) && !consts_[x] && !consts_[y]) {  // ~(1 << i) is a complement
                if (index(y) != UINT32_MAX) other = x, i = index(y);
                else if (index(x) != UINT32_MAX) other = y, i = index(x);
            }
            if (i != UINT32_MAX) {
                cc_.mov(d, gpr(other));
                cc_.emit(op == Op::bit_and ? x86::Inst::kIdBtr : op == Op::bit_xor ? x86::Inst::kIdBtc : x86::Inst::kIdBts, d, gpr(i));
                return add(d);
            }
        }
        if (op == Op::bit_and && bmi_) {
            // x & ~z as one andn, the complement then unread.
            if (const V z = made_[y].complement_of; z != UINT32_MAX) {
                cc_.andn(d, gpr(z), gpr(x));
                return add(d);
            }
            if (const V z = made_[x].complement_of; z != UINT32_MAX) {
                cc_.andn(d, gpr(z), gpr(y));
                return add(d);
            }
        }
        cc_.mov(d, gpr(x));
        auto with = [&](x86::Inst::Id insn) {  // d op= y, an immediate where it fits
            if (k && fits_imm32(*k)) cc_.emit(insn, d, asmjit::imm(*k));
            else cc_.emit(insn, d, gpr(y));
        };
        // A sum or difference whose operands' ranges keep it in 64 bits
        // needs no overflow check, and has a range of its own.
        Range r = full;
        const Range &a = ranges_[x], &b = ranges_[y];
        const bool exact = op == Op::add   ? !__builtin_add_overflow(a.lo, b.lo, &r.lo) && !__builtin_add_overflow(a.hi, b.hi, &r.hi)
                           : op == Op::sub ? !__builtin_sub_overflow(a.lo, b.hi, &r.lo) && !__builtin_sub_overflow(a.hi, b.lo, &r.hi)
                                           : false;
        switch (op) {
            case Op::add:
                with(x86::Inst::kIdAdd);
                if (exact) return add(d, std::nullopt, r);
                cc_.jo(fail_);
                break;
            case Op::sub:
                with(x86::Inst::kIdSub);
                if (exact) return add(d, std::nullopt, r);
                cc_.jo(fail_);
                break;
            case Op::mul: cc_.imul(d, gpr(y)); cc_.jo(fail_); break;
            case Op::bit_and:
                // x & ~z as one andn, the complement then unread.
                with(x86::Inst::kIdAnd);
                break;
            case Op::bit_or: with(x86::Inst::kIdOr); break;
            case Op::bit_xor:
                with(x86::Inst::kIdXor);
                if (k == -1) {
                    const V v = add(d);
                    made_[v].complement_of = x;
                    return v;
                }
                break;
            case Op::div:
            case Op::mod:
                if (k && *k > 0 && (*k & (*k - 1)) == 0) {
                    // Floor division and its remainder by a power of two: a
                    // shift and a mask, for any x.
                    if (op == Op::div) cc_.sar(d, __builtin_ctzll(static_cast<std::uint64_t>(*k)));
                    else if (fits_imm32(*k - 1)) cc_.and_(d, *k - 1);
                    else {
                        x86::Gp m = cc_.newInt64();
                        cc_.mov(m, *k - 1);
                        cc_.and_(d, m);
                    }
                    break;
                }
                // x >= 0 and y > 0, where floor and truncation agree; else the tree.
                if (!k) {
                    cc_.cmp(gpr(y), 0);
                    cc_.jle(fail_);
                } else if (*k <= 0) {
                    cc_.jmp(fail_);
                }
                cc_.test(d, d);
                cc_.js(fail_);
                {
                    x86::Gp hi = cc_.newInt64();
                    cc_.xor_(hi, hi);
                    cc_.div(hi, d, gpr(y));
                    if (op == Op::mod) return add(hi);
                }
                break;
            case Op::shl: shift_left(d, x, y, k); break;
            case Op::shr: shift_right(d, y, k); break;
            default: cc_.jmp(fail_); break;
        }
        return add(d);
    }
    V neg(V x) override {
        return pure(Pure::neg, 0, x, none, [&] { return make_neg(x); });
    }
    V make_neg(V x) {
        x86::Gp d = cc_.newInt64();
        cc_.mov(d, gpr(x));
        cc_.neg(d);
        cc_.jo(fail_);
        return add(d);
    }
    V abs(V x) override {
        return pure(Pure::abs, 0, x, none, [&] { return make_abs(x); });
    }
    V make_abs(V x) {
        x86::Gp d = cc_.newInt64();
        cc_.mov(d, gpr(x));
        cc_.neg(d);
        cc_.jo(fail_);                 // of the least int
        cc_.test(gpr(x), gpr(x));
        cc_.cmovns(d, gpr(x));
        return add(d);
    }
    V extreme(bool is_max, V x, V y) override {
        return pure(Pure::extreme, is_max, x, y, [&] { return make_extreme(is_max, x, y); });
    }
    V make_extreme(bool is_max, V x, V y) {
        x86::Gp d = cc_.newInt64();
        cc_.mov(d, gpr(x));
        cc_.cmp(gpr(x), gpr(y));
        if (is_max) cc_.cmovl(d, gpr(y));  // std::max(x, y): y when x < y
        else cc_.cmovg(d, gpr(y));         // std::min(x, y): y when y < x
        return add(d);
    }
    V compare(ast::Op op, V x, V y) override {
        return pure(Pure::compare, static_cast<int>(op), x, y, [&] { return make_compare(op, x, y); });
    }
    V make_compare(ast::Op op, V x, V y) {
        using ast::Op;
        using x86::CondCode;
        const CondCode c = op == Op::eq   ? CondCode::kE
                           : op == Op::ne ? CondCode::kNE
                           : op == Op::lt ? CondCode::kL
                           : op == Op::le ? CondCode::kLE
                           : op == Op::gt ? CondCode::kG
                                          : CondCode::kGE;
        x86::Gp d = cc_.newInt64(), one = cc_.newInt64();
        cc_.xor_(d, d);
        cc_.mov(one, 1);
        compare_operands(x, y);
        cc_.cmov(c, d, one);
        const V v = add(d);
        made_[v].flags = {Flags::cmp, x, y, c};
        return v;
    }
    void compare_operands(V x, V y) {
        const std::optional<std::int64_t> k = consts_[y];
        if (k && fits_imm32(*k)) cc_.cmp(gpr(x), *k);
        else cc_.cmp(gpr(x), gpr(y));
    }
    // Sets the flags from a condition's operands where it was made by a
    // compare (its 0/1 then unread, dropped by drop_unread), else tests
    // its 0/1: the condition code for true.
    x86::CondCode test(V cond) {
        const Flags f = made_[cond].flags;
        switch (f.kind) {
            case Flags::bt: cc_.bt(gpr(f.a), gpr(f.b)); return f.cc;
            case Flags::cmp: compare_operands(f.a, f.b); return f.cc;
            default: break;
        }
        const x86::Gp g = gpr(cond);
        cc_.test(g, g);
        return x86::CondCode::kNZ;
    }
    V logic_not(V x) override {
        return pure(Pure::logic_not, 0, x, none, [&] { return make_logic_not(x); });
    }
    V make_logic_not(V x) {
        x86::Gp d = cc_.newInt64();
        cc_.mov(d, gpr(x));
        cc_.xor_(d, 1);
        const V v = add(d);
        if (const Flags f = made_[x].flags; f.kind != Flags::none)
            made_[v].flags = {f.kind, f.a, f.b, x86::negateCond(f.cc)};
        return v;
    }
    V choose(V cond, FunctionRef<V()> then, FunctionRef<V()> otherwise) override {
        if (hoisting_) return poison;  // an arm's code runs only when taken
        if (!speculating_) {
            if (const V d = select(cond, then, otherwise); d != unknown) return d;
        }
        return branch(cond, then, otherwise);
    }
    // Both arms run and a cmov picks one, where they are a few operations
    // that store no register and call no tree: a condition on the data (a
    // bit of the position) costs no mispredicted branch. An arm's failure
    // (the arm not taken may fail where the taken one does not) goes to
    // the branching code. unknown where the arms do not qualify.
    static constexpr std::size_t select_limit = 16;  // values the two arms make
    V select(V cond, FunctionRef<V()> then, FunctionRef<V()> otherwise) {
        asmjit::BaseNode* const mark = cc_.cursor();
        const std::size_t made = vals_.size();
        const Known before = known_;
        const std::uint64_t stored = stored_;
        const asmjit::Label fail = fail_, branchy = cc_.newLabel();
        const std::size_t local = local_.size();
        stored_ = 0;
        speculating_ = true;
        called_ = false;
        fail_ = branchy;
        const V a = then();
        known_ = before;
        const V b = otherwise();  // finds what the first arm made, on the same path
        known_ = before;
        fail_ = fail;
        speculating_ = false;
        const bool fits = !stored_ && !called_ && vals_.size() - made <= select_limit;
        stored_ = stored;
        if (!fits) {
            if (cc_.cursor() != mark) cc_.removeNodes(mark->next(), cc_.cursor());  // arms may have made no code
            cc_.setCursor(mark);
            local_.resize(local);
            return unknown;
        }
        const bool safe = !jumps_to(mark, branchy);  // neither arm can fail
        if (safe) {
            known_ = before;
            if (const V t = toggled(cond, a, b); t != unknown) return t;
        }
        x86::Gp d = cc_.newInt64();
        const x86::Gp taken = gpr(a);
        cc_.mov(d, gpr(b));
        cc_.cmov(test(cond), d, taken);
        if (safe) return add(d);
        asmjit::Label done = cc_.newLabel();
        cc_.jmp(done);
        cc_.bind(branchy);
        known_ = before;
        local_.resize(local);
        cc_.mov(d, gpr(branch(cond, then, otherwise)));
        cc_.bind(done);
        known_ = before;
        return add(d);
    }
    // A choice on bit y of s between s without that bit and s with it
    // (`if y in s then s - {y} else s + {y}`, or - and + of 1 << y) is
    // s ^ (1 << y) either way: one xor, its arms then unread. unknown
    // where the arms are not those two.
    V toggled(V cond, V then, V otherwise) {
        using ast::Op;
        const Flags f = made_[cond].flags;
        if (f.kind != Flags::bt) return unknown;
        if (f.cc == x86::CondCode::kNC) std::swap(then, otherwise);
        else if (f.cc != x86::CondCode::kC) return unknown;
        const V s = f.a;
        auto made = [&](Pure::Kind kind, Op op, V x, V y) {
            const Pure key{kind, static_cast<std::uint8_t>(op), operand(x), operand(y)};
            for (const auto* list : {&hoisted_, &local_})
                for (const auto& [k, v] : *list)
                    if (k == key) return v;
            return unknown;
        };
        auto arith_of = [&](V v, Op op, V x, V y) {
            return x != unknown && y != unknown && (made(Pure::arith, op, x, y) == v || made(Pure::arith, op, y, x) == v);
        };
        for (const V bit : {made(Pure::bit_of, Op{}, f.b, none), made(Pure::arith, Op::shl, constant(1), f.b)}) {
            if (bit == unknown) continue;
            const V complement = made(Pure::arith, Op::bit_xor, bit, constant(-1));
            const bool without = made(Pure::arith, Op::sub, s, bit) == then || arith_of(then, Op::bit_and, s, complement);
            const bool with = arith_of(otherwise, Op::bit_or, s, bit) || arith_of(otherwise, Op::add, s, bit);
            if (without && with) return arith(Op::bit_xor, s, bit);
        }
        return unknown;
    }
    V branch(V cond, FunctionRef<V()> then, FunctionRef<V()> otherwise) {
        x86::Gp d = cc_.newInt64();
        asmjit::Label other = cc_.newLabel(), done = cc_.newLabel();
        cc_.j(x86::negateCond(test(cond)), other);
        // Each arm starts from what is known before it; after both, what
        // neither wrote, made before them.
        const Known before = known_;
        const std::uint64_t stored = stored_;
        const std::size_t local = local_.size();
        stored_ = 0;
        cc_.mov(d, gpr(then()));
        cc_.jmp(done);
        known_ = before;
        local_.resize(local);
        cc_.bind(other);
        cc_.mov(d, gpr(otherwise()));
        cc_.bind(done);
        known_ = before;
        local_.resize(local);
        for (std::uint64_t w = stored_; w; w &= w - 1) known_[static_cast<std::size_t>(__builtin_ctzll(w))] = unknown;
        stored_ |= stored;
        return add(d);
    }
    V call(const Int& n) override { return invoke(reinterpret_cast<const void*>(&call_int), &n); }
    V call(const Bool& b) override { return invoke(reinterpret_cast<const void*>(&call_bool), &b); }

    // For the expansion's loops, which this class leaves to its caller.
    x86::Gp gp(V v) { return gpr(v); }
    void jump_if(V cond, asmjit::Label to) { cc_.j(test(cond), to); }
    void jump_unless(V cond, asmjit::Label to) { cc_.j(x86::negateCond(test(cond)), to); }
    x86::Gp regs() const { return regs_; }
    x86::Gp out() const { return out_; }
    x86::Gp from() const { return from_; }
    asmjit::Label fail() const { return fail_; }

private:
    // d = x << y where no bit is lost (ops::shl's result); else the tree,
    // which gives the error or, for x == 0 and y past 62, the 0.
    void shift_left(x86::Gp d, V x, V y, std::optional<std::int64_t> k) {
        x86::Gp back = cc_.newInt64();
        if (k) {
            if (*k < 0 || *k > 62) {
                cc_.jmp(fail_);
                return;
            }
            cc_.shl(d, *k);
            cc_.mov(back, d);
            cc_.sar(back, *k);
        } else {
            cc_.cmp(gpr(y), 62);
            cc_.ja(fail_);  // unsigned: a negative count too
            x86::Gp count = cc_.newInt64();
            cc_.mov(count, gpr(y));
            cc_.shl(d, count.r8());
            cc_.mov(back, d);
            cc_.sar(back, count.r8());
        }
        cc_.cmp(back, gpr(x));
        cc_.jne(fail_);
    }
    // d >>= y, arithmetic; a count past 63 is 63 (ops::shr).
    void shift_right(x86::Gp d, V y, std::optional<std::int64_t> k) {
        if (k) {
            if (*k < 0) cc_.jmp(fail_);
            else cc_.sar(d, std::min<std::int64_t>(*k, 63));
            return;
        }
        cc_.cmp(gpr(y), 0);
        cc_.jl(fail_);
        x86::Gp count = cc_.newInt64(), most = cc_.newInt64();
        cc_.mov(count, gpr(y));
        cc_.mov(most, 63);
        cc_.cmp(count, most);
        cc_.cmovg(count, most);
        cc_.sar(d, count.r8());
    }

    // Whether code made after `mark` jumps to `l`.
    bool jumps_to(asmjit::BaseNode* mark, asmjit::Label l) const {
        for (asmjit::BaseNode* n = mark ? mark->next() : nullptr; n; n = n->next()) {
            if (!n->isInst()) continue;
            const auto* inst = n->as<asmjit::InstNode>();
            for (std::uint32_t i = 0; i < inst->opCount(); ++i)
                if (inst->op(i).isLabel() && inst->op(i).id() == l.id()) return true;
        }
        return false;
    }
    x86::Gp gpr(V v) {
        if (!consts_[v]) return vals_[v];
        x86::Gp g = cc_.newInt64();
        cc_.mov(g, *consts_[v]);
        return g;
    }
    V add(x86::Gp g, std::optional<std::int64_t> k = std::nullopt, Range r = full) {
        vals_.push_back(g);
        consts_.push_back(k);
        ranges_.push_back(k ? Range{*k, *k} : r);
        made_.emplace_back();
        return static_cast<V>(vals_.size() - 1);
    }
    V invoke(const void* thunk, const void* node) {
        if (hoisting_) return poison;
        if (unsaved_) broken_ = true;  // the tree reads the frame
        called_ = true;
        x86::Gp n = cc_.newIntPtr(), d = cc_.newInt64();
        cc_.mov(n, asmjit::imm(node));
        asmjit::InvokeNode* call;
        cc_.invoke(&call, asmjit::imm(thunk),
                   asmjit::FuncSignatureT<std::int64_t, const void*, const void*, std::uint32_t*>(
                       asmjit::CallConvId::kHost));
        call->setArg(0, n);
        call->setArg(1, frame_);
        call->setArg(2, bail_);
        call->setRet(0, d);
        cc_.cmp(x86::dword_ptr(bail_), 0);
        cc_.jne(fail_);
        const V pos = known_[pos_slot];
        known_.fill(unknown);  // the tree may have written any register
        stored_ = ~std::uint64_t{0};
        known_[pos_slot] = pos;
        return add(d);
    }

    static constexpr V unknown = UINT32_MAX;
    // While hoisting: a value the loop's code makes (it reads a register
    // the loop writes, or runs only on some of its paths).
    static constexpr V poison = UINT32_MAX - 1;
    static constexpr V none = UINT32_MAX - 2;  // no second operand
    struct Pure {
        enum Kind : std::uint8_t { bit_of, allowed, span, has_bit, arith, neg, abs, extreme, compare, logic_not };
        std::uint8_t kind, op;
        std::array<std::int64_t, 2> a, b;  // each operand: {1, constant} or {0, V}
        bool operator==(const Pure&) const = default;
    };
    std::array<std::int64_t, 2> operand(V v) const {
        if (v == none) return {2, 0};
        return consts_[v] ? std::array<std::int64_t, 2>{1, *consts_[v]} : std::array<std::int64_t, 2>{0, v};
    }
    // An operation of the node trees: found among those hoisted, or made
    // before on the same straight path, where its operands are the same;
    // made otherwise, and kept.
    template <typename Make> V pure(Pure::Kind kind, int op, V a, V b, Make make) {
        if (a == poison || b == poison) return poison;
        const Pure key{kind, static_cast<std::uint8_t>(op), operand(a), operand(b)};
        for (const auto* list : {&hoisted_, &local_})
            for (const auto& [k, v] : *list)
                if (k == key) return v;
        const V made = make();
        (hoisting_ ? hoisted_ : local_).push_back({key, made});
        return made;
    }
    static constexpr std::size_t pos_slot = IntGame::max_registers;  // position_mask()'s value
    using Known = std::array<V, IntGame::max_registers + 1>;

    x86::Compiler& cc_;
    x86::Gp frame_, bail_, regs_, out_, from_;
    asmjit::Label fail_;
    std::vector<x86::Gp> vals_;
    std::vector<std::optional<std::int64_t>> consts_;
    std::vector<Range> ranges_;
    // How a value was made, where a cheaper form can use it: a condition's
    // compare (test()), a complement's operand (bit_and's andn).
    struct Flags {
        enum Kind : std::uint8_t { none, bt, cmp } kind = none;
        V a = 0, b = 0;
        x86::CondCode cc = x86::CondCode::kNZ;
    };
    struct Made {
        Flags flags;
        V complement_of = UINT32_MAX;
        V bit_index = UINT32_MAX;  // of 1 << i, in 0..63
    };
    std::vector<Made> made_;
    Known known_ = filled();
    std::uint64_t stored_ = 0;  // registers written (since the innermost choose began)
    bool pinned_ = false;
    std::uint64_t pinned_regs_ = 0;
    bool hoisting_ = false;
    bool lazy_ = false, broken_ = false;
    const bool bmi_ = asmjit::CpuInfo::host().features().x86().hasBMI();
    bool speculating_ = false, called_ = false;  // select()'s arms under way, and whether one called a tree
    std::uint64_t unsaved_ = 0;  // registers stored lazily, their frame slots stale
    std::vector<std::pair<Pure, V>> hoisted_;  // of the loops under way, outermost first
    // Made on the path since the last label (forget()) or branch: they
    // dominate the code being emitted.
    std::vector<std::pair<Pure, V>> local_;
    static Known filled() {
        Known k;
        k.fill(unknown);
        return k;
    }
};

}  // namespace grundy::intpath::jit
