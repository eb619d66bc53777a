// A game's whole walk as native code: its expansion (IntGame::native_expand)
// and, for a game on sets, its mex (IntGame::native_mex).
#include "int_jit.hpp"

#include "int_op_count.hpp"

#if GRUNDY_JIT
#include "int_asm.hpp"
#include "int_asm_dce.hpp"
#include "interpreter/runtime/state_table.hpp"
#include "interpreter/solver/value_array.hpp"
#endif

namespace grundy::intpath {

#if GRUNDY_JIT

namespace {

using namespace jit;

// A game's expansion, as Instance::expand_states runs it on the trees:
// `terminal`, then each move's generators, `where` and result, the
// options' ids written in order. Each generator's variable is written to
// its register, where the expressions read it. A game on one int: the
// generators ranges, an option its own id. A game on sets, for a position
// that packs: the generators ranges or the elements of a set (ascending,
// as the trees run them), an option its mask (ListResult::mask), its own
// id below 2^30.
class Expansion {
public:
    // `mex`: the function is an IntGame::NativeMex, its third argument the
    // MexArgs.
    Expansion(x86::Compiler& cc, Asm& e, bool mex) : cc_(cc), e_(e), count_(cc.newInt64()), mex_(mex) {}

    void game(const IntGame& g) {
        sets_ = g.shape == IntGame::Shape::sets;
        cc_.xor_(count_, count_);
        if (mex_) {
            using A = IntGame::MexArgs;
            flat_ = cc_.newIntPtr();
            flat_count_ = cc_.newInt64();
            seen_ = cc_.newInt64();
            key_ = cc_.newInt64();
            blocked_ = cc_.newLabel();
            cc_.mov(flat_, x86::qword_ptr(e_.out(), offsetof(A, flat)));
            cc_.mov(flat_count_, x86::qword_ptr(e_.out(), offsetof(A, flat_count)));
            cc_.mov(seen_, x86::qword_ptr(e_.out(), offsetof(A, seen)));
        }
        if (sets_) {
            // No mask, or a position that is no id of its own (whose options
            // mostly are none either): the trees.
            e_.pin_position_mask();
            x86::Gp limit = cc_.newInt64();
            cc_.mov(limit, std::int64_t{1} << 30);
            cc_.cmp(e_.gp(e_.position_mask()), limit);
            cc_.jae(e_.fail());
        }
        // The walk twice: a first scan's, with no options to skip, and a
        // retry's, which counts those before `from` (option()).
        asmjit::Label done = cc_.newLabel(), retry = cc_.newLabel();
        cc_.emit(x86::Inst::kIdCmp, from(), asmjit::imm(0));
        cc_.jne(retry);
        for (const bool resumed : {false, true}) {
            if (resumed) bind(retry);
            skips_ = resumed;
            if (g.terminal) {
                e_.jump_if(g.terminal->emit(e_), done);
            }
            for (const Move& m : g.moves) move(m, 0);
            cc_.jmp(done);
        }
        bind(done);
        if (!mex_) {
            cc_.ret(count_);
            return;
        }
        using A = IntGame::MexArgs;
        cc_.emit(x86::Inst::kIdCmp, count_, from());
        cc_.jb(e_.fail());  // fewer options than the scan that stopped
        cc_.mov(x86::qword_ptr(e_.out(), offsetof(A, seen)), seen_);
        x86::Gp status = cc_.newInt64();
        cc_.xor_(status, status);
        cc_.ret(status);
        bind(blocked_);
        cc_.mov(x86::qword_ptr(e_.out(), offsetof(A, seen)), seen_);
        cc_.mov(x86::qword_ptr(e_.out(), offsetof(A, at)), count_);
        // key_ is below 2^29, where the flat table ends: a set's id, and an
        // int's (itself), fit 32 bits.
        if (sets_) cc_.add(key_.r32(), StateTable::first_direct);
        cc_.mov(x86::dword_ptr(e_.out(), offsetof(A, id)), key_.r32());
        cc_.mov(status, 1);
        cc_.ret(status);
    }

