"""The command line as a teacher meets it (issue 22, items 12-13; issue 23, items 6, 9, 10):
`run` by notebook name, without priority passes unless asked, saying what [expect] checked;
`--plot` checked before playing and saying where it saved; `hub-link` with an address pasted
from the browser; escapes; a closed or full stdout, and Ctrl-C."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

import mtgkit.__main__ as cli_main
from mtgkit.course import LESSONS, hub_address, hub_link
from mtgkit.practice import LESSON as PRACTICE

ROOT = Path(__file__).resolve().parents[1]


def cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mtgkit", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=120)


def one_line(out: subprocess.CompletedProcess[str], code: int = 2) -> str:
    assert out.returncode == code, out.stdout + out.stderr
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr, out.stderr
    return out.stderr


# ----------------------------------------------------------------------------- run
@pytest.mark.parametrize("stem", [lesson.stem for lesson in LESSONS if lesson.worked_example])
def test_run_takes_every_notebooks_name(stem: str) -> None:
    out = cli("run", stem)
    assert out.returncode == 0 and out.stderr == "", out.stderr
    assert out.stdout.startswith("# ")


def test_run_by_notebook_name_plays_its_example_and_names_the_others() -> None:
    assert cli("run", "07-protector-of-the-crown").stdout == cli("run", "07-protector").stdout
    out = cli("run", "03-could-produce")
    assert out.stdout == cli("run", "03-orchards").stdout + "\n(notebook 03-could-produce has 2 worked " \
        "examples: this is 03-orchards; also mtgkit run 03-pale-moon)\n"
    assert "has no worked example (it generates its questions)" in one_line(cli("run", PRACTICE.stem))


def test_run_hides_priority_passes_unless_asked() -> None:
    plain, passes = cli("run", "06-the-monarch").stdout, cli("run", "06-the-monarch", "--passes").stdout
    kinds = [line.split()[4] for line in passes.splitlines() if line[:6].strip().isdigit()]
    hidden = kinds.count("pass")
    assert hidden > 10
    assert " pass " not in plain and f"({hidden} priority passes not shown; --passes shows them)" in plain
    assert len(passes.splitlines()) == len(plain.splitlines()) + hidden - 1
    assert cli("run", "06-the-monarch", "--all").stdout.count(" pass ") == hidden


def test_a_passing_expect_says_it_was_checked(tmp_path: Path) -> None:
    out = cli("run", "04-reflection-orders")
    assert out.stdout.rstrip().endswith("[expect] checked, all 1 met: pool.Alice = {B}{B}{B}")
    bare = tmp_path / "bare.toml"
    bare.write_text('players = ["Alice", "Bob"]\n')
    assert "[expect]" not in cli("run", str(bare)).stdout


def test_plot_extension_and_folder_are_checked_before_playing(monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    def never(path: object) -> None:
        raise AssertionError("the scenario was played before --plot was checked")

    monkeypatch.setattr("mtgkit.scenario.load_scenario", never)
    for plot, words in [("out.exe", "out.exe: --plot: a file ending in .png, .svg, .pdf, .jpg, .jpeg "
                                    "(not .exe)"),
                        ("no/such/folder/t.png", "a file in a folder that exists (no/such/folder doesn't)"),
                        ("", "--plot: a file name such as timeline.png"),
                        (str(ROOT / "LICENSE"), "LICENSE exists and has no extension")]:  # not LICENSE.png
        assert cli_main.main(["run", "06-the-monarch", "--plot", plot]) == 2
        captured = capsys.readouterr()
        assert captured.out == "" and words in captured.err and captured.err.count("\n") == 1, captured.err


@pytest.mark.slow
def test_plot_says_the_path_it_really_saved(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="the plot needs mtgkit[kernel] (an sdist may be tested without)")
    folder = tmp_path / "plots"
    folder.mkdir()
    for arg, saved in [(folder, folder / "07-protector.png"), (tmp_path / "t", tmp_path / "t.png"),
                       (tmp_path / "t.svg", tmp_path / "t.svg")]:
        out = cli("run", "07-protector", "--plot", str(arg))
        assert out.returncode == 0, out.stderr
        assert out.stdout.rstrip().endswith(f"plot saved to {saved}")
        assert saved.stat().st_size > 1000
    (tmp_path / "link.png").symlink_to(tmp_path / "elsewhere.png")
    assert "is a symbolic link" in one_line(cli("run", "07-protector", "--plot", str(tmp_path / "link.png")))
    assert not (tmp_path / "elsewhere.png").exists()


def test_run_escapes_what_a_file_says(tmp_path: Path) -> None:
    """A title with terminal escapes is refused; an error quoting a hostile key prints it escaped;
    a hostile file name is escaped too."""
    title = tmp_path / "title.toml"
    title.write_text('title = "\\u001b]0;pwned\\u0007\\u001b[2J"\nplayers = ["Alice", "Bob"]\n')
    assert "title: text without control or invisible characters (this one has U+001B" in one_line(
        cli("run", str(title)))
    key = tmp_path / "key.toml"
    key.write_text('players = ["Alice", "Bob"]\n"\\u001b[2J\\r\\nerror: forged" = 1\n')
    err = one_line(cli("run", str(key)))
    assert "\x1b" not in err and "\r" not in err and "\\x1b[2J\\r\\nerror: forged: one of the keys" in err
    name = tmp_path / "a\x1b[31mred.toml"
    name.write_text("nonsense = [")
    err = one_line(cli("run", str(name)))
    assert "\x1b" not in err and "a\\x1b[31mred.toml: " in err


# ----------------------------------------------------------------------------- hub-link
@pytest.mark.parametrize("pasted,hub", [
    ("https://hub.example.org/user/jane/lab", "https://hub.example.org"),
    ("https://hub.example.org/user/jane/lab/tree/mtgkit-course/00-start-here.ipynb?token=abc#x",
     "https://hub.example.org"),
    ("https://hub.example.org/hub/home", "https://hub.example.org"),
    ("https://uni.edu/jupyter/hub/login?next=%2Fhub%2F", "https://uni.edu/jupyter"),
    ("https://uni.edu/jupyter/user/jane/", "https://uni.edu/jupyter"),
    ("http://localhost:8000/", "http://localhost:8000"),
])
def test_hub_link_cuts_an_address_from_the_browser_back_to_the_hub(pasted: str, hub: str) -> None:
    assert hub_address(pasted) == hub
    out = cli("hub-link", "--hub", pasted, "--repo", "https://github.com/me/c")
    assert out.returncode == 0
    assert out.stdout.strip() == hub_link(hub, "https://github.com/me/c")
    assert out.stdout.startswith(hub + "/hub/user-redirect/git-pull?")
    shown = pasted.split("?")[0].split("#")[0]
    left_out = " (its ?query and #fragment left out: they may hold a token)" if shown != pasted else ""
    assert out.stderr == ("" if pasted.rstrip("/") == hub else
                          f"note: --hub: using {hub}, the hub's address in {shown}{left_out}\n")
    assert "token" not in out.stderr.replace("may hold a token", "")


def test_running_a_class_says_what_hub_link_does_with_a_pasted_address() -> None:
    """docs/running-a-class.md's examples of an address cut back to the hub's are what it does."""
    text = (ROOT / "docs" / "running-a-class.md").read_text()
    assert "`https://hub.example.edu/user/jane/lab/tree/x.ipynb?token=abc`" in text
    assert hub_address("https://hub.example.edu/user/jane/lab/tree/x.ipynb?token=abc") == "https://hub.example.edu"
    assert "`https://uni.edu/jupyter/hub/`" in text
    assert hub_address("https://uni.edu/jupyter/hub/") == "https://uni.edu/jupyter"


@pytest.mark.parametrize("args,words", [
    (["--hub", "https://hub.example.org/lab"], "this is a JupyterLab page without /hub/ or /user/"),
    (["--hub", "https://jane:secret@hub.example.org"], "without a user name or password"),
    (["--hub", "javascript:alert(1)"], "the hub's address, like https://hub.example.edu"),
    (["--hub", "https://hub.example.org:port"], "the hub's address"),
    (["--hub", "https://hub.example.org/\x1b[2J"], "no spaces or control characters"),
    (["--notebook", "09-nope"], "--notebook '09-nope': one of the course's notebooks"),
    (["--notebook", "07-protector"], "(did you mean 07-protector-of-the-crown?)"),
    (["--notebook", "README.md"], "or another .ipynb file"),
    (["--repo", "https://x\ny"], "--repo"),
    # issue 32, item 5: nothing a link could carry to git or a browser
    (["--repo", "javascript:alert(1)"], "--repo 'javascript:alert(1)': a git repository's https URL"),
    (["--repo", "data:,x"], "a git repository's https URL"),
    (["--repo", "ext::sh"], "(not a git transport such as ext::)"),
    (["--repo", "--upload-pack=touch"], "(not an option: it starts with -)"),
    (["--repo", "http://github.com/me/c"], "(http only for localhost)"),
    (["--repo", "git@github.com:me/c"], "a git repository's https URL"),
    (["--repo", "file:///srv/git/c"], "a git repository's https URL"),
    (["--repo", "https://me:ghp_s3cr3t@github.com/me/c"], "without a user name or password in it"),
    (["--repo", "https://github.com/me/c?x=1"], "(with no ?query or #fragment)"),
    (["--folder", "~"], "--folder '~': a folder name inside the home"),
    (["--folder", "~/x"], "--folder"),
    (["--folder", "-rf"], "--folder"),
    (["--folder", "$HOME"], "--folder"),
    (["--folder", "a/./b"], "--folder"),
    (["--branch", "--upload-pack=x"], "--branch '--upload-pack=x': a branch name"),
    (["--branch", "a..b"], "--branch"),
    (["--hub", "https://hub.example.org/lab?token=s3cr3t"], "--hub 'https://hub.example.org/lab'"),
])
def test_hub_link_refuses_with_one_clear_line(args: list[str], words: str) -> None:
    base = {"--hub": "https://hub.example.org", "--repo": "https://github.com/me/c"}
    for i in range(0, len(args), 2):
        base[args[i]] = args[i + 1]
    err = one_line(cli("hub-link", *[f"{k}={v}" for k, v in base.items()]))
    assert words in err and "\x1b" not in err and "s3cr3t" not in err, err


def test_hub_link_takes_https_repositories_and_plain_http_only_on_this_machine() -> None:
    for repo in ("https://github.com/me/c", "https://github.com/me/c.git", "https://git.uni.edu:8443/t/c",
                 "http://localhost:3000/me/c", "http://127.0.0.1/c", "http://[::1]:8080/c"):
        assert "repo=" in hub_link("https://hub.example.org", repo), repo
    link = hub_link("https://h.org", "https://github.com/me/c", folder="mtg/week_1")
    assert "targetpath=mtg%2Fweek_1" in link


def test_hub_link_takes_a_course_notebook_with_or_without_its_extension_and_a_teachers_own() -> None:
    repo = "https://github.com/me/c"
    for name in ("06-the-monarch", "06-the-monarch.ipynb"):
        assert hub_link("https://h.org", repo, notebook=name).endswith("%2F06-the-monarch.ipynb")
    assert hub_link("https://h.org", repo, notebook="week1/intro.ipynb").endswith("%2Fweek1%2Fintro.ipynb")


# ----------------------------------------------------------------------------- the process
def test_a_closed_stdout_exits_120_with_one_line() -> None:
    for command in (("run", "06-the-monarch"), ("cards",), ("--help",)):
        out = subprocess.run([sys.executable, "-m", "mtgkit", *command], stderr=subprocess.PIPE, text=True,
                             timeout=120, cwd=ROOT, preexec_fn=lambda: os.close(1))  # `>&-`
        assert out.returncode == 120, out.stderr
        assert out.stderr == "error: can't write the output (stdout is closed)\n"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_stdout_to_a_full_disk_exits_120_with_one_line() -> None:
    with open("/dev/full", "w") as full:
        for command in (("run", "06-the-monarch"), ("cards",)):
            out = subprocess.run([sys.executable, "-m", "mtgkit", *command], stdout=full,
                                 stderr=subprocess.PIPE, text=True, timeout=120, cwd=ROOT)
            assert out.returncode == 120
            assert out.stderr == "error: can't write the output (No space left on device)\n"


def test_a_closed_stderr_still_exits_with_the_code() -> None:
    out = subprocess.run([sys.executable, "-m", "mtgkit", "run", "99-nothing"], stdout=subprocess.PIPE,
                         text=True, timeout=120, cwd=ROOT, preexec_fn=lambda: os.close(2))  # `2>&-`
    assert out.returncode == 2 and out.stdout == ""


def test_ctrl_c_exits_130_with_one_line(tmp_path: Path) -> None:
    """SIGINT while a command runs (here a slow `run`, standing in for any): exit 130, one line."""
    script = tmp_path / "slow.py"
    script.write_text("import signal, sys, time\n"
                      "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
                      "import mtgkit.__main__ as m\n"
                      "def slow(args):\n    print('ready', flush=True)\n    time.sleep(60)\n    return 0\n"
                      "m._run = slow\n"
                      "raise SystemExit(m.main(['run', 'x']))\n")
    proc = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=ROOT)
    assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and err == "error: interrupted\n"


@pytest.mark.parametrize("signame,words", [("SIGTERM", "stopped by SIGTERM"),
                                           ("SIGHUP", "stopped by SIGHUP (the terminal closed)")])
def test_sigterm_and_sighup_exit_128_plus_the_signal_with_one_line(tmp_path: Path, signame: str,
                                                                   words: str) -> None:
    """Issue 32, item 3: handled as Ctrl-C is, while any command runs (a slow `run` here)."""
    signum = getattr(signal, signame)
    script = tmp_path / "slow.py"
    script.write_text("import sys, time\n"
                      "import mtgkit.__main__ as m\n"
                      "def slow(args):\n    print('ready', flush=True)\n    time.sleep(60)\n    return 0\n"
                      "m._run = slow\n"
                      "raise SystemExit(m.main(['run', 'x']))\n")
    proc = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=ROOT, preexec_fn=lambda: signal.signal(signum, signal.SIG_DFL))
    assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
    proc.send_signal(signum)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 128 + signum and err == f"error: {words}\n"


@pytest.mark.slow
def test_bad_worksheet_numbers_are_one_line(tmp_path: Path) -> None:
    for args in (["--n", "0"], ["--n", "1000000"], ["--seed", "-1"], ["--seed", "1" + "0" * 4000],
                 ["--topic", "\x1b[2J"]):
        out = cli("worksheet", "--out", str(tmp_path), *args)
        assert out.returncode == 2 and "Traceback" not in out.stderr and "\x1b" not in out.stderr, out.stderr
    assert list(tmp_path.iterdir()) == []
    out = cli("worksheet", "--out", str(tmp_path / "sheets"), "--seed", "7", "--n", "2")
    assert out.returncode == 0 and out.stdout.startswith(f"wrote {tmp_path / 'sheets'}")
    (tmp_path / "sheets" / "worksheet-could-produce-easy-seed8.md").symlink_to(tmp_path / "outside.md")
    err = one_line(cli("worksheet", "--out", str(tmp_path / "sheets"), "--seed", "8"))
    assert "is a symbolic link" in err
    assert not (tmp_path / "outside.md").exists()


# ----------------------------------------------------------------------------- arguments (issue 28, item 6)
def test_bare_mtgkit_prints_the_help_and_version_prints_the_version() -> None:
    from mtgkit import __version__

    out = cli()
    assert out.returncode == 0 and out.stderr == ""
    assert out.stdout.startswith("usage: mtgkit") and "worksheet" in out.stdout and "hub-link" in out.stdout
    assert out.stdout == cli("--help").stdout
    out = cli("--version")
    assert (out.returncode, out.stdout, out.stderr) == (0, f"mtgkit {__version__}\n", "")


@pytest.mark.parametrize("args,words", [
    (["worksheet", "--topic", "monarh"],
     "--topic 'monarh': one of could-produce, tapping, x-values, tap-untap, monarch, mixed, capstones "
     "(did you mean monarch?)"),
    (["worksheet", "--topic", "Monarch"], "(did you mean monarch?)"),
    (["worksheet", "--topic", "tap-and-untap"], "(did you mean tap-untap?)"),
    (["worksheet", "--level", "medium"], "--level 'medium': one of easy, hard"),
    (["worksheet", "--level", "Hard"], "--level 'Hard': one of easy, hard (did you mean hard?)"),
    (["worksheet", "--n", "0"], "--n 0: a whole number from 1 to 200"),
    (["worksheet", "--seed", "-1"], "--seed -1: a whole number from 0 to 999,999,999"),
    (["worksheet", "--seed", "1" + "0" * 4000], "--seed a number of 4,001 digits: a whole number from 0"),
    (["worksheet", "--n", "ten"], "mtgkit worksheet: argument --n: invalid int value: 'ten'"),
    (["worksheet", "--nn", "3"], "unrecognized arguments: --nn 3 (did you mean --n?)"),
    (["cours", "d"], "invalid choice: 'cours'"),
    (["cours", "d"], "(did you mean course?)"),
    (["course"], "mtgkit course: the following arguments are required: dest"),
    (["hub-link", "--hub", "https://h.org", "--repo", "https://github.com/me/c", "--brnch", "x"],
     "(did you mean --branch?)"),
])
def test_each_argument_mistake_is_one_line_naming_it(args: list[str], words: str, tmp_path: Path) -> None:
    err = one_line(cli(*args, cwd=tmp_path))
    assert err.startswith("error: ") and words in err, err
    assert list(tmp_path.iterdir()) == []


def test_help_shows_the_defaults() -> None:
    text = " ".join(cli("worksheet", "--help").stdout.split())
    for words in ("(default: could-produce)", "(default: easy;", "(default: 10)", "(default: 0)",
                  "(default: .)", "(default: markdown)"):
        assert words in text, words
    text = " ".join(cli("hub-link", "--help").stdout.split())
    for words in ("(default: main)", "(default: mtgkit-course)", "(default: 00-start-here"):
        assert words in text, words
    assert "(default: False)" not in " ".join(cli("course", "--help").stdout.split())


def test_capstones_say_what_they_are_rather_than_pretend(tmp_path: Path) -> None:
    """The capstones are one hand-written set, each at its own level: --level is refused with
    them, --n past their number is refused (not silently cut), and the sheet names no level."""
    from mtgkit import capstones

    total = len(capstones.load())
    err = one_line(cli("worksheet", "--topic", "capstones", "--level", "easy", "--out", str(tmp_path)))
    assert "--level 'easy': the capstones have no level to choose (each is written at its own)" in err
    err = one_line(cli("worksheet", "--topic", "capstones", "--n", "50", "--out", str(tmp_path)))
    assert f"--n 50: a whole number from 1 to {total} (there are {total} capstones)" in err
    assert list(tmp_path.iterdir()) == []
    out = cli("worksheet", "--topic", "capstones", "--n", str(total), "--seed", "3", "--out", str(tmp_path))
    assert out.returncode == 0 and f"({total} questions)" in out.stdout, out.stderr
    sheet = (tmp_path / "worksheet-capstones-seed3.md").read_text()
    assert sheet.startswith("# mtgkit worksheet: capstones (seed 3)\n")
    assert (tmp_path / "worksheet-capstones-seed3-key.md").read_text().startswith(
        "# mtgkit worksheet: capstones (seed 3) — answer key")
    out = cli("worksheet", "--topic", "capstones", "--n", str(total), "--format", "json",
              "--out", str(tmp_path))
    import json
    from collections import Counter

    data = json.loads((tmp_path / "worksheet-capstones-seed0.json").read_text())
    assert Counter(q["level"] for q in data) == Counter(c.level for c in capstones.load())  # each its own


def test_more_arguments_than_the_limit_are_refused_before_parsing(monkeypatch: pytest.MonkeyPatch,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 32, item 6: argparse's time grows with the square of the arguments (CPython
    gh-116159: 30,000 flags took over 20 s), so they are counted first."""
    from mtgkit import limits

    def never() -> None:
        raise AssertionError("parsed")

    monkeypatch.setattr(cli_main, "_parser", never)
    for n in (limits.MAX_ARGS + 1, 30_000):
        assert cli_main.main(["cards", *["--x"] * (n - 1)]) == 2
        err = capsys.readouterr().err
        assert err == (f"error: at most {limits.MAX_ARGS} arguments (the command line's limit; this one "
                       f"has {n:,})\n")
    monkeypatch.undo()
    # up to the limit they are parsed (a worksheet's --n, repeated: the last one counts)
    args = ["worksheet", "--format=markdown"] + ["--n", "1"] * ((limits.MAX_ARGS - 4) // 2) + ["--n", "0"]
    assert len(args) == limits.MAX_ARGS
    assert cli_main.main(args) == 2
    assert capsys.readouterr().err == "error: --n 0: a whole number from 1 to 200\n"


@pytest.mark.parametrize("command", [
    ["course", "{d}"], ["course", "{d}", "--solutions"], ["assignments", "{d}"],
    ["worksheet", "--out", "{d}", "--n", "1"], ["run", "07-protector", "--plot", "{d}.png"]])
def test_a_newline_in_a_path_is_escaped_where_it_is_echoed(command: list[str], tmp_path: Path) -> None:
    """Issue 32, item 2: `mtgkit course $'nl\\nFORGED line'` printed a line starting FORGED."""
    dest = str(tmp_path / "nl\nFORGED line\x1b[2J\r")
    out = cli(*[a.replace("{d}", dest) for a in command])
    assert out.returncode == 0, out.stderr
    lines = (out.stdout + out.stderr).splitlines()
    assert not [line for line in lines if line.startswith("FORGED")], lines
    assert "nl\\nFORGED line\\x1b[2J\\r" in out.stdout
    assert "\x1b" not in out.stdout + out.stderr and "\r" not in out.stdout + out.stderr
