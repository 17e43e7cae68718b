#!/usr/bin/env python3
"""Instructions and stack of swept's queries on a Cortex-M4F, per case.

Usage: mcu.py IMAGE [--enforce]
       mcu.py IMAGE --profile QUERY CASE BACKEND

IMAGE is ci/size's `entries` image for thumbv7em-none-eabihf. Each entry
`entries::<query>::<backend>` reads its inputs from the static `INPUT`
(word i = INPUT[2i] | INPUT[2i+1] << 32, each word the value's bits: f32
bits, or fixed point's raw integer); `entries::plain_<query>::<backend>` is
the plain reference of benches/plain on the same inputs. For every case
below, on f32 and I32F32, this writes the inputs, paints the stack, calls
the entry in Unicorn (QEMU's CPU emulation as a library: a Cortex-M4 with
its single-precision FPU), counts the instructions it executes up to its
return and finds the deepest stack word it wrote. It prints one line per
case and backend and exits 1 if a ratio to the plain reference is above
its bound (with --enforce) or a call faults. Then, for every query, bad
inputs (NaN, an infinity, a negative radius, axes that are not unit, and
subnormals or fixed point's extremes): each call must return without a
fault, with an error value where the input is bad; it exits 1 otherwise.

With --profile, one case (QUERY and CASE as in the table, BACKEND f32,
i32f32 or i16f16; QUERY as plain_QUERY for the plain reference) is run
alone and its instructions are attributed to the functions
of the image that execute them: the functions, most first, with their
instructions and the calls that entered them (where they go, for the
work on the bounds; `bash ci/mcu-count.sh` builds IMAGE, as
target/stack/s/thumbv7em-none-eabihf/release/swept-size).

Bounds (issue "Exactness a microcontroller can afford", item 3): a miss at
most 1.5x plain, a face or corner hit at most 4x, an exact graze, a tie
or a touch at time 0 at most 40x.
"""

import bisect
import re
import signal
import struct
import subprocess
import sys
from fractions import Fraction as F

from stack import mangled_path  # ci/stack.py, beside this file
from unicorn import UC_ARCH_ARM, UC_HOOK_CODE, UC_MODE_MCLASS, UC_MODE_THUMB, Uc, UcError
from unicorn.arm_const import (
    UC_ARM_REG_LR,
    UC_ARM_REG_PC,
    UC_ARM_REG_R0,
    UC_ARM_REG_SP,
    UC_CPU_ARM_CORTEX_M4,
)

BOUNDS = {"miss": 1.5, "hit": 4.0, "exact": 40.0}

