"""Writing files (issue 23, items 3-5): never through a link, each file whole or absent, a
failure that says which files it wrote, and one line for every refusal."""

from __future__ import annotations

import errno
import hashlib
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from mtgkit import files
from mtgkit.assignments import AssignmentError, write_assignments
from mtgkit.course import NOTEBOOKS, CourseError, write_course
from mtgkit.files import WriteInterrupted, write_files

ROOT = Path(__file__).resolve().parents[1]
Writer = Callable[..., list[Path]]


def _course(dest: Path, force: bool = False) -> list[Path]:
    return write_course(dest, force=force)


def _teacher(dest: Path, force: bool = False) -> list[Path]:
    return write_course(dest, solutions=True, force=force)


def _assignments(dest: Path, force: bool = False) -> list[Path]:
    return write_assignments(dest, force=force)


WRITERS = {"course": (_course, "00-start-here.ipynb", CourseError),
           "teacher copy": (_teacher, "solutions/01_exercise1.py", CourseError),
           "assignments": (_assignments, "source/01-tap-and-untap/01-tap-and-untap.ipynb", AssignmentError)}


def tree(root: Path) -> dict[str, str]:
    """Every path under ``root`` with what it is: a file's hash, a link's target, or a folder."""
    out = {}
    for path in sorted(root.rglob("*")):
        rel = str(path.relative_to(root))
        if path.is_symlink():
            out[rel] = "-> " + os.readlink(path)
        elif path.is_file():
            out[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
        else:
            out[rel] = "dir"
    return out


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A folder next to DEST holding a file that must never change."""
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "precious.txt").write_text("keep me")
    return folder


@pytest.mark.parametrize("force", [False, True], ids=["plain", "--force"])
@pytest.mark.parametrize("link_to", ["dangling", "existing file", "folder"])
@pytest.mark.parametrize("writer", list(WRITERS))
def test_never_writes_through_a_link(tmp_path: Path, outside: Path, writer: str, link_to: str,
                                     force: bool) -> None:
    write, first, error = WRITERS[writer]
    dest = tmp_path / "dest"
    targets = {"dangling": outside / "x.txt", "existing file": outside / "precious.txt", "folder": outside}
    target = targets[link_to]
    link = dest / first if link_to != "folder" else dest / Path(first).parts[0]
    link.parent.mkdir(parents=True)
    link.symlink_to(target)
    before = tree(outside)
    with pytest.raises(error) as info:
        write(dest, force=force)
    assert tree(outside) == before
    message = str(info.value)
    assert f"{link}: is a symbolic link (to {target})" in message and "\n" not in message
    assert "never writes through a link" in message
    assert not [p for p in dest.rglob("*") if not p.is_symlink() and not p.is_dir()], "nothing is written"


def test_the_folder_named_may_itself_be_a_link_to_a_folder(tmp_path: Path) -> None:
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "dest").symlink_to(real)
    written = write_course(tmp_path / "dest")
    assert (real / "00-start-here.ipynb").is_file() and len(written) == 9


def test_what_is_not_a_regular_file_is_refused_by_name(tmp_path: Path) -> None:
    dest = tmp_path / "dest"
    (dest / "01-tap-and-untap.ipynb").mkdir(parents=True)
    with pytest.raises(CourseError, match=r"01-tap-and-untap\.ipynb: is a folder, not a regular file"):
        write_course(dest, force=True)
    if hasattr(os, "mkfifo"):
        shutil.rmtree(dest)
        dest.mkdir()
        os.mkfifo(dest / "02-undefined-mana.ipynb")  # never opened: it would block
        with pytest.raises(CourseError, match=r"is a FIFO \(named pipe\), not a regular file"):
            write_course(dest, force=True)
    (tmp_path / "afile").write_text("x")
    with pytest.raises(CourseError, match="afile: is not a folder"):
        write_course(tmp_path / "afile")
    (tmp_path / "grading").mkdir()
    (tmp_path / "grading" / "source").write_text("not a folder")
    with pytest.raises(AssignmentError, match="grading/source: is a regular file, where a folder should be"):
        write_assignments(tmp_path / "grading")
    assert not list(tmp_path.glob("**/.*.tmp"))


def test_an_empty_dest_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for call, error in ((lambda: write_course(""), CourseError),
                        (lambda: write_assignments(" "), AssignmentError),
                        (lambda: write_files("", {}, force=True, what="x", error=ValueError), ValueError)):
        with pytest.raises(error, match="the name of a folder to write into .use . for the current folder"):
            call()
    assert list(tmp_path.iterdir()) == []


def _failing_write(after: int, err: BaseException) -> Callable[[int, bytes | memoryview], int]:
    """os.write that writes ``after`` bytes in all, in chunks, then raises ``err`` (a full disk)."""
    left = [after]
    real = os.write

    def write(fd: int, data: bytes | memoryview) -> int:
        if left[0] <= 0:
            raise err
        n = real(fd, bytes(data[:min(len(data), left[0], 4096)]))
        left[0] -= n
        return n
    return write


def _whole_or_absent(dest: Path, expected: dict[str, bytes]) -> list[str]:
    """The files in ``dest`` (each equal to what it should be); no temporary file left."""
    present = []
    for path in sorted(dest.rglob("*")):
        if path.is_file():
            rel = str(path.relative_to(dest))
            assert rel in expected, f"an unexpected file (a temporary one left over?): {rel}"
            assert path.read_bytes() == expected[rel], f"{rel} is cut short"
            present.append(rel)
    return present


@pytest.mark.parametrize("after", [0, 100_000, 700_000, 2_000_000])
def test_a_full_disk_leaves_whole_files_and_says_which(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        after: int) -> None:
    """ENOSPC after ``after`` bytes: every file is whole or absent, the error names the files
    written, and running again (space freed) finishes without --force."""
    reference = tmp_path / "reference"
    write_course(reference, solutions=True)
    expected = {str(p.relative_to(reference)): p.read_bytes() for p in reference.rglob("*") if p.is_file()}
    dest = tmp_path / "dest"
    full = OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(files.os, "write", _failing_write(after, full))
    with pytest.raises(CourseError) as info:
        write_course(dest, solutions=True)
    monkeypatch.undo()
    present = _whole_or_absent(dest, expected)
    message = str(info.value)
    assert "can't write the course (No space left on device)" in message and "\n" not in message
    if present:
        assert f"wrote {len(present)} of {len(expected)} files, each whole: " in message
        assert all(name in message for name in present)
    else:
        assert message.endswith("nothing was written")
    write_course(dest, solutions=True)  # no --force needed: what is there is the course's own text
    assert _whole_or_absent(dest, expected) == sorted(expected)


def _student_copy(tmp_path: Path) -> dict[str, bytes]:
    """The student copy's files in the order they are written, with their bytes."""
    write_course(tmp_path / "reference")
    return {f"{stem}.ipynb": (tmp_path / "reference" / f"{stem}.ipynb").read_bytes() for stem, _ in NOTEBOOKS}


def _assert_failed_whole(out: subprocess.CompletedProcess[str], dest: Path, expected: dict[str, bytes],
                         why: str) -> list[str]:
    """One line naming the files written before the failure; those whole, the rest absent."""
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "Traceback" not in out.stderr, out.stderr
    present = _whole_or_absent(dest, expected)
    assert present == list(expected)[:len(present)], "written out of order"
    assert f"can't write the course ({why}); " in out.stderr
    assert (f"wrote {len(present)} of 9 files, each whole: {', '.join(present)}" if present
            else "nothing was written") in out.stderr
    return present


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_FSIZE and SIGXFSZ as on Linux")
def test_a_real_file_size_limit_in_a_child_process(tmp_path: Path) -> None:
    """The kernel refuses to grow a file past RLIMIT_FSIZE (EFBIG), as a full disk would: the
    command exits 2 with one line and leaves whole files only."""
    import resource
    import signal

    expected = _student_copy(tmp_path)
    sizes = [len(b) for b in expected.values()]
    cap = sorted(sizes)[len(sizes) // 2]  # about half the notebooks are bigger

    def limit() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (cap, cap))

    dest = tmp_path / "dest"
    out = subprocess.run([sys.executable, "-m", "mtgkit", "course", str(dest)], capture_output=True,
                         text=True, timeout=120, preexec_fn=limit)
    present = _assert_failed_whole(out, dest, expected, "File too large")
    assert len(present) == next(i for i, size in enumerate(sizes) if size > cap)


@pytest.mark.skipif(sys.platform != "linux" or os.geteuid() != 0,
                    reason="mounting a tmpfs needs root on Linux")
def test_a_tiny_tmpfs_fills_up(tmp_path: Path) -> None:
    """A real full disk: a tmpfs a little bigger than the first two notebooks."""
    expected = _student_copy(tmp_path)
    size = sum(len(b) for b in list(expected.values())[:2]) + 64 * 1024
    disk = tmp_path / "disk"
    disk.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(disk)],
                      capture_output=True).returncode != 0:
        pytest.skip("can't mount a tmpfs here")
    try:
        out = subprocess.run([sys.executable, "-m", "mtgkit", "course", str(disk / "c")], capture_output=True,
                             text=True, timeout=120)
        assert len(_assert_failed_whole(out, disk / "c", expected, "No space left on device")) == 2
    finally:
        subprocess.run(["umount", str(disk)], check=False)


