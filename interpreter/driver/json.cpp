#include "json.hpp"

#include <fmt/format.h>

#include "interpreter/runtime/period.hpp"

namespace grundy {

std::string json_string(std::string_view s) {
    std::string out = "\"";
    for (char c : s) {
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\t': out += "\\t"; break;
            case '\r': out += "\\r"; break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) out += fmt::format("\\u{:04x}", c);
                else out += c;
        }
    }
    return out + "\"";
}

namespace {

std::string json_array(std::span<const Value> items) {
    std::string out = "[";
    for (const Value& x : items) {
        if (out.size() > 1) out += ", ";
        out += to_json(x);
    }
    return out + "]";
}

// "game": "Subtract", "rules": [{"set": [1, 3, 4]}] (no "rules" for a game
// without a parameter list).
std::string game_fields(const GameHandle& g) {
    std::string out = "\"game\": " + json_string(g.game_name());
    if (const Value* args = g.rule_args()) out += ", \"rules\": " + json_array(args->seq().span());
    return out;
}

}  // namespace

std::string to_json(const Value& v) {
    switch (v.kind()) {
        case Kind::integer: return std::to_string(v.as_int());
        case Kind::boolean: return v.as_bool() ? "true" : "false";
        case Kind::infinity: return "{\"inf\": null}";
        case Kind::string: return json_string(v.str().text);
        case Kind::list: return json_array(v.seq().span());
        case Kind::tuple: return "{\"tuple\": " + json_array(v.seq().span()) + "}";
        case Kind::set: return "{\"set\": " + json_array(v.seq().span()) + "}";
        case Kind::range: return fmt::format(R"({{"range": [{}, {}]}})", v.range().lo, v.range().hi);
        case Kind::position: {
            const PosObj& p = v.pos();
            std::string out = "{\"position\": " + json_string(repr(v)) + ", \"misere\": ";
            out += p.misere ? "true" : "false";
            out += ", \"parts\": [";
            for (std::size_t i = 0; i < p.parts.size(); ++i) {
                const Component& c = p.parts[i];
                out += (i ? ", {" : "{") + game_fields(*c.game);
                out += ", \"state\": " + to_json(c.game->state(c.state)) + "}";
            }
            return out + "]}";
        }
        case Kind::rules: return "{\"ruleset\": " + json_string(repr(v)) + ", " + game_fields(*v.rules().game) + "}";
        case Kind::infinite: return "{\"inf\": " + json_array(v.seq().span()) + "}";
        case Kind::none: return "null";
    }
    return "null";
}

namespace {

// `"event": "print", "file": "a.game", "line": 3` for a statement.
std::string head(const SourceManager& sm, const char* event, Loc loc) {
    std::string out = fmt::format("{{\"event\": \"{}\"", event);
    if (loc.valid()) {
        LineCol lc = sm.get(loc.source).line_col(loc.offset);
        out += fmt::format(", \"file\": {}, \"line\": {}", json_string(sm.get(loc.source).name()), lc.line);
    }
    return out;
}

// The period `table` would report: one int generator over consecutive values.
std::string period_json(const std::vector<TableRow>& rows) {
    std::vector<Value> values;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const Value& k = rows[i].keys[0];
        if (!k.is(Kind::integer) || (i && k.as_int() != rows[i - 1].keys[0].as_int() + 1)) return "";
        values.push_back(rows[i].value);
    }
    Period p = find_period(values);
    if (!p.found()) return ", \"period\": null";
    return fmt::format(", \"period\": {{\"period\": {}, \"from\": {}}}", p.period, rows[p.start].keys[0].as_int());
}

}  // namespace

std::string event_json(const SourceManager& sm, const Event& e) {
    std::string out;
    switch (e.kind) {
        case Event::Kind::print: {
            out = head(sm, "print", e.stmt.loc()) + ", \"values\": [";
            for (std::size_t i = 0; i < e.values.size(); ++i) out += (i ? ", " : "") + to_json(e.values[i]);
            return out + "]}";
        }
        case Event::Kind::table: {
            out = head(sm, "table", e.stmt.loc()) + ", \"text\": " + json_string(*e.text) + ", \"vars\": [";
            for (std::size_t i = 0; i < e.names->size(); ++i) out += (i ? ", " : "") + json_string((*e.names)[i]);
            out += "], \"rows\": [";
            for (std::size_t i = 0; i < e.rows->size(); ++i) {
                const TableRow& r = (*e.rows)[i];
                out += i ? ", [" : "[";
                for (const Value& k : r.keys) out += to_json(k) + ", ";
                out += to_json(r.value) + "]";
            }
            out += "]";
            if (e.names->size() == 1 && !e.rows->empty()) out += period_json(*e.rows);
            return out + "}";
        }
        case Event::Kind::assert_that:
        case Event::Kind::check: {
            out = head(sm, e.kind == Event::Kind::check ? "check" : "assert", e.stmt.loc());
            out += fmt::format(", \"passed\": {}", e.passed ? "true" : "false");
            if (!e.passed) out += ", \"message\": " + json_string(e.message);
            return out + "}";
        }
    }
    return out;
}

std::string error_json(const SourceManager& sm, const Diagnostic& d) {
    const char* event = d.severity == Severity::note ? "note" : d.severity == Severity::warning ? "warning" : "error";
    std::string out = head(sm, event, d.loc);
    if (d.loc.valid()) out += fmt::format(", \"column\": {}", sm.get(d.loc.source).line_col(d.loc.offset).column);
    return out + ", \"message\": " + json_string(d.message) + "}";
}

}  // namespace grundy
