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
from mtgkit.course import NOTEBOOKS, hub_address, hub_link

ROOT = Path(__file__).resolve().parents[1]


def cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mtgkit", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=120)


def one_line(out: subprocess.CompletedProcess[str], code: int = 2) -> str:
    assert out.returncode == code, out.stdout + out.stderr
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr, out.stderr
    return out.stderr


# ----------------------------------------------------------------------------- run
@pytest.mark.parametrize("stem", [stem for stem, _ in NOTEBOOKS if stem != "08-practice"])
def test_run_takes_every_notebooks_name(stem: str) -> None:
    out = cli("run", stem)
    assert out.returncode == 0 and out.stderr == "", out.stderr
    assert out.stdout.startswith("# ")


def test_run_by_notebook_name_plays_its_example_and_names_the_others() -> None:
    assert cli("run", "07-protector-of-the-crown").stdout == cli("run", "07-protector").stdout
    out = cli("run", "03-could-produce")
    assert out.stdout == cli("run", "03-orchards").stdout + "\n(notebook 03-could-produce has 2 worked " \
        "examples: this is 03-orchards; also mtgkit run 03-pale-moon)\n"
    assert "has no worked example (it generates its questions)" in one_line(cli("run", "08-practice"))


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
    assert out.stderr == ("" if pasted.rstrip("/") == hub else
                          f"note: --hub: using {hub}, the hub's address in {pasted}\n")


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
])
def test_hub_link_refuses_with_one_clear_line(args: list[str], words: str) -> None:
    base = {"--hub": "https://hub.example.org", "--repo": "https://github.com/me/c"}
    for i in range(0, len(args), 2):
        base[args[i]] = args[i + 1]
    err = one_line(cli("hub-link", *[x for kv in base.items() for x in kv]))
    assert words in err and "\x1b" not in err, err


def test_hub_link_takes_a_course_notebook_with_or_without_its_extension_and_a_teachers_own() -> None:
    for name in ("06-the-monarch", "06-the-monarch.ipynb"):
        assert hub_link("https://h.org", "r", notebook=name).endswith("%2F06-the-monarch.ipynb")
    assert hub_link("https://h.org", "r", notebook="week1/intro.ipynb").endswith("%2Fweek1%2Fintro.ipynb")


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
