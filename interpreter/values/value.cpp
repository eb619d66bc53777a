#include "value.hpp"

#include "interpreter/support/quote.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>
#include <unordered_map>
#include <utility>

namespace grundy {

bool count_live_parts = true;


const char* kind_name(Kind k) {
    switch (k) {
        case Kind::none: return "nothing";
        case Kind::boolean: return "a bool";
        case Kind::integer: return "an int";
        case Kind::infinity: return "infinity";
        case Kind::string: return "a string";
        case Kind::tuple: return "a tuple";
        case Kind::list: return "a list";
        case Kind::set: return "a set";
        case Kind::range: return "a range";
        case Kind::position: return "a position";
        case Kind::rules: return "a ruleset";
        case Kind::infinite: return "an infinite value";
    }
    return "a value";
}

namespace {

// Freed positions and short sequences are kept for reuse: a solve's queries
// and a game's moves make and drop millions of them. Single-threaded. The
// pools free what they keep at exit, so that a leak checker finds nothing;
// a value destroyed after that (a static's) is freed at once.
constexpr std::size_t pool_limit = 4096;
constexpr std::uint32_t pooled_seq_max = 4;
bool pools_closed = false;  // constant-initialised: still readable after ~Pools
struct Pools {
    std::vector<PosObj*> pos;
    std::vector<void*> seq[pooled_seq_max + 1];
    ~Pools() {
        for (PosObj* p : pos) delete p;
        for (auto& blocks : seq)
            for (void* b : blocks) std::free(b);
        pools_closed = true;
    }
};
Pools& pools() {
    static Pools p;
    return p;
}
std::vector<PosObj*>* pos_pool() { return pools_closed ? nullptr : &pools().pos; }
std::vector<void*>* seq_pool(std::uint32_t n) {
    return pools_closed || n > pooled_seq_max ? nullptr : &pools().seq[n];
}

}  // namespace

void destroy(Kind k, Obj* o) {
    switch (k) {
        case Kind::string: delete static_cast<StrObj*>(o); break;
        case Kind::tuple:
        case Kind::list:
        case Kind::set:
        case Kind::infinite: {
            auto* s = static_cast<SeqObj*>(o);
            std::uint32_t n = s->size;
            if (s->packed()) {
                auto& p = const_cast<PackedItems&>(s->packed_items());
                if (p.unpacked) {
                    for (std::uint32_t i = 0; i < n; ++i) p.unpacked[i].~Value();
                    std::free(p.unpacked);
                }
                p.~PackedItems();
                s->~SeqObj();
                std::free(s);
                break;
            }
            for (std::uint32_t i = 0; i < n; ++i) s->items()[i].~Value();
            s->~SeqObj();
            std::vector<void*>* pool = seq_pool(n);
            if (pool && pool->size() < pool_limit) pool->push_back(s);
            else std::free(s);
            break;
        }
        case Kind::range: delete static_cast<RangeObj*>(o); break;
        case Kind::position: {
            auto* p = static_cast<PosObj*>(o);
            if (count_live_parts)
                for (const Component& c : p->parts)
                    if (--c.game->live_parts == 0 && c.game->live_rules == 0) c.game->idle();
            std::vector<PosObj*>* pool = pos_pool();
            if (pool && pool->size() < pool_limit) {
                p->parts.clear();
                pool->push_back(p);
            } else {
                delete p;
            }
            break;
        }
        case Kind::rules: {
            auto* r = static_cast<RulesObj*>(o);
            if (count_live_parts && --r->game->live_rules == 0 && r->game->live_parts == 0) r->game->idle();
            delete r;
            break;
        }
        default: break;
    }
}

namespace {

SeqObj* alloc_seq(std::size_t n) {
    if (n > UINT32_MAX) throw ValueError("collection is too large");
    if (check_sequence_block) check_sequence_block(sizeof(SeqObj) + n * sizeof(Value));
    void* mem;
    std::vector<void*>* pool = seq_pool(static_cast<std::uint32_t>(n));
    if (pool && !pool->empty()) {
        mem = pool->back();
        pool->pop_back();
    } else {
        mem = std::malloc(sizeof(SeqObj) + n * sizeof(Value));  // malloc: ListBuilder reallocs
        if (!mem) throw std::bad_alloc();
    }
    auto* s = new (mem) SeqObj();
    s->size = static_cast<std::uint32_t>(n);
    return s;
}

template <typename It>
Value build_seq(Kind k, It first, std::size_t n, bool move) {
    SeqObj* s = alloc_seq(n);
    for (std::size_t i = 0; i < n; ++i, ++first) {
        if (move) new (&s->items()[i]) Value(std::move(*first));
        else new (&s->items()[i]) Value(*first);
    }
    return Value::adopt(k, s);
}

}  // namespace

Value make_string(std::string text) {
    auto* o = new StrObj();
    o->text = std::move(text);
    return Value::adopt(Kind::string, o);
}

Value intern_string(std::string_view text) {
    static std::unordered_map<std::string_view, Value> table;
    auto it = table.find(text);
    if (it != table.end()) return it->second;
    Value v = make_string(std::string(text));
    table.emplace(std::string_view(v.str().text), v);  // the key is the value's own text
    return v;
}

Value make_seq(Kind k, std::span<const Value> items) { return build_seq(k, items.begin(), items.size(), false); }
Value make_seq(Kind k, std::span<const Value> a, std::span<const Value> b) {
    SeqObj* s = alloc_seq(a.size() + b.size());
    Value out = Value::adopt(k, s);  // owns what is built, should a copy throw
    s->size = 0;
    for (const Value& x : a) new (&s->items()[s->size++]) Value(x);
    for (const Value& x : b) new (&s->items()[s->size++]) Value(x);
    return out;
}
Value make_tuple(std::span<const Value> items) { return make_seq(Kind::tuple, items); }
Value make_list(std::span<const Value> items) { return make_seq(Kind::list, items); }
Value make_list(std::vector<Value>&& items) { return build_seq(Kind::list, items.begin(), items.size(), true); }

void (*check_sequence_block)(std::size_t) = nullptr;

const Value* SeqObj::unpacked() const {
    const PackedItems& p = packed_items();
    if (!p.unpacked) {
        if (check_sequence_block) check_sequence_block(std::size_t{size} * sizeof(Value));
        auto* items = static_cast<Value*>(std::malloc(std::max<std::size_t>(size, 1) * sizeof(Value)));
        if (!items) throw std::bad_alloc();
        for (std::uint32_t i = 0; i < size; ++i) new (&items[i]) Value(p.values[p.codes()[i]]);
        p.unpacked = items;
    }
    return p.unpacked;
}

ListBuilder::~ListBuilder() {
    if (!s_) return;
    for (std::uint32_t i = 0; i < s_->size; ++i) s_->items()[i].~Value();
    s_->~SeqObj();
    std::free(s_);
}

std::int32_t ListBuilder::code_of(const Value& v) {
    static_assert(std::size_t{1} << (64 - 55) == 2 * PackedItems::max_distinct);  // slot_of's range
    if (slots_.empty()) slots_.resize(2 * PackedItems::max_distinct);
    for (std::size_t i = slot_of(v);; i = (i + 1) & (slots_.size() - 1)) {
        Slot& slot = slots_[i];
        if (slot.code == 0) {
            if (distinct_.size() == PackedItems::max_distinct) return -1;
            distinct_.push_back(v);
            slot = {v.bits(), v.kind(), static_cast<std::uint16_t>(distinct_.size())};
            return slot.code - 1;
        }
        if (slot.bits == v.bits() && slot.kind == v.kind()) return slot.code - 1;
    }
}

bool ListBuilder::start_packing() {
    tried_ = true;
    for (std::uint32_t i = 0; i < s_->size; ++i) {
        const std::int32_t c = code_of(s_->items()[i]);
        if (c < 0) {
            codes_ = {};
            distinct_ = {};
            slots_ = {};
            return false;
        }
        codes_.push_back(static_cast<std::uint8_t>(c));
    }
    for (std::uint32_t i = 0; i < s_->size; ++i) s_->items()[i].~Value();
    s_->~SeqObj();
    std::free(std::exchange(s_, nullptr));
    capacity_ = 0;
    return packing_ = true;
}

bool ListBuilder::pack(const Value& v) {
    if (codes_.size() >= UINT32_MAX) throw ValueError("collection is too large");
    const std::int32_t c = code_of(v);
    if (c >= 0) {
        codes_.push_back(static_cast<std::uint8_t>(c));
        return true;
    }
    unpack();
    return false;
}

void ListBuilder::unpack() {
    std::vector<std::uint8_t> codes = std::move(codes_);
    std::vector<Value> distinct = std::move(distinct_);
    codes_ = {};
    distinct_ = {};
    slots_ = {};
    packing_ = false;
    for (std::uint8_t c : codes) push_value(distinct[c]);
}

void ListBuilder::push_value(const Value& v) {
    if (!s_ || s_->size == capacity_) {
        const std::size_t next = capacity_ ? std::size_t{capacity_} * 2 : 8;
        if (next > UINT32_MAX) throw ValueError("collection is too large");
        if (check_sequence_block) check_sequence_block(sizeof(SeqObj) + next * sizeof(Value));
        void* mem = std::realloc(s_, sizeof(SeqObj) + next * sizeof(Value));
        if (!mem) throw std::bad_alloc();
        if (!s_) new (mem) SeqObj();
        s_ = static_cast<SeqObj*>(mem);
        capacity_ = static_cast<std::uint32_t>(next);
    }
    new (&s_->items()[s_->size]) Value(v);
    ++s_->size;
    if (s_->size == pack_from && !tried_) start_packing();
}

Value ListBuilder::finish() {
    if (packing_) {
        const std::size_t n = codes_.size();
        const std::size_t bytes = sizeof(SeqObj) + sizeof(PackedItems) + n;
        if (check_sequence_block) check_sequence_block(bytes);
        void* mem = std::malloc(bytes);
        if (!mem) throw std::bad_alloc();
        auto* s = new (mem) SeqObj();
        s->size = static_cast<std::uint32_t>(n);
        s->hash = SeqObj::packed_bit;
        auto* p = new (s + 1) PackedItems();
        p->distinct = static_cast<std::uint32_t>(distinct_.size());
        for (std::size_t i = 0; i < distinct_.size(); ++i) p->values[i] = std::move(distinct_[i]);
        std::memcpy(p->codes(), codes_.data(), n);
        codes_ = {};
        distinct_ = {};
        slots_ = {};
        packing_ = tried_ = false;
        return Value::adopt(Kind::list, s);
    }
    tried_ = false;
    if (!s_) return make_list(std::vector<Value>{});
    // To its size: a pooled short sequence is reused at its exact size.
    if (void* mem = std::realloc(s_, sizeof(SeqObj) + s_->size * sizeof(Value))) s_ = static_cast<SeqObj*>(mem);
    SeqObj* s = std::exchange(s_, nullptr);
    capacity_ = 0;
    return Value::adopt(Kind::list, s);
}

Value make_set(std::vector<Value> items) {
    // Sets built from sets or ranges arrive sorted; checking is linear.
    if (!std::is_sorted(items.begin(), items.end())) std::sort(items.begin(), items.end());
    items.erase(std::unique(items.begin(), items.end()), items.end());
    return build_seq(Kind::set, items.begin(), items.size(), true);
}

Value make_infinite(std::vector<Value> k) {
    std::sort(k.begin(), k.end());
    k.erase(std::unique(k.begin(), k.end()), k.end());
    return build_seq(Kind::infinite, k.begin(), k.size(), true);
}

Value make_range(std::int64_t lo, std::int64_t hi) {
    auto* o = new RangeObj();
    o->lo = lo;
    o->hi = hi;
    return Value::adopt(Kind::range, o);
}

namespace {

PosObj* alloc_position() {
    std::vector<PosObj*>* pool = pos_pool();
    if (!pool || pool->empty()) return new PosObj();
    PosObj* o = pool->back();
    pool->pop_back();
    o->refs = 1;
    return o;
}

}  // namespace

Value make_position(Components parts, bool misere) {
    PosObj* o = alloc_position();
    o->parts = std::move(parts);
    if (count_live_parts)
        for (const Component& c : o->parts)
            if (c.game->live_parts++ == 0 && c.game->live_rules == 0) c.game->reached();
    o->misere = misere;
    return Value::adopt(Kind::position, o);
}

Value make_position(std::span<const Component> parts, bool misere) {
    PosObj* o = alloc_position();
    // Parts are plain data: sized without initialising, then copied.
    o->parts.resize(parts.size(), boost::container::default_init);
    std::copy(parts.begin(), parts.end(), o->parts.data());
    if (count_live_parts)
        for (const Component& c : parts)
            if (c.game->live_parts++ == 0 && c.game->live_rules == 0) c.game->reached();
    o->misere = misere;
    return Value::adopt(Kind::position, o);
}

Value make_rules(GameHandle* g) {
    auto* o = new RulesObj();
    o->game = g;
    if (count_live_parts && g->live_rules++ == 0 && g->live_parts == 0) g->reached();
    return Value::adopt(Kind::rules, o);
}

namespace {

template <typename T> int three_way(T a, T b) { return a < b ? -1 : (b < a ? 1 : 0); }

int compare_components(const Component& a, const Component& b) {
    if (a.game != b.game && a.game->order() != b.game->order()) return three_way(a.game->order(), b.game->order());
    if (a.game == b.game && a.state == b.state) return 0;
    return compare(a.game->state(a.state), b.game->state(b.state));
}

}  // namespace

int compare_any(const Value& a, const Value& b) {
    if (a.kind() != b.kind()) return three_way(static_cast<int>(a.kind()), static_cast<int>(b.kind()));
    // Values are immutable: one object is equal to itself (shared strings
    // such as outcome()'s, a list compared with its copy).
    if (a.is_heap() && a.object() == b.object()) return 0;
    switch (a.kind()) {
        case Kind::none:
        case Kind::infinity: return 0;
        case Kind::boolean:
        case Kind::integer: return three_way(a.as_int(), b.as_int());
        case Kind::string: {
            const int c = a.str().text.compare(b.str().text);  // once: count(xs, "N") compares each element
            return (c > 0) - (c < 0);
        }
        case Kind::tuple:
        case Kind::list:
        case Kind::set:
        case Kind::infinite: {
            if (a.object() == b.object()) return 0;
            const SeqObj& x = a.seq();
            const SeqObj& y = b.seq();
            std::uint32_t n = std::min(x.size, y.size);
            for (std::uint32_t i = 0; i < n; ++i)
                if (int c = compare(x[i], y[i])) return c;
            return three_way(x.size, y.size);
        }
        case Kind::range: {
            // All empty ranges are the same (empty) collection.
            bool ea = a.range().hi < a.range().lo, eb = b.range().hi < b.range().lo;
            if (ea || eb) return three_way(!ea, !eb);
            if (int c = three_way(a.range().lo, b.range().lo)) return c;
            return three_way(a.range().hi, b.range().hi);
        }
        case Kind::position: {
            // A sum is a multiset: Nim(3) + Nim(4) == Nim(4) + Nim(3).
            const PosObj& x = a.pos();
            const PosObj& y = b.pos();
            if (int c = three_way(x.parts.size(), y.parts.size())) return c;
            auto sorted = [](const Components& parts) {
                Components out = parts;
                std::sort(out.begin(), out.end(),
                          [](const Component& p, const Component& q) { return compare_components(p, q) < 0; });
                return out;
            };
            Components xs = x.parts.size() > 1 ? sorted(x.parts) : x.parts;
            Components ys = y.parts.size() > 1 ? sorted(y.parts) : y.parts;
            for (std::size_t i = 0; i < xs.size(); ++i)
                if (int c = compare_components(xs[i], ys[i])) return c;
            return three_way(x.misere, y.misere);
        }
        case Kind::rules: return three_way(a.rules().game->index(), b.rules().game->index());
    }
    return 0;
}

namespace {

std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
    // splitmix64-style finaliser over a running combination.
    h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    h ^= h >> 31;
    h *= 0xbf58476d1ce4e5b9ULL;
    return h ^ (h >> 29);
}

}  // namespace

