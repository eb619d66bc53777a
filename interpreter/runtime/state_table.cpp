#include "state_table.hpp"

#include <bit>

namespace grundy {

bool StateTable::pack(const std::int64_t* xs, std::uint64_t& key, unsigned bits) const {
    key = 0;
    for (std::uint32_t i = 0; i < arity_; ++i) {
        if (xs[i] < 0 || (bits < 64 && static_cast<std::uint64_t>(xs[i]) >> bits)) return false;
        key = (key << bits) | static_cast<std::uint64_t>(xs[i]);
    }
    return true;
}

void StateTable::unpack(std::uint64_t key, std::int64_t* xs, unsigned bits) const {
    const std::uint64_t mask = (std::uint64_t{1} << bits) - 1;
    for (std::uint32_t i = arity_; i-- > 0;) {
        xs[i] = static_cast<std::int64_t>(key & mask);
        key >>= bits;
    }
}

void StateTable::unpack_direct(std::uint64_t key, std::int64_t* xs) const {
    for (std::uint32_t i = arity_; i-- > 0;) {
        xs[i] = static_cast<std::int64_t>(key & ((std::uint64_t{1} << widths_[i]) - 1));
        key >>= widths_[i];
    }
}

// A list of n <= 15 ints in 0..15: n in the top nibble, x[i] in nibble i.
// A set of ints in 0..63: bit x for each x.
bool StateTable::pack_list(const std::int64_t* xs, std::size_t n, std::uint64_t& key) const {
    if (packed_ == Packed::sets) {
        key = 0;
        for (std::size_t i = 0; i < n; ++i) {
            if (static_cast<std::uint64_t>(xs[i]) > 63) return false;
            key |= std::uint64_t{1} << xs[i];
        }
        return true;
    }
    if (n > 15) return false;
    key = std::uint64_t{n} << 60;
    for (std::size_t i = 0; i < n; ++i) {
        if (static_cast<std::uint64_t>(xs[i]) > 15) return false;
        key |= static_cast<std::uint64_t>(xs[i]) << (4 * i);
    }
    return true;
}

std::uint32_t StateTable::intern_list(const std::int64_t* xs, std::size_t n, bool& is_new) {
    std::uint64_t key;
    if (pack_list(xs, n, key)) return intern_packed(key, is_new);
    if (ListArena::Words w; ListArena::pack(xs, n, w)) return intern_long(w, is_new);
    return intern_value(sequence(xs, n), is_new);
}

Value StateTable::sequence(const std::int64_t* xs, std::size_t n) const {
    std::vector<Value> items;
    for (std::size_t i = 0; i < n; ++i) items.push_back(Value::integer(xs[i]));
    return packed_ == Packed::sets ? make_set(std::move(items)) : make_list(std::move(items));
}

bool StateTable::find_list(const std::int64_t* xs, std::size_t n, std::uint32_t& id) const {
    std::uint64_t key;
    if (pack_list(xs, n, key)) return find_packed(key, id);
    ListArena::Words w;
    return ListArena::pack(xs, n, w) && find_long(w, id);
}

bool StateTable::state_list(std::uint32_t id, std::int64_t* out, std::uint32_t& n) const {
    if (id < first_general) return false;
    if (id < first_packed && long_at_[id - first_general]) {
        const std::uint32_t at = long_at_[id - first_general] - 1;
        n = lists_.length(at);
        lists_.unpack(at, out);
        return true;
    }
    if (packed_ == Packed::none) return false;
    if (std::uint64_t key; packed_key(id, key)) {
        if (packed_ == Packed::sets) {
            n = 0;
            for (; key; key &= key - 1) out[n++] = __builtin_ctzll(key);
            return true;
        }
        n = static_cast<std::uint32_t>(key >> 60);
        for (std::uint32_t i = 0; i < n; ++i) out[i] = static_cast<std::int64_t>((key >> (4 * i)) & 15);
        return true;
    }
    if (id >= first_packed) return false;
    const Value& v = values_[id - first_general];
    if (!v.is(packed_ == Packed::sets ? Kind::set : Kind::list) || v.seq().size > max_list) return false;
    n = v.seq().size;
    for (std::uint32_t i = 0; i < n; ++i) {
        if (!v.seq()[i].is(Kind::integer)) return false;
        out[i] = v.seq()[i].as_int();
    }
    return true;
}

void StateTable::reserve_general() {
    if ((values_.size() + 1) * 2 <= slots_.size()) return;
    const std::size_t n = slots_.empty() ? 64 : slots_.size() * 2;
    slots_.assign(n, Slot{});
    for (std::size_t k = 0; k < values_.size(); ++k) {
        const std::uint64_t h = general_hash(k);
        std::size_t i = h & (n - 1);
        while (slots_[i].index) i = (i + 1) & (n - 1);
        slots_[i] = {static_cast<std::uint32_t>(k + 1), static_cast<std::uint32_t>(h >> 32)};
    }
}

// Probes the table for the entry of hash h that `same` accepts: its id,
// or, at the empty slot that ends the probe, `make(slot, tag)`.
template <typename Same, typename Make>
std::uint32_t StateTable::probe(std::uint64_t h, Same&& same, Make&& make) const {
    const auto tag = static_cast<std::uint32_t>(h >> 32);
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = h & mask;; i = (i + 1) & mask) {
        const Slot s = slots_[i];
        if (s.index == 0) return make(i, tag);
        if (s.tag == tag && same(s.index - 1)) return first_general + s.index - 1;
    }
}

