"""Where `rfc preview` writes: into the user's cache, so that the RFC's folder is left as
it was (no untracked file for `git status` or `cruft update` to trip on), with one copy
of Mermaid that every cached page shares and draws with offline; and the RFC's links
and images still lead to the files beside it. With real git, real cruft and Chromium.

Every test has a cache of its own (XDG_CACHE_HOME), never the user's."""

from __future__ import annotations

import json
import re
import shutil
import struct
import subprocess
import zlib
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from test_preview import EXAMPLE, MERMAID_JS, SETTLED, preview_page, rfc_in, script_src

from rfc_template import preview, preview_files
from rfc_template.cli import main

needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
GIT = ["git", "-c", "init.defaultBranch=main", "-c", "user.name=T", "-c", "user.email=t@example.com"]
GIT += ["-c", "commit.gpgsign=false"]
CACHE_FOLDER = re.compile(r"[A-Za-z0-9._+-]+-[0-9a-f]{12}")
# Links and an image of an RFC to files beside it, and to other places
LINKS = (
    "\n\n见 [流程图](diagrams/flow%20chart.mmd)、[另一篇](../y/rfc.md#section-2)、[仓库说明](/README.md)、"
    "[官网](https://example.com/a)、[背景](#section-2)、[坏链接](javascript:alert(1))。\n\n![示意](img/dot.png)\n"
)


