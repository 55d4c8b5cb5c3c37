"""Every SVG snapshot belongs to a test.

syrupy fails a run that leaves a snapshot file unused (a test renamed or
removed, its SVG left behind), but only in a single process: under
pytest-xdist, which the suite runs on by default, no worker sees every test,
so syrupy checks nothing. This test does the check instead, from the tests
pytest collects in the snapshot files' modules.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).parent


def collected(modules: list[Path]) -> set[tuple[str, str]]:
    """(module stem, test name with its parameters) of every test in ``modules``."""
    listing = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-n0", "-m", "slow or not slow",
         *map(str, modules)],
        capture_output=True, text=True, cwd=TESTS.parent, check=False,
    )  # fmt: skip
    assert listing.returncode == 0, listing.stdout + listing.stderr
    found = set()
    for line in listing.stdout.splitlines():
        path, separator, name = line.partition("::")
        if separator:
            found.add((Path(path).stem, name))
    return found


def test_every_snapshot_file_has_its_test() -> None:
    files = {
        (svg.parent.name, svg.stem): svg
        for folder in TESTS.rglob("__snapshots__")
        for svg in folder.glob("*/*.svg")
    }
    assert files, "no snapshot found: the test looks in the wrong place"
    modules = sorted({svg.parent.parent.parent / f"{svg.parent.name}.py" for svg in files.values()})
    unused = sorted(str(files[key].relative_to(TESTS.parent)) for key in files.keys()
                    - collected([module for module in modules if module.exists()]))
    assert not unused, "snapshots no test uses (delete them: -n0 --snapshot-update):\n" + "\n".join(
        unused)
