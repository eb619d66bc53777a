#include "range_query.hpp"

#include <algorithm>

#include "interpreter/runtime/instance.hpp"

namespace grundy::nodes {

namespace {

bool reads_slot(const Code& c, std::uint32_t slot) {
    auto* local = dynamic_cast<const Local*>(&c);
    return local && local->slot == slot;
}

// `[n]`, n the slot.
bool one_item_list(const Code& c, std::uint32_t slot) {
    auto* list = dynamic_cast<const Display*>(&c);
    return list && list->kind == Kind::list && list->items.size() == 1 && !list->expand[0] &&
           reads_slot(*list->items[0], slot);
}

}  // namespace

std::unique_ptr<RangeQuery> RangeQuery::match(const GensCode& gens, const Code& element) {
    if (gens.gens.size() != 1 || gens.where) return nullptr;
    const GenCode& g = gens.gens[0];
    auto* range = dynamic_cast<const Range*>(g.iterable.get());
    auto* sg = dynamic_cast<const CallBuiltin*>(&element);
    if (!range || g.binder.slot < 0 || !sg || sg->query != CallBuiltin::Query::sg) return nullptr;
    auto q = std::make_unique<RangeQuery>();
    q->range_ = range;
    q->slot_ = static_cast<std::uint32_t>(g.binder.slot);
    q->sg_ = sg;
    const Code& arg = *sg->args[0];
    if (auto* call = dynamic_cast<const CallValue*>(&arg)) {
        // f must not change with n: a name other than n.
        const Code& f = *call->callee;
        auto plain = [&](const Code& c) {
            return dynamic_cast<const Const*>(&c) || dynamic_cast<const GlobalLet*>(&c) ||
                   (dynamic_cast<const Local*>(&c) && !reads_slot(c, q->slot_));
        };
        bool fixed = plain(f);
        if (auto* rules = dynamic_cast<const CallGame*>(&f))  // `Octal("0.6")(n)`: rules of constant arguments
            fixed = std::all_of(rules->args.begin(), rules->args.end(), [&](const CodePtr& a) { return plain(*a); });
        if (!fixed || call->args.size() != 1) return nullptr;
        // `f([n])`: as f(n) when f's states are lists of one int (grundy_range checks).
        q->list_ = one_item_list(*call->args[0], q->slot_);
        if (!q->list_ && !reads_slot(*call->args[0], q->slot_)) return nullptr;
        q->callee_ = &f;
        return q;
    }
    if (auto* call = dynamic_cast<const CallGame*>(&arg)) {
        if (call->game->has_params || call->args.size() != 1) return nullptr;
        q->list_ = one_item_list(*call->args[0], q->slot_);
        if (!q->list_ && !reads_slot(*call->args[0], q->slot_)) return nullptr;
        q->game_ = call->game;
        return q;
    }
    return nullptr;
}

Instance* RangeQuery::instance(Env& env) const {
    if (game_) return &plain_instance(env, *game_);
    Value f = callee_->eval(env);
    return f.is(Kind::rules) ? static_cast<Instance*>(f.rules().game) : nullptr;  // else the loop reports it
}

void RangeQuery::run(Env& env, FunctionRef<bool(const Value&)> one, Batch many) const {
    const std::int64_t a = range_->lo->eval_int(env, "the start of a range");
    const std::int64_t b = range_->hi->eval_int(env, "the end of a range");
    if (a > b) return;
    bool ran = sg_->noting_query([&] {
        Instance* inst = instance(env);
        bool all = false;
        located(*sg_, [&] {
            all = inst && inst->grundy_range(a, b, many, list_);
            return Value();
        });
        return all;
    });
    if (ran) return;
    for (std::int64_t i = a;; ++i) {  // as GensCode::run does it
        poll_interrupt();
        env.slots[slot_] = Value::integer(i);
        if (!one(sg_->eval(env)) || i == b) return;
    }
}

}  // namespace grundy::nodes
