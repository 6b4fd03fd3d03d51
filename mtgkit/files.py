"""Files in and out, safely: read a user's file without blocking on a pipe, and write into the
folder a user named, never anywhere else, each file whole or not at all.

**Reading** (:func:`read_regular`): only a regular file is read (a link to one is fine). A FIFO
would block at ``open``, a device could be endless: the path is checked with ``stat`` first,
opened non-blocking, and checked again on the open descriptor (it may have been swapped).

**Writing** (:func:`write_files`), into ``DEST``, the folder the user named (it may itself be a
link to a folder: the user chose it):

- every path under ``DEST`` is checked before anything is written: a symbolic link (even a
  dangling one) or something that isn't a regular file or folder is refused, naming it, with
  or without ``force``; nothing is ever written through a link;
- a file that exists and differs from what would be written is refused unless ``force`` (a
  learner's edits would be lost); one that already holds exactly that text is left as it is,
  so running the same command again after a failure finishes the job;
- each file is written to a temporary name in its own folder (``.NAME.XXXXXXXX.tmp``, created
  exclusively), flushed to disk, then renamed into place: a file is whole or absent. Where the
  system allows (Linux, macOS), folders are opened by descriptor without following links, so
  a link put in place while the files are written is never followed either;
- a failure (a full disk, a name too long) removes the temporary file and says which files
  were written before it; Ctrl-C, SIGTERM and SIGHUP are held while one file is written
  (POSIX), so they stop the run between two files (the command line says the same, and exits
  128 + the signal's number);
- **one writer at a time:** while it checks and writes, a command holds an exclusive lock on
  DEST itself (``flock`` on the folder's descriptor, POSIX; nothing is written for it, and the
  system drops it when the process ends, however it ends). A second command writing into the
  same folder meanwhile is refused at once with one line; one that comes after finds the first
  one's files and says so, as any run does. So ``mtgkit course d & mtgkit course d --solutions``
  leaves one copy or the other, never a mix. The checks are made again under the lock. Where
  the system has no ``flock`` (Windows), or the file system refuses it, there is no lock.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
import stat
from collections.abc import Iterator, Mapping
from pathlib import Path

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_BINARY = getattr(os, "O_BINARY", 0)
#: Folders by descriptor (race-free) where the system supports it, else by path.
_BY_FD = hasattr(os, "O_DIRECTORY") and {os.open, os.mkdir, os.stat, os.rename, os.unlink} <= \
    os.supports_dir_fd


def kind(mode: int) -> str:
    """What a file is, in words, from its ``st_mode``."""
    for test, name in ((stat.S_ISREG, "a regular file"), (stat.S_ISDIR, "a folder"),
                       (stat.S_ISLNK, "a symbolic link"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


class NotRegularFile(ValueError):
    """A path that names something other than a regular file."""


def read_regular(path: str | Path, limit: int) -> bytes:
    """At most ``limit + 1`` bytes of the regular file at ``path`` (enough to tell it is bigger).

    Raises :class:`NotRegularFile` (a ``ValueError`` saying what the path is) for a folder, a
    FIFO, a device or a socket, and ``OSError`` when the file can't be read.
    """
    mode = os.stat(path).st_mode
    if not stat.S_ISREG(mode):
        raise NotRegularFile(f"a regular file (this is {kind(mode)})")
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | _CLOEXEC | _BINARY)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):  # swapped between the stat and the open
            raise NotRegularFile(f"a regular file (this is {kind(mode)})")
        chunks, left = [], limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 16))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def folder(dest: str | Path, error: type[Exception] = ValueError) -> Path:
    """``dest`` as a folder to write into; an empty name (which would mean the current folder
    without saying so) raises ``error``."""
    if not str(dest).strip():
        raise error(f"{str(dest)!r}: the name of a folder to write into (use . for the current folder)")
    return Path(dest)


class WriteInterrupted(KeyboardInterrupt):
    """Ctrl-C while files were being written: says which were written (each one whole)."""


def _written(done: list[Path], total: int, dest: Path) -> str:
    if not done:
        return "nothing was written"
    names = ", ".join(str(p.relative_to(dest)) for p in done)
    return f"wrote {len(done)} of {total} files, each whole: {names}"


#: The signals held while one file is written: Ctrl-C, and the ones that end a process politely
#: (``kill``, a closed terminal).
HELD_SIGNALS = frozenset(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
                         if hasattr(signal, name))


@contextlib.contextmanager
def _interrupts_held() -> Iterator[None]:
    """SIGINT, SIGTERM and SIGHUP blocked (where the system can: POSIX) until the block ends;
    one that arrives meanwhile is delivered then."""
    mask = getattr(signal, "pthread_sigmask", None)
    if mask is None:
        yield
        return
    old = mask(signal.SIG_BLOCK, HELD_SIGNALS)
    try:
        yield
    finally:
        mask(signal.SIG_SETMASK, old)


class _Folder:
    """A folder under DEST, reached without following links: by descriptor where the system
    allows it, else by path (checked with lstat just before)."""

    def __init__(self, path: Path, fd: int | None) -> None:
        self.path, self.fd = path, fd

    def at(self, name: str) -> str:
        return name if self.fd is not None else str(self.path / name)

    def lstat(self, name: str) -> os.stat_result | None:
        try:
            return os.stat(self.at(name), dir_fd=self.fd, follow_symlinks=False)
        except FileNotFoundError:
            return None

    def sub(self, name: str) -> _Folder:
        try:
            os.mkdir(self.at(name), dir_fd=self.fd)
        except FileExistsError:
            pass
        st = self.lstat(name)
        if st is None or not stat.S_ISDIR(st.st_mode):
            raise _Refused(self.path / name, "is " + (kind(st.st_mode) if st else "gone") + ", not a folder")
        if self.fd is None:
            return _Folder(self.path / name, None)
        try:
            fd = os.open(name, os.O_RDONLY | os.O_DIRECTORY | _NOFOLLOW | _CLOEXEC, dir_fd=self.fd)
        except OSError as err:  # ELOOP: it became a link after the check
            raise _Refused(self.path / name, f"can't be opened without following a link ({err.strerror})") \
                from None
        return _Folder(self.path / name, fd)

    def write(self, name: str, data: bytes) -> None:
        """``data`` into ``name``: a temporary file, flushed, renamed into place. Ctrl-C is held
        while it is written, so it lands between two files, never leaving a temporary one."""
        tmp = f".{name}.{secrets.token_hex(4)}.tmp"  # unique: removed by name if anything fails
        with _interrupts_held():
            try:
                flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC | _BINARY
                fd = os.open(self.at(tmp), flags, 0o666, dir_fd=self.fd)
                try:
                    view = memoryview(data)
                    while view:
                        view = view[os.write(fd, view):]
                    os.fsync(fd)
                finally:
                    os.close(fd)
                if self.fd is not None:
                    os.rename(tmp, name, src_dir_fd=self.fd, dst_dir_fd=self.fd)
                else:
                    os.replace(self.at(tmp), self.at(name))
            except BaseException:
                try:
                    os.unlink(self.at(tmp), dir_fd=self.fd)
                except OSError:
                    pass
                raise

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


class _Refused(Exception):
    def __init__(self, path: Path, why: str) -> None:
        super().__init__(f"{path}: {why}")


class Busy(_Refused):
    """Another process is writing into the same folder."""


@contextlib.contextmanager
def locked(dest: Path) -> Iterator[None]:
    """An exclusive lock on the folder ``dest`` (which exists) while the block runs; raises
    :class:`Busy` at once if another process holds it (see the module's notes)."""
    try:
        import fcntl
    except ImportError:  # Windows: no flock
        yield
        return
    fd = os.open(dest, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | _CLOEXEC)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise Busy(dest, "another mtgkit command is writing into this folder now; run this one "
                       "again when it has finished") from None
        except OSError:  # a file system without locks: write without one
            pass
        yield
    finally:
        os.close(fd)  # drops the lock


def _check(dest: Path, path: Path, data: bytes) -> bool:
    """Whether ``path`` already holds ``data``; refuses a link or anything that isn't a regular
    file or folder on the way (by path: the writing checks again by descriptor)."""
    here = dest
    for part in path.relative_to(dest).parts:
        here = here / part
        try:
            st = os.lstat(here)
        except FileNotFoundError:
            return False
        if stat.S_ISLNK(st.st_mode):
            target = os.readlink(here)
            raise _Refused(here, f"is a symbolic link (to {target}); mtgkit never writes through a link: "
                           "remove it, or choose another folder")
        if here != path and not stat.S_ISDIR(st.st_mode):
            raise _Refused(here, f"is {kind(st.st_mode)}, where a folder should be")
    if not stat.S_ISREG(st.st_mode):
        raise _Refused(path, f"is {kind(st.st_mode)}, not a regular file: remove it, or choose another "
                       "folder")
    if st.st_size != len(data):
        return False
    with open(path, "rb") as f:
        return f.read(len(data) + 1) == data


def write_files(dest: str | Path, files: Mapping[Path, str | bytes], *, force: bool, what: str,
                error: type[Exception]) -> list[Path]:
    """Write ``files`` (path under ``dest`` -> text or bytes) into ``dest`` and return their paths
    (see the module's notes). Every refusal or failure raises ``error`` with one line naming the
    path, ``what`` was being written and, after a failure, the files written before it; Ctrl-C
    raises :class:`WriteInterrupted` saying the same."""
    dest = folder(dest, error)
    blobs = {path: text.encode("utf-8") if isinstance(text, str) else text for path, text in files.items()}
    for path in blobs:
        if ".." in path.relative_to(dest).parts:
            raise error(f"{path}: outside {dest}")
    _plan(dest, blobs, force=force, what=what, error=error)  # refused before anything is made
    done: list[Path] = []
    folders: dict[Path, _Folder] = {}
    current = dest
    todo: dict[Path, bytes] = {}
    try:
        os.makedirs(dest, exist_ok=True)
        with locked(dest):
            todo = _plan(dest, blobs, force=force, what=what, error=error)  # again, alone
            top = _Folder(dest, os.open(dest, os.O_RDONLY | os.O_DIRECTORY | _CLOEXEC) if _BY_FD else None)
            folders[dest] = top
            for current, data in todo.items():
                here = top
                for part in current.relative_to(dest).parts[:-1]:
                    key = here.path / part
                    if key not in folders:
                        folders[key] = here.sub(part)
                    here = folders[key]
                st = here.lstat(current.name)
                if st is not None and not stat.S_ISREG(st.st_mode):
                    raise _Refused(current, f"is {kind(st.st_mode)}, not a regular file")
                here.write(current.name, data)
                done.append(current)
    except Busy as err:
        raise error(f"{err}") from None
    except _Refused as err:
        raise error(f"{err}; {_written(done, len(todo), dest)}") from None
    except OSError as err:
        raise error(f"{current}: can't write {what} ({err.strerror}); "
                    f"{_written(done, len(todo), dest)}") from None
    except KeyboardInterrupt:
        # a signal held while the last file was written lands just after its rename: it is whole
        if todo and current not in done and current != dest and _holds(current, todo[current]):
            done.append(current)
        raise WriteInterrupted(f"{dest}: {_written(done, len(todo), dest)}") from None
    finally:
        for f in folders.values():
            f.close()
    return list(blobs)


def _holds(path: Path, data: bytes) -> bool:
    try:
        with open(path, "rb") as f:
            return f.read(len(data) + 1) == data
    except OSError:
        return False


def _plan(dest: Path, blobs: dict[Path, bytes], *, force: bool, what: str,
          error: type[Exception]) -> dict[Path, bytes]:
    """The files to write (those not already holding their text), after every check: a link or
    something else in the way, or (without ``force``) a file that differs, raises ``error``."""
    try:
        if dest.exists() and not dest.is_dir():
            raise _Refused(dest, "is not a folder")
        todo = {p: b for p, b in blobs.items() if not (dest.is_dir() and _check(dest, p, b))}
        existing = [p for p in todo if os.path.lexists(p)]
    except _Refused as err:
        raise error(f"{err}") from None
    except OSError as err:
        raise error(f"{err.filename or dest}: can't write {what} ({err.strerror})") from None
    if existing and not force:
        names = ", ".join(str(p.relative_to(dest)) for p in existing[:3])
        more = f" and {len(existing) - 3} more" if len(existing) > 3 else ""
        raise error(f"{dest}: already holds {names}{more}; choose another folder, or add "
                    "--force to overwrite them")
    return todo