    // What the code covers: a game on one int, each move a range's
    // generators and one result; a game on sets, each move's generators
    // ranges or sets, and its result a mask made without calling a tree.
    static bool covers(const IntGame& g) {
        if (g.shape == IntGame::Shape::sets) {
            return std::all_of(g.moves.begin(), g.moves.end(), [](const Move& m) {
                Counter c;
                if (m.list.mask) m.list.mask->emit(c);
                return !m.split && m.list.mask && c.calls == 0 &&
                       std::all_of(m.gens.begin(), m.gens.end(), [](const Gen& gen) {
                           return gen.list < 0 && !gen.computed &&
                                  (gen.over_position || gen.mask || gen.member || (gen.lo && gen.hi));
                       });
            });
        }
        if (g.shape != IntGame::Shape::ints || !g.plain_int() || g.named_list || g.set_coords) return false;
        return std::all_of(g.moves.begin(), g.moves.end(), [](const Move& m) {
            return !m.split && m.result.size() == 1 && std::all_of(m.gens.begin(), m.gens.end(), [](const Gen& gen) {
                       return !gen.over_position && gen.list < 0 && !gen.mask && gen.lo && gen.hi;
                   });
        });
    }

private:
    // The count of options stays within max_native_options (the trees'
    // loops poll for an interrupt; `out` holds no more): checked where the
    // innermost loop starts, for as many options as it has elements.
    void move(const Move& m, std::size_t i) {
        if (m.gens.empty()) {
            cc_.cmp(count_, IntGame::max_native_options);
            cc_.jae(e_.fail());
        }
        if (i == m.gens.size()) return option(m);
        const Gen& gen = m.gens[i];
        if (gen.member) return member(m, i);
        if (!gen.lo) {
            return elements(m, i, gen.over_position ? e_.position_mask() : gen.mask->emit(e_));
        }
        range(m, i, gen.lo->emit(e_), gen.hi->emit(e_), nullptr);
    }

    // A range's loop; `test`, where not null, run for each int before the
    // generators after it (a Gen::member's, as its condition would).
    void range(const Move& m, std::size_t i, Emitter::V lo_v, Emitter::V hi_v, const intpath::Bool* test) {
        const Gen& gen = m.gens[i];
        x86::Gp x = cc_.newInt64(), hi = cc_.newInt64(), span = cc_.newInt64();
        const Asm::Range bounds{e_.range(lo_v).lo, e_.range(hi_v).hi};
        cc_.mov(x, e_.gp(lo_v));
        cc_.mov(hi, e_.gp(hi_v));
        asmjit::Label head = cc_.newLabel(), end = cc_.newLabel();
        cc_.cmp(x, hi);
        cc_.jg(end);
        // A longer range is the trees' (their loop polls for an interrupt).
        cc_.mov(span, hi);
        cc_.sub(span, x);
        cc_.jo(e_.fail());
        cc_.cmp(span, IntGame::max_native_options);
        cc_.jae(e_.fail());
        if (i + 1 == m.gens.size()) {  // each element an option at most
            x86::Gp most = cc_.newInt64();
            cc_.lea(most, x86::ptr(count_, span));
            cc_.cmp(most, IntGame::max_native_options);
            cc_.jae(e_.fail());
        }
        const bool ahead = skips_ && i + 1 == m.gens.size() && !m.where && !test;
        if (ahead) {
            // Each element an option: the retry steps over those before
            // `from` at once, the whole range or its first elements.
            x86::Gp d = cc_.newInt64();
            asmjit::Label none = cc_.newLabel();
            cc_.emit(x86::Inst::kIdMov, d, from());
            cc_.sub(d, count_);
            cc_.jle(none);
            cc_.cmp(d, span);
            asmjit::Label part = cc_.newLabel();
            cc_.jbe(part);
            cc_.lea(count_, x86::ptr(count_, span, 0, 1));
            cc_.jmp(end);
            cc_.bind(part);
            cc_.add(x, d);
            cc_.add(count_, d);
            cc_.bind(none);
        }
        const std::size_t mark = e_.hoisted();
        hoist(m, i);
        // span + 1 elements: the loop counts span down past 0.
        cc_.mov(span, hi);
        cc_.sub(span, x);
        bind(head);
        e_.assign(gen.reg, x, bounds);
        e_.pin(gen.reg);
        if (test) {
            asmjit::Label next = cc_.newLabel();
            e_.jump_unless(test->emit(e_), next);
            move(m, i + 1);
            bind(next);
        } else {
            move(m, i + 1);
        }
        cc_.inc(x);
        cc_.dec(span);
        cc_.jns(head);
        e_.unpin(gen.reg);
        bind(end);
        e_.drop_hoisted(mark);
    }

    // A Gen::member: the set's bits within the range (or its complement's),
    // or, for `not in` where the range may leave 0..63, the range's loop
    // with the test.
    void member(const Move& m, std::size_t i) {
        using ast::Op;
        const Gen::Member& g = *m.gens[i].member;
        const Emitter::V lo = g.lo->emit(e_), hi = g.hi->emit(e_);
        if (g.negate && !(e_.within(lo, 0, 63) && e_.within(hi, -1, 63))) return range(m, i, lo, hi, g.test.get());
        const Emitter::V set = g.set->emit(e_), span = e_.span(lo, hi);
        elements(m, i, e_.arith(Op::bit_and, span, g.negate ? e_.arith(Op::bit_xor, set, e_.constant(-1)) : set));
    }