@pytest.fixture(autouse=True)
def cache_home(tmp_path, monkeypatch) -> Path:
    """The user's cache, where `rfc preview` writes its pages: the test's own folder."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    return cache


def git(repo: Path, *args: str) -> str:
    return subprocess.run([*GIT, "-C", str(repo), *args], check=True, capture_output=True, text=True).stdout


def committed_repo(root: Path, *folders: str) -> tuple[Path, list[Path]]:
    """A git repository with the example RFC in each of `folders`, all committed."""
    rfcs = [rfc_in(root / folder) for folder in folders]
    (root / "README.md").write_text("# RFCs\n", encoding="utf-8")
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "RFCs")
    return root, rfcs


def tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


# --- the RFC's folder is left as it was --------------------------------------------------------


@needs_git
def test_a_preview_leaves_git_status_empty(tmp_path, monkeypatch, cache_home):
    repo, [rfc] = committed_repo(tmp_path / "repo", "docs/design/x")
    before = tree(repo / "docs")
    monkeypatch.chdir(repo)
    pages = [
        preview_page("docs/design/x/rfc.md"),  # the npm Mermaid of this checkout, found from the package
        preview_page("docs/design/x/rfc.md", "--mermaid", MERMAID_JS),
        preview_page(rfc.resolve()),  # the same folder, however it is named
    ]
    assert git(repo, "status", "--porcelain", "--ignored", "--untracked-files=all") == ""
    assert tree(repo / "docs") == before
    assert len(set(pages)) == 1 and pages[0].is_relative_to(cache_home / "rfc-template" / "preview")
    assert not list(tmp_path.rglob(".gitignore"))  # none written, anywhere


def test_the_caches_folders_are_named_for_the_rfc_folder_and_safe(tmp_path, cache_home):
    same_name = [rfc_in(tmp_path / "a" / "ring"), rfc_in(tmp_path / "b" / "ring")]
    hostile = rfc_in(
        tmp_path / "x--!><img src=x onerror=alert(1)> ..\\..\n%2e%2e 环", EXAMPLE.read_text(encoding="utf-8") + LINKS
    )
    chinese = rfc_in(tmp_path / "梯度通信")
    pages = [preview_page(rfc) for rfc in (*same_name, hostile, chinese)]
    root = cache_home / "rfc-template" / "preview"
    assert all(page.parent.parent == root and CACHE_FOLDER.fullmatch(page.parent.name) for page in pages), pages
    assert [page.parent.name.rsplit("-", 1)[0] for page in pages] == [
        "ring",
        "ring",
        "x---img-src-x-onerror-alert-1-..-..-2e-2",
        "rfc",
    ]
    assert len({page.parent for page in pages}) == 4  # the two `ring` folders are two RFCs
    # a link beside the hostile folder: its path stays inside the attribute, percent-encoded
    link = (hostile.parent.resolve() / "diagrams" / "flow chart.mmd").as_uri()
    assert f'<a href="{link}">' in pages[2].read_text(encoding="utf-8") and '"' not in link and "<" not in link
    assert [page.name for page in pages] == ["rfc.html"] * 4
    other = same_name[0].with_name("notes.md")  # another RFC file of the folder: its own page there
    other.write_text("# Notes\n", encoding="utf-8")
    assert preview_page(other) == pages[0].with_name("notes.html")


def test_xdg_cache_home_is_respected_and_else_the_homes_cache(tmp_path, monkeypatch, cache_home):
    rfc = rfc_in(tmp_path / "x")
    assert preview_page(rfc).is_relative_to(cache_home / "rfc-template")
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    for unset in ("", "relative/cache"):  # a relative XDG_CACHE_HOME is ignored, as XDG says
        monkeypatch.setenv("XDG_CACHE_HOME", unset)
        assert preview_page(rfc).is_relative_to(home / ".cache" / "rfc-template" / "preview")
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert preview_files.cache_root() == home / ".cache" / "rfc-template"
    assert not (tmp_path / "relative").exists() and not Path("relative").exists()


# --- one copy of Mermaid, drawn offline --------------------------------------------------------


def test_two_rfcs_share_one_copy_of_mermaid_and_draw_offline(mermaid, tmp_path, cache_home, capsys):
    a, b = rfc_in(tmp_path / "a"), rfc_in(tmp_path / "b")
    assert main(["preview", str(a), "--mermaid", str(MERMAID_JS)]) == 0
    assert main(["preview", str(b), "--mermaid", str(MERMAID_JS)]) == 0
    out = capsys.readouterr().out.splitlines()
    pages = [Path(line.removeprefix("wrote ")) for line in out if line.startswith("wrote ")]
    [copy] = (cache_home / "rfc-template").rglob("mermaid.min.js")
    assert (
        copy.parent.parent == cache_home / "rfc-template" / "mermaid" and copy.read_bytes() == MERMAID_JS.read_bytes()
    )
    assert f"copied to {copy}" in out[1] and f"the same as {copy}" in out[3]  # written once, then shared
    for page in pages:
        src = script_src(page)
        assert not src.startswith(("/", "file:", "http")) and (page.parent / src).resolve() == copy.resolve()

    # offline: no network at all; the page and Mermaid come from file://
    context = mermaid.browser.new_context(offline=True)
    asked: list[str] = []
    context.route(re.compile(r"^(?!file:)"), lambda route: (asked.append(route.request.url), route.abort()))
    for page_file in pages:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error, errors=errors: errors.append(str(error)))
        page.goto(page_file.as_uri())
        page.wait_for_function(SETTLED, timeout=60_000)
        seen = page.evaluate(
            "() => [document.body.dataset.mermaid, document.querySelectorAll('pre.mermaid svg').length]"
        )
        assert seen == ["done", 3] and errors == [], (page_file, seen, errors)
        page.close()
    context.close()
    assert asked == []


def test_a_copy_in_the_cache_is_never_replaced_under_a_page(tmp_path, cache_home):
    """Each build has its folder (its version and a hash of it): a page keeps the Mermaid it was written with."""
    rfc = rfc_in(tmp_path / "x")
    mine = tmp_path / "mine" / "mermaid.min.js"
    mine.parent.mkdir()
    mine.write_text("/* mermaid, patched */ window.mermaid = {};", encoding="utf-8")
    first, second = (
        preview_page(rfc, "--mermaid", MERMAID_JS),
        preview_page(tmp_path / "x" / "rfc.md", "--mermaid", mine),
    )
    assert first == second  # the same page, now loading the other build
    copies = sorted((cache_home / "rfc-template" / "mermaid").iterdir())
    assert [c.name.rsplit("-", 1)[0] for c in copies] == ["11.17.2", "unknown"]
    assert (copies[0] / "mermaid.min.js").read_bytes() == MERMAID_JS.read_bytes()
    assert (second.parent / script_src(second)).resolve() == (copies[1] / "mermaid.min.js").resolve()


# --- links and images beside the RFC ----------------------------------------------------------


def png(width: int, height: int) -> bytes:
    """A red PNG of that size."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\0" + b"\xff\0\0" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