# The cases of each query: (name, class, inputs in the order of
# ci/size/src/main.rs's `queries::<query>` (`any(i)` is input i)).
# sweep_aabb2: center (0, 1), radius 2, circle velocity (3, 4), box min
# (5, 6), max (7, 8), box velocity (9, 10); the box [-1, 1]^2, still.
SQUARE = [-1, -1, 1, 1]  # the square [-1, 1]^2: min, max
CUBE = [-1, -1, -1, 1, 1, 1]
OBB2 = [0, 0, 1, 0, 0, 1, 1, 1]  # the same square: center, axes, half extents
OBB3 = [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1]
BOX = SQUARE + [0, 0]  # still: its velocity
OBOX = OBB2 + [0, 0]
SEG = [1, -1, 1, 1]
DISC = [0, 0, 1, 0, 0]
CASES = {
    "sweep_aabb2": [
        # Beyond the face x = 1 + r and moving away: the early exit.
        ("miss", "miss", [4, 3, F(1, 2), 1, 0] + BOX),
        # Center (4, 1/2), r = 1, moving (-1, 1/8): its center reaches the
        # dilated face x = 2 at t = 2, at (2, 3/4).
        ("face hit", "hit", [4, F(1, 2), 1, -1, F(1, 8)] + BOX),
        # Center (4, 7/2), r = 1, moving (-1, -1): past both dilated faces'
        # ends, into the circle about the corner (1, 1) (V x D = 1/2, the
        # discriminant 7/4: an irrational time).
        ("corner hit", "hit", [4, F(7, 2), 1, -1, -1] + BOX),
        # Center (4, 4), moving (-1, -1): the corner (1, 1) head-on (a
        # rational time: the exact tiers settle the rounding).
        ("corner head-on", "exact", [4, 4, 1, -1, -1] + BOX),
        # Center (2, 0), r = 1: touching the face x = 1 at t = 0, moving in.
        ("touching at 0", "exact", [2, 0, 1, -1, 0] + BOX),
        # Center (4, 2), r = 1, moving left: slides along y = 2, a graze.
        ("exact graze", "exact", [4, 2, 1, -1, 0] + BOX),
    ],
    # The same square as an oriented box (center, axes, half extents).
    "sweep_obb2": [
        ("miss", "miss", [4, 3, F(1, 2), 1, 0] + OBOX),
        ("face hit", "hit", [4, F(1, 2), 1, -1, F(1, 8)] + OBOX),
        ("corner hit", "hit", [4, F(7, 2), 1, -1, -1] + OBOX),
        ("corner head-on", "exact", [4, 4, 1, -1, -1] + OBOX),
        ("touching at 0", "exact", [2, 0, 1, -1, 0] + OBOX),
        ("exact graze", "exact", [4, 2, 1, -1, 0] + OBOX),
    ],
    # The segment (1, -1)-(1, 1); the displacement over one frame.
    "sweep_segment": [
        ("miss", "miss", [4, F(1, 2), 1, 1, 0] + SEG),
        # Reaches the line's distance x = 2 at t = 1/2, at y = 3/4.
        ("face hit", "hit", [4, F(1, 2), 1, -4, F(1, 2)] + SEG),
        # Past the end (1, 1): its circle, an irrational time.
        ("end hit", "hit", [4, F(7, 2), 1, -4, -4] + SEG),
        # Along the line into the end (1, 1): t = 1/2.
        ("end head-on", "exact", [1, 4, 1, 0, -4] + SEG),
        ("touching at 0", "exact", [2, 0, 1, -1, 0] + SEG),
        # Along y = 2, passing the end (1, 1) at distance 1: a graze.
        ("exact graze", "exact", [4, 2, 1, -4, 0] + SEG),
    ],
    # The other circle: center 0, radius 1, still.
    "sweep_circle": [
        ("miss", "miss", [4, F(1, 2), 1, 1, 0] + DISC),
        ("hit", "hit", [4, F(1, 2), 1, -1, F(1, 8)] + DISC),
        ("head-on", "exact", [4, 0, 1, -1, 0] + DISC),
        ("touching at 0", "exact", [2, 0, 1, -1, 0] + DISC),
        ("exact graze", "exact", [4, 2, 1, -1, 0] + DISC),
    ],
    # Still spheres against the cube [-1, 1]^3 (min, max).
    "classify_sphere_aabb3": [
        ("disjoint", "miss", [4, F(1, 2), 0, 1] + CUBE),
        ("overlapping a face", "hit", [F(3, 2), F(1, 2), 0, 1] + CUBE),
        ("overlapping a corner", "hit", [F(3, 2), F(3, 2), F(3, 2), 1] + CUBE),
        ("touching a face", "exact", [2, F(1, 2), 0, 1] + CUBE),
        # (1/4, 1/2, 1/2) from the corner (1, 1, 1): distance 3/4, the radius.
        ("touching a corner", "exact", [F(5, 4), F(3, 2), F(3, 2), F(3, 4)] + CUBE),
    ],
    # Points against the square [-1, 1]^2 (min, max), then a threshold.
    "distance_aabb2": [
        ("inside", "miss", [F(1, 2), F(1, 2)] + SQUARE + [1]),
        # 7/3 is not an f32 (nor a multiple of 2^-32): a rounded square.
        ("outside a face", "hit", [F(7, 3), F(1, 2)] + SQUARE + [1]),
        ("outside a corner", "hit", [F(7, 3), F(5, 3)] + SQUARE + [1]),
        # (3, 1/2): 4 exactly.
        ("exact", "exact", [3, F(1, 2)] + SQUARE + [1]),
    ],
    # Still circles against the square [-1, 1]^2 (min, max).
    "classify_circle_aabb2": [
        ("disjoint", "miss", [4, F(1, 2), 1] + SQUARE),
        ("overlapping a face", "hit", [F(3, 2), F(1, 2), 1] + SQUARE),
        ("overlapping a corner", "hit", [F(3, 2), F(3, 2), 1] + SQUARE),
        ("touching a face", "exact", [2, F(1, 2), 1] + SQUARE),
        # (3/8, 1/2) from the corner (1, 1): distance 5/8, the radius.
        ("touching a corner", "exact", [F(11, 8), F(3, 2), F(5, 8)] + SQUARE),
    ],
}

