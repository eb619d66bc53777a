// Values: immutable, compared and hashed structurally.
//
// A Value is 16 bytes: a kind tag and either an int/bool payload or a pointer
// to a reference-counted, immutable heap object (string, tuple, list, set,
// range, position, ruleset). Sets are kept sorted and free of duplicates, so
// equal sets are equal element by element. Single-threaded by design: the
// reference counts are plain integers.
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <boost/container/small_vector.hpp>

namespace grundy {

enum class Kind : std::uint8_t {
    none,      // "no value": an unset slot; never visible to programs
    boolean, integer,
    infinity,  // ∞, past every int: the remoteness of a draw
    // heap kinds from here on
    string, tuple, list, set, range, position, rules,
    infinite,  // a loopy game's value ∞{K}: K, a set of ints, in a SeqObj
};

const char* kind_name(Kind k);  // "an int", "a set", ...

// An error in an operation on values, without a location: the compiled code
// that called the operation adds where it happened.
struct ValueError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

class GameHandle;
struct Obj;
struct SeqObj;
struct StrObj;
struct RangeObj;
struct PosObj;
struct RulesObj;

class Value {
public:
    Value() : kind_(Kind::none), i_(0) {}
    static Value integer(std::int64_t i) { return Value(Kind::integer, i); }
    static Value boolean(bool b) { return Value(Kind::boolean, b ? 1 : 0); }
    static Value infinity() { return Value(Kind::infinity, 0); }

    Value(const Value& o) : kind_(o.kind_), i_(o.i_) { retain(); }
    Value(Value&& o) noexcept : kind_(o.kind_), i_(o.i_) { o.kind_ = Kind::none; }
    Value& operator=(const Value& o) {
        Value tmp(o);
        swap(tmp);
        return *this;
    }
    Value& operator=(Value&& o) noexcept {
        swap(o);
        return *this;
    }
    ~Value() { release(); }
    void swap(Value& o) noexcept {
        std::swap(kind_, o.kind_);
        std::swap(i_, o.i_);
    }

    Kind kind() const { return kind_; }
    bool is(Kind k) const { return kind_ == k; }
    bool is_heap() const { return kind_ >= Kind::string; }
    bool is_sequence() const { return kind_ == Kind::tuple || kind_ == Kind::list || kind_ == Kind::set; }

    std::int64_t as_int() const { return i_; }    // requires kind() == integer
    bool as_bool() const { return i_ != 0; }      // requires kind() == boolean
    const SeqObj& seq() const { return *reinterpret_cast<const SeqObj*>(p_); }
    const StrObj& str() const { return *reinterpret_cast<const StrObj*>(p_); }
    const RangeObj& range() const { return *reinterpret_cast<const RangeObj*>(p_); }
    const PosObj& pos() const { return *reinterpret_cast<const PosObj*>(p_); }
    const RulesObj& rules() const { return *reinterpret_cast<const RulesObj*>(p_); }

    // Takes ownership of a new object (its count starts at 1).
    static Value adopt(Kind k, Obj* o) {
        Value v;
        v.kind_ = k;
        v.p_ = o;
        return v;
    }
    const Obj* object() const { return p_; }
    std::uint64_t bits() const { return static_cast<std::uint64_t>(i_); }  // the payload: an int, or the object's address

private:
    Value(Kind k, std::int64_t i) : kind_(k), i_(i) {}
    void retain() const;
    void release();