LINKS_SEEN = """() => Array.from(document.querySelectorAll('main a, main img'))
  .filter(e => e.closest('p') && e.closest('p').textContent.includes('流程图') || e.tagName === 'IMG')
  .map(e => e.tagName === 'IMG'
    ? ['img', e.getAttribute('src'), e.src, e.naturalWidth]
    : [e.textContent, e.getAttribute('href'), e.href, null])"""


def test_links_and_images_beside_the_rfc_still_work_from_the_cache(mermaid, tmp_path):
    repo, [rfc, _other] = committed_repo(tmp_path / "repo", "docs/design/x 甲", "docs/design/y")
    rfc.write_text(rfc.read_text(encoding="utf-8") + LINKS, encoding="utf-8")
    (rfc.parent / "diagrams" / "flow chart.mmd").parent.mkdir()
    (rfc.parent / "diagrams" / "flow chart.mmd").write_text("flowchart TD\n  A --> B\n", encoding="utf-8")
    (rfc.parent / "img").mkdir()
    (rfc.parent / "img" / "dot.png").write_bytes(png(3, 2))
    page_file = preview_page(rfc)
    page = mermaid.browser.new_page()
    page.goto(page_file.as_uri())
    seen = page.evaluate(LINKS_SEEN)
    page.close()
    files = {text: Path(unquote(urlsplit(url).path)) for text, written, url, _ in seen if written.startswith("file:")}
    assert files == {
        "流程图": rfc.parent.resolve() / "diagrams" / "flow chart.mmd",
        "另一篇": repo.resolve() / "docs" / "design" / "y" / "rfc.md",
        "仓库说明": repo.resolve() / "README.md",  # root-relative: the repository's root, as the forges read it
        "img": rfc.parent.resolve() / "img" / "dot.png",
    }
    assert all(path.is_file() for path in files.values())
    by_text = {text: (attribute, width) for text, attribute, _, width in seen}
    assert by_text["img"][1] == 3  # Chromium loaded the image beside the RFC
    assert by_text["另一篇"][0].endswith("/docs/design/y/rfc.md#section-2")
    assert by_text["官网"][0] == "https://example.com/a" and by_text["背景"][0] == "#section-2"
    assert by_text["坏链接"][0] == "#harmful-link"  # still made harmless first


def test_links_of_a_page_beside_the_rfc_stay_as_written(tmp_path):
    rfc = rfc_in(tmp_path / "x", EXAMPLE.read_text(encoding="utf-8") + LINKS)
    beside = preview.Placement.beside(rfc.with_suffix(".html"), preview.Mermaid())
    body = preview.render(rfc.read_text(encoding="utf-8"), rfc, placement=beside)
    assert '<a href="diagrams/flow%20chart.mmd">' in body and '<img src="img/dot.png"' in body
    assert '<a href="/README.md">' in body  # outside a repository: nothing to resolve it against


# --- a page of an older version, errors ---------------------------------------------------------