# The cube [-1, 1]^3, still (min, max, velocity), and as an oriented box.
CUBEBOX = CUBE + [0, 0, 0]
OCUBE = OBB3 + [0, 0, 0]
# sweep_aabb3: center (0, 1, 2), radius 3, sphere velocity (4, 5, 6), then
# the box. The 2D cases in the plane z = 0, and a corner of the cube.
CASES["sweep_aabb3"] = [
    ("miss", "miss", [4, 3, 0, F(1, 2), 1, 0, 0] + CUBEBOX),
    ("face hit", "hit", [4, F(1, 2), 0, 1, -1, F(1, 8), 0] + CUBEBOX),
    # Past both dilated faces' ends: the cylinder about the edge x = y = 1.
    ("edge hit", "hit", [4, F(7, 2), 0, 1, -1, -1, 0] + CUBEBOX),
    # From (3, 7/2, 13/4) off the corner (1, 1, 1), moving (-1, -1, -1):
    # the corner's sphere (at t = (39 - sqrt 42) / 12, beyond it on every
    # axis), entering the dilated cube on y first.
    ("corner hit", "hit", [4, F(9, 2), F(17, 4), 1, -1, -1, -1] + CUBEBOX),
    ("corner head-on", "exact", [4, 4, 4, 1, -1, -1, -1] + CUBEBOX),
    ("touching at 0", "exact", [2, 0, 0, 1, -1, 0, 0] + CUBEBOX),
    ("exact graze", "exact", [4, 2, 0, 1, -1, 0, 0] + CUBEBOX),
]
CASES["sweep_obb3"] = [(n, k, i[:7] + OCUBE) for n, k, i in CASES["sweep_aabb3"]]
# advance: a ball (center, radius), its displacement; a segment, an aligned
# box, an oriented box and a circle (SCENES below); restitution 1.
OBSTACLES = [-8, -4, -8, 4] + SQUARE + [0, 5, 1, 0, 0, 1, 1, 1] + [0, -5, 1]
CASES["advance"] = [
    ("miss", "miss", [4, F(1, 2), F(1, 2), 1, 0] + OBSTACLES + [1]),
    # Into the square's face x = 1 at t = 5/12, then back out.
    ("face hit", "hit", [4, F(1, 2), F(1, 2), -6, F(1, 8)] + OBSTACLES + [1]),
    # Along y = x - 1/4, past both faces' ends: the corner (1, 1).
    ("corner hit", "hit", [4, F(15, 4), F(1, 2), -4, -4] + OBSTACLES + [1]),
    ("touching at 0", "exact", [F(3, 2), 0, F(1, 2), -1, 0] + OBSTACLES + [1]),
    # Along y = 3/2, the square's top face dilated: a graze.
    ("exact graze", "exact", [4, F(3, 2), F(1, 2), -6, 0] + OBSTACLES + [1]),
]

# The static queries against the same square and cube as oriented boxes
# (center, axes, half extents): the aligned cases, the box replaced.
CASES["classify_circle_obb2"] = [(n, k, i[:3] + OBB2) for n, k, i in CASES["classify_circle_aabb2"]]
CASES["classify_sphere_obb3"] = [(n, k, i[:4] + OBB3) for n, k, i in CASES["classify_sphere_aabb3"]]