std::uint64_t hash(const Value& v) {
    std::uint64_t h = static_cast<std::uint64_t>(v.kind()) * 0x100000001b3ULL;
    switch (v.kind()) {
        case Kind::none:
        case Kind::infinity: return h;
        case Kind::boolean:
        case Kind::integer: return mix(h, static_cast<std::uint64_t>(v.as_int()));
        case Kind::string: return mix(h, std::hash<std::string>{}(v.str().text));
        case Kind::tuple:
        case Kind::list:
        case Kind::set:
        case Kind::infinite: {
            const SeqObj& s = v.seq();
            if (s.hash & ~SeqObj::packed_bit) return s.hash & ~SeqObj::packed_bit;
            std::uint64_t x = mix(h, s.size);
            for (std::uint32_t i = 0; i < s.size; ++i) x = mix(x, hash(s[i]));
            x &= ~SeqObj::packed_bit;
            s.hash |= x ? x : 1;
            return s.hash & ~SeqObj::packed_bit;
        }
        case Kind::range:
            if (v.range().hi < v.range().lo) return h;
            return mix(mix(h, v.range().lo), v.range().hi);
        case Kind::position: {
            std::uint64_t parts = 0;  // order-free, as equality is
            for (const Component& c : v.pos().parts) parts += mix(c.game->index(), hash(c.game->state(c.state)));
            return mix(mix(h, v.pos().misere), parts);
        }
        case Kind::rules: return mix(h, v.rules().game->index());
    }
    return h;
}

