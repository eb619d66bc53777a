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
    asmjit::CpuRWFlags reads_flags = asmjit::CpuRWFlags::kNone, writes_flags = asmjit::CpuRWFlags::kNone;
    bool may_keep_flags = false;  // a shift or rotate by a register: by 0 it writes none
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
        e.writes_flags = static_cast<asmjit::CpuRWFlags>(~0u);  // a call clobbers them
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
    e.reads_flags = rw.readFlags();
    e.writes_flags = rw.writeFlags();
    switch (inst->id()) {
        case x86::Inst::kIdShl: case x86::Inst::kIdShr: case x86::Inst::kIdSar:
        case x86::Inst::kIdRol: case x86::Inst::kIdRor: case x86::Inst::kIdRcl: case x86::Inst::kIdRcr:
            e.may_keep_flags = inst->opCount() > 1 && inst->op(1).isReg();
            break;
        default: break;
    }
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
    // For a node that reads flags: the nodes before it that set them, back
    // to the last that sets each flag it reads for certain.
    std::vector<std::vector<std::size_t>> flags_from;
    std::size_t block = 0;  // the first node after the last label
    for (BaseNode* n = cc.firstNode(); n; n = n->next()) {
        Effects e;
        const Node kind = effects_of(n, e);
        if (kind == Node::unknown) return;  // keep everything
        if (kind == Node::other) {
            // A label, or a note: at a label the flags may come from
            // another path, which this walk does not follow.
            if (n->type() == NodeType::kLabel || n->type() == NodeType::kFunc) block = nodes.size();
            continue;
        }
        std::vector<std::size_t> from;
        auto wanted = e.reads_flags;
        for (std::size_t j = nodes.size(); wanted != asmjit::CpuRWFlags::kNone; --j) {
            if (j == block) return;  // read across a label: keep everything
            const Effects& w = effects[j - 1];
            if ((w.writes_flags & wanted) == asmjit::CpuRWFlags::kNone) continue;
            from.push_back(j - 1);
            if (!w.may_keep_flags) wanted &= ~w.writes_flags;
        }
        flags_from.push_back(std::move(from));
        nodes.push_back(n);
        effects.push_back(std::move(e));
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
        for (const std::size_t w : flags_from[i]) mark(w);
    }
    for (std::size_t i = 0; i < nodes.size(); ++i)
        if (!live[i]) cc.removeNode(nodes[i]);
}

}  // namespace grundy::intpath::jit
#endif