# Bad input (item 6): every query, on inputs that must give an error value
# (NaN, an infinity, a negative radius, axes that are not unit and
# orthogonal) or any answer without a fault (subnormals, fixed point's
# extremes). Each query's benign inputs, in the order of ci/size's
# `queries::<query>`, its radius's index (None: no radius) and its axes'
# indices.
SCENES = {
    "classify_circle_aabb2": ([4, F(1, 2), 1] + SQUARE, 2, []),
    "classify_sphere_aabb3": ([4, F(1, 2), 0, 1] + CUBE, 3, []),
    "classify_circle_obb2": ([4, F(1, 2), 1] + OBB2, 2, [5, 6, 7, 8]),
    "classify_sphere_obb3": ([4, F(1, 2), 0, 1] + OBB3, 3, list(range(7, 16))),
    "distance_aabb2": ([4, F(1, 2)] + SQUARE + [1], None, []),
    "sweep_aabb2": ([4, F(1, 2), 1, -1, F(1, 8)] + SQUARE + [0, 0], 2, []),
    "sweep_obb2": ([4, F(1, 2), 1, -1, F(1, 8)] + OBB2 + [0, 0], 2, [7, 8, 9, 10]),
    "sweep_segment": ([4, F(1, 2), 1, -4, F(1, 2), 1, -1, 1, 1], 2, []),
    "sweep_circle": ([4, F(1, 2), 1, -1, F(1, 8), 0, 0, 1, 0, 0], 2, []),
    "sweep_aabb3": ([4, F(1, 2), 0, 1, -1, F(1, 8), 0] + CUBE + [0, 0, 0], 3, []),
    "sweep_obb3": ([4, F(1, 2), 0, 1, -1, F(1, 8), 0] + OBB3 + [0, 0, 0], 3, list(range(10, 19))),
    # A ball, its displacement; a segment, an aligned box, an oriented box
    # and a circle; restitution 1.
    "advance": (
        [4, F(1, 2), F(1, 2), -6, F(1, 8)]
        + [-8, -4, -8, 4]
        + [-1, -1, 1, 1]
        + [0, 5, 1, 0, 0, 1, 1, 1]
        + [0, -5, 1]
        + [1],
        2,
        [15, 16, 17, 18],
    ),
}
ERROR = 0xE0  # ci/size's word for an error value
BACKEND_INDEX = {"f32": 0, "i32f32": 3}  # each entry xors its result with it


def bad_cases(query, backend):
    """(case, must the result be an error, inputs) for one query."""
    base, radius, axes = SCENES[query]
    cases = []

    def with_(changes):
        x = list(base)
        for i, v in changes.items():
            x[i] = v
        return x

    if backend == "f32":
        cases.append(("NaN", True, with_({0: float("nan")})))
        cases.append(("infinity", True, with_({1: float("inf")})))
        tiny = 2.0**-149  # the least subnormal
        cases.append(("subnormals", False, [v * 2**-140 if v else tiny for v in map(float, base)]))
    else:
        top, bottom = Raw(2**63 - 1), Raw(-(2**63))
        cases.append(("extremes", False, [top if i % 2 else bottom for i in range(len(base))]))
        cases.append(("largest", False, [top] * len(base)))
    if radius is not None:
        cases.append(("negative radius", True, with_({radius: -1})))
    if axes:
        cases.append(("axes not unit", True, with_({i: 2 * base[i] for i in axes})))
    return cases


STACK_TOP = 0x20400000
STACK_SIZE = 0x40000
PAINT = b"\xa5"
RETURN = 0x0FFFFFF0


class Raw(int):
    """A fixed-point input given by its raw integer (the type's extremes)."""


