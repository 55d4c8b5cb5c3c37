"""The project's promises about itself: README commands, CI script, screenshot script."""

import asyncio
import importlib.util
import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _quick_start_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^    (python3 .+)$", section, flags=re.MULTILINE)


def test_quick_start_has_exactly_two_commands_play_and_test() -> None:
    play, test = _quick_start_commands()
    # Issue 24: a stock Debian or Ubuntu Python refuses `pip install` outside a
    # virtual environment (PEP 668), so each command makes one and runs in it.
    assert play == ("python3 -m venv .venv && .venv/bin/python -m pip install -e . && "
                    ".venv/bin/cardtui")
    assert test == ("python3 -m venv .venv && .venv/bin/python -m pip install -e '.[test]' && "
                    ".venv/bin/python -m pytest")


def test_ci_runs_the_readmes_test_command_verbatim() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    pattern = re.search(r'grep -m1 -F "(.+?)" README\.md', script)
    assert pattern is not None
    found = subprocess.run(["grep", "-m1", "-F", pattern.group(1), "README.md"], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout.strip()
    assert found == _quick_start_commands()[1]


def test_ci_lints_and_type_checks_with_the_tools_the_readmes_command_installed() -> None:
    # Issue 25: ruff and mypy in CI, from the .venv the README's test command
    # makes, after it; mypy as pyproject.toml configures it (strict, cardtui/).
    lines = [line.strip() for line in
             (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    suite = lines.index('bash -c "$command"')
    assert lines.index(".venv/bin/ruff check .") > suite
    assert lines.index(".venv/bin/python -m mypy") > suite
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["tool"]["mypy"]["files"] == ["cardtui"]
    assert project["tool"]["mypy"]["strict"] is True
    test_extra = project["project"]["optional-dependencies"]["test"]
    assert {"ruff", "mypy"} <= {re.split(r"[=<>]", line)[0] for line in test_extra}


def test_screenshot_script_renders_a_scene(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("generate", ROOT / "screenshots" / "generate.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["generate"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    path = asyncio.run(module.shoot(module.SCENES[0], tmp_path))
    svg = path.read_text(encoding="utf-8")
    assert svg.startswith("<svg") and "Blackjack" in svg


def _smoke_start():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("smoke_start", ROOT / ".ci" / "smoke_start.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_ci_starts_the_game_on_the_lowest_versions_the_ranges_admit() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert ".ci/smoke_start.py --lowest" in script
    assert '"$low_venv/bin/python" .ci/smoke_start.py' in script


def test_the_declared_low_ends_are_releases_the_game_works_on() -> None:
    # Issue 24: "textual>=8.2" admitted 8.2.0-8.2.2 (crash at the first resize)
    # and 8.2.3-8.2.4 (stylesheet not read); Textual 8.2 needs Rich 14.2, and
    # textual-plotext 1.0.0 needs Textual < 0.87; Babel 2.12 reads the catalogs (issue 29).
    # Each low end here was started by
    # .ci/smoke_start.py (as CI does); lowering one needs that run again.
    assert _smoke_start().lowest_requirements() == [
        "textual==8.2.5", "rich==14.2", "textual-plotext==1.0.1", "babel==2.12",
        "plotext==5.2.8"]
