// Interns the states of one game instance as 32-bit ids.
//
//   - a non-negative int state n below 2^31 is its own id: no table at all,
//     so a one-heap game costs only the solver's value array;
//   - a tuple of `arity` small non-negative ints (the int fast path's
//     states) whose ints fit in 30/arity bits each is its own id too: the
//     ints side by side, from 2^31 + 2^30 (a dense table, no hashing);
//   - so is a set of ints in 0..29 on a game on int sets: its bitmask from
//     2^31 + 2^30;
//   - a tuple of larger non-negative ints is packed into a 64-bit key in an
//     open-addressing table (key_table.hpp): ids from 2^31 + 2^29; with set
//     coordinates (bit masks, which use the high bits), into a two-word key
//     instead, each coordinate in 128/arity bits;
//   - a longer list (or set) of ints in 0..2^32-1 on the int path is packed
//     into a run of words (list_arena.hpp); it shares the ids from 2^31 and
//     their table with
//   - any other state: a Value in an open-addressing table.
// Both the generic and the int path intern through here, so a state has one
// id whichever path made it.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "key_table.hpp"
#include "list_arena.hpp"

namespace grundy {

class StateTable {
public:
    static constexpr std::uint32_t first_general = 1u << 31;
    static constexpr std::uint32_t first_packed = first_general + (1u << 29);
    static constexpr std::uint32_t first_direct = first_general + (1u << 30);

    // Tuples of k >= 2 ints are packed, each int in [0, 2^(64/k)). Those
    // whose ints fit `widths` bits each (30 in all; by default 30 / k each)
    // are their own ids.
    void set_packed_arity(std::uint32_t k, const std::uint8_t* widths = nullptr) {
        arity_ = k;
        direct_bits_ = k ? 30 / k : 30;  // kept: a division costs more than the lookup it serves
        uniform_ = true;
        for (std::uint32_t i = 0; i < k && i < max_arity; ++i) {
            widths_[i] = static_cast<std::uint8_t>(widths ? widths[i] : direct_bits_);
            uniform_ = uniform_ && widths_[i] == direct_bits_;
        }
    }
    // How a state of `arity` ints is written as a Value: an int (arity 1),
    // a tuple, or a list (positions `(n,)`, `[a, b, c]`). The ints are
    // packed the same in every spelling; only state() and intern() see it.
    void set_spelling(Kind k) { spelling_ = k; }
    // A state of nested tuples or lists, `((a, b), c)`: its shape, the
    // ints in order at the leaves (an int: no items). Packed as the flat
    // tuple of its ints.
    struct Spelling {
        Kind kind = Kind::integer;
        std::vector<Spelling> items;
    };
    void set_nested(Spelling s) { nested_ = std::move(s); }
    // Coordinates that are sets of ints in 0..63 (bit i: coordinate i),
    // held as their bit masks: as ints, they pack like the others.
    void set_set_coords(std::uint8_t coords) { set_coords_ = coords; }
    bool wide() const { return set_coords_ != 0; }
    // A game on int lists packs lists of up to 15 ints in 0..15; a game on
    // int sets packs sets of ints in 0..63 as bitmasks.
    enum class Packed : std::uint8_t { none, lists, sets };
    void set_packed(Packed p) { packed_ = p; }

    // The same for a list state (or a set state, sorted) given as n ints.
    std::uint32_t intern_list(const std::int64_t* xs, std::size_t n, bool& is_new);
    // The id of a list state seen before, without interning; false if none.
    bool find_list(const std::int64_t* xs, std::size_t n, std::uint32_t& id) const;
    // The same for a list or set given packed (intpath::Frame::pos_key).
    bool find_packed(std::uint64_t key, std::uint32_t& id) const { return direct_set(key, id) || find_key(key, id); }
    // Starts loading key's slot, for a find_packed soon after.
    void prefetch(std::uint64_t key) const { keys_.prefetch(key); }
    std::uint32_t intern_packed(std::uint64_t key, bool& is_new) {
        std::uint32_t id;
        is_new = false;  // a direct set never is: the solver counts it, as it counts an int state
        if (direct_set(key, id)) return id;
        return intern_key(key, is_new);
    }
    // Sets of ints in 0..29 are their own ids: first_direct + their mask.
    bool direct_sets() const { return packed_ == Packed::sets; }
    // The packed key of list (or set) state `id`, when it has one.
    bool packed_key(std::uint32_t id, std::uint64_t& key) const {
        if (packed_ == Packed::none || id < first_packed) return false;
        key = id >= first_direct ? id - first_direct : keys_.key(id - first_packed);
        return true;
    }
    // Loads the ints of list (or set) state `id` (at most max_list); false otherwise.
    bool state_list(std::uint32_t id, std::int64_t* out, std::uint32_t& n) const;
    static constexpr std::uint32_t max_list = ListArena::max_items;

    // Returns the id of v; sets is_new when v was not seen before (an int
    // state that is its own id is never "new": the solver counts those).
    std::uint32_t intern(const Value& v, bool& is_new);
    // The same for a state given as `arity` ints (one int when arity is 1).
    std::uint32_t intern_ints(const std::int64_t* xs, bool& is_new);

