#!/usr/bin/env python3
"""Worst-case stack of a Thumb-2 image, from its disassembly.

Usage: stack.py IMAGE [ENTRY]   (ENTRY defaults to _start)
       stack.py IMAGE --entries MODULE

With --entries, every function MODULE::<query>::<backend> of the image is an
entry (ci/size's `entries` image), and the output is one line per entry:
`<query> <backend> <worst> <deepest frame's function>`.

Reads `llvm-objdump -d` of IMAGE, sizes every function's frame from its
prologue (push, push.w, stmdb sp!, vpush, and sub sp by an immediate or by a
register loaded with movw/movt), builds the call graph from bl, blx and
branches to another function's first instruction (tail calls), and prints
the deepest path from ENTRY with each frame on it, then `worst N` in bytes.

Fails (exit status 1, with the reason) on what a bound cannot be given for:
recursion (a cycle in the call graph reachable from ENTRY), an indirect call
or jump (blx rN, bx rN other than bx lr, a pc load other than a return),
and a function that moves sp other than in its prologue and epilogue by
amounts it cannot pair.
"""

import re
import subprocess
import sys

HEADER = re.compile(r"^([0-9a-f]+) <(.+)>:$")
INSN = re.compile(r"^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$")
TARGET = re.compile(r"0x([0-9a-f]+) <([^>+]+)(\+0x[0-9a-f]+)?>")
REGS = re.compile(r"\{([^}]*)\}")


def reg_count(operands):
    """Registers in a register list such as {r4, r5, r7, lr} or {d8, d9}."""
    m = REGS.search(operands)
    if not m:
        return 0, 4
    n, width = 0, 4
    for part in m.group(1).split(","):
        part = part.strip()
        if "-" in part:
            a, b = part.split("-")
            n += int(b[1:]) - int(a[1:]) + 1
        elif part:
            n += 1
        if part.startswith("d"):
            width = 8
    return n, width


def imm(text):
    m = re.search(r"#(-?0x[0-9a-f]+|-?\d+)", text)
    return int(m.group(1), 0) if m else None


def functions(lines):
    """(name, address, [(address, mnemonic, operands)]) per function; the
    $t/$d mapping symbols continue the function they are in."""
    out, current = [], None
    for line in lines:
        h = HEADER.match(line)
        if h:
            name = h.group(2)
            if name.startswith("$"):
                continue
            current = (name, int(h.group(1), 16), [])
            out.append(current)
            continue
        i = INSN.match(line)
        if i and current is not None:
            current[2].append((int(i.group(1), 16), i.group(2), i.group(3)))
    return out


def frame(name, insns):
    """Bytes a function takes off sp, and a fault or None: its prologue
    (pushes, pre-decrementing stores to sp, sub sp), plus every sub sp after
    it (an argument area set up before a call), all counted as if at once."""
    size, later, regs = 0, 0, {}
    prologue = True
    for _, op, args in insns:
        base = op.split(".")[0]
        if prologue and (base == "push" or (base in ("stmdb", "vstmdb") and args.startswith("sp!"))):
            n, w = reg_count(args)
            size += n * w
            continue
        if prologue and base == "vpush":
            n, w = reg_count(args)
            size += n * w
            continue
        pre = re.search(r"\[sp, #-(\d+)\]!$", args)
        if base in ("str", "strd", "vstr") and pre:
            if prologue:
                size += int(pre.group(1))
            else:
                later += int(pre.group(1))
            continue
        if base in ("sub", "subw") and re.match(r"sp,\s*(sp,\s*)?", args):
            rest = re.sub(r"^sp,\s*(sp,\s*)?", "", args)
            v = imm(rest)
            if v is None:
                r = rest.split()[0].rstrip(",")
                v = regs.get(r)
                if v is None:
                    return size, f"{name}: sp moved by a register of unknown value ({op} {args})"
            if prologue:
                size += v
            else:
                later += v
            continue
        if base in ("movw", "mov") and imm(args) is not None:
            regs[args.split(",")[0]] = imm(args)
            continue
        if base == "movt" and imm(args) is not None:
            r = args.split(",")[0]
            regs[r] = regs.get(r, 0) | (imm(args) << 16)
            continue
        if base in ("add", "mov") and args.startswith("r7, sp"):
            continue  # the frame pointer
        if base in ("mov",) and args.startswith("sp,"):
            if not args.startswith("sp, r7"):  # the epilogue's restore
                return size, f"{name}: sp set from a register ({op} {args})"
        prologue = False
    return size + later, None


