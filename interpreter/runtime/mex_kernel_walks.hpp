// The Kernel's walks over the value table: one family's stretch of evenly
// spaced option ids read page by page, the pages' entries from column
// views where a walk crosses many pages (see mex_kernel.hpp).
#pragma once

#include "mex_kernel.hpp"

namespace grundy {

namespace {

template <bool Outcome>
const std::uintptr_t* Kernel<Outcome>::column(const solver::ValueArray& values, const std::uintptr_t* flat,
                                    std::int64_t flat_count, std::int64_t first, std::int64_t step, std::int64_t count,
                                    const Frame& f, std::int64_t& dir, Pages& pages) {
    constexpr std::int64_t most = 4096;  // entries a view at most (48 KB with its counts): a bound on memory and on a rebuild
    const std::int64_t stride = step < 0 ? -step : step, residue = first % stride, at = first / stride;
    dir = step < 0 ? -1 : 1;
    const std::int64_t lo = step < 0 ? at - (count - 1) : at, hi = lo + count;  // column indices [lo, hi)
    // One pool for all moves: a state's walks mostly cross the same
    // columns (Wythoff's three, below 512, one), and a copy per move would
    // hold the same entries several times in the cache.
    std::vector<IntInstanceData::Column>& c = f.data->columns;
    if (c.size() != IntInstanceData::column_views) c.resize(IntInstanceData::column_views);
    auto fits = [&](const IntInstanceData::Column& x) {
        return x.array == &values && x.generation == values.flat_generation() && x.residue == residue &&
               x.stride == stride && x.from <= lo && hi <= x.from + static_cast<std::int64_t>(x.entries.size()) - 1;
    };
    // Pages made since the view was copied: their entries read again (a
    // page made is a narrow page for one that read as all unknown). A walk
    // mostly reads the pages its state's neighbours made last, and a page
    // is made a few hundred states apart. A page widened since (rare) has
    // the view copied again, counts and all.
    auto update = [&](IntInstanceData::Column& x) {
        const std::int64_t n = static_cast<std::int64_t>(x.entries.size()) - 1;
        bool widened = false;
        const bool logged = values.flat_changes(x.version, [&](std::uint32_t page) {
            const std::int64_t p = page;
            if (p < residue || (p - residue) % stride) return;
            const std::int64_t i = (p - residue) / stride - x.from;
            if (i < 0 || i >= n) return;
            const std::uintptr_t e = flat[p];
            widened = widened || (e & 1);
            x.entries[static_cast<std::size_t>(i) + 1] = e;
        });
        if (!logged || widened) return false;
        x.version = values.flat_version();
        return true;
    };
    IntInstanceData::Column* view = nullptr;
    IntInstanceData::Column* behind = nullptr;  // fits, but the log no longer tells what changed
    for (IntInstanceData::Column& x : c)
        if (fits(x)) {
            (x.version == values.flat_version() || update(x) ? view : behind) = &x;
            break;
        }
    if (!view && !behind) {
        // A view only for a column walked before: many walks (a diagonal's,
        // whose column moves with the state) never come back to theirs, and
        // a copy costs more than the walk's own reads of the table.
        auto& w = f.data->walked;
        const std::uint64_t key = static_cast<std::uint64_t>(residue) * 0x9E3779B97F4A7C15u ^ static_cast<std::uint64_t>(stride);
        std::uint64_t& slot = w[key % w.size()];
        if (slot != key) {
            slot = key;
            return nullptr;
        }
    }
    if (!view) {
        // The walk's entries and as many again each side, within the
        // column's part of the flat table: neighbouring states' walks
        // fit too, and a rebuild costs at most three times the walk itself.
        const std::int64_t total = (flat_count - 1 - residue) / stride + 1;
        const std::int64_t from = std::max<std::int64_t>(0, lo - count);
        const std::int64_t n = std::min({most, total - from, hi + count - from});
        if (hi > from + n) return nullptr;
        view = behind ? behind
                      : &*std::min_element(c.begin(), c.end(), [](const auto& x, const auto& y) { return x.used < y.used; });
        view->array = &values;
        view->generation = values.flat_generation();
        view->version = values.flat_version();
        view->residue = residue;
        view->stride = stride;
        view->from = from;
        view->entries.resize(static_cast<std::size_t>(n) + 1);  // entries[0] unused: see walk_wide
        view->narrow_before.resize(static_cast<std::size_t>(n) + 1);
        std::uint32_t narrow = 0;
        for (std::int64_t i = 0; i < n; ++i) {
            const std::uintptr_t e = flat[residue + stride * (from + i)];
            view->narrow_before[static_cast<std::size_t>(i)] = narrow;
            view->entries[static_cast<std::size_t>(i) + 1] = e;
            narrow += (e & 1) ? 0 : 1;
        }
        view->narrow_before[static_cast<std::size_t>(n)] = narrow;
    }
    view->used = ++f.data->column_clock;
    const std::uint32_t narrow = view->narrow_before[static_cast<std::size_t>(hi - view->from)] -
                                 view->narrow_before[static_cast<std::size_t>(lo - view->from)];
    pages = narrow == 0 ? Pages::wide : narrow == count ? Pages::narrow : Pages::mixed;
    return view->entries.data() + 1 + (at - view->from);
}

// Marks the values at place j + dj * k of the wide pages at[dir * k],
// k = 0..run-1; returns the k of a value not known, or run. Apart from
// walk, so that its loop keeps everything in registers.
template <bool Outcome>
[[gnu::noinline]] std::int64_t Kernel<Outcome>::walk_wide(const std::uintptr_t* at, std::int64_t dir, std::int64_t j, std::int64_t dj,
                                                std::int64_t run, LocalMarks& marks) {
    // A descending walk ends one entry before the view's first, which
    // Column::entries holds (unused) so that `end` points into it.
    // Two options a turn: the loop's own steps and compare cost as much
    // as an option's reads and mark.
    LocalMarks m = marks;
    const std::uintptr_t* const start = at;
    const std::uintptr_t* const end = at + dir * run;
    std::int64_t place = 4 * j - 1;  // a wide entry has its low bit set
    const std::int64_t dp = 4 * dj;
    auto value = [](const std::uintptr_t* e, std::int64_t p) { return *reinterpret_cast<const std::uint32_t*>(*e + p); };
    if (run & 1) {
        if (!m.template mark<Outcome>(value(at, place))) [[unlikely]] {
            marks = m;
            return 0;
        }
        at += dir, place += dp;
    }
    for (; at != end; at += 2 * dir, place += 2 * dp) {
        const std::uint32_t v = value(at, place), w = value(at + dir, place + dp);
        if (!m.template mark<Outcome>(v)) [[unlikely]] {
            marks = m;
            return (at - start) * dir;
        }
        if (!m.template mark<Outcome>(w)) [[unlikely]] {
            marks = m;
            return (at - start) * dir + 1;
        }
    }
    marks = m;
    return run;
}

// The same over pages of both kinds, entry k at table[at + dir * k] (an
// index: past the last step a pointer could leave the table). Apart from
// walk for the same reason: inside it, the loop kept its marks and steps
// in memory.
template <bool Outcome>
[[gnu::noinline]] std::int64_t Kernel<Outcome>::walk_mixed(const std::uintptr_t* table, std::int64_t at, std::int64_t dir, std::int64_t j,
                                                 std::int64_t dj, std::int64_t run, LocalMarks& marks) {
    LocalMarks m = marks;
    for (std::int64_t k = 0; k < run; ++k, at += dir, j += dj) {
        if (!m.template mark<Outcome>(solver::ValueArray::read(table[at], static_cast<std::uint32_t>(j)))) [[unlikely]] {
            marks = m;
            return k;
        }
    }
    marks = m;
    return run;
}

// The same over narrow pages (a byte each, narrow_limit and above not
// values), for values below 252: they need no bounds check on the marks.
template <bool Outcome>
[[gnu::noinline]] std::int64_t Kernel<Outcome>::walk_narrow(const std::uintptr_t* at, std::int64_t dir, std::int64_t j,
                                                  std::int64_t dj, std::int64_t run, std::uint32_t* marks,
                                                  std::uint32_t stamp) {
    const std::uintptr_t* const start = at;
    const std::uintptr_t* const end = at + dir * run;
    auto value = [](const std::uintptr_t* e, std::int64_t p) { return reinterpret_cast<const std::uint8_t*>(*e)[p]; };
    if (run & 1) {
        const std::uint8_t b = value(at, j);
        if (!byte_known<Outcome>(b)) [[unlikely]] return 0;
        if (!Outcome) marks[b] = stamp;
        at += dir, j += dj;
    }
    for (; at != end; at += 2 * dir, j += 2 * dj) {  // two options a turn, as in walk_wide
        const std::uint8_t u = value(at, j), v = value(at + dir, j + dj);
        if (!byte_known<Outcome>(u)) [[unlikely]] return (at - start) * dir;
        if (!Outcome) marks[u] = stamp;
        if (!byte_known<Outcome>(v)) [[unlikely]] return (at - start) * dir + 1;
        if (!Outcome) marks[v] = stamp;
    }
    return run;
}

// Visits the ids id[i] + step[i] * k, k = 0..count-1, of N parts in one
// array, a page at a time; where every page is narrow and there is no
// `where`, the loop reads bytes, as a hand-written solver would.
template <bool Outcome>
template <std::size_t N>
[[gnu::noinline]] Stepped Kernel<Outcome>::walk(const solver::ValueArray& values, std::int64_t* id, const std::int64_t* step, std::int64_t count,
             const Move& m, std::uint32_t reg, std::int64_t x, const Frame& f) {
    using VA = solver::ValueArray;
    bool far = false;  // a part leaves its page within a few steps (a packed tuple's high coordinate)
    for (std::size_t i = 0; i < N; ++i) far = far || step[i] >= 64 || step[i] <= -64;
    if (far) {
        std::int64_t at[N];
        std::copy(id, id + N, at);
        std::uint32_t flat_count;
        const std::uintptr_t* flat = values.flat(flat_count);
        const std::int64_t first = at[0], last = at[0] + step[0] * (count - 1);  // no overflow: narrow_span
        if (N == 1 && m.rest.empty() && std::min(first, last) >= 0 &&
            std::max(first, last) < std::int64_t{flat_count} * VA::page_size) {
            // Every page in the flat table. A step is whole pages and a
            // place within -256..256, so the place leaves its page only
            // now and then: runs between those move the entry and the
            // place by constants.
            LocalMarks marks(mex_);
            constexpr std::int64_t P = VA::page_size;
            std::int64_t dj = step[0] & (P - 1);
            if (dj > P / 2) dj -= P;
            const std::int64_t dpage = (step[0] - dj) / P;
            std::int64_t page = first / P, j = first % P;
            for (std::int64_t left = count; left > 0;) {
                poll_interrupt();
                // Steps before the place leaves [0, P), at most 2^16.
                const std::int64_t stay = dj > 0 ? (P - 1 - j) / dj + 1 : dj < 0 ? j / -dj + 1 : left;
                const std::int64_t run = std::min({left, stay, std::int64_t{1} << 16});
                // The run's pages' entries from a column view: a line
                // holds 8 of them, where the table holds one per line.
                Pages pages = Pages::mixed;
                std::int64_t dir = 1;
                const std::uintptr_t* col =
                    run >= 8 && dpage != 0 ? column(values, flat, flat_count, page, dpage, run, f, dir, pages) : nullptr;
                if (pages != Pages::mixed) {  // the commonest walks of all: no tags, no table
                    const std::int64_t k = pages == Pages::wide ? walk_wide(col, dir, j, dj, run, marks)
                                                                : walk_narrow(col, dir, j, dj, run, mex_.marks(), mex_.stamp());
                    if (k < run) return blocked_at(values, (page + k * dpage) * P + j + k * dj);
                    page += run * dpage;
                    j += run * dj;
                } else {
                    const std::int64_t k = col ? walk_mixed(col, 0, dir, j, dj, run, marks)
                                               : walk_mixed(flat, page, dpage, j, dj, run, marks);
                    if (k < run) return blocked_at(values, (page + k * dpage) * P + j + k * dj);
                    page += run * dpage;
                    j += run * dj;
                }
                page += j >= P ? 1 : j < 0 ? -1 : 0;  // the place back into [0, P)
                j = (j + P) % P;
                left -= run;
            }
            return Stepped::done;
        }
        for (std::int64_t k = 0; k < count; ++k) {
            if ((k & 0xFFFF) == 0xFFFF) poll_interrupt();
            if (m.rest.empty() || rest(m, reg, x + k, f)) {
                std::uint32_t v = 0;
                for (std::size_t i = 0; i < N; ++i) {
                    std::uint32_t b = values.get(static_cast<std::uint32_t>(at[i]));
                    if (!known<Outcome>(b)) return blocked_at(values, at[i]);
                    v ^= b;
                }
                if (!Outcome) mex_.add(v);
            }
            for (std::size_t i = 0; i < N; ++i) at[i] += step[i];
        }
        return Stepped::done;
    }
    while (count > 0) {
        poll_interrupt();
        VA::PageView page[N];
        std::int64_t chunk = count;
        bool narrow = m.rest.empty(), full = true;
        for (std::size_t i = 0; i < N; ++i) {
            page[i] = values.view(static_cast<std::uint32_t>(id[i]));  // no page: nothing on it is known
            narrow = narrow && page[i].narrow;
            full = full && page[i].full;
            const std::int64_t at = id[i] - page[i].begin;
            const std::int64_t left = step[i] > 0   ? (VA::page_size - 1 - at) / step[i] + 1
                                      : step[i] < 0 ? at / -step[i] + 1
                                                    : count;
            chunk = std::min(chunk, left);
        }
        if (narrow) {
            // Everything the loop reads in locals: the stores into the
            // marks could alias anything else as far as the compiler knows.
            const std::uint8_t* p[N];
            std::int64_t j[N], d[N];  // offsets, not moving pointers: the last step may leave the page
            for (std::size_t i = 0; i < N; ++i) {
                p[i] = page[i].narrow;
                j[i] = id[i] - page[i].begin;
                d[i] = step[i];
            }
            std::uint32_t* const marks = mex_.marks();
            const std::uint32_t stamp = mex_.stamp();
            if (full && !Outcome) {  // every value known: no checks (for values: a page has no P count)
                // Two options a turn: the loop's own count and compare
                // cost as much as an option's reads.
                std::int64_t k = 0;
                for (; k + 1 < chunk; k += 2) {
                    std::uint32_t v = 0, w = 0;
                    for (std::size_t i = 0; i < N; ++i) {
                        v ^= p[i][j[i]];
                        w ^= p[i][j[i] + d[i]];
                        j[i] += 2 * d[i];
                    }
                    marks[v] = stamp;  // v, w < 256: no bounds check
                    marks[w] = stamp;
                }
                if (k < chunk) {
                    std::uint32_t v = 0;
                    for (std::size_t i = 0; i < N; ++i) {
                        v ^= p[i][j[i]];
                        j[i] += d[i];
                    }
                    marks[v] = stamp;
                }
            }
            for (std::int64_t k = full && !Outcome ? chunk : 0; k < chunk; ++k) {
                std::uint32_t v = 0;
                bool missing = false;
                for (std::size_t i = 0; i < N; ++i) {
                    std::uint8_t b = p[i][j[i]];
                    j[i] += d[i];
                    missing |= !byte_known<Outcome>(b);
                    v ^= b;
                }
                if (missing) {
                    for (std::size_t i = 0; i < N; ++i)
                        if (!byte_known<Outcome>(p[i][j[i] - d[i]])) return blocked_at(values, page[i].begin + j[i] - d[i]);
                }
                if (!Outcome) marks[v] = stamp;  // v < 256: no bounds check
            }
        } else if (N == 1 && page[0].wide && m.rest.empty()) {  // values past a byte (Wythoff's)
            const std::uint32_t* w = page[0].wide;
            const std::int64_t d = step[0];
            LocalMarks marks(mex_);
            std::int64_t k = 0, j = id[0] - page[0].begin;
            for (; k + 1 < chunk; k += 2, j += 2 * d) {  // two options a turn, as in walk_wide
                const std::uint32_t u = w[j], v = w[j + d];
                if (!marks.template mark<Outcome>(u)) return blocked_at(values, page[0].begin + j);
                if (!marks.template mark<Outcome>(v)) return blocked_at(values, page[0].begin + j + d);
            }
            if (k < chunk && !marks.template mark<Outcome>(w[j])) return blocked_at(values, page[0].begin + j);
        } else {
            for (std::int64_t k = 0; k < chunk; ++k) {
                if (!m.rest.empty() && !rest(m, reg, x + k, f)) continue;
                std::uint32_t v = 0;
                for (std::size_t i = 0; i < N; ++i) {
                    std::size_t j = static_cast<std::size_t>(id[i] + k * step[i] - page[i].begin);
                    std::uint32_t b = page[i].wide     ? page[i].wide[j]
                                      : !page[i].narrow ? VA::unknown
                                                        : VA::decode(page[i].narrow[j]);
                    if (!known<Outcome>(b)) return blocked_at(values, id[i] + k * step[i]);
                    v ^= b;
                }
                if (!Outcome) mex_.add(v);
            }
        }
        for (std::size_t i = 0; i < N; ++i) id[i] += chunk * step[i];
        count -= chunk;
        if (count) x += chunk;  // not past the last: x may be INT64_MAX
    }
    return Stepped::done;
}

}  // namespace

}  // namespace grundy
