"""Faults and existing work: nothing a user wrote is lost, nothing half-written is left,
and every failure is one clear message with a non-zero exit, never a traceback or a hang."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from figures import FIGURES
from generation import cookiecutter_config, fresh_dir, snapshot, with_cookiecutter, with_rfc_new
from hypothesis import given
from hypothesis import strategies as st

from rfc_template.batch import MAX_RFC_BYTES
from rfc_template.cli import main

PROJECT = Path(__file__).resolve().parents[1]
BASE = {"author": "张三", "date": "2026-12-01", "rfc_slug": "mine"}


def tree_bytes(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


# --- existing work -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "flags",
    [(), ("--overwrite-if-exists",), ("--skip-if-file-exists",), ("--overwrite-if-exists", "--skip-if-file-exists")],
)
def test_an_existing_rfc_is_never_overwritten_by_the_template(tmp_path, flags):
    out = fresh_dir(tmp_path, "out")
    assert with_rfc_new(BASE, out).ok
    rfc_dir = out / "mine"
    (rfc_dir / "rfc.md").write_text("# 我已经写了很多\n", encoding="utf-8")
    (rfc_dir / "notes.txt").write_text("mine", encoding="utf-8")
    before = tree_bytes(rfc_dir)
    outcome = with_cookiecutter(BASE, out, tmp_path, *flags)
    assert outcome.exit_code != 0 and not outcome.traceback, outcome.describe()
    assert "already exists and is left untouched; choose another rfc_slug" in outcome.output
    assert tree_bytes(rfc_dir) == before


def test_an_existing_rfc_is_never_overwritten_by_rfc_new(tmp_path):
    out = fresh_dir(tmp_path, "out")
    assert with_rfc_new(BASE, out).ok
    (out / "mine" / "rfc.md").write_text("# 我已经写了很多\n", encoding="utf-8")
    before = tree_bytes(out)
    outcome = with_rfc_new(BASE, out)
    assert outcome.exit_code == 2 and "already exists and is left untouched; choose another --slug" in outcome.output
    assert tree_bytes(out) == before


# --- where the RFC would go ----------------------------------------------------------------


def unwritable_dir(tmp_path: Path) -> Path:
    """A directory in which nothing can be created, for whoever runs the tests.

    Permission bits do not stop root (CI runs as root), and sysfs refuses everyone."""
    if os.geteuid() == 0:
        return Path("/sys")
    folder = fresh_dir(tmp_path, "read-only")
    folder.chmod(0o555)
    return folder


@pytest.mark.parametrize("way", ["cookiecutter", "rfc new"])
def test_an_unwritable_output_directory_is_refused(tmp_path, way):
    out = unwritable_dir(tmp_path)
    before = snapshot(out) if out != Path("/sys") else None
    outcome = with_cookiecutter(BASE, out, tmp_path) if way == "cookiecutter" else with_rfc_new(BASE, out)
    assert outcome.exit_code != 0 and not outcome.traceback, outcome.describe()
    assert "is not writable" in outcome.output and "choose another output directory" in outcome.output
    assert not (out / "mine").exists()
    if before is not None:
        assert snapshot(out) == before


@pytest.mark.parametrize("way", ["cookiecutter", "rfc new"])
def test_a_missing_output_directory_is_made_with_its_parents(tmp_path, way):
    out = tmp_path / "not" / "there"
    outcome = with_cookiecutter(BASE, out, tmp_path) if way == "cookiecutter" else with_rfc_new(BASE, out)
    assert outcome.ok, outcome.describe()
    assert (out / "mine" / "rfc.md").is_file()


@pytest.mark.parametrize("way", ["cookiecutter", "rfc new"])
@pytest.mark.parametrize("under", ["notes.txt", "notes.txt/deeper"])
def test_an_output_directory_under_a_file_is_refused(tmp_path, way, under):
    work = fresh_dir(tmp_path, "work")
    (work / "notes.txt").write_text("mine", encoding="utf-8")
    out = work / under
    outcome = with_cookiecutter(BASE, out, tmp_path) if way == "cookiecutter" else with_rfc_new(BASE, out)
    assert outcome.exit_code != 0 and not outcome.traceback, outcome.describe()
    option = "--output-dir" if way == "rfc new" else "output directory"
    assert f"{option} '{out}' is not a folder" in outcome.output and "choose another output directory" in outcome.output
    assert tree_bytes(work) == {"notes.txt": b"mine"}


# A write that fails once cookiecutter has written two files of the RFC (a full disk,
# simulated), in a process of its own: cookiecutter's command line, or `rfc new`.
FAILING_WRITE = textwrap.dedent(
    """
    import errno, os, sys
    import cookiecutter.generate as generate

    real, written = generate.generate_file, []

    def generate_file(*args, **kwargs):
        if len(written) == 2:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        written.append(real(*args, **kwargs))

    generate.generate_file = generate_file
    if sys.argv[1] == "cookiecutter":
        from cookiecutter.cli import main
        main(sys.argv[2:])
    else:
        from rfc_template.cli import main
        sys.exit(main(sys.argv[2:]))
    """
)


@pytest.mark.parametrize("way", ["cookiecutter", "rfc new"])
def test_a_failed_run_removes_the_output_folders_it_made(tmp_path, way):
    out = tmp_path / "docs" / "design"
    if way == "cookiecutter":
        args = [
            "cookiecutter",
            str(PROJECT),
            "--no-input",
            "--output-dir",
            str(out),
            "--config-file",
            str(cookiecutter_config(tmp_path)),
            *(f"{k}={v}" for k, v in BASE.items()),
        ]
    else:
        args = ["rfc", "new", "--no-input", "--author", "张三", "--slug", "mine", "--output-dir", str(out)]
    done = subprocess.run(
        [sys.executable, "-c", FAILING_WRITE, *args], capture_output=True, text=True, cwd=tmp_path, timeout=60
    )
    assert done.returncode != 0 and "No space left on device" in done.stdout + done.stderr, done.stdout + done.stderr
    assert not (tmp_path / "docs").exists(), snapshot(tmp_path)


def test_a_failed_run_keeps_output_folders_it_found(tmp_path):
    out = fresh_dir(tmp_path, "docs")
    (out / "other.md").write_text("mine", encoding="utf-8")
    args = ["rfc", "new", "--no-input", "--author", "张三", "--slug", "mine", "--output-dir", str(out / "design")]
    done = subprocess.run(
        [sys.executable, "-c", FAILING_WRITE, *args], capture_output=True, text=True, cwd=tmp_path, timeout=60
    )
    assert done.returncode == 2, done.stderr
    assert snapshot(out) == ["other.md"]


# --- concurrent runs of one slug ------------------------------------------------------------

HOLD_THE_CLAIM = textwrap.dedent(
    """
    import sys
    from rfc_template import target
    assert target.claim(sys.argv[1])
    print("held", flush=True)
    sys.stdin.read()
    """
)


def test_a_run_refused_the_folder_leaves_the_output_folders_to_the_run_holding_it(tmp_path, monkeypatch):
    """Another run holds the RFC folder and has just made the (empty) output folder this run
    found missing when it started: refused, this run must not remove it from under that run."""
    from rfc_template import target

    out = tmp_path / "docs" / "design"
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD_THE_CLAIM, str(out / "mine")], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    try:
        assert holder.stdout.readline() == b"held\n"
        out.mkdir(parents=True)  # made by the holder after this run looked
        monkeypatch.setattr(target, "folders_to_make", lambda _: [tmp_path / "docs", out])
        assert main(["new", "--no-input", "--author", "张三", "--slug", "mine", "--output-dir", str(out)]) == 2
        assert out.is_dir() and not (out / "mine").exists()
    finally:
        holder.communicate(b"", timeout=30)


# Each run imports everything first, then waits for the same moment to start.
AT_ONCE = textwrap.dedent(
    """
    import sys, time
    import cookiecutter.cli, cookiecutter.main, rfc_template.cli, rfc_template.jinja, rfc_template.check
    start = float(sys.argv[1])
    time.sleep(max(0.0, start - time.time()))
    if sys.argv[2] == "cookiecutter":
        cookiecutter.cli.main(sys.argv[3:])
    else:
        sys.exit(rfc_template.cli.main(sys.argv[3:]))
    """
)


def test_concurrent_runs_of_one_slug_exactly_one_wins(tmp_path):
    import time

    out = tmp_path / "docs" / "design"  # missing: every run would make it
    runs = []
    for number in range(10):
        author = f"Author{number}x"
        if number % 3 == 2:
            args = [
                "cookiecutter",
                str(PROJECT),
                "--no-input",
                "--output-dir",
                str(out),
                "--config-file",
                str(cookiecutter_config(tmp_path)),
                "rfc_slug=mine",
                f"author={author}",
                "date=2026-12-01",
            ]
        else:
            args = ["rfc", "new", "--no-input", "--author", author, "--slug", "mine", "--output-dir", str(out)]
        runs.append((author, args))
    start = time.time() + 8  # after every process has imported what it needs
    procs = [
        (
            author,
            subprocess.Popen(
                [sys.executable, "-c", AT_ONCE, str(start), *args],
                cwd=tmp_path,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            ),
        )
        for author, args in runs
    ]
    results = [(author, proc.wait(timeout=120), proc.stdout.read() + proc.stderr.read()) for author, proc in procs]
    for _, proc in procs:
        proc.stdout.close(), proc.stderr.close()
    assert all("Traceback" not in output for _, _, output in results), results
    winners = [(author, output) for author, code, output in results if code == 0]
    assert len(winners) == 1, results
    for _author, code, output in results:
        if code != 0:
            lines = [
                line for line in output.splitlines() if line.strip() and not line.startswith("ERROR: cannot generate")
            ]
            assert len(lines) == 1 and (
                "already exists and is left untouched" in lines[0] or "is being created by another run" in lines[0]
            ), output
    author = winners[0][0]
    rfc = (out / "mine" / "rfc.md").read_text(encoding="utf-8")
    assert [other for other, _ in runs if other in rfc] == [author]  # the winner's own RFC, whole
    assert main(["check", str(out / "mine" / "rfc.md")]) == 0


# --- failures halfway -----------------------------------------------------------------------


def test_a_full_disk_leaves_no_half_written_rfc(tmp_path, monkeypatch):
    """ENOSPC on the third file cookiecutter writes (simulated: a real full disk needs a
    mount this test cannot make)."""
    import cookiecutter.generate

    real_open, opened = open, []

    def filling_open(file, mode="r", *args, **kwargs):
        handle = real_open(file, mode, *args, **kwargs)
        if "w" in mode:
            opened.append(file)
            if len(opened) == 3:
                handle.close()
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(file))
        return handle

    monkeypatch.setattr(cookiecutter.generate, "open", filling_open, raising=False)
    out = fresh_dir(tmp_path, "out")
    outcome = with_rfc_new(BASE, out)
    assert len(opened) == 3, "the simulated disk never filled up"
    assert outcome.exit_code == 2 and not outcome.traceback, outcome.describe()
    assert "No space left on device" in outcome.output
    assert snapshot(out) == []


# A real SIGINT, sent by the process to itself once cookiecutter has written one file.
INTERRUPT = textwrap.dedent(
    """
    import os, signal, sys
    import cookiecutter.generate as generate
    from rfc_template.cli import main

    real = generate.generate_file

    def generate_file(*args, **kwargs):
        real(*args, **kwargs)
        os.kill(os.getpid(), signal.SIGINT)

    generate.generate_file = generate_file
    sys.exit(main(sys.argv[1:]))
    """
)


def test_an_interrupted_rfc_new_leaves_nothing(tmp_path):
    out = fresh_dir(tmp_path, "out")
    done = subprocess.run(
        [sys.executable, "-c", INTERRUPT, "new", "--no-input", "--author", "张三", "--output-dir", str(out)],
        capture_output=True,
        text=True,
        cwd=PROJECT,
        timeout=60,
    )
    assert done.returncode == 130, done.stderr
    assert done.stderr.strip() == "rfc new: interrupted" and "Traceback" not in done.stderr
    assert snapshot(out) == []


# --- rfc check on whatever it is given -------------------------------------------------------


def check(*paths) -> tuple[int, str, str]:
    done = subprocess.run(
        [sys.executable, "-m", "rfc_template", "check", *map(str, paths)],
        capture_output=True,
        text=True,
        cwd=PROJECT,
        timeout=120,
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done.returncode, done.stdout, done.stderr


def write(path: Path, data: bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def test_check_an_empty_file_is_no_rfc_in_one_line(tmp_path):
    code, out, err = check(write(tmp_path / "rfc.md", b""))
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and "not an RFC" in err


@pytest.mark.parametrize(
    "data, message",
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "not Markdown (NUL byte at byte 8)"),
        (b"# \xe6\xa0\x87\xe9\xa2\x98 \xff\xfe", "not UTF-8 text (invalid start byte at byte 9)"),
        (b"# title\x00", "a binary file, not Markdown"),
    ],
)
def test_check_binary_or_not_utf8_is_a_clear_error(tmp_path, data, message):
    code, _, err = check(write(tmp_path / "rfc.md", data))
    assert code == 2 and message in err


def test_check_a_50_mb_file_is_refused_at_once(tmp_path):
    huge = tmp_path / "rfc.md"
    with huge.open("wb") as handle:
        handle.truncate(50 * 1024 * 1024)  # sparse: 50 MB without writing them
    code, _, err = check(huge)
    assert code == 2 and f"50.0 MB is too large for an RFC (at most {MAX_RFC_BYTES // 2**20} MB)" in err


@pytest.mark.parametrize(
    "name, text",
    [
        ("block quotes", "> " * 100_000 + "x"),
        ("brackets", "[" * 200_000),
        ("emphasis", "*" * 100_000 + "x" + "*" * 100_000),
        ("nested lists", "".join("  " * depth + "- x\n" for depth in range(2_000))),
        ("html", "<div>" * 100_000),
        ("diagram brackets", "```mermaid\nflowchart TD\n" + "A[" * 50_000 + "\n```\n"),
        ("long table", "| a | b |\n| --- | --- |\n" + "| x | y |\n" * 100_000),
    ],
)
def test_check_deeply_nested_markdown_finishes(tmp_path, name, text):
    code, out, err = check(write(tmp_path / "rfc.md", text.encode()))
    assert code in (1, 2), err
    assert len(out.splitlines()) < 100, f"{name}: {len(out.splitlines())} findings is a flood, not a report"


def test_check_a_folder_with_a_symlink_loop(tmp_path):
    folder = fresh_dir(tmp_path, "rfcs")
    (folder / "loop").symlink_to(folder, target_is_directory=True)
    (folder / "a").mkdir()
    (folder / "a" / "rfc.md").symlink_to(folder / "a" / "rfc.md")  # points at itself
    code, _, err = check(folder)
    assert code == 2 and "a/rfc.md: cannot read it (Too many levels of symbolic links)" in err
    code, _, err = check(folder / "a" / "rfc.md")
    assert code == 2 and "too many levels of symbolic links" in err.lower()


def test_check_an_unreadable_file(tmp_path):
    if os.geteuid() == 0:  # root reads any file; a FIFO is what blocks it (and would hang a naive read)
        unreadable = tmp_path / "rfc.md"
        os.mkfifo(unreadable)
        expected = "not a regular file"
    else:
        unreadable = write(tmp_path / "rfc.md", b"# x\n")
        unreadable.chmod(0)
        expected = "cannot read it (Permission denied)"
    code, _, err = check(unreadable)
    assert code == 2 and expected in err


@given(
    data=st.one_of(st.binary(max_size=2000), st.text(max_size=2000).map(lambda t: t.encode("utf-8", "surrogatepass")))
)
def test_check_never_crashes(tmp_path_factory, data):
    """rfc check in-process on anything: a finding or a clear error, never an exception."""
    folder = tmp_path_factory.mktemp("fuzz")
    path = write(folder / "rfc.md", data)
    FIGURES["check_fuzz"] += 1
    assert main(["check", str(path)]) in (0, 1, 2)
