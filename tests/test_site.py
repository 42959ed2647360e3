"""`rfc site`: the site of every RFC, opened from file:// in Chromium as a reader opens it.

The RFCs are the hand-filled ones of the repository (examples/, tests/corpus/,
tests/precision/) plus a pair that supersede each other and one written to attack the
page. What the filters and the search should show is read from the RFC files here, by
plain text matching, never from the site's own rfcs.json; Chromium is the judge of what
a reader sees (rows shown, diagrams drawn, no console errors, nothing run).
"""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[1]
FILLED = sorted(
    p.parent
    for p in (
        *PROJECT.glob("examples/*/rfc.md"),
        *PROJECT.glob("tests/corpus/*/rfc.md"),
        *PROJECT.glob("tests/precision/*/rfc.md"),
    )
)
ATOM = "{http://www.w3.org/2005/Atom}"
HOSTILE_TITLE = '<img src=x onerror="window.pwned=1"> </script><script>window.pwned=2</script>'


def rfc(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "rfc_template", *args], cwd=cwd, capture_output=True, text=True, timeout=300
    )


def add_row(path: Path, after: str, row: str) -> None:
    text = path.read_text(encoding="utf-8")
    line = next(line for line in text.split("\n") if line.startswith(f"| {after} |"))
    path.write_text(text.replace(line + "\n", f"{line}\n{row}\n", 1), encoding="utf-8")