def calls(name, start, insns, starts):
    """Callees of a function, and a fault or None."""
    out = set()
    for _, op, args in insns:
        base = op.split(".")[0]
        if base in ("bl", "blx", "b") and not args.startswith("r"):
            t = TARGET.search(args)
            if not t:
                continue
            addr = int(t.group(1), 16)
            if base == "b" and addr not in starts:
                continue  # a branch inside the function
            if addr in starts and starts[addr] != name:
                out.add(starts[addr])
            elif addr in starts and base != "b":
                out.add(name)  # calls itself
        elif base in ("blx", "bx") and args.strip() != "lr":
            return out, f"{name}: indirect call or jump ({op} {args})"
        elif base in ("ldr",) and args.startswith("pc"):
            return out, f"{name}: jump through memory ({op} {args})"
        elif base in ("mov",) and args.startswith("pc"):
            return out, f"{name}: jump through a register ({op} {args})"
    return out, None


def mangled_path(name):
    """The path of a legacy-mangled Rust symbol, `_ZN3foo3barE` -> [foo, bar]."""
    if not name.startswith("_ZN"):
        return [name]
    i, parts = 3, []
    while i < len(name) and name[i].isdigit():
        j = i
        while name[j].isdigit():
            j += 1
        n = int(name[i:j])
        parts.append(name[j : j + n])
        i = j + n
    return parts


def load(image):
    text = subprocess.run(
        ["llvm-objdump", "-d", "--no-show-raw-insn", image],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    funcs = functions(text.splitlines())
    starts = {addr: name for name, addr, _ in funcs}
    frames, graph, faults = {}, {}, {}
    for name, addr, insns in funcs:
        frames[name], f1 = frame(name, insns)
        graph[name], f2 = calls(name, addr, insns, starts)
        if f1 or f2:
            faults[name] = f1 or f2
    return frames, graph, faults


def deepest(entry, frames, graph, faults):
    """(worst bytes, the path [(frame, name)], faults) from `entry`, by a
    depth-first search with a stack of its own (no recursion), failing on
    a cycle."""
    best = {}  # name -> (depth, next)
    problems = []
    state = {entry: 1}  # 1 on the path, 2 done
    work = [(entry, iter(sorted(graph.get(entry, ()))))]
    while work:
        name, it = work[-1]
        child = next(it, None)
        if child is None:
            depth, via = 0, None
            for c in graph.get(name, ()):
                if c in best and best[c][0] > depth:
                    depth, via = best[c][0], c
            best[name] = (frames.get(name, 0) + depth, via)
            state[name] = 2
            work.pop()
            continue
        if state.get(child) == 1:
            problems.append(f"recursion: {child} calls back into itself via {name}")
            continue
        if state.get(child) == 2:
            continue
        if child in faults:
            problems.append(faults[child])
        state[child] = 1
        work.append((child, iter(sorted(graph.get(child, ())))))
    if entry in faults:
        problems.append(faults[entry])
    path, name = [], entry
    while name is not None:
        path.append((frames.get(name, 0), name))
        name = best[name][1]
    return best[entry][0], path, sorted(set(problems))


def main():
    image = sys.argv[1]
    frames, graph, faults = load(image)
    failed = False
    if len(sys.argv) > 3 and sys.argv[2] == "--entries":
        module = sys.argv[3]
        rows = []
        for name in frames:
            p = mangled_path(name)
            if len(p) >= 4 and p[-4] == module:
                rows.append((p[-3], p[-2], name))
        if not rows:
            print(f"no entries {module}::<query>::<backend> in {image}", file=sys.stderr)
            sys.exit(1)
        for query, backend, name in sorted(rows):
            worst, path, problems = deepest(name, frames, graph, faults)
            top = max(path[1:] or path)
            print(f"{query} {backend} {worst} {'::'.join(mangled_path(top[1])[-3:-1])}")
            for p in problems:
                print(f"FAULT {query} {backend}: {p}")
                failed = True
        sys.exit(1 if failed else 0)
    entry = sys.argv[2] if len(sys.argv) > 2 else "_start"
    if entry not in frames:
        print(f"no function {entry} in {image}", file=sys.stderr)
        sys.exit(1)
    worst, path, problems = deepest(entry, frames, graph, faults)
    print(f"deepest path from {entry}:")
    for size, name in path:
        print(f"  {size:7d}  {name}")
    print(f"worst {worst}")
    for p in problems:
        print(f"FAULT {p}")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