std::uint32_t StateTable::add_general(std::size_t slot, std::uint32_t tag, Value v, std::uint32_t long_at) {
    if (values_.size() >= (1u << 29) - 1) throw ValueError("too many states in one game instance");
    values_.push_back(std::move(v));
    long_at_.push_back(long_at);
    slots_[slot] = {static_cast<std::uint32_t>(values_.size()), tag};
    return first_general + static_cast<std::uint32_t>(values_.size() - 1);
}

std::uint32_t StateTable::intern_value(const Value& v, bool& is_new) {
    reserve_general();
    is_new = false;
    return probe(
        hash(v), [&](std::size_t k) { return !long_at_[k] && values_[k] == v; },
        [&](std::size_t slot, std::uint32_t tag) {
            is_new = true;
            return add_general(slot, tag, v, 0);
        });
}

std::uint32_t StateTable::intern_long(const ListArena::Words& w, bool& is_new) {
    reserve_general();
    is_new = false;
    return probe(
        ListArena::hash(w), [&](std::size_t k) { return long_at_[k] && lists_.equal(long_at_[k] - 1, w); },
        [&](std::size_t slot, std::uint32_t tag) {
            is_new = true;
            return add_general(slot, tag, Value(), lists_.add(w) + 1);
        });
}

bool StateTable::find_long(const ListArena::Words& w, std::uint32_t& id) const {
    if (slots_.empty()) return false;
    bool found = true;
    id = probe(
        ListArena::hash(w), [&](std::size_t k) { return long_at_[k] && lists_.equal(long_at_[k] - 1, w); },
        [&](std::size_t, std::uint32_t) {
            found = false;
            return 0u;
        });
    return found;
}

std::uint32_t StateTable::intern(const Value& v, bool& is_new) {
    const Kind packs = packed_ == Packed::sets ? Kind::set : Kind::list;
    if (packed_ != Packed::none && v.is(packs) && v.seq().size <= max_list) {
        std::int64_t xs[max_list];
        bool ints = true;
        for (std::uint32_t i = 0; ints && i < v.seq().size; ++i) {
            ints = v.seq()[i].is(Kind::integer);
            if (ints) xs[i] = v.seq()[i].as_int();
        }
        std::uint64_t key;
        if (ints && pack_list(xs, v.seq().size, key)) return intern_packed(key, is_new);
        if (ListArena::Words w; ints && ListArena::pack(xs, v.seq().size, w)) return intern_long(w, is_new);
    }
    if (std::int64_t xs[8]; spelled_ints(v, xs)) return intern_ints(xs, is_new);
    return intern_value(v, is_new);
}

std::uint32_t StateTable::intern_ints(const std::int64_t* xs, bool& is_new) {
    std::uint32_t id;
    if (direct_id(xs, id)) {
        is_new = false;  // its own id: the solver counts it
        return id;
    }
    if (arity_ <= 1) return intern_value(spelled(xs), is_new);
    if (wide()) {
        bool fits;
        const WideKey key = pack_wide(xs, fits);
        if (fits) return first_packed + wide_keys_.intern(key, is_new);
    } else if (std::uint64_t key; pack(xs, key, 64 / arity_)) {
        return intern_key(key, is_new);
    }
    return intern_value(spelled(xs), is_new);
}

bool StateTable::find_ints(const std::int64_t* xs, std::uint32_t& id) const {
    if (direct_id(xs, id)) return true;
    if (arity_ <= 1) return false;
    if (wide()) {
        bool fits;
        const WideKey key = pack_wide(xs, fits);
        if (!fits || !wide_keys_.find(key, id)) return false;
        id += first_packed;
        return true;
    }
    std::uint64_t key;
    return pack(xs, key, 64 / arity_) && find_key(key, id);
}

// Each int in 128 / arity bits: non-negative and below 2^bits, or any
// int64 (a mask with bit 63 too) when that is 64 bits.
WideKey StateTable::pack_wide(const std::int64_t* xs, bool& fits) const {
    const unsigned bits = 128 / arity_;
    unsigned __int128 key = 0;
    fits = true;
    for (std::uint32_t i = 0; i < arity_; ++i) {
        const auto x = static_cast<std::uint64_t>(xs[i]);
        if (bits < 64 && (xs[i] < 0 || x >> bits)) fits = false;
        key = (key << bits) | x;
    }
    return {static_cast<std::uint64_t>(key), static_cast<std::uint64_t>(key >> 64)};
}

