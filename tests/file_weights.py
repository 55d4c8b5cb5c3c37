"""Write tests/file_weights.json from a ``pytest --durations=0`` report read on stdin.

Each test file's weight is the sum of its tests' setup, call and teardown seconds;
tests/conftest.py hands the heaviest files to the workers first.
"""

from __future__ import annotations

import json
import re
import sys
from collections import defaultdict
from pathlib import Path

LINE = re.compile(r"^\s*([\d.]+)s (?:setup|call|teardown)\s+(\S+?)::")
#: Files lighter than this stay in their collected order.
LEAST = 1.0


def main() -> None:
    seconds: defaultdict[str, float] = defaultdict(float)
    for line in sys.stdin:
        match = LINE.match(line)
        if match:
            seconds[match.group(2)] += float(match.group(1))
    heavy = {path: round(total, 1) for path, total in
             sorted(seconds.items(), key=lambda kv: -kv[1]) if total >= LEAST}
    out = Path(__file__).with_name("file_weights.json")
    out.write_text(json.dumps(heavy, indent=1) + "\n", encoding="utf-8")
    print(f"{len(heavy)} files, {sum(heavy.values()):.0f} s in all", file=sys.stderr)


if __name__ == "__main__":
    main()