@pytest.fixture(scope="module")
def repo(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("site-repo")
    design = root / "docs" / "design"
    for folder in FILLED:
        shutil.copytree(folder, design / folder.name)
    for slug in ("old-design", "new-design", "hostile"):
        done = rfc(
            "new",
            "--no-input",
            "--author",
            "A",
            "--slug",
            slug,
            "--date",
            "2025-03-04",
            "--output-dir",
            str(design),
            cwd=root,
        )
        assert done.returncode == 0, done.stderr
    add_row(design / "new-design/rfc.md", "状态", "| 替代 | [旧方案](../old-design/rfc.md) |")
    add_row(design / "old-design/rfc.md", "状态", "| 被替代 | new-design |")
    newer = design / "new-design/rfc.md"
    text = newer.read_text(encoding="utf-8").replace("# FSDP 梯度通信重叠", "# 新方案", 1)
    text = text.replace("## 2. 背景\n", "## 2. 背景\n\n取代[旧方案](../old-design/rfc.md#2-背景)。\n", 1)
    newer.write_text(text, encoding="utf-8")
    old = design / "old-design/rfc.md"
    old.write_text(old.read_text(encoding="utf-8").replace("# FSDP 梯度通信重叠", "# 旧方案", 1), encoding="utf-8")
    hostile = design / "hostile/rfc.md"
    text = hostile.read_text(encoding="utf-8").replace("# FSDP 梯度通信重叠", f"# {HOSTILE_TITLE}", 1)
    text = text.replace("| 作者 | A |", '| 作者 | <b onmouseover="window.pwned=3">A</b> |')
    text = text.replace(
        "## 2. 背景", "## 2. 背景\n\n<script>window.pwned=4</script>\n\n[x](javascript:window.pwned=5)", 1
    )
    hostile.write_text(text, encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def site(repo) -> Path:
    done = rfc("site", "docs/design", "-o", "public", cwd=repo)
    assert done.returncode == 0, done.stdout + done.stderr
    return repo / "public"


def rfc_files(repo: Path) -> list[Path]:
    return sorted((repo / "docs/design").glob("*/rfc.md"))


def basic_info(path: Path) -> dict[str, str]:
    rows = re.findall(r"^\| ([^|]+?) \| (.*?) \|$", path.read_text(encoding="utf-8"), re.M)
    info: dict[str, str] = {}
    for key, value in rows:
        info.setdefault(key, value)
    return info


def prose(path: Path) -> str:
    """The file's text outside code blocks, lowercased: what a search should find words in."""
    text, fence = [], False
    for line in path.read_text(encoding="utf-8").split("\n"):
        if line.lstrip().startswith(("```", "~~~")):
            fence = not fence
        elif not fence:
            text.append(line)
    return "\n".join(text).lower()


class Reader:
    """A page of the site open in Chromium, with every console error and dialog kept."""

    def __init__(self, mermaid, path: Path) -> None:
        self.page = mermaid.browser.new_page(viewport={"width": 1280, "height": 900})
        self.errors: list[str] = []
        self.dialogs: list[str] = []
        self.requests: list[str] = []
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.goto(path.as_uri())

    def shown_rows(self) -> list[str]:
        return self.page.evaluate(
            "() => Array.from(document.querySelectorAll('#list tbody tr'))"
            ".filter(r => !r.hidden).map(r => r.querySelector('a') ? r.querySelector('a').getAttribute('href') : '')"
        )

    def close(self) -> None:
        self.page.close()


def page_of(path: Path, repo: Path) -> str:
    return f"rfc/{path.parent.relative_to(repo / 'docs/design').as_posix()}/index.html"


@pytest.fixture
def index(mermaid, site):
    reader = Reader(mermaid, site / "index.html")
    yield reader
    assert reader.errors == [] and reader.dialogs == []
    assert all(url.startswith("file://") for url in reader.requests), reader.requests  # nothing from the network
    reader.close()


def test_every_rfc_is_a_row_with_its_page(index, repo, site):
    assert sorted(index.shown_rows()) == sorted(page_of(p, repo) for p in rfc_files(repo))
    assert (
        index.page.evaluate("() => document.getElementById('shown').textContent")
        == f"{len(rfc_files(repo))} / {len(rfc_files(repo))}"
    )


@pytest.mark.parametrize(
    "select, value, key",
    [
        ("status", "评审中 Reviewing", "状态"),
        ("modules", "checkpoint", "相关模块"),
        ("backend", "PT", "适用后端"),
        ("category", "性能优化", "类型"),
    ],
)
def test_a_filter_shows_the_rfcs_that_say_so(index, repo, select, value, key):
    index.page.select_option(f"#{select}", value)
    english = {"状态": "Status", "相关模块": "Modules", "适用后端": "Backend", "类型": "Type"}[key]
    words = {
        "评审中 Reviewing": ("评审中 Reviewing", "Reviewing"),
        "性能优化": ("性能优化", "Performance optimization"),
    }.get(value, (value,))

    def says(path: Path) -> bool:
        info = basic_info(path)
        cell = info.get(key, info.get(english, ""))
        if select == "modules":
            return value in re.split(r"[\s/,，、*]+", cell)
        return cell.strip() in words

    expected = sorted(page_of(p, repo) for p in rfc_files(repo) if says(p))
    assert expected, "the corpus has an RFC for each filter"
    assert sorted(index.shown_rows()) == expected


@pytest.mark.parametrize("term", ["重切分", "弹性", "resharding", "Ulysses", "梯度 overlap"])
def test_a_search_finds_the_rfcs_whose_text_has_the_words(index, repo, term):
    index.page.fill("#q", term)
    words = term.lower().split()
    expected = sorted(page_of(p, repo) for p in rfc_files(repo) if all(w in prose(p) for w in words))
    assert expected, f"some RFC has {term!r}"
    shown = sorted(index.shown_rows())
    assert set(expected) <= set(shown), term  # every RFC that has the words
    # and what else is shown has every word too, as words a reader types are read: a word's
    # start, a Chinese term's character pairs
    for page in set(shown) - set(expected):
        path = next(p for p in rfc_files(repo) if page_of(p, repo) == page)
        assert all(w[i : i + 2] in prose(path) for w in words for i in range(max(1, len(w) - 1))), page


def test_filters_and_search_combine_and_apply_to_the_timeline(index):
    index.page.select_option("#status", "草稿 Draft")
    index.page.fill("#q", "取代")
    assert index.shown_rows() == ["rfc/new-design/index.html"]  # the one draft whose text says 取代
    timeline = index.page.evaluate(
        "() => Array.from(document.querySelectorAll('#timeline li')).filter(li => !li.hidden).length"
    )
    assert timeline == 1


def test_the_timeline_is_by_month_newest_first(index, repo):
    months = index.page.evaluate("() => Array.from(document.querySelectorAll('#timeline h3'), h => h.textContent)")
    dates = sorted(
        {basic_info(p).get("创建日期", basic_info(p).get("Created", ""))[:7] for p in rfc_files(repo)}, reverse=True
    )
    assert months == dates


def test_each_page_draws_its_diagrams_and_links_back_and_along_the_chain(mermaid, repo, site):
    reader = Reader(mermaid, site / "rfc/new-design/index.html")
    reader.page.wait_for_function(
        "() => ['done', 'failed', 'missing'].includes(document.body.dataset.mermaid)", timeout=60_000
    )
    seen = reader.page.evaluate(
        """() => ({
          state: document.body.dataset.mermaid,
          blocks: document.querySelectorAll('pre.mermaid').length,
          svgs: document.querySelectorAll('pre.mermaid svg').length,
          links: Array.from(document.querySelectorAll('header a, main a'), a => [a.textContent, a.getAttribute('href')]),
        })"""
    )
    assert seen["state"] == "done" and seen["blocks"] == seen["svgs"] == 3
    here = site / "rfc/new-design"
    links = [
        (text, str((here / href.split("#")[0]).resolve().relative_to(site)), href.partition("#")[2])
        for text, href in seen["links"]
    ]
    assert ("← 全部 RFC · All RFCs", "index.html", "") in links
    assert ("旧方案", "rfc/old-design/index.html", "") in links  # the chain: the old RFC's title, its page
    assert ("旧方案", "rfc/old-design/index.html", "2-%E8%83%8C%E6%99%AF") in links  # the body's link to the RFC file
    reader.page.click("text=← 全部 RFC · All RFCs")
    assert reader.page.url.endswith("/public/index.html")
    assert reader.errors == [] and all(u.startswith("file://") for u in reader.requests)
    reader.close()
    old = Reader(mermaid, site / "rfc/old-design/index.html")
    chain = old.page.evaluate("() => document.querySelector('header .chain').textContent")
    assert chain == "被替代 Superseded by: 新方案"
    old.close()


def test_hostile_rfc_content_is_inert_on_the_index_and_its_page(mermaid, site):
    for page in (site / "index.html", site / "rfc/hostile/index.html"):
        reader = Reader(mermaid, page)
        reader.page.wait_for_timeout(300)
        assert reader.page.evaluate("() => window.pwned") is None
        assert (
            reader.page.evaluate("() => document.querySelectorAll('main img, main script, main b, header img').length")
            == 0
        )
        assert reader.dialogs == [] and reader.errors == []
        reader.close()
    assert html.escape(HOSTILE_TITLE) in (site / "index.html").read_text(encoding="utf-8")  # shown as text


def test_every_rows_check_is_the_check_of_its_rfc(repo, site):
    data = json.loads((site / "rfcs.json").read_text(encoding="utf-8"))["rfcs"]
    for entry in data:
        done = rfc("check", "--format", "json", f"docs/design/{entry['path']}", cwd=repo)
        found = [json.loads(line) for line in done.stdout.splitlines()]
        assert (entry["errors"], entry["warnings"]) == (
            sum(f["severity"] == "error" for f in found),
            sum(f["severity"] == "warning" for f in found),
        ), entry["path"]
    pair = {e["path"]: e for e in data}
    assert pair["new-design/rfc.md"]["supersedes"] == ["old-design/rfc.md"]
    assert pair["old-design/rfc.md"]["superseded_by"] == ["new-design/rfc.md"]


def test_the_feed_is_atom_with_an_entry_per_rfc(repo, site):
    feed = ET.parse(site / "feed.xml").getroot()
    assert feed.tag == f"{ATOM}feed" and feed.find(f"{ATOM}updated") is not None
    entries = feed.findall(f"{ATOM}entry")
    assert len(entries) == len(rfc_files(repo))
    for entry in entries:
        for child in ("title", "id", "updated", "link", "author"):
            assert entry.find(f"{ATOM}{child}") is not None, child
        assert (site / entry.find(f"{ATOM}link").get("href")).is_file()
    updated = [e.find(f"{ATOM}updated").text for e in entries]
    assert updated == sorted(updated, reverse=True)


def test_a_second_build_replaces_the_site_and_a_foreign_folder_is_refused(repo, site, tmp_path):
    done = rfc("site", "docs/design", "-o", "public", cwd=repo)
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in repo.iterdir() if p.name.startswith(".")) == []  # no build folder left
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("mine\n", encoding="utf-8")
    done = rfc("site", str(repo / "docs/design"), "-o", str(mine), cwd=tmp_path)
    assert done.returncode == 2 and "not a site rfc site wrote" in done.stderr and done.stderr.count("\n") == 1
    assert [p.name for p in mine.iterdir()] == ["notes.txt"]


def test_without_a_local_mermaid_the_site_is_refused(repo, tmp_path, monkeypatch, capsys):
    # as on a machine with no npm install of Mermaid anywhere rfc site looks, and an empty cache
    from rfc_template import preview
    from rfc_template.cli import main

    monkeypatch.setattr(preview, "locate_mermaid", lambda *args: preview.Mermaid())
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "empty-cache"))
    status = main(["site", str(repo / "docs/design"), "-o", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1 and "rfc mermaid-setup" in err, err
    assert not (tmp_path / "out").exists() and not list(tmp_path.glob(".out*"))