def test_an_older_page_beside_the_rfc_is_left_alone(tmp_path, capsys):
    rfc = rfc_in(tmp_path / "x")
    assert main(["preview", str(rfc), "-o", str(rfc.with_suffix(".html")), "--mermaid", str(MERMAID_JS)]) == 0
    (rfc.parent / ".gitignore").write_text(
        "# written by `rfc preview`, not part of the RFC\n/rfc.html\n/mermaid.min.js\n", encoding="utf-8"
    )
    before = tree(rfc.parent)
    capsys.readouterr()
    assert main(["preview", str(rfc)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert tree(rfc.parent) == before
    assert out[2] == (
        f"note: {rfc.with_suffix('.html')} is a page an older rfc preview wrote beside the RFC; it is no longer "
        "updated and can be deleted, with the mermaid.min.js and the .gitignore lines it wrote there"
    )
    rfc.with_suffix(".html").write_text("<p>my own page</p>", encoding="utf-8")  # not a preview: no note
    assert main(["preview", str(rfc)]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 2


def test_a_cache_that_cannot_be_written_is_one_line_and_nothing_is_written(tmp_path, monkeypatch, capsys):
    rfc = rfc_in(tmp_path / "x")
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    for argv in ([], ["--mermaid", str(MERMAID_JS)]):
        assert main(["preview", str(rfc), *argv]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "Traceback" not in err, err
        assert f"cannot write {blocker / 'rfc-template'}" in err and "(Not a directory)" in err
        assert "set XDG_CACHE_HOME to a folder you can write, or write the page elsewhere with -o FILE" in err
    assert sorted(p.name for p in rfc.parent.iterdir()) == ["rfc.md"] and blocker.read_text(encoding="utf-8") == "x"


def test_a_file_in_the_pages_place_in_the_cache_is_left_alone(tmp_path, capsys):
    rfc = rfc_in(tmp_path / "x")
    page = preview_page(rfc)
    page.write_text("<p>mine</p>", encoding="utf-8")
    assert main(["preview", str(rfc)]) == 2
    err = capsys.readouterr().err
    assert f"{page} exists and is not a page rfc preview wrote; it is left untouched" in err
    assert page.read_text(encoding="utf-8") == "<p>mine</p>"


# --- cruft update, after a preview ---------------------------------------------------------------


def test_cruft_update_runs_after_a_preview(tmp_path, cache_home):
    """The issue's case: an RFC made with cruft, previewed, then updated to the template's
    next version; cruft refuses to update a repository with an untracked file."""
    from test_cruft import ANSWERS, CRUFT, NEW_ROW, TEMPLATE_FILES, change_template, rfc_dir, run

    if not CRUFT.is_file():
        pytest.skip("cruft is not installed (pip install -e '.[test]')")
    template = tmp_path / "rfc-template"
    template.mkdir()
    for name in TEMPLATE_FILES:
        source = Path(__file__).resolve().parents[1] / name
        copy = shutil.copytree if source.is_dir() else shutil.copy2
        copy(source, template / name, **({"ignore": shutil.ignore_patterns("__pycache__")} if source.is_dir() else {}))
    git(template, "init", "-q")
    git(template, "add", "-A")
    git(template, "commit", "-q", "-m", "template v1")
    repo = tmp_path / "rfcs"
    (repo / "docs" / "design").mkdir(parents=True)
    git(repo, "init", "-q")
    context = json.dumps(ANSWERS, ensure_ascii=False)
    run(CRUFT, "create", "--no-input", template, "--extra-context", context, "--output-dir", "docs/design", cwd=repo)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "RFC skeleton")

    preview_page(rfc_dir(repo) / "rfc.md", "--mermaid", MERMAID_JS)
    assert git(repo, "status", "--porcelain") == ""
    change_template(template, NEW_ROW)
    done = run(CRUFT, "update", "-y", cwd=rfc_dir(repo), check=False)
    assert done.returncode == 0 and "unclean" not in done.stdout + done.stderr, done.stdout + done.stderr
    assert NEW_ROW[1] in (rfc_dir(repo) / "rfc.md").read_text(encoding="utf-8")