void StateTable::unpack_wide(const WideKey& key, std::int64_t* xs) const {
    const unsigned bits = 128 / arity_;
    unsigned __int128 k = (static_cast<unsigned __int128>(key.hi) << 64) | key.lo;
    const unsigned __int128 mask = bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
    for (std::uint32_t i = arity_; i-- > 0;) {
        xs[i] = static_cast<std::int64_t>(static_cast<std::uint64_t>(k & mask));
        k >>= bits;
    }
}

void StateTable::unpack_id(std::uint32_t id, std::int64_t* xs) const {
    if (wide()) unpack_wide(wide_keys_.key(id - first_packed), xs);
    else unpack(keys_.key(id - first_packed), xs, 64 / arity_);
}

namespace {

Value nested_value(const StateTable::Spelling& s, const std::int64_t*& xs) {
    if (s.items.empty()) return Value::integer(*xs++);
    std::vector<Value> parts;
    parts.reserve(s.items.size());
    for (auto& item : s.items) parts.push_back(nested_value(item, xs));
    return make_seq(s.kind, parts);
}

// v's ints into xs, at most `room` of them.
bool nested_ints(const StateTable::Spelling& s, const Value& v, std::int64_t*& xs, std::size_t& room) {
    if (s.items.empty()) {
        if (!v.is(Kind::integer) || room == 0) return false;
        *xs++ = v.as_int();
        --room;
        return true;
    }
    if (!v.is(s.kind) || v.seq().size != s.items.size()) return false;
    for (std::size_t i = 0; i < s.items.size(); ++i)
        if (!nested_ints(s.items[i], v.seq()[i], xs, room)) return false;
    return true;
}

}  // namespace

Value StateTable::spelled(const std::int64_t* xs) const {
    if (nested_) return nested_value(*nested_, xs);
    if (spelling_ == Kind::integer) return Value::integer(xs[0]);
    Value parts[8];
    for (std::uint32_t i = 0; i < arity_; ++i) {
        if (!(set_coords_ >> i & 1)) {
            parts[i] = Value::integer(xs[i]);
            continue;
        }
        std::vector<Value> items;
        for (auto bits = static_cast<std::uint64_t>(xs[i]); bits; bits &= bits - 1)
            items.push_back(Value::integer(__builtin_ctzll(bits)));
        parts[i] = make_set(std::move(items));
    }
    return make_seq(spelling_, std::span<const Value>(parts, arity_));
}

bool StateTable::spelled_ints(const Value& v, std::int64_t* xs) const {
    if (nested_) {
        std::int64_t* at = xs;
        std::size_t room = arity_;
        return arity_ <= 8 && nested_ints(*nested_, v, at, room) && room == 0;
    }
    if (spelling_ == Kind::integer) {
        if (arity_ > 1 || !v.is(Kind::integer)) return false;
        xs[0] = v.as_int();
        return true;
    }
    if (!v.is(spelling_) || v.seq().size != arity_ || arity_ > 8) return false;
    for (std::uint32_t i = 0; i < arity_; ++i) {
        const Value& x = v.seq()[i];
        if (!(set_coords_ >> i & 1)) {
            if (!x.is(Kind::integer)) return false;
            xs[i] = x.as_int();
            continue;
        }
        if (!x.is(Kind::set)) return false;
        std::uint64_t mask = 0;
        for (const Value& e : x.seq()) {
            if (!e.is(Kind::integer) || static_cast<std::uint64_t>(e.as_int()) > 63) return false;
            mask |= std::uint64_t{1} << e.as_int();
        }
        xs[i] = static_cast<std::int64_t>(mask);
    }
    return true;
}

Value StateTable::state(std::uint32_t id) const {
    if (id < first_general) {
        const std::int64_t x = id;
        return spelled(&x);
    }
    if (id < first_packed && !long_at_[id - first_general]) return values_[id - first_general];
    if (id < first_packed || packed_ != Packed::none) {
        std::int64_t xs[max_list];
        std::uint32_t n = 0;
        state_list(id, xs, n);
        return sequence(xs, n);
    }
    std::int64_t xs[64];
    if (id >= first_direct) unpack_direct(id - first_direct, xs);
    else unpack_id(id, xs);
    return spelled(xs);
}

bool StateTable::state_ints(std::uint32_t id, std::int64_t* out) const {
    if (id < first_general) {
        if (arity_ != 1) return false;
        out[0] = id;
        return true;
    }
    if (id >= first_direct) {
        unpack_direct(id - first_direct, out);
        return true;
    }
    if (id >= first_packed) {
        unpack_id(id, out);
        return true;
    }
    return spelled_ints(values_[id - first_general], out);
}

std::size_t StateTable::memory_bytes() const {
    return values_.capacity() * sizeof(Value) +
           long_at_.capacity() * 4 + slots_.capacity() * sizeof(Slot) + lists_.memory_bytes() +
           keys_.memory_bytes() + wide_keys_.memory_bytes();
}

}  // namespace grundy
