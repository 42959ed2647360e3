"""`rfc preview`, opened in headless Chromium: every diagram becomes an SVG at a readable
size, the console stays clean, and screenshots are saved for a person to look at
(build/screenshots/). Also: which Mermaid the page uses and where it comes from, and
what a reader sees when Mermaid cannot be loaded. Where the page is written (the cache,
the RFC's folder left as it was): tests/test_preview_cache.py.

Every test has a cache of its own (XDG_CACHE_HOME), never the user's."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest
from browser import CHROMIUM_FLAGS, chromium_path
from figures import NOTES
from generation import fresh_dir, with_rfc_new

from rfc_template import preview, preview_files
from rfc_template.cli import main

PROJECT = Path(__file__).resolve().parents[1]
EXAMPLE = PROJECT / "examples" / "fsdp-grad-comm-overlap" / "rfc.md"
MERMAID_JS = PROJECT / "node_modules" / "mermaid" / "dist" / "mermaid.min.js"
SCREENSHOTS = PROJECT / "build" / "screenshots"
ISSUE = "https://gitcode.com/mindspore/hyper-parallel/issues/284"
SETTLED = "['done', 'failed', 'missing'].includes(document.body.dataset.mermaid)"


@pytest.fixture(autouse=True)
def cache_home(tmp_path, monkeypatch) -> Path:
    """The user's cache, where `rfc preview` writes its pages: the test's own folder."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    return cache


def preview_page(*argv: str | Path) -> Path:
    """Run `rfc preview` with `argv`: the page it wrote, as its first line says."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["preview", *map(str, argv)]) == 0
    first = out.getvalue().splitlines()[0]
    assert first.startswith("wrote "), first
    return Path(first.removeprefix("wrote "))


def script_src(page: Path) -> str:
    """What the page's first <script src> says."""
    return page.read_text(encoding="utf-8").split('<script src="', 1)[1].split('"', 1)[0]


