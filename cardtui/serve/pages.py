"""How the template lays out its memory, so that the games forked from it copy fewer pages.

A game forked from the template (``prefork.py``) shares the template's pages
until it writes to one; the kernel then copies that page (4 KiB) for the
game alone. CPython 3.11 writes to every object it uses (its reference
count), so what a game costs is the number of pages holding at least one
object it touches, not the bytes of those objects. A game idle on its menu
had copied about 4,100 of the template's pages (16 MiB; it held 18 MiB of
its own in all). Two kinds of them were cheap to avoid:

* **holes in obmalloc's pools.** CPython's small-object allocator hands out
  blocks of one size from a 16 KiB pool; a pool with free blocks takes the
  next allocation of its size, wherever it is. A template freeing objects
  leaves such holes all over its memory, and each small allocation a game
  makes into one copies a page of the template's. :func:`fill_free_blocks`
  fills them with objects that live as long as the template, so a game's
  allocations go to pools of its own.
* **holes in the C heap**, where objects over 512 bytes live:
  :func:`fill_heap_holes` does the same for glibc's free chunks.

A third is not done by default (see ``SERVED``): **the code a game runs,
scattered among the code it never runs.** A call writes to its function's
code object (a reference; and Python's specializing interpreter rewrites its
bytecode in place), and the code objects were made module by module as the
game was imported, so the ~1,300 a game runs sat on ~850 pages.
:func:`gather_code` gives every function the rehearsal ran a copy of its
code object, the copies made one after another, so they sit closer together
(~400 pages).

``benchmarks/bench_fork_memory.py`` prints what each saves. What remains is
the objects every game touches: it reads modules' globals, calls functions,
makes instances of classes, and CPython 3.11 has no immortal objects to
spare those pages.
"""

from __future__ import annotations

import ctypes
import functools
import gc
import os
import re
import sys
import threading
import types
from collections.abc import Callable
from typing import Any

#: What ``prefork._preload`` can do to the template's memory (see there).
TRICKS = ("collect", "gather", "fill", "heap")

#: What ``cardtui serve``'s template does. Not ``gather``: it saves a game
#: ~0.9 MiB of its own but the copies add ~2.5 MiB to the template, which
#: every game maps, so each game's resident size (what a host's ``top``
#: shows, and what bounds a flooded game in the tests) grows by that much,
#: for ~0.7 MiB less PSS at ten games.
SERVED = ("collect", "fill", "heap")

#: What the template keeps alive on purpose: the code objects it replaced
#: (so nothing new is made where they were) and the objects that fill the
#: allocator's free blocks.
_KEPT: list[object] = []


def executed_code(run: Callable[[], None]) -> list[types.CodeType]:
    """Run ``run``; the code objects it called, in the order first called."""
    called: dict[types.CodeType, None] = {}

    def profile(frame: types.FrameType, event: str, arg: Any) -> None:
        if event == "call":
            called[frame.f_code] = None

    before, before_threads = sys.getprofile(), threading.getprofile()
    sys.setprofile(profile)
    threading.setprofile(profile)
    try:
        run()
    finally:
        sys.setprofile(before)
        threading.setprofile(before_threads)
    return list(called)


def gather_code(code: list[types.CodeType]) -> int:
    """Give each function running one of ``code`` a copy of it, the copies side by side.

    A copy is the same code (``code.replace()``); nested code a copied one
    makes functions from (a closure, a lambda) is copied too if it ran. The
    copies start unspecialized; a game specializes them in pages it has
    copied anyway. Call with the garbage collector's objects unfrozen:
    functions are found through it. Returns how many functions changed code.
    """
    wanted = {id(each) for each in code}
    copies: dict[int, types.CodeType] = {}

    def copy(original: types.CodeType) -> types.CodeType:
        made = copies.get(id(original))
        if made is None:
            consts = original.co_consts
            inner = tuple(copy(const) if isinstance(const, types.CodeType)
                          and id(const) in wanted else const for const in consts)  # fmt: skip
            if any(new is not old for new, old in zip(inner, consts, strict=True)):
                consts = inner
            made = copies[id(original)] = original.replace(co_consts=consts)
        return made

    # The functions running them (one walk over the collector's objects, and
    # nothing as big as a list of all of them left behind in the template).
    functions = [each for each in gc.get_referrers(*code) if isinstance(each, types.FunctionType)
                 and id(each.__code__) in wanted]  # fmt: skip
    running = {id(function.__code__) for function in functions}
    # In the order the rehearsal first called them: what a game's start runs
    # together sits together.
    for original in code:
        if id(original) in running:
            copy(original)
    _KEPT.extend(code)
    changed = 0
    for function in functions:
        made = copies.get(id(function.__code__))
        if made is not None:
            function.__code__ = made
            changed += 1
    return changed


