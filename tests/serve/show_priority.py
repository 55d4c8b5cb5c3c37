"""Run by the seat in a test: prints this process's niceness, as the scheduler counts it."""

from pathlib import Path

from cardtui.serve.priority import nice_of

if __name__ == "__main__":  # pytest's doctest collection imports this file too
    print(f"nice {nice_of(Path('/proc/self'))}")