    // A generator over the elements of a set, lowest first: the position's,
    // or a mask's.
    void elements(const Move& m, std::size_t i, Emitter::V of) {
        const Gen& gen = m.gens[i];
        x86::Gp bits = cc_.newInt64(), x = cc_.newInt64(), low = cc_.newInt64();
        cc_.mov(bits, e_.gp(of));
        asmjit::Label head = cc_.newLabel(), end = cc_.newLabel();
        cc_.test(bits, bits);
        cc_.jz(end);
        if (i + 1 == m.gens.size()) {  // each element an option at most
            cc_.cmp(count_, IntGame::max_native_options - 64);
            cc_.ja(e_.fail());
        }
        if (skips_ && i + 1 == m.gens.size() && !m.where && asmjit::CpuInfo::host().features().x86().hasPOPCNT()) {
            // As for a range (move()): the elements before `from` at once.
            x86::Gp d = cc_.newInt64(), n = cc_.newInt64(), low = cc_.newInt64();
            asmjit::Label none = cc_.newLabel(), step = cc_.newLabel();
            cc_.emit(x86::Inst::kIdMov, d, from());
            cc_.sub(d, count_);
            cc_.jle(none);
            cc_.popcnt(n, bits);
            cc_.cmp(d, n);
            asmjit::Label part = cc_.newLabel();
            cc_.jb(part);
            cc_.add(count_, n);
            cc_.jmp(end);
            cc_.bind(part);
            cc_.add(count_, d);
            cc_.bind(step);
            cc_.lea(low, x86::ptr(bits, -1));
            cc_.and_(bits, low);
            cc_.dec(d);
            cc_.jnz(step);
            cc_.bind(none);
        }
        const std::size_t mark = e_.hoisted();
        hoist(m, i);
        bind(head);
        cc_.bsf(x, bits);
        e_.assign(gen.reg, x, {0, 63});
        e_.pin(gen.reg);
        move(m, i + 1);
        cc_.lea(low, x86::ptr(bits, -1));
        cc_.and_(bits, low);
        cc_.jnz(head);
        e_.unpin(gen.reg);
        bind(end);
        e_.drop_hoisted(mark);
    }

    // Before the loop of generator i, once it has an element: what the
    // trees of its body compute from values known at its head.
    void hoist(const Move& m, std::size_t i) {
        e_.hoist([&] {
            for (std::size_t j = i + 1; j < m.gens.size(); ++j) {
                const Gen& gen = m.gens[j];
                if (gen.member) gen.member->lo->emit(e_), gen.member->hi->emit(e_), gen.member->set->emit(e_);
                else if (gen.lo) gen.lo->emit(e_), gen.hi->emit(e_);
                else if (gen.mask) gen.mask->emit(e_);
            }
            if (m.where) m.where->emit(e_);
            (sets_ ? m.list.mask : m.result[0])->emit(e_);
        });
    }

    void option(const Move& m) {
        asmjit::Label skip = cc_.newLabel(), counted = cc_.newLabel();
        if (m.where) {
            e_.jump_unless(m.where->emit(e_), skip);
        }
        // An option before `from` is only counted: a retry made it before.
        if (skips_) {
            cc_.emit(x86::Inst::kIdCmp, count_, from());
            cc_.jb(counted);
        }
        x86::Gp r = e_.gp(sets_ ? m.list.mask->emit(e_) : m.result[0]->emit(e_));
        if (mex_) {
            value(r);  // its page check bounds r as the check below would
            bind(counted);
            cc_.inc(count_);
            bind(skip);
            return;
        }
        // Its own id: 0 <= r < first_general (a set: r < 2^30, its id
        // first_direct + r), one unsigned comparison.
        x86::Gp limit = cc_.newInt64();
        cc_.mov(limit, sets_ ? std::int64_t{1} << 30 : std::int64_t{StateTable::first_general});
        cc_.cmp(r, limit);
        cc_.jae(e_.fail());
        if (sets_) {
            x86::Gp id = cc_.newInt64();
            cc_.mov(id, std::int64_t{StateTable::first_direct});
            cc_.add(id, r);
            r = id;
        }
        cc_.mov(x86::dword_ptr(e_.out(), count_, 2), r.r32());
        bind(counted);
        cc_.inc(count_);
        bind(skip);
    }