def test_ctrl_c_while_writing_says_which_files_were_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    import mtgkit.__main__ as cli

    real = files._Folder.write
    calls = []

    def interrupted(self: files._Folder, name: str, data: bytes) -> None:
        calls.append(name)
        if len(calls) == 3:
            raise KeyboardInterrupt
        real(self, name, data)

    monkeypatch.setattr(files._Folder, "write", interrupted)
    with pytest.raises(WriteInterrupted, match="wrote 2 of 9 files, each whole: 00-start-here.ipynb, "
                                                "01-tap-and-untap.ipynb"):
        write_course(tmp_path / "a")
    calls.clear()
    assert cli.main(["course", str(tmp_path / "b")]) == 130
    err = capsys.readouterr().err
    assert err.startswith("error: interrupted; ") and "wrote 2 of 9 files" in err and err.count("\n") == 1
    assert sorted(p.name for p in (tmp_path / "b").iterdir()) == ["00-start-here.ipynb",
                                                                   "01-tap-and-untap.ipynb"]


def test_without_descriptors_the_same_checks_hold(tmp_path: Path, outside: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Where folders can't be opened by descriptor (Windows), the paths are checked just before
    writing: the same refusals, the same whole files."""
    monkeypatch.setattr(files, "_BY_FD", False)
    dest = tmp_path / "dest"
    (dest / "solutions").mkdir(parents=True)
    (dest / "solutions" / "01_exercise1.py").symlink_to(outside / "precious.txt")
    with pytest.raises(CourseError, match="is a symbolic link"):
        write_course(dest, solutions=True, force=True)
    (dest / "solutions" / "01_exercise1.py").unlink()
    assert len(write_course(dest, solutions=True)) == 25
    assert (outside / "precious.txt").read_text() == "keep me"


def test_a_link_put_in_place_after_the_check_is_not_followed(tmp_path: Path, outside: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """The race: solutions/ is a folder when checked and a link when written. Opened by
    descriptor without following links, it is refused; nothing lands outside."""
    if not files._BY_FD:
        pytest.skip("folders by descriptor are not supported here")
    dest = tmp_path / "dest"
    (dest / "solutions").mkdir(parents=True)
    real = files._plan
    calls = []

    def swap(*args: object, **kwargs: object) -> dict[Path, bytes]:  # the checks under the lock passed
        todo = real(*args, **kwargs)  # type: ignore[arg-type]
        calls.append(1)
        if len(calls) == 2:
            (dest / "solutions").rmdir()
            (dest / "solutions").symlink_to(outside)
        return todo

    monkeypatch.setattr(files, "_plan", swap)
    with pytest.raises(CourseError, match=r"solutions: is a symbolic link, not a folder"):
        write_course(dest, solutions=True)
    assert sorted(p.name for p in outside.iterdir()) == ["precious.txt"]


def test_write_files_refuses_paths_outside_dest(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="outside"):
        write_files(tmp_path / "d", {tmp_path / "d" / ".." / "x": "no"}, force=True, what="x",
                    error=ValueError)
    with pytest.raises(ValueError):
        write_files(tmp_path / "d", {tmp_path / "elsewhere": "no"}, force=True, what="x", error=ValueError)
    assert not (tmp_path / "x").exists() and not (tmp_path / "elsewhere").exists()


@pytest.mark.parametrize("dest", ["", "x" * 300, "a/" + "y" * 300 + "/b"])
def test_cli_dest_problems_are_one_line(tmp_path: Path, dest: str) -> None:
    for command in (["course", dest], ["assignments", dest], ["worksheet", "--out", dest]):
        out = subprocess.run([sys.executable, "-m", "mtgkit", *command], capture_output=True, text=True,
                             cwd=tmp_path, timeout=120)
        assert out.returncode == 2 and out.stderr.count("\n") == 1, (command, out.stderr)
        assert "Traceback" not in out.stderr and out.stderr.startswith("error: ")
    assert list(tmp_path.iterdir()) == [] or dest.startswith("a/")


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="SIGTERM and SIGHUP as on POSIX")
@pytest.mark.parametrize("signame", ["SIGTERM", "SIGHUP"])
def test_sigterm_and_sighup_while_writing_leave_whole_files_and_say_which(tmp_path: Path,
                                                                         signame: str) -> None:
    """Issue 32, item 3: a real `mtgkit course d --solutions` in a child process, sent the
    signal as soon as the folder gets its first file: each file whole or absent, no temporary
    file, one line naming the files written, exit 128 + the signal's number. Three tries each
    (before, 19 of 20 left a `.NAME.XXXX.tmp`)."""
    signum = getattr(signal, signame)
    reference = tmp_path / "reference"
    write_course(reference, solutions=True)
    expected = {str(p.relative_to(reference)): p.read_bytes() for p in reference.rglob("*") if p.is_file()}
    stopped = 0
    for attempt in range(3):
        dest = tmp_path / f"d{attempt}"
        proc = subprocess.Popen([sys.executable, "-m", "mtgkit", "course", str(dest), "--solutions"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                preexec_fn=lambda: signal.signal(signum, signal.SIG_DFL))
        deadline = time.monotonic() + 60
        while proc.poll() is None and time.monotonic() < deadline:
            if dest.is_dir() and any(dest.iterdir()):
                break
            time.sleep(0.001)
        proc.send_signal(signum)
        out, err = proc.communicate(timeout=120)
        assert "Traceback" not in err and not list(dest.rglob(".*.tmp")), err
        present = _whole_or_absent(dest, expected)
        if proc.returncode == 0:  # it finished first
            assert present == sorted(expected)
            continue
        stopped += 1
        assert proc.returncode == 128 + signum and err.count("\n") == 1, (proc.returncode, err)
        words = "stopped by SIGTERM" if signame == "SIGTERM" else "stopped by SIGHUP (the terminal closed)"
        assert err.startswith(f"error: {words}; {dest}: ")
        if present:
            assert f"wrote {len(present)} of {len(expected)} files, each whole: " in err
            assert all(name in err for name in present)
        else:
            assert err.endswith("nothing was written\n")
    assert stopped, "the signal never landed while writing"


def test_a_signal_ignored_when_the_command_starts_stays_ignored(tmp_path: Path) -> None:
    """Under `nohup` SIGHUP is ignored: the command keeps it so and finishes."""
    script = ("import os, signal, sys\nsignal.signal(signal.SIGHUP, signal.SIG_IGN)\n"
              "import mtgkit.__main__ as m\nimport mtgkit.course as c\nreal = c.write_files\n"
              "def hup(*a, **k):\n    os.kill(os.getpid(), signal.SIGHUP)\n    return real(*a, **k)\n"
              "c.write_files = hup\nraise SystemExit(m.main(['course', sys.argv[1]]))\n")
    out = subprocess.run([sys.executable, "-c", script, str(tmp_path / "d")], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0 and out.stderr == "", out.stderr
    assert len(list((tmp_path / "d").glob("*.ipynb"))) == 9


def test_a_signal_held_while_a_file_is_written_counts_that_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """SIGTERM arriving while the third file is written is held until it is whole and renamed;
    then the command stops, and the line counts the third file too."""
    import mtgkit.__main__ as cli

    real = files._Folder.write
    calls = []

    def term_midway(self: files._Folder, name: str, data: bytes) -> None:
        calls.append(name)
        if len(calls) == 3:
            real_write = os.write

            def write(fd: int, chunk: bytes | memoryview) -> int:
                # lands while the file is being written: sent to the main thread, as a terminal's
                # signal reaches the single-threaded command (a test worker has other threads, which
                # don't block it, so a signal to the whole process could run the handler at once)
                signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGTERM)
                monkeypatch.setattr(files.os, "write", real_write)
                return real_write(fd, chunk)
            monkeypatch.setattr(files.os, "write", write)
        real(self, name, data)

    monkeypatch.setattr(files._Folder, "write", term_midway)
    assert cli.main(["course", str(tmp_path / "d")]) == 128 + signal.SIGTERM
    err = capsys.readouterr().err
    assert err.startswith("error: stopped by SIGTERM; ") and "wrote 3 of 9 files, each whole" in err, err
    assert sorted(p.name for p in (tmp_path / "d").iterdir()) == [
        "00-start-here.ipynb", "01-tap-and-untap.ipynb", "02-undefined-mana.ipynb"]
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL  # put back as it was
