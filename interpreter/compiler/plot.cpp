#include "plot.hpp"

#include <algorithm>
#include <fmt/format.h>

#include "interpreter/values/ops.hpp"

namespace grundy {

namespace {

constexpr int plot_w = 600, plot_h = 300;        // the plot area of a panel
constexpr int left = 56, right = 16, top = 34, bottom = 46;
constexpr int panel_w = left + plot_w + right, panel_h = top + plot_h + bottom;

std::vector<std::int64_t> ints_of(const Value& v, const std::string& what) {
    std::vector<std::int64_t> out;
    ops::for_each(v, [&](const Value& x) {
        if (!x.is(Kind::integer) || x.as_int() < 0)
            throw ValueError(fmt::format("{} must be a list of ints of at least 0 (G(0), G(1), ...), not one "
                                         "holding {}",
                                         what, repr(x)));
        out.push_back(x.as_int());
        return true;
    });
    return out;
}

// Tick marks at 1, 2 or 5 times a power of ten, about `want` of them up to `hi`.
std::vector<std::int64_t> ticks(std::int64_t hi, int want) {
    std::int64_t step = 1;
    for (std::int64_t p = 1;; p *= 10) {
        if (hi / p <= want) { step = p; break; }
        if (hi / (2 * p) <= want) { step = 2 * p; break; }
        if (hi / (5 * p) <= want) { step = 5 * p; break; }
    }
    std::vector<std::int64_t> out;
    for (std::int64_t t = 0; t <= hi; t += step) out.push_back(t);
    return out;
}

std::string escape(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == '&') out += "&amp;";
        else if (c == '<') out += "&lt;";
        else if (c == '>') out += "&gt;";
        else if (c == '"') out += "&quot;";
        else out += c;
    }
    return out;
}

void panel(const PlotSeries& s, int x0, std::string& out) {
    const auto n = static_cast<std::int64_t>(s.values.size());
    const std::int64_t top_value = s.values.empty() ? 0 : *std::max_element(s.values.begin(), s.values.end());
    const std::int64_t last = std::max<std::int64_t>(n - 1, 1), vmax = std::max<std::int64_t>(top_value, 1);
    auto px = [&](std::int64_t i) { return x0 + left + static_cast<double>(i) * plot_w / static_cast<double>(last); };
    auto py = [&](std::int64_t v) { return top + plot_h - static_cast<double>(v) * plot_h / static_cast<double>(vmax); };
    out += fmt::format("<g>\n<text x=\"{}\" y=\"20\" text-anchor=\"middle\" font-size=\"15\">{}</text>\n",
                       x0 + left + plot_w / 2, escape(s.label));
    // Axes, ticks and labels.
    out += fmt::format("<path d=\"M{} {}V{}H{}\" fill=\"none\" stroke=\"black\"/>\n", x0 + left, top, top + plot_h,
                       x0 + left + plot_w);
    for (std::int64_t t : ticks(last, 6))
        out += fmt::format("<path d=\"M{:.1f} {}v5\" stroke=\"black\"/><text x=\"{:.1f}\" y=\"{}\" "
                           "text-anchor=\"middle\" font-size=\"11\">{}</text>\n",
                           px(t), top + plot_h, px(t), top + plot_h + 17, s.first + t);
    for (std::int64_t t : ticks(vmax, 5))
        out += fmt::format("<path d=\"M{} {:.1f}h-5\" stroke=\"black\"/><text x=\"{}\" y=\"{:.1f}\" "
                           "text-anchor=\"end\" font-size=\"11\">{}</text>\n",
                           x0 + left, py(t), x0 + left - 8, py(t) + 4, t);
    out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"13\">n</text>\n",
                       x0 + left + plot_w / 2, top + plot_h + 38);
    out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"13\" "
                       "transform=\"rotate(-90 {} {})\">G(n)</text>\n",
                       x0 + 16, top + plot_h / 2, x0 + 16, top + plot_h / 2);
    // The points: one per (column, row) that some heap has.
    if (n <= plot_w && vmax <= plot_h) {
        for (std::int64_t i = 0; i < n; ++i)
            out += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"2\"/>\n", px(i), py(s.values[i]));
    } else {
        const std::int64_t cols = std::min<std::int64_t>(n, plot_w), rows = std::min<std::int64_t>(vmax + 1, plot_h);
        std::vector<bool> seen(static_cast<std::size_t>(cols * rows));
        for (std::int64_t i = 0; i < n; ++i) {
            const std::int64_t c = i * cols / n, r = s.values[i] * (rows - 1) / vmax;
            seen[static_cast<std::size_t>(c * rows + r)] = true;
        }
        const double cw = static_cast<double>(plot_w) / cols, rh = static_cast<double>(plot_h) / rows;
        // A run of rows in a column is one rectangle.
        out += "<path d=\"";
        for (std::int64_t c = 0; c < cols; ++c)
            for (std::int64_t r = 0; r < rows; ++r) {
                if (!seen[static_cast<std::size_t>(c * rows + r)]) continue;
                std::int64_t end = r;
                while (end + 1 < rows && seen[static_cast<std::size_t>(c * rows + end + 1)]) ++end;
                const double w = std::max(cw, 1.0);
                out += fmt::format("M{:.1f} {:.1f}h{:.1f}v{:.1f}h-{:.1f}z", x0 + left + c * cw,
                                   top + plot_h - (end + 1) * rh, w, std::max((end - r + 1) * rh, 1.5), w);
                r = end;
            }
        out += "\"/>\n";
    }
    out += "</g>\n";
}

}  // namespace

std::vector<PlotSeries> plot_series(const Value& v, const std::string& label) {
    std::vector<PlotSeries> out;
    bool nested = false;
    ops::for_each(v, [&](const Value& x) {
        nested = x.is(Kind::list) || x.is(Kind::tuple);
        return false;
    });
    if (!nested) {
        out.push_back(PlotSeries{label, ints_of(v, "a plotted sequence"), 0});
        return out;
    }
    ops::for_each(v, [&](const Value& x) {
        out.push_back(PlotSeries{fmt::format("{} #{}", label, out.size() + 1), ints_of(x, "a plotted sequence"), 0});
        return true;
    });
    return out;
}

std::string plot_svg(const std::vector<PlotSeries>& series) {
    const int width = panel_w * static_cast<int>(std::max<std::size_t>(series.size(), 1));
    std::string out = fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" "
        "font-family=\"sans-serif\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n",
        width, panel_h, width, panel_h);
    for (std::size_t i = 0; i < series.size(); ++i) panel(series[i], static_cast<int>(i) * panel_w, out);
    return out + "</svg>\n";
}

}  // namespace grundy