    // The id of a state that is its own id (an int, or a tuple of small
    // ints side by side, `direct_bits()` each), without a table; false for
    // any other state.
    bool direct_id(const std::int64_t* xs, std::uint32_t& id) const {
        if (arity_ <= 1) {
            if (xs[0] < 0 || xs[0] >= first_general) return false;
            id = static_cast<std::uint32_t>(xs[0]);
            return true;
        }
        std::uint32_t key = 0;
        for (std::uint32_t i = 0; i < arity_; ++i) {
            const unsigned bits = widths_[i];
            if (static_cast<std::uint64_t>(xs[i]) >> bits) return false;
            key = (key << bits) | static_cast<std::uint32_t>(xs[i]);
        }
        id = first_direct + key;
        return true;
    }
    // The id of a state of `arity` ints seen before (or its own), without
    // interning; false if none (or it is interned as a Value).
    bool find_ints(const std::int64_t* xs, std::uint32_t& id) const;
    // The bits of each int of a direct id: direct_bits() each when
    // uniform(), else widths()[i] for int i.
    unsigned direct_bits() const { return direct_bits_; }
    bool uniform() const { return uniform_; }
    const std::uint8_t* widths() const { return widths_; }
    std::uint32_t arity() const { return arity_; }

    Value state(std::uint32_t id) const;
    // Loads the ints of state `id` when it is `arity` ints; false otherwise.
    bool state_ints(std::uint32_t id, std::int64_t* out) const;

    std::size_t size() const { return values_.size() + keys_.size() + wide_keys_.size(); }
    std::size_t memory_bytes() const;

private:
    bool pack(const std::int64_t* xs, std::uint64_t& key, unsigned bits) const;
    bool pack_list(const std::int64_t* xs, std::size_t n, std::uint64_t& key) const;
    bool find_key(std::uint64_t key, std::uint32_t& id) const {
        if (!keys_.find(key, id)) return false;
        id += first_packed;
        return true;
    }
    // A packed list or set: a set of ints in 0..29 is its own id (its mask
    // from first_direct), any other goes through the key table.
    bool direct_set(std::uint64_t key, std::uint32_t& id) const {
        if (packed_ != Packed::sets || key >> 30) return false;
        id = first_direct + static_cast<std::uint32_t>(key);
        return true;
    }
    Value sequence(const std::int64_t* xs, std::size_t n) const;  // a list, or a set on int sets
    Value spelled(const std::int64_t* xs) const;                  // `arity` ints as spelling_ writes them
    bool spelled_ints(const Value& v, std::int64_t* xs) const;     // the reverse, when v is so written
    void unpack(std::uint64_t key, std::int64_t* xs, unsigned bits) const;
    void unpack_direct(std::uint64_t key, std::int64_t* xs) const;
    WideKey pack_wide(const std::int64_t* xs, bool& fits) const;
    void unpack_wide(const WideKey& key, std::int64_t* xs) const;
    // The ints of a packed tuple state (first_packed <= id < first_direct).
    void unpack_id(std::uint32_t id, std::int64_t* xs) const;
    std::uint32_t intern_key(std::uint64_t key, bool& is_new) {
        return first_packed + keys_.intern(key, is_new);
    }
    std::uint32_t intern_value(const Value& v, bool& is_new);
    // A list (or set) as packed words, in the same table as the Values.
    std::uint32_t intern_long(const ListArena::Words& w, bool& is_new);
    bool find_long(const ListArena::Words& w, std::uint32_t& id) const;
    // Grows the table of Values and long lists for one more entry.
    void reserve_general();
    template <typename Same, typename Make> std::uint32_t probe(std::uint64_t h, Same&& same, Make&& make) const;
    std::uint32_t add_general(std::size_t slot, std::uint32_t tag, Value v, std::uint32_t long_at);
    std::uint64_t general_hash(std::size_t k) const {
        return long_at_[k] ? lists_.hash(long_at_[k] - 1) : hash(values_[k]);
    }

    std::uint32_t arity_ = 1;
    Kind spelling_ = Kind::integer;
    std::optional<Spelling> nested_;
    std::uint8_t set_coords_ = 0;
    unsigned direct_bits_ = 30;
    static constexpr std::uint32_t max_arity = 64;  // IntGame::max_registers
    std::uint8_t widths_[max_arity] = {};
    bool uniform_ = true;
    Packed packed_ = Packed::none;
    // Generic states and long lists, numbered together from first_general.
    std::vector<Value> values_;                // none for a long list
    std::vector<std::uint32_t> long_at_;       // 0 for a Value, else 1 + where its words are in lists_
    ListArena lists_;
    struct Slot {
        std::uint32_t index = 0;  // 0: empty, else index + 1
        std::uint32_t tag = 0;    // high hash bits, to skip most compares
    };
    std::vector<Slot> slots_;
    // Packed states: tuples of ints (wide() or not) and lists and sets.
    KeyTable<std::uint64_t> keys_;
    KeyTable<WideKey> wide_keys_;
};

}  // namespace grundy