def word(backend, x):
    if isinstance(x, Raw):
        return int(x) & 0xFFFFFFFFFFFFFFFF
    if isinstance(x, float):  # NaN, infinities, subnormals: f32 bits as they are
        return struct.unpack("<I", struct.pack("<f", x))[0]
    x = F(x)
    if backend == "f32":
        return struct.unpack("<I", struct.pack("<f", float(x)))[0]
    if backend == "i32f32":
        raw = round(x * 2**32)
        return raw & 0xFFFFFFFFFFFFFFFF
    if backend == "i16f16":  # --profile only: the table is f32 and I32F32
        raw = round(x * 2**16)
        return raw & 0xFFFFFFFF
    raise ValueError(backend)


class Image:
    def __init__(self, path):
        data = open(path, "rb").read()
        phoff = struct.unpack_from("<I", data, 28)[0]
        phentsize, phnum = struct.unpack_from("<HH", data, 42)
        self.segments = []
        for i in range(phnum):
            p_type, off, vaddr, _, filesz, memsz, _, _ = struct.unpack_from(
                "<8I", data, phoff + i * phentsize
            )
            if p_type == 1:
                self.segments.append((vaddr, data[off : off + filesz], memsz))
        nm = subprocess.run(["llvm-nm", path], capture_output=True, text=True, check=True)
        self.symbols = {}
        # The functions, by address (Thumb's bit cleared): --profile's.
        self.functions = []
        for line in nm.stdout.splitlines():
            parts = line.split()
            if len(parts) == 3:
                self.symbols[parts[2]] = int(parts[0], 16)
                if parts[1] in "tT":
                    self.functions.append((int(parts[0], 16) & ~1, parts[2]))
        self.functions.sort()
        self.entries = {}
        for name, addr in self.symbols.items():
            p = mangled_path(name)
            if len(p) >= 4 and p[-4] == "entries":
                self.entries[(p[-3], p[-2])] = addr

    def machine(self):
        mu = Uc(UC_ARCH_ARM, UC_MODE_THUMB | UC_MODE_MCLASS)
        mu.ctl_set_cpu_model(UC_CPU_ARM_CORTEX_M4)
        pages = set()
        for vaddr, _, memsz in self.segments:
            for page in range(vaddr & ~0xFFF, vaddr + memsz, 0x1000):
                pages.add(page)
        for page in sorted(pages):
            mu.mem_map(page, 0x1000)
        for vaddr, data, memsz in self.segments:
            mu.mem_write(vaddr, data + bytes(memsz - len(data)))
        mu.mem_map(STACK_TOP - STACK_SIZE, STACK_SIZE)
        mu.mem_map(RETURN & ~0xFFF, 0x1000)
        return mu

    def call(self, query, backend, inputs, each=None):
        """(instructions, stack bytes, r0) of one call; `each(address)` is
        called on every instruction executed, if given."""
        mu = self.machine()
        base = self.symbols["INPUT"]
        for i, x in enumerate(inputs):
            w = word(backend, x)
            mu.mem_write(base + 8 * i, struct.pack("<Q", w))
        mu.mem_write(STACK_TOP - STACK_SIZE, PAINT * STACK_SIZE)
        mu.reg_write(UC_ARM_REG_SP, STACK_TOP)
        mu.reg_write(UC_ARM_REG_LR, RETURN | 1)
        count = [0]

        def hook(uc, address, size, user):
            count[0] += 1
            if each:
                each(address)

        mu.hook_add(UC_HOOK_CODE, hook)
        entry = self.entries[(query, backend)]
        mu.emu_start(entry | 1, RETURN, count=50_000_000)
        if mu.reg_read(UC_ARM_REG_PC) != RETURN:
            raise RuntimeError(f"{query} {backend} stopped at {mu.reg_read(UC_ARM_REG_PC):#x}")
        stack = mu.mem_read(STACK_TOP - STACK_SIZE, STACK_SIZE)
        low = next((i for i, b in enumerate(stack) if b != PAINT[0]), STACK_SIZE)
        return count[0], STACK_SIZE - low, mu.reg_read(UC_ARM_REG_R0)