def _edit(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def screenshot(page, name: str, heading: str) -> Path:
    """The viewport, scrolled to the heading that starts with `heading`."""
    page.evaluate(
        "(start) => Array.from(document.querySelectorAll('main h2, main h3'))"
        ".find(h => h.textContent.startsWith(start)).scrollIntoView()",
        heading,
    )
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / name
    page.screenshot(path=str(path), full_page=False)
    NOTES.append(f"{'':>7}  preview screenshot: {path.relative_to(PROJECT)}")
    return path


def open_in_chromium(mermaid, page_file: Path, screenshot_name: str) -> dict:
    """Load the page, wait for Mermaid, and report what a reviewer would see."""
    page = mermaid.browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(page_file.as_uri())
    page.wait_for_function(SETTLED, timeout=60_000)
    seen = page.evaluate(
        """() => ({
            state: document.body.dataset.mermaid,
            blocks: document.querySelectorAll('pre.mermaid').length,
            svgs: document.querySelectorAll('pre.mermaid svg').length,
            notesShown: Array.from(document.querySelectorAll('.diagram-note')).filter(n => n.offsetParent !== null).length,
            toc: Array.from(document.querySelectorAll('nav a'), a => a.textContent),
            header: Array.from(document.querySelectorAll('header dt'), dt => dt.textContent),
            scripts: Array.from(document.scripts, s => s.getAttribute('src')),
        })"""
    )
    screenshot(page, screenshot_name, "6.1")
    page.close()
    return {**seen, "errors": errors}


@pytest.fixture
def no_local_mermaid(monkeypatch, tmp_path):
    """As on a machine without an npm install of Mermaid anywhere `rfc preview` looks."""
    monkeypatch.setattr(preview_files, "MERMAID_IN_NPM", Path("no") / "such" / "mermaid.js")
    monkeypatch.chdir(tmp_path)


def rfc_in(folder: Path, text: str | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    rfc = folder / "rfc.md"
    rfc.write_text(text if text is not None else EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    return rfc


# --- the example, drawn ---------------------------------------------------------------


def test_preview_of_the_example_draws_every_diagram(mermaid, tmp_path, capsys):
    output = tmp_path / "rfc.html"
    assert main(["preview", str(EXAMPLE), "-o", str(output)]) == 0
    seen = open_in_chromium(mermaid, output, "preview-zh.png")
    assert seen["state"] == "done" and seen["errors"] == []
    assert seen["blocks"] == seen["svgs"] == 3 and seen["notesShown"] == 0
    assert seen["toc"][:3] == ["1. 基本信息", "2. 背景", "3. 目标和非目标"] and "6.1 总体流程" in seen["toc"]
    assert seen["header"] == ["作者", "相关模块", "相关 issue / PR", "适用后端", "类型", "状态", "创建日期"]
    assert seen["scripts"] == ["mermaid.min.js", None]
    assert not (EXAMPLE.parent / "rfc.html").exists() and not (tmp_path / ".gitignore").exists()


def test_preview_of_an_english_rfc(mermaid, tmp_path, cache_home):
    out = fresh_dir(tmp_path, "out")
    assert with_rfc_new({"language": "en", "author": "Ada", "rfc_title": "Ring Attention", "rfc_slug": "ring"}, out).ok
    before = sorted(p.name for p in (out / "ring").iterdir())
    page = preview_page(out / "ring" / "rfc.md")  # the default: into the cache
    assert page.is_relative_to(cache_home / "rfc-template" / "preview")
    assert sorted(p.name for p in (out / "ring").iterdir()) == before
    seen = open_in_chromium(mermaid, page, "preview-en.png")
    assert seen["state"] == "done" and seen["errors"] == [] and seen["blocks"] == seen["svgs"] == 3
    assert seen["header"][0] == "Author" and seen["toc"][0] == "1. Basic information"
    assert seen["scripts"][0].startswith(f"../../mermaid/{preview.MERMAID_VERSION}-")  # the cache's shared copy


# --- a wide diagram, <br> in cells, the header: one page, loaded once ------------------------

WIDE_LABELS = [
    "训练脚本调用 enable_grad_comm_overlap",
    "BucketPlanner 按反向顺序划分梯度桶",
    "注册预取 hook 与梯度就绪 hook",
    "单元 i 开始反向计算",
    "BackwardPrefetcher 异步 all-gather 单元 i-1",
    "梯度逐个就绪并拷入桶的连续缓冲",
    "桶内梯度全部就绪后记录事件",
    "通信流异步 reduce-scatter 该桶",
    "hsdp 副本间 all-reduce",
    "在途桶数超过 max_inflight_buckets 时等待",
    "单元 i-1 的反向与桶 k 的通信重叠",
    "根单元反向结束",
    "等待全部在途桶完成",
    "分片梯度写入 param.grad",
    "optimizer.step 前 wait_grad_sync 兜底",
]
WIDE = (
    "### 6.7 通信调度全景\n\n```mermaid\nflowchart LR\n"
    + "".join(f'    N{i}["{label}"] --> N{i + 1}\n' for i, label in enumerate(WIDE_LABELS[:-1]))
    + f'    N{len(WIDE_LABELS) - 1}["{WIDE_LABELS[-1]}"]\n```\n\n'
)
CELL_BREAK = "新增 hyper_parallel.distributed.fsdp.grad_comm_overlap：enable_grad_comm_overlap、BucketPlanner、GradBucketScheduler、BackwardPrefetcher；"
TEXT_BREAK = "表格外的 <br> 保持原样，`<br>` 也是。"

SEEN_PAGE = """() => {
  const wide = Array.from(document.querySelectorAll('main h3')).find(h => h.textContent.startsWith('6.7'))
    .nextElementSibling.querySelector('pre.mermaid');
  const svg = wide.querySelector('svg');
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const labels = Array.from(wide.querySelectorAll('g.node .nodeLabel'));
  const body = parseFloat(getComputedStyle(document.querySelector('main p')).fontSize);
  const before = wide.scrollLeft;
  wide.scrollLeft = 500;
  const scrolled = wide.scrollLeft;
  wide.scrollLeft = before;
  const cell = Array.from(document.querySelectorAll('main td')).find(td => td.textContent.includes('grad_comm_overlap：'));
  const codeCell = Array.from(document.querySelectorAll('main td')).find(td => td.textContent.includes('换行写法'));
  const paragraph = Array.from(document.querySelectorAll('main p')).find(p => p.textContent.includes('表格外的'));
  const shrinking = Object.entries(mermaid.mermaidAPI.getConfig()).filter(([k, v]) => v && v.useMaxWidth === true).map(([k]) => k);
  return {
    state: document.body.dataset.mermaid,
    drawn: document.querySelectorAll('pre.mermaid svg').length,
    labelPx: Math.min(...labels.map(l => parseFloat(getComputedStyle(l).fontSize) * scale)),
    labelBoxPx: Math.min(...labels.map(l => l.getBoundingClientRect().height)),
    labels: labels.length, bodyPx: body,
    scrollWidth: wide.scrollWidth, clientWidth: wide.clientWidth, overflowX: getComputedStyle(wide).overflowX, scrolled,
    pageScrollWidth: document.documentElement.scrollWidth, viewport: document.documentElement.clientWidth,
    shrinking,
    cellBreaks: cell.querySelectorAll('br').length, cellLines: cell.innerText.split('\\n').length,
    codeCell: [codeCell.querySelectorAll('br').length, Array.from(codeCell.querySelectorAll('code'), c => c.textContent)],
    paragraph: [paragraph.querySelectorAll('br').length, paragraph.innerText],
    headerLinks: Array.from(document.querySelectorAll('header a'), a => [a.getAttribute('href'), a.textContent]),
    authorCount: document.body.innerText.split('王小明').length - 1,
    basicInfoTables: document.querySelectorAll('header dl').length + Array.from(document.querySelectorAll('main table'))
      .filter(t => t.textContent.includes('创建日期')).length,
    firstTocTarget: (() => { const a = document.querySelector('nav a'); return [a.textContent, document.querySelector(a.getAttribute('href')).tagName]; })(),
    mainHeadings: Array.from(document.querySelectorAll('main h2'), h => h.textContent).slice(0, 2),
  };
}"""


@pytest.fixture(scope="module")
def features_seen(mermaid, tmp_path_factory):
    """The example with a wide diagram, `<br>` in and outside table cells, previewed with
    the npm Mermaid and read in Chromium; the wide diagram's screenshot is saved."""
    text = EXAMPLE.read_text(encoding="utf-8")
    text = _edit(text, "## 7. 组件依赖\n", WIDE + "## 7. 组件依赖\n")
    text = _edit(text, CELL_BREAK, CELL_BREAK + "<br>")
    text = _edit(text, "| model | 不改动", "| 换行写法 `<br>` | 不改动")
    text = _edit(text, "### 6.5 代码改动点\n", f"### 6.5 代码改动点\n\n{TEXT_BREAK}\n")
    rfc = rfc_in(tmp_path_factory.mktemp("features") / "wide")
    rfc.write_text(text, encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
        page_file = preview_page(rfc, "--mermaid", MERMAID_JS)
    # a browser of its own, that shows scrollbars as a desktop one does (headless hides them)
    browser = mermaid.browser.browser_type.launch(
        executable_path=chromium_path(), args=CHROMIUM_FLAGS, ignore_default_args=["--hide-scrollbars"]
    )
    try:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        errors: list[str] = []
        page.on("console", lambda message: message.type == "error" and errors.append(message.text))
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(page_file.as_uri())
        page.wait_for_function(SETTLED, timeout=60_000)
        seen = page.evaluate(SEEN_PAGE)
        screenshot(page, "preview-wide-diagram.png", "6.7")
    finally:
        browser.close()
    return {**seen, "errors": errors, "html": page_file.read_text(encoding="utf-8")}


def test_a_wide_diagram_keeps_text_the_size_of_the_page_and_scrolls(features_seen):
    seen = features_seen
    assert seen["state"] == "done" and seen["errors"] == [] and seen["drawn"] == 4
    assert seen["labels"] == len(WIDE_LABELS)
    # Drawn at its natural size: no label smaller than the body text (Mermaid's useMaxWidth
    # would shrink this one to a third of that, ~5 px), in a box that scrolls sideways...
    assert round(seen["labelPx"], 1) >= seen["bodyPx"] == 16, seen
    assert seen["labelBoxPx"] >= seen["bodyPx"], seen
    assert seen["overflowX"] == "auto" and seen["scrollWidth"] > 2 * seen["clientWidth"] and seen["scrolled"] == 500
    # ...while the page itself (tables too, which scroll as on the forges) is no wider than the window
    assert seen["pageScrollWidth"] <= seen["viewport"]
    assert seen["shrinking"] == []  # no diagram type of the pinned Mermaid is left to shrink


def test_br_breaks_the_line_in_a_table_cell_only(features_seen):
    seen = features_seen
    assert seen["cellBreaks"] == 1 and seen["cellLines"] == 2
    assert seen["codeCell"] == [0, ["<br>"]]  # in a code span it is code
    assert seen["paragraph"] == [0, "表格外的 <br> 保持原样，<br> 也是。"]


def test_header_links_work_and_basic_info_is_shown_once(features_seen):
    seen = features_seen
    assert seen["headerLinks"] == [[ISSUE, ISSUE]]
    assert seen["authorCount"] == 1 and seen["basicInfoTables"] == 1
    # the contents still list section 1; it leads to the header's table
    assert seen["firstTocTarget"] == ["1. 基本信息", "DL"] and seen["mainHeadings"] == ["2. 背景", "3. 目标和非目标"]


def test_header_values_link_http_urls_only(tmp_path):
    text = EXAMPLE.read_text(encoding="utf-8")
    value = (
        '[#284](https://example.com/i/284?a=1&b="2") <http://example.com/x> see https://example.com/y. 见https://example.com/z。'
        "[js](javascript:alert(1)) <javascript:alert(2)> [rel](/local) <b>bold</b> a<br>b"
    )
    text = _edit(text, f"| 相关 issue / PR | <{ISSUE}> |", f"| 相关 issue / PR | {value} |")
    page = preview.render(text, tmp_path / "rfc.md")
    dd = page.split("<dt>相关 issue / PR</dt><dd>")[1].split("</dd>")[0]
    assert dd == (
        '<a href="https://example.com/i/284?a=1&amp;b=%222%22">#284</a> '
        '<a href="http://example.com/x">http://example.com/x</a> '
        'see <a href="https://example.com/y">https://example.com/y</a>. '
        '见<a href="https://example.com/z">https://example.com/z</a>。'
        "js javascript:alert(2) rel &lt;b&gt;bold&lt;/b&gt; a<br>b"
    )


# --- where Mermaid comes from -------------------------------------------------------------


def test_preview_says_which_mermaid_it_used(tmp_path, capsys, no_local_mermaid, monkeypatch, cache_home):
    rfc = rfc_in(tmp_path / "a")
    assert main(["preview", str(rfc)]) == 0
    out = capsys.readouterr().out.splitlines()
    page_file = Path(out[0].removeprefix("wrote "))
    assert out[0] == f"wrote {page_file}" and page_file.is_relative_to(cache_home / "rfc-template" / "preview")
    assert out[1].startswith(f"Mermaid {preview.MERMAID_VERSION} from {preview.MERMAID_CDN} (no local copy found")
    assert "npm install mermaid@11.17.2 or pass --mermaid FILE" in out[1]
    page = page_file.read_text(encoding="utf-8")
    assert (
        f'<script src="{preview.MERMAID_CDN}"></script>' in page
        and "No local Mermaid was found" in page.splitlines()[1]
    )
    assert not (cache_home / "rfc-template" / "mermaid").exists()

    local = tmp_path / "given" / "mermaid.min.js"
    local.parent.mkdir()
    local.write_text("/* mermaid */ window.mermaid = {};", encoding="utf-8")
    assert main(["preview", str(rfc), "--mermaid", str(local)]) == 0
    out = capsys.readouterr().out.splitlines()
    [copy] = (cache_home / "rfc-template" / "mermaid").glob("unknown-*/mermaid.min.js")  # no package.json beside it
    assert out == [f"wrote {page_file}", f"Mermaid from {local}, copied to {copy}, which the page loads"]
    assert (
        f"loaded from {copy}, the shared copy in the cache of rfc preview, a copy of {local}."
        in (page_file.read_text(encoding="utf-8").splitlines()[1])
    )

    # the npm install of this checkout, found from the package's folder
    monkeypatch.setattr(preview_files, "MERMAID_IN_NPM", Path("node_modules") / "mermaid" / "dist" / "mermaid.min.js")
    assert main(["preview", str(rfc)]) == 0
    [npm] = (cache_home / "rfc-template" / "mermaid").glob("11.17.2-*/mermaid.min.js")
    assert capsys.readouterr().out.splitlines()[1] == (
        f"Mermaid 11.17.2 from {MERMAID_JS}, copied to {npm}, which the page loads"
    )
    assert not rfc.with_name("rfc.html").exists() and not rfc.with_name("mermaid.min.js").exists()


def test_mermaid_is_one_shared_copy_not_written_into_pages(tmp_path, capsys):
    folder = tmp_path / "pages"
    folder.mkdir()
    for name in ("a.html", "b.html"):
        assert main(["preview", str(EXAMPLE), "-o", str(folder / name), "--mermaid", str(MERMAID_JS)]) == 0
    copy = folder / "mermaid.min.js"
    assert sorted(p.name for p in folder.iterdir()) == ["a.html", "b.html", "mermaid.min.js"]
    assert copy.read_bytes() == MERMAID_JS.read_bytes()
    for name in ("a.html", "b.html"):
        page = (folder / name).read_text(encoding="utf-8")
        assert len(page) < 100_000 < MERMAID_JS.stat().st_size  # the page is the RFC, not Mermaid
        assert '<script src="mermaid.min.js"></script>' in page and "__esbuild_esm_mermaid_nm" not in page
    out = capsys.readouterr().out
    assert f"copied to {copy}" in out and f"the same as {copy}" in out  # copied once, then reused
    written = copy.stat().st_mtime_ns
    assert main(["preview", str(EXAMPLE), "-o", str(folder / "a.html"), "--mermaid", str(MERMAID_JS)]) == 0
    assert copy.stat().st_mtime_ns == written


def test_a_file_in_the_copys_place_that_is_not_mermaid_is_left_alone(tmp_path, capsys):
    folder = tmp_path / "pages"
    folder.mkdir()
    (folder / "mermaid.min.js").write_text("my notes", encoding="utf-8")
    assert main(["preview", str(EXAMPLE), "-o", str(folder / "a.html"), "--mermaid", str(MERMAID_JS)]) == 2
    assert "is not a Mermaid build; it is left untouched" in capsys.readouterr().err
    assert sorted(p.name for p in folder.iterdir()) == ["mermaid.min.js"]
    assert (folder / "mermaid.min.js").read_text(encoding="utf-8") == "my notes"


# --- -o: the file the user asked for, and Mermaid beside it -----------------------------------


def test_o_in_the_rfcs_folder_writes_what_was_asked_and_no_gitignore(tmp_path, capsys):
    rfc = rfc_in(tmp_path / "rfc-x")
    mine = b"# mine\r\n*.log\r\n!keep.log\r\nrfc.html.bak"  # CRLF, no newline at the end
    (rfc.parent / ".gitignore").write_bytes(mine)
    assert main(["preview", str(rfc), "-o", str(rfc.with_suffix(".html")), "--mermaid", str(MERMAID_JS)]) == 0
    assert sorted(p.name for p in rfc.parent.iterdir()) == [".gitignore", "mermaid.min.js", "rfc.html", "rfc.md"]
    assert (rfc.parent / ".gitignore").read_bytes() == mine
    assert script_src(rfc.with_suffix(".html")) == "mermaid.min.js"
    assert "gitignore" not in capsys.readouterr().out
    elsewhere = tmp_path / "out" / "page.html"  # -o outside the RFC's folder: no .gitignore either
    assert main(["preview", str(rfc), "-o", str(elsewhere)]) == 0
    assert [p.relative_to(tmp_path) for p in tmp_path.rglob(".gitignore")] == [Path("rfc-x", ".gitignore")]


# --- without Mermaid ----------------------------------------------------------------------

NOTE_SEEN = """() => ({
  state: document.body.dataset.mermaid,
  places: document.querySelectorAll('.diagram').length,
  notes: Array.from(document.querySelectorAll('.diagram'), d => {
    const note = d.querySelector('.diagram-note');
    return note && note.offsetParent !== null ? note.innerText : null;
  }),
  sources: Array.from(document.querySelectorAll('.diagram pre.mermaid'), p => p.textContent.split('\\n')[0]),
})"""


@pytest.mark.parametrize("missing", ["cdn", "copy", "cache"])
def test_without_mermaid_each_diagram_says_what_it_needs(mermaid, tmp_path, no_local_mermaid, missing):
    rfc = rfc_in(tmp_path / "offline")
    if missing == "cdn":  # offline: the CDN cannot be reached
        page_file = preview_page(rfc)
    elif missing == "copy":  # an -o page taken away from its copy of Mermaid
        page_file = preview_page(rfc, "-o", tmp_path / "out" / "rfc.html", "--mermaid", MERMAID_JS)
        page_file.with_name("mermaid.min.js").unlink()
    else:  # the cache's copy was cleared, the page was not
        page_file = preview_page(rfc, "--mermaid", MERMAID_JS)
        (page_file.parent / script_src(page_file)).unlink()
    page = mermaid.browser.new_page(viewport={"width": 1280, "height": 900})
    errors, asked = [], []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.route("https://cdn.jsdelivr.net/**", lambda route: (asked.append(route.request.url), route.abort()))
    page.goto(page_file.as_uri())
    page.wait_for_function(SETTLED, timeout=60_000)
    seen = page.evaluate(NOTE_SEEN)
    if missing == "cdn":
        screenshot(page, "preview-offline.png", "6.1")
    page.close()
    assert errors == [] and seen["state"] == "missing"
    assert asked == ([preview.MERMAID_CDN] if missing == "cdn" else [])
    assert seen["places"] == 3 and None not in seen["notes"]
    assert seen["sources"] == ["flowchart TD", "flowchart LR", "sequenceDiagram"]  # the source, as text, below
    for note in seen["notes"]:
        assert note.startswith("此图需要 Mermaid 绘制，但 Mermaid 没有加载")
        if missing == "cdn":
            assert "需要联网" in note and "npm install mermaid@11.17.2" in note and "rfc preview --mermaid FILE" in note
        elif missing == "copy":
            assert "同一目录下的 mermaid.min.js" in note
        else:
            assert f"缓存目录中的 {script_src(page_file)} 加载 Mermaid" in note and "再运行一次 rfc preview" in note


def test_the_note_shows_without_javascript_in_english_too(mermaid, tmp_path, no_local_mermaid):
    out = fresh_dir(tmp_path, "out")
    assert with_rfc_new({"language": "en", "author": "Ada", "rfc_title": "Ring Attention", "rfc_slug": "ring"}, out).ok
    page_file = preview_page(out / "ring" / "rfc.md")
    context = mermaid.browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.route("https://cdn.jsdelivr.net/**", lambda route: route.abort())
    page.goto(page_file.as_uri())
    notes = page.locator(".diagram-note")  # scripts are off: read with locators
    assert notes.count() == 3 and all(notes.nth(i).is_visible() for i in range(3))
    assert notes.first.inner_text().startswith("Diagrams need Mermaid, which did not load")
    assert "npm install mermaid@11.17.2" in notes.first.inner_text()
    context.close()


# --- safety, versions, usage ----------------------------------------------------------------


def test_preview_shows_raw_html_as_text(tmp_path):
    rfc = tmp_path / "rfc.md"
    rfc.write_text(
        EXAMPLE.read_text(encoding="utf-8") + "\n<script>alert(1)</script>\n\n<img src=x onerror=alert(2)>\n\n"
        "| a | b |\n| --- | --- |\n| <br onclick=alert(3)> <script>alert(4)</script> | <br/> |\n",
        encoding="utf-8",
    )
    page = preview.render(rfc.read_text(encoding="utf-8"), rfc)
    body = page.split("<main>")[1].split("</main>")[0]
    assert "<script" not in body and "<img" not in body and "<br onclick" not in body
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body
    assert "<td>&lt;br onclick=alert(3)&gt; &lt;script&gt;alert(4)&lt;/script&gt;</td>\n  <td><br></td>" in body
    assert "目的：在代码开发前" not in body  # the template's guidance comments are dropped


def test_cdn_version_is_the_locked_one():
    locked = json.loads((PROJECT / "package-lock.json").read_text(encoding="utf-8"))
    assert locked["packages"]["node_modules/mermaid"]["version"] == preview.MERMAID_VERSION
    assert (
        json.loads((PROJECT / "package.json").read_text(encoding="utf-8"))["devDependencies"]["mermaid"]
        == preview.MERMAID_VERSION
    )


def test_preview_never_overwrites_a_file_it_did_not_write(tmp_path, capsys):
    mine = tmp_path / "notes.html"
    mine.write_text("<p>my notes</p>", encoding="utf-8")
    assert main(["preview", str(EXAMPLE), "-o", str(mine)]) == 2
    assert "is not a page rfc preview wrote" in capsys.readouterr().err
    assert mine.read_text(encoding="utf-8") == "<p>my notes</p>"
    again = tmp_path / "rfc.html"
    assert main(["preview", str(EXAMPLE), "-o", str(again)]) == 0
    assert main(["preview", str(EXAMPLE), "-o", str(again)]) == 0  # its own page is replaced


@pytest.mark.parametrize(
    "argv, message", [(["missing.md"], "cannot read it"), ([str(EXAMPLE), "--mermaid", "nope.js"], "no such file")]
)
def test_preview_usage_errors(capsys, argv, message):
    assert main(["preview", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_preview_open_hands_the_page_to_the_default_browser(tmp_path, monkeypatch, capsys):
    import webbrowser

    opened = []
    monkeypatch.setattr(webbrowser, "open", lambda url: opened.append(url) or True)
    output = tmp_path / "rfc.html"
    assert main(["preview", str(EXAMPLE), "-o", str(output), "--open"]) == 0
    assert opened == [output.resolve().as_uri()]
    cached = preview_page(EXAMPLE, "--open")  # the default: the page in the cache
    assert opened == [output.resolve().as_uri(), cached.resolve().as_uri()]