    Kind kind_;
    union {
        std::int64_t i_;
        Obj* p_;
    };
};

struct Obj {
    std::uint32_t refs = 1;
};

inline void Value::retain() const {
    if (is_heap()) ++p_->refs;
}
void destroy(Kind k, Obj* o);
inline void Value::release() {
    if (is_heap() && --p_->refs == 0) destroy(kind_, p_);
}

// Tuples, lists and sets: a count and the items, in one allocation.
// A long list of few distinct values (outcomes, Grundy values) may be
// packed (ListBuilder): a byte per item, indexing the list's distinct values
// (up to 256, each held once), instead of 16 bytes. Indexing reads it
// packed (operator[], ops::for_each); a reader that wants the items as an
// array (begin(), span()) gets them unpacked once, kept beside.
struct PackedItems;

struct SeqObj : Obj {
    std::uint32_t size = 0;
    // Bit 63: the items are packed (PackedItems follows in their place);
    // the other bits: the hash, 0 while not computed.
    mutable std::uint64_t hash = 0;
    static constexpr std::uint64_t packed_bit = std::uint64_t{1} << 63;
    bool packed() const { return hash & packed_bit; }
    const Value* begin() const { return packed() ? unpacked() : reinterpret_cast<const Value*>(this + 1); }
    const Value* end() const { return begin() + size; }
    Value* items() { return reinterpret_cast<Value*>(this + 1); }  // not packed
    inline const Value& operator[](std::size_t i) const;
    std::span<const Value> span() const { return {begin(), size}; }
    const PackedItems& packed_items() const { return *reinterpret_cast<const PackedItems*>(this + 1); }

private:
    const Value* unpacked() const;
};

struct PackedItems {
    static constexpr std::uint32_t max_distinct = 256;
    mutable Value* unpacked = nullptr;  // the items as Values, made when asked for
    std::uint32_t distinct = 0;
    Value values[max_distinct];         // the distinct values, by code
    const std::uint8_t* codes() const { return reinterpret_cast<const std::uint8_t*>(this + 1); }
    std::uint8_t* codes() { return reinterpret_cast<std::uint8_t*>(this + 1); }
};

inline const Value& SeqObj::operator[](std::size_t i) const {
    if (!packed()) return reinterpret_cast<const Value*>(this + 1)[i];
    const PackedItems& p = packed_items();
    return p.values[p.codes()[i]];
}

struct StrObj : Obj {
    std::string text;
};

struct RangeObj : Obj {
    std::int64_t lo = 0, hi = -1;  // inclusive; empty when hi < lo
    // The number of ints in the range; throws when it does not fit in an int.
    std::int64_t count() const {
        if (hi < lo) return 0;
        std::int64_t d;
        if (__builtin_sub_overflow(hi, lo, &d) || d == INT64_MAX)
            throw ValueError("the range has more elements than a 64-bit int can count");
        return d + 1;
    }
};

// A component of a position: a state of one game instance.
struct Component {
    GameHandle* game;
    std::uint32_t state;
    friend bool operator==(const Component&, const Component&) = default;
};
using Components = boost::container::small_vector<Component, 2>;

// A position: one component, or a disjunctive sum of several, possibly
// played under the misère convention.
struct PosObj : Obj {
    Components parts;
    bool misere = false;
};

struct RulesObj : Obj {
    GameHandle* game;
};

// Whether position values count their parts in their games
// (GameHandle::live_parts). Off while an interpreter is torn down: its games
// may go before the values that name them.
extern bool count_live_parts;

// What the value layer needs to know about a game instance; the runtime's
// game instances implement it.
class GameHandle {
public:
    virtual ~GameHandle() = default;
    // How many parts of live position values name this game: forget()
    // drops a game's states only when none does (see count_live_parts).
    std::uint64_t live_parts = 0;
    // How many live ruleset values name it. When both counts fall to 0 no
    // value can reach the game any more (idle()); when one rises from 0 it
    // can again (reached()).
    std::uint64_t live_rules = 0;
    bool unreached() const { return live_parts == 0 && live_rules == 0; }
    virtual void idle() {}
    virtual void reached() {}
    virtual std::uint32_t index() const = 0;                  // unique, stable
    // Orders positions of different instances: their rulesets' order (an
    // instance that holds some of a ruleset's states has the ruleset's).
    virtual std::uint32_t order() const { return index(); }
    virtual Value state(std::uint32_t id) const = 0;          // the state a component names
    virtual void print_state(std::uint32_t id, std::string& out) const = 0;  // `Nim(3)`
    virtual void print_rules(std::string& out) const = 0;     // `Subtract({1, 3, 4})`
    virtual const std::string& game_name() const = 0;         // `Subtract`
    virtual const Value* rule_args() const = 0;               // a tuple; null without a parameter list
};

// ---- construction ---------------------------------------------------------
Value make_string(std::string s);
// One shared string per text, for the program's string literals and the
// texts builtins answer with (outcome()'s "P", "N", "D"): an answer compared
// with a literal is then the same object when equal (kept for the run).
Value intern_string(std::string_view s);
Value make_tuple(std::span<const Value> items);
Value make_list(std::span<const Value> items);
Value make_list(std::vector<Value>&& items);

// Checks a block a sequence's storage is about to take (it is allocated
// with malloc, so that ListBuilder can grow it in place) as operator new
// checks large ones; the command line sets it (cli/memory_guard.cpp). May
// throw std::bad_alloc.
extern void (*check_sequence_block)(std::size_t bytes);

// A list built one value at a time in its own storage, which grows in
// place where the allocator can (a long list is not held twice, as a
// vector and then its copy would be). Values are moved bit for bit: a
// Value's count lives in what it points to. A list that reaches
// `pack_from` items with at most 256 distinct values goes on packed (a byte
// an item, SeqObj), back to Values if a 257th distinct value comes.
class ListBuilder {
public:
    static constexpr std::uint32_t pack_from = 1024;
    ListBuilder() = default;
    ListBuilder(const ListBuilder&) = delete;
    ListBuilder& operator=(const ListBuilder&) = delete;
    ~ListBuilder();  // releases what was added, when not finished
    void push(const Value& v) {
        if (packing_) {
            const Slot& s = slots_[slot_of(v)];  // the value met before, most often
            if (s.code != 0 && s.bits == v.bits() && s.kind == v.kind() && codes_.size() < UINT32_MAX)
                return codes_.push_back(s.code - 1);
            if (pack(v)) return;
        }
        push_value(v);
    }
    Value finish();  // the list; the builder is empty after

private:
    void push_value(const Value& v);
    bool pack(const Value& v);  // false: v is not packed, and the list is Values again
    bool start_packing();       // at pack_from items: whether they have few enough distinct values
    void unpack();
    std::int32_t code_of(const Value& v);  // v's code, made if new; -1 past the 256th
    // code_of's table: open addressing over twice the most codes, keyed by
    // the value's kind and payload (the same int, or the same object).
    static std::size_t slot_of(const Value& v) {
        return ((v.bits() ^ (static_cast<std::uint64_t>(v.kind()) << 56)) * 0x9E3779B97F4A7C15ull) >> 55;
    }