namespace {

void print_items(const SeqObj& s, std::string& out) {
    for (std::uint32_t i = 0; i < s.size; ++i) {
        if (i) out += ", ";
        print(s[i], out);
    }
}

}  // namespace

void print(const Value& v, std::string& out) {
    switch (v.kind()) {
        case Kind::none: out += "<none>"; break;
        case Kind::boolean: out += v.as_bool() ? "true" : "false"; break;
        case Kind::integer: out += std::to_string(v.as_int()); break;
        case Kind::infinity: out += "∞"; break;
        case Kind::string: append_quoted(v.str().text, out); break;
        case Kind::tuple:
            out += '(';
            print_items(v.seq(), out);
            if (v.seq().size == 1) out += ',';
            out += ')';
            break;
        case Kind::list:
            out += '[';
            print_items(v.seq(), out);
            out += ']';
            break;
        case Kind::set:
            out += '{';
            print_items(v.seq(), out);
            out += '}';
            break;
        case Kind::range:
            out += std::to_string(v.range().lo) + ".." + std::to_string(v.range().hi);
            break;
        case Kind::position: {
            const PosObj& p = v.pos();
            if (p.misere) out += "misere(";
            if (p.parts.empty()) out += "0";  // the empty sum: no moves at all
            for (std::size_t i = 0; i < p.parts.size(); ++i) {
                if (i) out += " + ";
                p.parts[i].game->print_state(p.parts[i].state, out);
            }
            if (p.misere) out += ")";
            break;
        }
        case Kind::rules: v.rules().game->print_rules(out); break;
        case Kind::infinite:
            out += "∞{";
            print_items(v.seq(), out);
            out += '}';
            break;
    }
}

std::string repr(const Value& v) {
    std::string out;
    print(v, out);
    return out;
}

std::string display(const Value& v) { return v.is(Kind::string) ? v.str().text : repr(v); }

}  // namespace grundy
