"""The project's promises about itself: README commands, CI script, screenshot script."""

import asyncio
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _quick_start_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^    (python3 .+)$", section, flags=re.MULTILINE)


def test_quick_start_has_exactly_two_commands_play_and_test() -> None:
    play, test = _quick_start_commands()
    assert play.startswith("python3 -m pip install -e . && ")
    assert "cardtui" in play.split("&&")[1]
    assert test == "python3 -m pip install -e '.[test]' && python3 -m pytest"


def test_ci_runs_the_readmes_test_command_verbatim() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    pattern = re.search(r'grep -m1 -F "(.+?)" README\.md', script)
    assert pattern is not None
    found = subprocess.run(["grep", "-m1", "-F", pattern.group(1), "README.md"], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout.strip()
    assert found == _quick_start_commands()[1]


def test_screenshot_script_renders_a_scene(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("generate", ROOT / "screenshots" / "generate.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["generate"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    path = asyncio.run(module.shoot(module.SCENES[0], tmp_path))
    svg = path.read_text(encoding="utf-8")
    assert svg.startswith("<svg") and "Blackjack" in svg
