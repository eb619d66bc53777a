// Layout of `table` output: a decade grid for one int generator (row label
// plus the last digit as column), a grid for two int generators, and one
// line per row otherwise. One-generator tables end with the period found:
// proved, or only apparent.
#include <algorithm>
#include <fmt/format.h>
#include <map>

#include "interpreter/runtime/period.hpp"
#include "statements.hpp"

namespace grundy {

namespace {

// A key as shown: what `_` matched is not bound, and shows as `_`.
std::string key_text(const Value& v) {
    if (v.is(Kind::none)) return "_";
    if (!v.is(Kind::tuple)) return repr(v);
    std::string out = "(";
    for (std::uint32_t i = 0; i < v.seq().size; ++i) out += (i ? ", " : "") + key_text(v.seq()[i]);
    return out + (v.seq().size == 1 ? ",)" : ")");
}

bool all_ints(const std::vector<TableRow>& rows, std::size_t k) {
    return std::all_of(rows.begin(), rows.end(), [&](const TableRow& r) { return r.keys[k].is(Kind::integer); });
}

std::int64_t floor10(std::int64_t x) { return x >= 0 ? x / 10 * 10 : -((-x + 9) / 10 * 10); }

std::string grid(const std::string& corner, const std::vector<std::string>& row_labels,
                 const std::vector<std::string>& col_labels, const std::vector<std::vector<std::string>>& cells) {
    std::size_t w = 1;
    for (auto& c : col_labels) w = std::max(w, c.size());
    for (auto& r : cells)
        for (auto& c : r) w = std::max(w, c.size());
    std::size_t lw = corner.size();
    for (auto& r : row_labels) lw = std::max(lw, r.size());
    std::string out = fmt::format("{:>{}} |", corner, lw);
    for (auto& c : col_labels) out += fmt::format(" {:>{}}", c, w);
    out += '\n' + std::string(lw + 1, '-') + '+' + std::string(col_labels.size() * (w + 1), '-') + '\n';
    for (std::size_t i = 0; i < row_labels.size(); ++i) {
        std::string line = fmt::format("{:>{}} |", row_labels[i], lw);
        for (auto& c : cells[i]) line += fmt::format(" {:>{}}", c, w);
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out += line + '\n';
    }
    return out;
}

std::string decade_grid(const std::string& name, const std::vector<TableRow>& rows) {
    std::vector<std::string> row_labels, cols;
    std::vector<std::vector<std::string>> cells;
    for (int d = 0; d < 10; ++d) cols.push_back(std::to_string(d));
    std::int64_t current = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        std::int64_t k = rows[i].keys[0].as_int();
        std::int64_t base = floor10(k);
        if (i == 0 || base != current) {
            current = base;
            row_labels.push_back(std::to_string(base));
            cells.emplace_back(10, "");
        }
        cells.back()[static_cast<std::size_t>(k - base)] = repr(rows[i].value);
    }
    return grid(name, row_labels, cols, cells);
}

std::string two_way_grid(const std::vector<std::string>& names, const std::vector<TableRow>& rows) {
    std::vector<std::int64_t> row_keys, col_keys;
    for (auto& r : rows) {
        std::int64_t a = r.keys[0].as_int(), b = r.keys[1].as_int();
        if (std::find(row_keys.begin(), row_keys.end(), a) == row_keys.end()) row_keys.push_back(a);
        col_keys.push_back(b);
    }
    std::sort(col_keys.begin(), col_keys.end());
    col_keys.erase(std::unique(col_keys.begin(), col_keys.end()), col_keys.end());
    std::vector<std::vector<std::string>> cells(row_keys.size(), std::vector<std::string>(col_keys.size()));
    for (auto& r : rows) {
        auto i = std::find(row_keys.begin(), row_keys.end(), r.keys[0].as_int()) - row_keys.begin();
        auto j = std::lower_bound(col_keys.begin(), col_keys.end(), r.keys[1].as_int()) - col_keys.begin();
        cells[i][j] = repr(r.value);
    }
    std::vector<std::string> rl, cl;
    for (auto k : row_keys) rl.push_back(std::to_string(k));
    for (auto k : col_keys) cl.push_back(std::to_string(k));
    return grid(names[0] + "\\" + names[1], rl, cl, cells);
}

}  // namespace

std::string format_table(const std::string& text, const std::vector<std::string>& names,
                         const std::vector<TableRow>& rows, Period proved) {
    std::string out = text + "\n";
    if (rows.empty()) return out + "(no rows)\n";
    if (names.size() == 1 && all_ints(rows, 0)) {
        bool consecutive = true;
        for (std::size_t i = 1; i < rows.size(); ++i)
            consecutive &= rows[i].keys[0].as_int() == rows[i - 1].keys[0].as_int() + 1;
        if (consecutive) {
            out += decade_grid(names[0], rows);
            std::vector<Value> values;
            for (auto& r : rows) values.push_back(r.value);
            Period p = find_period(values);
            if (proved.found())
                out += fmt::format("period {} from {} = {} (proved)\n", proved.period, names[0], proved.start);
            else if (p.found())
                out += fmt::format("period {} from {} = {} (apparent)\n", p.period, names[0],
                                   rows[p.start].keys[0].as_int());
            else
                out += "no period found\n";
            return out;
        }
    }
    if (names.size() == 2 && all_ints(rows, 0) && all_ints(rows, 1)) return out + two_way_grid(names, rows);
    for (auto& r : rows) {
        std::string keys;
        for (std::size_t i = 0; i < names.size(); ++i) keys += (i ? ", " : "") + names[i] + " = " + key_text(r.keys[i]);
        out += keys + ": " + repr(r.value) + "\n";
    }
    return out;
}

std::string table_csv(const std::vector<std::string>& names, const std::vector<TableRow>& rows) {
    auto field = [](const std::string& s) {
        if (s.find_first_of(",\"\n") == std::string::npos) return s;
        std::string q = "\"";
        for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
        return q + "\"";
    };
    std::string out;
    for (auto& n : names) out += field(n) + ",";
    out += "value\n";
    for (auto& r : rows) {
        for (auto& k : r.keys) out += field(k.is(Kind::string) ? display(k) : key_text(k)) + ",";
        out += field(display(r.value)) + "\n";
    }
    return out;
}

}  // namespace grundy