def readable(name):
    """A mangled symbol's path without its hash, its escapes decoded."""
    path = mangled_path(name)
    if len(path) > 1 and re.fullmatch(r"h[0-9a-f]{16}", path[-1]):
        path = path[:-1]
    name = "::".join(path)
    escapes = (
        ("_$LT$", "<"),
        ("$LT$", "<"),
        ("$GT$", ">"),
        ("$u20$", " "),
        ("$C$", ","),
        ("_$u7b$", "{"),
        ("$u7b$", "{"),
        ("$u7d$", "}"),
        ("..", "::"),
    )
    for escape, text in escapes:
        name = name.replace(escape, text)
    return name


def profile(image, query, case, backend):
    """Prints one case's instructions by the function that executes them."""
    starts = [a for a, _ in image.functions]
    names = [readable(n) for _, n in image.functions]
    entered = set(starts)
    counts, calls = {}, {}

    def each(address):
        i = bisect.bisect_right(starts, address) - 1
        name = names[i] if i >= 0 else "?"
        counts[name] = counts.get(name, 0) + 1
        if address in entered:
            calls[name] = calls.get(name, 0) + 1

    # `plain_QUERY`: the plain reference on QUERY's case.
    cases = CASES.get(query.removeprefix("plain_"))
    if cases is None:
        sys.exit(f"no query {query!r}: {list(CASES)}, each also as plain_QUERY")
    inputs = next((i for n, _, i in cases if n == case), None)
    if inputs is None:
        sys.exit(f"no case {case!r} of {query}: {[n for n, _, _ in cases]}")
    n, stack, _ = image.call(query, backend, inputs, each)
    print(f"{query} {case} {backend}: {n} instructions, {stack} bytes of stack")
    print("| instructions | calls | function |")
    print("|---|---|---|")
    for name, c in sorted(counts.items(), key=lambda kv: -kv[1]):
        print(f"| {c} | {calls.get(name, 0)} | {name} |")


def main():
    image = Image(sys.argv[1])
    if "--profile" in sys.argv:
        # Quietly cut short when read through `head`.
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        k = sys.argv.index("--profile")
        if len(sys.argv) < k + 4:
            sys.exit(__doc__)
        profile(image, *sys.argv[k + 1 : k + 4])
        return
    enforce = "--enforce" in sys.argv
    failed = over = False
    print("| query | case | backend | plain | swept | ratio | bound | swept's stack (bytes) |")
    print("|---|---|---|---|---|---|---|---|")
    for query, cases in CASES.items():
        for name, kind, inputs in cases:
            for backend in ("f32", "i32f32"):
                try:
                    n, stack, _ = image.call(query, backend, inputs)
                    p, _, _ = image.call("plain_" + query, backend, inputs)
                except (KeyError, RuntimeError, UcError) as e:
                    print(f"FAULT {query} {name} {backend}: {e}")
                    failed = True
                    continue
                ratio = n / p
                mark = ""
                if ratio > BOUNDS[kind]:
                    mark = " OVER"
                    over = True
                print(
                    f"| {query} | {name} | {backend} | {p} | {n} | {ratio:.1f}x{mark} "
                    f"| {BOUNDS[kind]}x | {stack} |"
                )
    if over:
        print("some ratios are above their bound (OVER)")
    print()
    print("Bad input: an error value where the input is bad, never a fault")
    print("| query | case | backend | result | instructions | stack (bytes) |")
    print("|---|---|---|---|---|---|")
    for query in SCENES:
        for backend in ("f32", "i32f32"):
            for name, must_fail, inputs in bad_cases(query, backend):
                try:
                    n, stack, r0 = image.call(query, backend, inputs)
                except (KeyError, RuntimeError, UcError) as e:
                    print(f"FAULT {query} {name} {backend}: {e}")
                    failed = True
                    continue
                result = "error" if r0 ^ BACKEND_INDEX[backend] == ERROR else "answer"
                mark = ""
                if must_fail and result != "error":
                    mark = " (NOT AN ERROR)"
                    failed = True
                print(f"| {query} | {name} | {backend} | {result}{mark} | {n} | {stack} |")
    sys.exit(1 if failed or (over and enforce) else 0)


if __name__ == "__main__":
    main()