    // The value of the set of mask `key` (its id first_direct + key, the
    // array's entry key) into seen_, as ValueArray::read on a narrow page.
    void value(x86::Gp key) {
        using VA = solver::ValueArray;
        x86::Gp page = cc_.newInt64(), entry = cc_.newIntPtr(), v = cc_.newInt64(), at = cc_.newInt64();
        cc_.mov(page, key);
        cc_.shr(page, VA::page_bits);
        cc_.cmp(page, flat_count_);
        cc_.jae(e_.fail());
        cc_.mov(entry, x86::qword_ptr(flat_, page, 3));
        cc_.test(entry, 1);
        cc_.jnz(e_.fail());  // a wide page
        cc_.mov(at, key);
        cc_.and_(at, VA::page_size - 1);
        cc_.movzx(v.r32(), x86::byte_ptr(entry, at));
        asmjit::Label small = cc_.newLabel();
        cc_.cmp(v, 64);
        cc_.jb(small);
        cc_.mov(key_, key);
        cc_.cmp(v, VA::narrow_limit);
        cc_.jae(blocked_);  // not known (a code: an outcome alone, on the path, unknown)
        cc_.jmp(e_.fail());
        cc_.bind(small);
        cc_.bts(seen_, v);
    }

    void bind(asmjit::Label l) {
        cc_.bind(l);
        e_.forget();
    }
    // The native mex reads `from` where it is compared, a register freed.
    x86::Mem from_field() const { return x86::qword_ptr(e_.out(), offsetof(IntGame::MexArgs, at)); }
    asmjit::Operand from() const { return mex_ ? asmjit::Operand(from_field()) : asmjit::Operand(e_.from()); }

    x86::Compiler& cc_;
    Asm& e_;
    x86::Gp count_;
    bool sets_ = false, mex_ = false;
    bool skips_ = false;  // the retry's walk: options before `from` skipped
    x86::Gp flat_, flat_count_, seen_, key_;  // mex_: MexArgs' fields, and the blocker's mask
    asmjit::Label blocked_;
};

// Made first with registers kept out of the frame (Asm::lazy_stores); again
// with every store where that code would read one back.
template <typename Fn> Fn compile_walk(const IntGame& g, bool mex, std::shared_ptr<const void>& owner) {
    if (!Expansion::covers(g)) return nullptr;
    Fn fn = nullptr;
    for (const bool lazy : {true, false}) {
        asmjit::CodeHolder holder;
        holder.init(runtime().environment());
        x86::Compiler cc(&holder);
        Asm e(cc, mex ? Asm::Kind::mex : Asm::Kind::expansion);
        e.lazy_stores(lazy);
        Expansion(cc, e, mex).game(g);
        if (e.broken()) continue;
        e.finish_failure();
        drop_unread(cc);
        if (cc.finalize() != asmjit::kErrorOk || runtime().add(&fn, &holder) != asmjit::kErrorOk) return nullptr;
        break;
    }
    if (!fn) return nullptr;
    owner = std::shared_ptr<const void>(reinterpret_cast<const void*>(fn), [](const void* p) {
        runtime().release(reinterpret_cast<Fn>(const_cast<void*>(p)));
    });
    return fn;
}
}  // namespace

// The game's expansion as native code, kept alive by the returned owner.
IntGame::NativeExpand compile_expansion(const IntGame& g, std::shared_ptr<const void>& owner) {
    return compile_walk<IntGame::NativeExpand>(g, false, owner);
}
IntGame::NativeMex compile_mex(const IntGame& g, std::shared_ptr<const void>& owner) {
    return compile_walk<IntGame::NativeMex>(g, true, owner);
}

#else

IntGame::NativeExpand compile_expansion(const IntGame&, std::shared_ptr<const void>&) { return nullptr; }
IntGame::NativeMex compile_mex(const IntGame&, std::shared_ptr<const void>&) { return nullptr; }

#endif

bool walk_reads_key(const IntGame& g) {
    Counter c;
    if (g.terminal) g.terminal->emit(c);
    for (const Move& m : g.moves) {
        for (const Gen& gen : m.gens) {
            if (gen.lo) gen.lo->emit(c), gen.hi->emit(c);
            if (gen.member) gen.member->lo->emit(c), gen.member->hi->emit(c), gen.member->set->emit(c), gen.member->test->emit(c);
            else if (gen.mask) gen.mask->emit(c);
        }
        if (m.where) m.where->emit(c);
        if (m.list.mask) m.list.mask->emit(c);
    }
    return c.calls == 0;
}

}  // namespace grundy::intpath
