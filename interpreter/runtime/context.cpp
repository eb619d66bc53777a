#include "context.hpp"

#include <cctype>
#include <charconv>
#include <fmt/format.h>

#include "instance.hpp"
#include "interpreter/values/ops.hpp"

namespace grundy {

Context::Context(const SourceManager& s)
    : sources(s), stack_(static_cast<Value*>(std::calloc(stack_values, sizeof(Value)))) {
    static_assert(static_cast<int>(Kind::none) == 0, "a zeroed Value must be an empty one");
    if (!stack_) throw std::bad_alloc();
    ops::range_poll = &poll_interrupt;  // builtins' long loops stop on Ctrl-C and limits too
}
Context::~Context() = default;

Value* Context::push_frame(std::uint32_t slots, Loc call_site) {
    poll_interrupt();  // every call and move expansion: Ctrl-C stops long recursions too
    // The top-level frame is depth 1: max_depth nested calls fit above it.
    if (depth_ > max_depth || top_ + slots > stack_values)
        fail(call_site, fmt::format("recursion is too deep (more than {} nested calls): is a base case missing?",
                                    max_depth));
    Value* frame = stack_.get() + top_;
    top_ += slots;
    ++depth_;
    return frame;
}

void Context::pop_frame(std::uint32_t slots) {
    top_ -= slots;
    for (std::uint32_t i = 0; i < slots; ++i) stack_.get()[top_ + i] = Value();
    --depth_;
}

Instance& Context::instance(const CompiledGame& game, const Value& args) {
    auto it = game.instances.find(args);
    if (it != game.instances.end()) return *it->second;
    auto inst = std::make_unique<Instance>(*this, game, args);
    Instance& ref = *inst;
    game.instances.emplace(args, std::move(inst));
    instances_.push_back(&ref);
    return ref;
}

bool Context::read_int(std::int64_t& out) {
    std::string word;
    int c;
    while ((c = std::fgetc(input_)) != EOF && std::isspace(c)) {}
    while (c != EOF && c != '\0' && !std::isspace(c)) {
        word += static_cast<char>(c);
        c = std::fgetc(input_);
    }
    if (word.empty()) return false;
    std::string_view w(word);
    auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), out);
    if (ec == std::errc::result_out_of_range)
        throw ValueError(fmt::format("the input {} does not fit in a 64-bit int", w));
    if (ec != std::errc() || end != w.data() + w.size())
        throw ValueError(fmt::format("the input \"{}\" is not an int", w));
    return true;
}

}  // namespace grundy