    SeqObj* s_ = nullptr;  // the items as Values (not packing)
    std::uint32_t capacity_ = 0;
    bool packing_ = false, tried_ = false;
    std::vector<std::uint8_t> codes_;
    std::vector<Value> distinct_;
    struct Slot {
        std::uint64_t bits = 0;
        Kind kind = Kind::none;
        std::uint16_t code = 0;  // its code + 1; 0: empty
    };
    std::vector<Slot> slots_;  // 512 while packing
};
Value make_set(std::vector<Value> items);        // sorts and removes duplicates
Value make_seq(Kind k, std::span<const Value> items);  // k: tuple, list (set: already sorted and unique)
Value make_seq(Kind k, std::span<const Value> a, std::span<const Value> b);  // a's items, then b's
Value make_range(std::int64_t lo, std::int64_t hi);
Value make_position(Components parts, bool misere);
// The same from parts held elsewhere: copied into a pooled position's own
// storage, so a sum of a few parts costs no allocation once the pool is warm.
Value make_position(std::span<const Component> parts, bool misere);
Value make_rules(GameHandle* g);
Value make_infinite(std::vector<Value> k);     // ∞{k}; k ints, sorted and unique here

// ---- comparison and hashing -----------------------------------------------
int compare_any(const Value& a, const Value& b);  // compare(), past its inline case
// A total order: kind first, then structure. Two ints, the common case of
// sorting, set lookups and state tables, are compared here.
inline int compare(const Value& a, const Value& b) {
    if (a.is(Kind::integer) && b.is(Kind::integer)) return (a.as_int() > b.as_int()) - (a.as_int() < b.as_int());
    return compare_any(a, b);
}
inline bool operator==(const Value& a, const Value& b) { return compare(a, b) == 0; }
inline bool operator<(const Value& a, const Value& b) { return compare(a, b) < 0; }
std::uint64_t hash(const Value& v);

struct ValueHash {
    std::size_t operator()(const Value& v) const { return hash(v); }
};

// ---- printing ---------------------------------------------------------------
void print(const Value& v, std::string& out);  // source-like: strings quoted
std::string repr(const Value& v);
std::string display(const Value& v);           // as `print` shows it: top-level strings bare

}  // namespace grundy
