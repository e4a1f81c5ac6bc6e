"""The command line's core commands."""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hang_guard import WALL_SECONDS

import cardgames
import cardgames.solver
from cardgames import tarot
from cardgames.cli import COMMAND_MODULES, build_parser, main


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert cardgames.__version__ in capsys.readouterr().out


def test_help_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    out = capsys.readouterr().out
    assert "packs" in out and "deal" in out and "play" in out


def test_packs_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["packs", "--seed", "3"]) == 0
    first = capsys.readouterr().out
    assert main(["packs", "--seed", "3"]) == 0
    assert capsys.readouterr().out == first
    assert "seat 3:" in first and "stock (27 cards)" in first


def test_python_dash_m_runs_the_cli() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cardgames", "--version"], capture_output=True, text=True, check=True
    )
    backend = cardgames.solver.backend()
    assert result.stdout.strip() == f"cardgames {cardgames.__version__} (solver backend: {backend})"


@pytest.mark.parametrize("pure", ["1", "0"])
def test_cardgames_pure_selects_the_python_backend(pure: str) -> None:
    # CARDGAMES_PURE=1 must load the solver from its sources even where a compiled build is
    # installed; without it the installed backend (compiled when the build could compile) runs.
    env = {**os.environ, "CARDGAMES_PURE": pure}
    code = (
        "import cardgames.solver as s, cardgames.tarot.search as t; print(s.backend(), t.__file__)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    name, path = result.stdout.split()
    if pure == "1":
        assert name == "python" and path.endswith(".py")
    else:
        assert name == cardgames.solver.backend()
        assert (name == "compiled") == (not path.endswith(".py"))


def test_a_closed_pipe_ends_quietly() -> None:
    # Regression: `cardgames play tarot ... | head` ended in a BrokenPipeError traceback.
    command = [sys.executable, "-m", "cardgames", "play", "tarot", "--game"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.close()  # the reader is gone before the first line is written
        error = process.stderr.read().decode()
        status = process.wait(timeout=WALL_SECONDS)
    assert status == 0, error
    assert "Traceback" not in error and "BrokenPipe" not in error


def _subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    (commands,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(commands.choices)


def test_every_option_of_every_subcommand_has_help() -> None:
    parser = build_parser()
    missing = [action.dest for action in parser._actions if not action.help]
    for name, subparser in _subcommands().items():
        missing += [f"{name} {action.dest}" for action in subparser._actions if not action.help]
    assert missing == []
    assert {"packs", "deal", "play", "analyse", "show", "review", "batch"} <= set(_subcommands())


@pytest.mark.parametrize("command", sorted(_subcommands()))
def test_help_of_each_subcommand_runs(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main([command, "--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: cardgames {command}")


def test_help_shows_the_shared_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("deal", "play", "analyse"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        out = " ".join(capsys.readouterr().out.split())
        assert re.search(r"--seed SEED shuffle seed \([^)]*default 1\)", out)
        assert "Tarot 3 for traditional rules and 4 for simplified, Chase the Tailor 4" in out
        assert "default for Tarot: traditional)" in out


def test_command_modules_are_registered() -> None:
    # Each module listed adds its subcommands; the list is the one place to add more.
    assert "cardgames.cli.review" in COMMAND_MODULES
    assert "cardgames.cli.batch" in COMMAND_MODULES
    commands = _subcommands()
    assert commands["batch"].get_default("run") is not None
    assert commands["review"].get_default("run") is not None


def test_the_installed_script_runs_a_subcommand() -> None:
    script = Path(sys.executable).with_name("cardgames")
    result = subprocess.run(
        [str(script), "deal", "--seed", "7", "tarot", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    (only,) = tarot.loads(result.stdout).deals
    assert only.start() == tarot.deal(tarot.Rules.traditional(players=3), seed=7)


def test_a_usage_error_exits_2_from_the_script() -> None:
    script = Path(sys.executable).with_name("cardgames")
    result = subprocess.run(
        [str(script), "deal", "tailor", "--dealer", "1"], capture_output=True, text=True
    )
    assert result.returncode == 2 and result.stdout == ""
    assert "--dealer does not apply to Chase the Tailor (only to Tarot)" in result.stderr


_PLAYER_N = re.compile(r"\bplayers? \d")


@pytest.mark.parametrize(
    "argv",
    [
        ["packs", "--seed", "3"],
        ["deal", "tarot", "--seed", "3"],
        ["deal", "tailor", "--seed", "3"],
        ["play", "tarot", "--seed", "3"],
        ["play", "tarot", "--seed", "3", "--game", "--rules", "simplified", "--players", "3"],
        ["play", "tailor", "--seed", "3"],
        ["play", "tailor", "--seed", "3", "--rounds", "3", "--players", "3"],
    ],
)
def test_text_output_names_seats_not_players(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # One word for a place at the table, as the renderer and the Tarot tricks say: "seat N".
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert _PLAYER_N.search(out) is None, out
    assert re.search(r"\bseat \d", out)
    if argv[0] == "play":
        assert main([*argv, "--json"]) == 0
        record = tmp_path / "record.json"
        record.write_text(capsys.readouterr().out)
        assert main(["show", str(record)]) == 0
        shown = capsys.readouterr().out
        assert _PLAYER_N.search(shown) is None, shown
        assert re.search(r"\bseat \d", shown)


@pytest.mark.parametrize(
    "argv",
    [
        ["deal", "tarot", "--seed", "3"],
        ["deal", "tailor", "--seed", "3"],
        ["play", "tarot", "--seed", "3"],
        ["play", "tarot", "--seed", "3", "--game", "--rules", "simplified", "--players", "3"],
        ["play", "tailor", "--seed", "3"],
        ["play", "tailor", "--seed", "3", "--rounds", "2"],
        ["analyse", "tarot", "--seed", "3", "--tricks-left", "2"],
        ["analyse", "tailor", "--seed", "3", "--players", "3", "--cards-left", "2"],
    ],
)
def test_json_output_is_one_line_in_both_games(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    # Both games print --json the same way: one line (json.dumps's compact default), for pipes.
    assert main([*argv, "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and out.endswith("}\n"), out[:200]
    assert isinstance(json.loads(out), dict)


@pytest.mark.parametrize(
    ("before", "after"),
    [
        (["--seed", "3", "deal", "tailor"], ["deal", "tailor", "--seed", "3"]),
        (["--seed", "3", "--json", "deal", "tarot"], ["deal", "tarot", "--seed", "3", "--json"]),
        (
            ["--players", "3", "play", "tailor", "--seed", "2"],
            ["play", "tailor", "--players", "3", "--seed", "2"],
        ),
        (
            ["--json", "analyse", "tarot", "--tricks-left", "2"],
            ["analyse", "tarot", "--tricks-left", "2", "--json"],
        ),
        (["--seed", "5", "packs"], ["packs", "--seed", "5"]),
    ],
)
def test_options_before_the_subcommand_are_the_subcommand_s(
    before: list[str], after: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    # Regression: `cardgames --seed 3 deal tailor` said "invalid choice: '3'".
    assert main(after) == 0
    expected = capsys.readouterr()
    assert main(before) == 0
    got = capsys.readouterr()
    if "analyse" in after:  # the same analysis, but not the same seconds
        assert _timeless(got.out) == _timeless(expected.out) and got.err == expected.err
    else:
        assert got == expected


def _timeless(text: str) -> object:
    data = json.loads(text)
    del data["elapsed"]
    return data


@pytest.mark.parametrize("argv", [["--seed", "3"], ["--seed", "3", "tailor"], ["--json"]])
def test_options_without_a_subcommand_say_where_options_go(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    err = capsys.readouterr().err
    assert exit_info.value.code == 2
    assert "options go with a subcommand" in err and "cardgames deal tailor --seed 3" in err
    assert "invalid choice" not in err


def test_an_option_before_the_subcommand_that_does_not_apply_is_still_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--dealer", "1", "deal", "tailor"])
    assert exit_info.value.code == 2
    assert "--dealer does not apply to Chase the Tailor" in capsys.readouterr().err


def test_the_script_takes_options_before_the_subcommand() -> None:
    script = Path(sys.executable).with_name("cardgames")
    result = subprocess.run(
        [str(script), "--seed", "7", "deal", "tarot", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    (only,) = tarot.loads(result.stdout).deals
    assert only.start() == tarot.deal(tarot.Rules.traditional(players=3), seed=7)