def free_blocks() -> dict[int, int]:
    """Free blocks in obmalloc's used pools, by block size (empty if unknown).

    From ``sys._debugmallocstats()``, which CPython writes to the C-level
    standard error; its table's rows are ``class size pools in-use free``.
    """
    debug_stats = getattr(sys, "_debugmallocstats", None)
    memfd_create = getattr(os, "memfd_create", None)
    if debug_stats is None or memfd_create is None:
        return {}
    if sys.stderr is not None:
        sys.stderr.flush()
    try:
        # In memory, not in a temporary file: tempfile would remember the
        # template's temporary directory for every game (see rehearsal.py).
        report = memfd_create("cardtui-malloc-stats")
    except OSError:
        return {}
    try:
        saved = os.dup(2)
        try:
            os.dup2(report, 2)
            debug_stats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        text = os.pread(report, 1 << 20, 0).decode("ascii", "replace")
    except OSError:  # no standard error to borrow
        return {}
    finally:
        os.close(report)
    free: dict[int, int] = {}
    for line in text.splitlines():
        fields = line.split()
        if len(fields) == 5 and all(field.isdigit() for field in fields):
            free[int(fields[1])] = int(fields[4])
        elif free:
            break  # the end of the table
    return free


def fill_free_blocks(rounds: int = 3) -> int:
    """Fill the free blocks of obmalloc's used pools with objects kept alive; how many.

    A filler is an object of exactly a block's size: ``object()`` (16
    bytes), an int of two digits (32), ``bytes`` (33 bytes and up). Reading
    the table makes and frees a few objects, so it is read again and what
    that freed is filled too.
    """
    makers = _fillers()
    filled: list[list[object]] = []
    for _ in range(rounds):
        free = {size: count for size, count in free_blocks().items() if size in makers}
        if not any(free.values()):
            break
        batch: list[object] = [None] * sum(free.values())  # sized once: no list regrowth
        made = 0
        for size, count in free.items():
            make = makers[size]
            for _ in range(count):
                batch[made] = make()
                made += 1
        filled.append(batch)
    _KEPT.append(filled)
    return sum(len(batch) for batch in filled)


def fill_heap_holes(rounds: int = 10) -> int:
    """Allocate (and never free) every free chunk of the C heap's main arena; how many.

    Objects over 512 bytes (most code objects, big dicts' tables, lists of
    more than 64 items) come from the C library's ``malloc``, which hands
    out the template's free chunks first, wherever they are, as obmalloc
    does its free blocks. glibc says which chunks are free (``malloc_info``);
    elsewhere this does nothing. A chunk glibc keeps per thread (its
    tcache) is not in that report: as many more of each size as it keeps
    take those.

    Reading the report frees a few small chunks of its own (its text, its
    parsing), so it is read again until it lists none, at most ``rounds``
    times: four readings were needed here. (Three, the old fixed number, left
    13 to 55 small chunks free, however many the process's start had made:
    issue 24's flaky test_serve_pages.)
    """
    libc = _glibc()
    if libc is None:
        return 0
    allocated = 0
    for _ in range(rounds):
        free = _free_chunks(libc)
        if not free:
            break
        for chunk, count in free:
            count += TCACHE if chunk <= TCACHE_LARGEST else 0
            for _ in range(count):
                # A request of chunk - 16 bytes is a chunk of that size (8 for
                # its header, rounded up to 16).
                libc.malloc(max(chunk - 16, 1))
            allocated += count
    # What is left is the top of the heap: given back, the template (and each
    # game, which maps what the template has) holds that much less.
    libc.malloc_trim(0)
    return allocated


def _glibc() -> Any:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(None)
        libc.malloc_info  # noqa: B018 - glibc's, not musl's
    except (OSError, AttributeError):
        return None
    libc.malloc.restype = ctypes.c_void_p
    libc.malloc.argtypes = [ctypes.c_size_t]
    libc.fdopen.restype = ctypes.c_void_p
    libc.fdopen.argtypes = [ctypes.c_int, ctypes.c_char_p]
    libc.fclose.argtypes = [ctypes.c_void_p]
    libc.malloc_info.argtypes = [ctypes.c_int, ctypes.c_void_p]
    libc.malloc_trim.argtypes = [ctypes.c_size_t]
    return libc


def _free_chunks(libc: Any) -> list[tuple[int, int]]:
    """(chunk size, count) of the main arena's free chunks, from ``malloc_info``'s XML."""
    try:
        report = os.memfd_create("cardtui-malloc-info")
    except OSError:
        return []
    try:
        stream = libc.fdopen(os.dup(report), b"w")
        if not stream:
            return []
        libc.malloc_info(0, stream)
        libc.fclose(stream)
        text = os.pread(report, 1 << 20, 0).decode("ascii", "replace")
    finally:
        os.close(report)
    main_arena = text.split('<heap nr="1">')[0]
    # A chunk's size field keeps flags in its 3 low bits.
    return [(int(size) & ~7, int(count)) for size, count in _CHUNKS.findall(main_arena)]


#: glibc's tcache: chunks it keeps per thread and size, up to this size (64 bits).
TCACHE = 7
TCACHE_LARGEST = 1040

_CHUNKS = re.compile(r'<(?:size|unsorted) from="(\d+)" to="\d+" total="\d+" count="(\d+)"')


def _fillers() -> dict[int, Callable[[], object]]:
    """A maker of objects of each block size, for the sizes this Python's objects fit exactly."""
    counter = iter(range(1 << 40, 1 << 41))
    makers: dict[int, Callable[[], object]] = {16: object, 32: counter.__next__}
    empty = sys.getsizeof(b"")
    for size in range(48, 513, 16):
        makers[size] = functools.partial(bytes, size - empty)
    return {size: make for size, make in makers.items() if sys.getsizeof(make()) == size}
