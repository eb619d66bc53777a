// Dead-code removal over a function the code generator made, before
// asmjit allocates its registers (see int_asm_dce.hpp).
#if GRUNDY_JIT
#include "int_asm_dce.hpp"

#include <vector>

namespace grundy::intpath::jit {

namespace x86 = asmjit::x86;

namespace {

using asmjit::BaseNode;
using asmjit::NodeType;
using asmjit::Operand;

// What one instruction node reads and writes of the virtual registers
// and the CPU flags, and whether removing it could change anything but
// the registers it writes.
struct Effects {
    std::vector<std::uint32_t> reads, writes;  // virtual register indexes
    bool reads_flags = false, writes_flags = false;
    bool root = false;  // kept: a jump, a call, a return, a store, a physical register written
};

void add_virt(std::vector<std::uint32_t>& to, std::uint32_t id) {
    if (Operand::isVirtId(id)) to.push_back(Operand::virtIdToIndex(id));
}

// A memory operand's base and index are read.
void mem_reads(const Operand& op, Effects& e) {
    const auto& m = op.as<x86::Mem>();
    if (m.hasBaseReg()) add_virt(e.reads, m.baseId());
    if (m.hasIndexReg()) add_virt(e.reads, m.indexId());
}

enum class Node { other, inst, unknown };

Node effects_of(BaseNode* node, Effects& e) {
    if (node->type() == NodeType::kFuncRet) {
        e.root = true;
        auto* ret = node->as<asmjit::InstNode>();
        for (std::uint32_t i = 0; i < ret->opCount(); ++i)
            if (ret->op(i).isReg()) add_virt(e.reads, ret->op(i).id());
        return Node::inst;
    }
    if (node->type() == NodeType::kInvoke) {
        auto* call = node->as<asmjit::InvokeNode>();
        e.root = true;
        for (std::uint32_t i = 0; i < call->opCount(); ++i) {
            const Operand& op = call->op(i);
            if (op.isReg()) add_virt(e.reads, op.id());
            else if (op.isMem()) mem_reads(op, e);
        }
        for (std::uint32_t a = 0; a < call->argCount(); ++a)
            for (std::uint32_t v = 0; v < asmjit::Globals::kMaxValuePack; ++v)
                if (call->arg(a, v).isReg()) add_virt(e.reads, call->arg(a, v).id());
        e.writes_flags = true;  // a call clobbers them
        return Node::inst;
    }
    if (!node->isInst()) return Node::other;
    auto* inst = node->as<asmjit::InstNode>();
    asmjit::InstRWInfo rw;
    if (asmjit::InstAPI::queryRWInfo(asmjit::Arch::kX64, inst->baseInst(), inst->operands(), inst->opCount(), &rw) !=
        asmjit::kErrorOk)
        return Node::unknown;
    e.root = node->type() != NodeType::kInst ||
             x86::InstDB::infoById(inst->id()).controlFlow() != asmjit::InstControlFlow::kRegular;
    e.reads_flags = rw.readFlags() != asmjit::CpuRWFlags::kNone;
    e.writes_flags = rw.writeFlags() != asmjit::CpuRWFlags::kNone;
    for (std::uint32_t i = 0; i < inst->opCount(); ++i) {
        const Operand& op = inst->op(i);
        const asmjit::OpRWInfo& o = rw.operand(i);
        if (op.isReg()) {
            if (o.isRead()) add_virt(e.reads, op.id());
            if (o.isWrite()) {
                if (Operand::isVirtId(op.id())) add_virt(e.writes, op.id());
                else e.root = true;
            }
        } else if (op.isMem()) {
            mem_reads(op, e);
            if (o.isWrite()) e.root = true;
        }
    }
    return Node::inst;
}

}  // namespace

void drop_unread(x86::Compiler& cc) {
    std::vector<BaseNode*> nodes;
    std::vector<Effects> effects;
    std::vector<std::size_t> flags_from;  // a node that reads the flags: the one that set them
    std::size_t last_flags = SIZE_MAX;
    for (BaseNode* n = cc.firstNode(); n; n = n->next()) {
        Effects e;
        const Node kind = effects_of(n, e);
        if (kind == Node::unknown) return;  // keep everything
        if (kind == Node::other) {
            // A label, or a note: at a label the flags may come from
            // another path, which this walk does not follow.
            if (n->type() == NodeType::kLabel || n->type() == NodeType::kFunc) last_flags = SIZE_MAX;
            continue;
        }
        if (e.reads_flags) {
            if (last_flags == SIZE_MAX) return;  // read across a label: keep everything
            flags_from.push_back(last_flags);
        } else {
            flags_from.push_back(SIZE_MAX);
        }
        nodes.push_back(n);
        effects.push_back(std::move(e));
        if (effects.back().writes_flags) last_flags = nodes.size() - 1;
    }
    // Every writer of each virtual register, to mark live from its readers.
    std::vector<std::vector<std::size_t>> writers;
    for (std::size_t i = 0; i < nodes.size(); ++i)
        for (const std::uint32_t r : effects[i].writes) {
            if (r >= writers.size()) writers.resize(r + 1);
            writers[r].push_back(i);
        }
    std::vector<char> live(nodes.size(), 0);
    std::vector<std::size_t> work;
    auto mark = [&](std::size_t i) {
        if (i != SIZE_MAX && !live[i]) live[i] = 1, work.push_back(i);
    };
    for (std::size_t i = 0; i < nodes.size(); ++i)
        if (effects[i].root) mark(i);
    while (!work.empty()) {
        const std::size_t i = work.back();
        work.pop_back();
        for (const std::uint32_t r : effects[i].reads)
            if (r < writers.size())
                for (const std::size_t w : writers[r]) mark(w);
        mark(flags_from[i]);
    }
    for (std::size_t i = 0; i < nodes.size(); ++i)
        if (!live[i]) cc.removeNode(nodes[i]);
}

}  // namespace grundy::intpath::jit
#endif
