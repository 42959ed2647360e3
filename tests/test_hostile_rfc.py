"""An RFC written to attack its readers, through `rfc preview` and `rfc index`.

One RFC from `rfc new`, edited so that markup, scripts, event handlers, `javascript:`
links, closing `</pre>` / `</script>` / `-->` / `--!>` and Mermaid directives stand in
every place its text reaches a page: the title, every basic-info cell (keys too),
headings (and so the table of contents), table cells, code blocks and their info
strings, Mermaid blocks and the guidance comments. It lives in a folder whose name is
hostile too, and the page embeds Mermaid through a hostile path, since both paths are
written into the page and into the index.

Every payload that could run calls `pwn(where)` (defined in the page before any of its
own scripts) or `alert(where)`: a run leaves `window.__pwned`, a `PWNED` console line
or a dialog. The preview is opened once in Chromium; the index is rendered by GitHub's
own Markdown parser, cmark-gfm.
"""

from __future__ import annotations

import contextlib
import html
import io
import json
import os
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import quote

import pytest

from rfc_template.cli import main

PROJECT = Path(__file__).resolve().parents[1]
MERMAID_JS = PROJECT / "node_modules" / "mermaid" / "dist" / "mermaid.min.js"

# Folder names are text an attacker may choose too (a pull request adds a folder).
HOSTILE_FOLDER = "x--!><img src=x onerror=\"pwn('folder')\"> |a)b [c]`d` *e* &lt; (f\ng"
MERMAID_FOLDER = "m--!><img src=x onerror=\"pwn('mermaid-path')\">"


def markup(where: str) -> str:
    """Live markup if it is ever written into the page unescaped; every run is seen."""
    return (
        f"<img src=x onerror=\"pwn('{where}')\"> <script>alert('{where}')</script> "
        f"<svg onload=\"pwn('{where}')\"></svg> <a href=\"javascript:pwn('{where}')\">a</a> "
        f"</dd></pre></title></script></style> --> --!>"
    )


TITLE_LINE = f"# 标题 {markup('title')} [t](javascript:pwn('title-link'))"
TITLE = f"标题 {markup('title')} t"  # what a reader sees: the Markdown link is its text

# The basic-info table's rows as written (each value as the reader sees it), in order.
BASIC_INFO = [
    ("作者", markup("author")),
    ("相关模块", markup("modules")),
    ("相关 issue / PR", "[issue](javascript:pwn('issue-link')) <javascript:pwn('issue-autolink')> " + markup("issue")),
    (
        "<b onmouseover=\"pwn('key')\">键</b> <img src=x onerror=\"pwn('key')\"> </dt>",
        "值 </dd><script>alert('value')</script>",
    ),
    ("适用后端", markup("backend")),
    ("类型", markup("category")),
    ("状态", markup("status")),
    ("创建日期", markup("date")),
]
SHOWN_INFO = [
    (
        key,
        value.replace(
            "[issue](javascript:pwn('issue-link')) <javascript:pwn('issue-autolink')>",
            "issue javascript:pwn('issue-autolink')",
        ),
    )
    for key, value in BASIC_INFO
]

H3 = "3.2 非目标 <img src=x onerror=\"pwn('h3')\"> </a></li></ol> [h](javascript:pwn('h3-link'))"
H3_SHOWN = "3.2 非目标 <img src=x onerror=\"pwn('h3')\"> </a></li></ol> h"
H2 = "4. 相关实现参考 <script>alert('h2')</script> --!>"
TH = "对本 RFC 的影响 <svg onload=\"pwn('th')\">"
TDS = [
    "<img src=x onerror=\"pwn('td')\">",
    "<script>alert('td')</script>",
    "[x](javascript:pwn('td-link'))",
    "</td></tr></table><script>alert('td2')</script>",
]
TDS_SHOWN = [*TDS[:2], "x", TDS[3]]
CODE_LINE = "# </code></pre><script>alert('code')</script> --!> <img src=x onerror=\"pwn('code')\">"
INFO_STRING = "\"><script>alert('info')</script>"
CODE2 = "</code></pre><script>alert('code2')</script>"
RAW_HTML = [  # whole blocks of raw HTML, each to be shown as its text
    "<script>alert('block')</script>",
    "<iframe srcdoc=\"<script>parent.pwn('iframe')</script>\"></iframe>",
    '<meta http-equiv="refresh" content="0; url=javascript:pwn(\'meta\')">',
    "<base href=\"javascript:pwn('base')//\">",
    "<math><mtext><table><mglyph><style><img src=x onerror=\"pwn('mxss')\"></style></mglyph></table></mtext></math>",
    "<form action=\"javascript:pwn('form')\"><button>go</button></form>",
]
LINKS = (
    "<a href=\"javascript:pwn('a')\">a</a> [md](javascript:pwn('md')) <javascript:pwn('autolink')> "
    "![img](javascript:pwn('image')) [ref][r] [data](data:text/html,<script>alert('data')</script>)\n\n"
    "[r]: javascript:pwn('ref')"
)
INLINE_COMMENT = "xxx <!-- --!><script>alert('inline-comment')</script> --> 。"

# Mermaid: directives that ask for a loose security level, HTML labels, a DOMPurify
# config that lets scripts and handlers through, and CSS that closes its <style>;
# comments that close the <pre>; click callbacks and javascript: links.
FLOWCHART_HEAD = (
    '%%{init: {"securityLevel": "loose", "startOnLoad": true, "htmlLabels": true, '
    '"dompurifyConfig": {"ADD_TAGS": ["script", "iframe"], "ADD_ATTR": ["onerror", "onload", "srcdoc"]}, '
    '"flowchart": {"htmlLabels": true}}}%%\n'
    "flowchart TD\n"
    "    %% </pre><script>alert('mermaid')</script> --!> <img src=x onerror=\"pwn('mermaid')\">\n"
    "    K[\"<img src onerror=pwn('label')> <iframe srcdoc=x></iframe> <script>alert('label')</script>\"]\n"
)
FLOWCHART_CLICKS = (  # after the nodes they name, so that a loose Mermaid would bind them
    '    click A call pwn("click-call")\n'
    '    click C call alert("click-alert")\n'
    "    click B href \"javascript:pwn('click-href')\"\n"
)
ARCHITECTURE_HEAD = (
    '%%{init: {"securityLevel": "loose", "themeCSS": "</style><script>alert(\'css\')</script>", '
    '"fontFamily": "</style><script>alert(\'font\')</script>"}}%%\n'
    "flowchart LR\n"
    "    %% </pre><script>alert('mermaid2')</script>\n"
)
SEQUENCE_HEAD = (
    '%%{init: {"securityLevel": "loose"}}%%\nsequenceDiagram\n    %% </pre><script>alert(\'mermaid3\')</script>\n'
)
SEQUENCE_LINES = "    link U: Docs @ javascript:pwn('link')\n    Note over U,T: <img src onerror=pwn('note')>\n"


def _edit(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def write_hostile_rfc(parent: Path) -> Path:
    """`rfc new`'s RFC, edited into the hostile one, in a folder with a hostile name."""
    with contextlib.redirect_stdout(io.StringIO()):
        assert (
            main(
                [
                    "new",
                    "--no-input",
                    "--author",
                    "X",
                    "--title",
                    "Plain",
                    "--slug",
                    "hostile",
                    "--output-dir",
                    str(parent),
                ]
            )
            == 0
        )
    folder = parent / "hostile"
    text = (folder / "rfc.md").read_text(encoding="utf-8")
    text = _edit(text, "# Plain\n", TITLE_LINE + "\n")
    for key, value in BASIC_INFO:  # each generated row's value replaced; the new key's row added
        row = re.compile(rf"^\| {re.escape(key)} \|.*\|$", re.M)
        text, found = row.subn(lambda _, key=key, value=value: f"| {key} | {value} |", text, count=1)
        if not found:
            text = _edit(text, "| 适用后端 |", f"| {key} | {value} |\n| 适用后端 |")
    # the guidance comments: `--!>` ends a comment in HTML though not in Markdown
    text = _edit(
        text,
        "<!--\n特性 RFC 模板\n",
        "<!--\n特性 RFC 模板 --!><script>alert('comment')</script><img src=x onerror=\"pwn('comment')\">\n",
    )
    text = _edit(
        text, "<!-- 说明为什么要做。", "<!-- </pre></main> --!> <script>alert('comment2')</script> 说明为什么要做。"
    )
    text = _edit(
        text,
        "本 RFC 要解决的问题：xxx。\n",
        "本 RFC 要解决的问题：" + INLINE_COMMENT + "\n\n" + "\n\n".join(RAW_HTML) + "\n\n" + LINKS + "\n",
    )
    text = _edit(text, "### 3.2 非目标\n", f"### {H3}\n")
    text = _edit(text, "## 4. 相关实现参考\n", f"## {H2}\n")
    text = _edit(text, "| 对本 RFC 的影响 |", f"| {TH} |")
    text = _edit(text, "| 相关框架 / 原生实现 / 模型写法 | | | |", "| " + " | ".join(TDS) + " |")
    text = _edit(text, "# 按实际特性替换\n", CODE_LINE + "\n")
    text = _edit(text, "### 5.2 使用示例\n", f"### 5.2 使用示例\n\n```{INFO_STRING}\n{CODE2}\n```\n")
    text = _edit(text, "```mermaid\nflowchart TD\n", "```mermaid\n" + FLOWCHART_HEAD)
    text = _edit(text, '    I --> J["指标与日志上报"]\n', '    I --> J["指标与日志上报"]\n' + FLOWCHART_CLICKS)
    text = _edit(text, "```mermaid\nflowchart LR\n", "```mermaid\n" + ARCHITECTURE_HEAD)
    text = _edit(text, "```mermaid\nsequenceDiagram\n", "```mermaid\n" + SEQUENCE_HEAD)
    text = _edit(text, "    U->>T: fit(model, dataloader)\n", SEQUENCE_LINES + "    U->>T: fit(model, dataloader)\n")
    (folder / "rfc.md").write_text(text, encoding="utf-8")
    hostile = folder.rename(parent / HOSTILE_FOLDER)
    return hostile / "rfc.md"


@pytest.fixture(scope="module")
def hostile_rfc(tmp_path_factory) -> Path:
    return write_hostile_rfc(tmp_path_factory.mktemp("hostile-rfc"))


# --- rfc preview --------------------------------------------------------------------

PWN = "window.pwn = (where) => { (window.__pwned = window.__pwned || []).push(where); console.log('PWNED ' + where); };"

# What a reader sees, and every element and attribute, read off the page after Mermaid.
SEEN = """() => {
  // Mermaid's: what it draws in each block, and the tooltip it adds to the body
  const inMermaid = e => e.closest('pre.mermaid, body > div.mermaidTooltip') !== null;
  const all = Array.from(document.querySelectorAll('*'));
  const attributes = all.flatMap(e => Array.from(e.attributes, a => ({tag: e.tagName.toLowerCase(), name: a.name, value: a.value, mermaid: inMermaid(e)})));
  const urlOf = value => { try { return new URL(value, document.baseURI); } catch (e) { return null; } };
  return {
    state: document.body.dataset.mermaid,
    comments: Array.from(document.childNodes).filter(n => n.nodeType === Node.COMMENT_NODE).map(n => n.data),
    pwned: window.__pwned || [],
    siteLevel: mermaid.mermaidAPI.getSiteConfig().securityLevel,
    level: mermaid.mermaidAPI.getConfig().securityLevel,
    title: document.title,
    h1: document.querySelector('header h1').innerText,
    info: Array.from(document.querySelectorAll('header dt'), dt => [dt.innerText, dt.nextElementSibling.innerText]),
    toc: Array.from(document.querySelectorAll('nav li'), li => li.innerText),
    headings: Array.from(document.querySelectorAll('main h2, main h3'), h => h.innerText),
    th: Array.from(document.querySelectorAll('main th'), c => c.innerText),
    td: Array.from(document.querySelectorAll('main td'), c => c.innerText),
    code: Array.from(document.querySelectorAll('main pre > code'), c => [c.className, c.textContent]),
    paragraphs: Array.from(document.querySelectorAll('main p'), p => p.innerText),
    text: document.body.innerText,
    tags: [...new Set(all.filter(e => !inMermaid(e)).map(e => e.tagName.toLowerCase()))].sort(),
    mermaidTags: [...new Set(all.filter(e => inMermaid(e)).map(e => e.tagName.toLowerCase()))].sort(),
    counts: Object.fromEntries(['script', 'style', 'meta', 'title', 'img', 'iframe'].map(t =>
      [t, Array.from(document.getElementsByTagName(t)).filter(e => !inMermaid(e)).length])),
    scripts: Array.from(document.scripts, s => s.parentElement === document.body && !s.src && s.textContent.length > 0),
    attributes: attributes.filter(a => !a.mermaid).map(a => a.tag + ' ' + a.name).filter((v, i, l) => l.indexOf(v) === i).sort(),
    handlers: attributes.filter(a => a.name.toLowerCase().startsWith('on') || a.name.toLowerCase() === 'srcdoc').map(a => a.tag + ' ' + a.name),
    pwnInAttributes: attributes.filter(a => /pwn|alert/.test(a.value)).map(a => a.tag + ' ' + a.name + '=' + a.value),
    urls: attributes.filter(a => ['href', 'xlink:href', 'src', 'action', 'formaction', 'poster', 'data'].includes(a.name))
      .map(a => ({tag: a.tag, name: a.name, value: a.value, protocol: (urlOf(a.value) || {}).protocol, mermaid: a.mermaid})),
    diagrams: Array.from(document.querySelectorAll('pre.mermaid'), pre => ({
      children: Array.from(pre.children, c => c.tagName.toLowerCase()),
      role: pre.firstElementChild && pre.firstElementChild.getAttribute('aria-roledescription'),
      nodes: pre.querySelectorAll('g.node').length,
    })),
  };
}"""

# Outside Mermaid's diagrams, the page holds only what the preview writes and what
# mistune makes of Markdown; nothing else may appear.
PAGE_TAGS = {
    "html",
    "head",
    "meta",
    "title",
    "style",
    "body",
    "header",
    "h1",
    "dl",
    "dt",
    "dd",
    "div",
    "nav",
    "ol",
    "li",
    "a",
    "main",
    "h2",
    "h3",
    "h4",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "p",
    "ul",
    "pre",
    "code",
    "strong",
    "em",
    "img",
    "script",
    "br",
    "hr",
    "blockquote",
    "del",
}
PAGE_ATTRIBUTES = {
    "html lang",
    "div class",
    "meta charset",
    "meta name",
    "meta content",
    "li class",
    "pre class",
    "code class",
    "a href",
    "img src",
    "img alt",
    "body data-mermaid",
    "h2 id",
    "h3 id",
    "h4 id",
    "dl id",
    "script src",
    "th style",
    "td style",
}
# Inside them, Mermaid's own SVG and what its strict sanitizer keeps of HTML labels.
NEVER_IN_A_DIAGRAM = {
    "script",
    "iframe",
    "object",
    "embed",
    "form",
    "input",
    "button",
    "base",
    "meta",
    "link",
    "frame",
    "frameset",
    "textarea",
    "audio",
    "video",
    "math",
    "template",
    "noscript",
}


@pytest.fixture(scope="module")
def preview_seen(mermaid, hostile_rfc, tmp_path_factory):
    """The hostile RFC's preview, loaded once in Chromium, with Mermaid's clickable nodes clicked."""
    folder = tmp_path_factory.mktemp("mermaid-path") / MERMAID_FOLDER
    folder.mkdir()
    (folder / "mermaid.min.js").symlink_to(MERMAID_JS)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["preview", str(hostile_rfc), "--mermaid", str(folder / "mermaid.min.js")]) == 0
    page_file = Path(out.getvalue().splitlines()[0].removeprefix("wrote "))  # in the cache
    page = mermaid.browser.new_page(viewport={"width": 1280, "height": 900})
    console, errors, dialogs = [], [], []
    page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.add_init_script(PWN)
    try:
        page.goto(page_file.as_uri())
        page.wait_for_function("['done', 'failed'].includes(document.body.dataset.mermaid)", timeout=60_000)
        # the nodes the RFC asked Mermaid to make clickable: a handler would run now
        clicked = []
        for node in ("A", "B", "C"):
            found = page.locator(f'pre.mermaid g.node[id*="-flowchart-{node}-"]')
            if found.count() == 1:
                found.click(timeout=10_000)
                clicked.append(node)
        seen = page.evaluate(SEEN)
    finally:
        page.close()
    return {**seen, "console": console, "errors": errors, "dialogs": dialogs, "clicked": clicked}


def test_nothing_the_hostile_rfc_holds_runs(preview_seen):
    seen = preview_seen
    assert seen["pwned"] == [] and seen["dialogs"] == []
    assert not [line for line in seen["console"] if "PWNED" in line or line.startswith("error")], seen["console"]
    assert seen["errors"] == []


def test_no_element_or_attribute_is_injected(preview_seen):
    seen = preview_seen
    assert set(seen["tags"]) <= PAGE_TAGS, set(seen["tags"]) - PAGE_TAGS
    assert set(seen["attributes"]) <= PAGE_ATTRIBUTES, set(seen["attributes"]) - PAGE_ATTRIBUTES
    # the page's own two scripts (Mermaid's shared copy in the cache, then the call that runs it) and nothing else
    assert seen["counts"]["script"] == 2 and seen["scripts"] == [False, True]
    assert seen["counts"]["style"] == 1 and seen["counts"]["meta"] == 2 and seen["counts"]["title"] == 1
    assert seen["counts"]["iframe"] == 0 and seen["counts"]["img"] == 1  # the Markdown image, below
    assert not set(seen["mermaidTags"]) & NEVER_IN_A_DIAGRAM, set(seen["mermaidTags"]) & NEVER_IN_A_DIAGRAM
    # a payload's text in an attribute: only the info string, as the code's class (below)
    assert seen["handlers"] == [] and seen["pwnInAttributes"] == [f"code class=language-{INFO_STRING}"]
    for url in seen["urls"]:
        assert url["protocol"] not in ("javascript:", "data:", "vbscript:"), url
        if url["tag"] == "script":
            # the cache's copy, by a relative path (its version unknown: no package.json beside the hostile path)
            assert url["name"] == "src" and re.fullmatch(
                r"\.\./\.\./mermaid/unknown-[0-9a-f]{12}/mermaid\.min\.js", url["value"]
            ), url
        elif not url["mermaid"]:  # headings' anchors, and mistune's stand-in for a harmful link
            assert url["value"] in ("#harmful-link", *(f"#section-{n}" for n in range(1, 40))), url


def test_every_value_shows_as_its_text(preview_seen):
    seen = preview_seen
    assert seen["title"] == seen["h1"] == TITLE
    assert [tuple(row) for row in seen["info"]] == SHOWN_INFO
    assert H3_SHOWN in seen["toc"] and H2 in seen["toc"]
    assert H3_SHOWN in seen["headings"] and H2 in seen["headings"]
    assert TH in seen["th"]
    assert all(cell in seen["td"] for cell in TDS_SHOWN), seen["td"]
    code = dict((text.split("\n")[0], (cls, text)) for cls, text in seen["code"])
    assert code[CODE_LINE][0] == "language-python"
    assert code[CODE2] == (f"language-{INFO_STRING}", CODE2 + "\n")  # the info string stays an attribute's text
    for block in RAW_HTML:
        assert block in seen["paragraphs"], block
    assert INLINE_COMMENT in seen["text"]
    assert "<a href=\"javascript:pwn('a')\">a</a> md javascript:pwn('autolink')  ref data" in seen["paragraphs"]
    # the guidance comments are dropped, hostile or not
    assert "特性 RFC 模板" not in seen["text"] and "comment2" not in seen["text"]


def test_every_diagram_is_drawn_by_mermaid_in_strict_mode(preview_seen):
    seen = preview_seen
    assert seen["state"] == "done"
    assert [d["children"] for d in seen["diagrams"]] == [["svg"]] * 3
    assert [d["role"] for d in seen["diagrams"]] == ["flowchart-v2", "flowchart-v2", "sequence"]
    assert seen["diagrams"][0]["nodes"] == 11  # the template's ten and the hostile label's
    # whatever the RFC's directives say: the nodes it binds to calls and links were
    # clicked and nothing ran (test above), and no javascript: link is drawn
    assert seen["clicked"] == ["A", "B", "C"]
    assert seen["siteLevel"] == seen["level"] == "strict"


def test_paths_in_the_page_stay_in_its_comment(preview_seen, hostile_rfc):
    """The RFC's path and Mermaid's, both hostile here, are written into the page's
    first comment: that comment holds them whole, and it is the page's only one."""
    [comment] = preview_seen["comments"]
    assert "Generated by `rfc preview`" in comment
    assert f"from {hostile_rfc}." in html.unescape(comment)
    assert f"{MERMAID_FOLDER}/mermaid.min.js." in html.unescape(comment)


# --- rfc index ----------------------------------------------------------------------


class _Table(HTMLParser):
    """The rows of cells of cmark-gfm's HTML, each cell as (text, links); anything that
    is not table structure or a link is recorded in `other`."""

    STRUCTURE = {"table", "thead", "tbody", "tr", "th", "td"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.rows: list[list[list]] = []
        self.other: list[str] = []
        self.outside: list[str] = []
        self.in_cell = False

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self.rows.append([])
        elif tag in ("th", "td"):
            if attrs:
                self.other.append(f"<{tag} {attrs}>")
            self.rows[-1].append(["", []])
            self.in_cell = True
        elif tag == "a" and self.in_cell:
            self.rows[-1][-1][1].append(attrs)
        elif tag not in self.STRUCTURE:
            self.other.append(f"<{tag} {attrs}>")

    def handle_endtag(self, tag):
        if tag in ("th", "td"):
            self.in_cell = False

    def handle_startendtag(self, tag, attrs):
        self.other.append(f"<{tag} {attrs}/>")

    def handle_data(self, data):
        if self.in_cell:
            self.rows[-1][-1][0] += data
        elif data.strip():
            self.outside.append(data)

    def handle_comment(self, data):
        self.other.append(f"<!--{data}-->")

    def handle_decl(self, decl):
        self.other.append(decl)

    def handle_pi(self, data):
        self.other.append(data)

    def unknown_decl(self, data):
        self.other.append(data)


def github_table(markdown: str) -> _Table:
    """The index as GitHub's parser sees it: cmark-gfm with GitHub's extensions, and raw
    HTML let through (GitHub's sanitizer comes later), so that any is seen."""
    try:
        import cmarkgfm
        from cmarkgfm.cmark import Options
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("cmarkgfm must be installed in CI (pip install -e '.[test]')")
        pytest.skip("cmarkgfm, GitHub's Markdown parser, is not installed (pip install -e '.[test]')")

    rendered = cmarkgfm.github_flavored_markdown_to_html(markdown, options=Options.CMARK_OPT_UNSAFE)
    table = _Table()
    table.feed(rendered)
    table.close()
    return table


def index(capsys, directory: Path, *options: str) -> str:
    capsys.readouterr()
    assert main(["index", *options, str(directory)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


@pytest.fixture(scope="module")
def hostile_index_dir(hostile_rfc, tmp_path_factory) -> Path:
    """The hostile RFC beside a plain one, so that the table has two rows."""
    with contextlib.redirect_stdout(io.StringIO()):
        assert (
            main(
                [
                    "new",
                    "--no-input",
                    "--author",
                    "Y",
                    "--slug",
                    "plain",
                    "--date",
                    "2026-01-01",
                    "--output-dir",
                    str(hostile_rfc.parents[1]),
                ]
            )
            == 0
        )
    return hostile_rfc.parents[1]


def hostile_entry() -> dict:
    info = dict(SHOWN_INFO)
    return {
        "title": TITLE,
        "author": info["作者"],
        "status": info["状态"],
        "modules": info["相关模块"],
        "backend": info["适用后端"],
        "issue": info["相关 issue / PR"],
        "date": info["创建日期"],
        "path": f"{HOSTILE_FOLDER}/rfc.md",
        "language": "zh",
    }


def test_index_json_of_the_hostile_rfc_keeps_every_value(capsys, hostile_index_dir):
    entries = json.loads(index(capsys, hostile_index_dir, "--format", "json"))
    assert [e["path"] for e in entries] == ["plain/rfc.md", f"{HOSTILE_FOLDER}/rfc.md"]
    assert entries[1] == hostile_entry()


def test_index_markdown_of_the_hostile_rfc_renders_no_html_on_github(capsys, hostile_index_dir):
    from rfc_template.index import INDEX_COLUMNS, index_headers

    markdown = index(capsys, hostile_index_dir)
    assert len(markdown.splitlines()) == 4  # header, delimiter, two rows: one line each
    table = github_table(markdown)
    assert table.other == [] and table.outside == []  # no tag but the table's, no raw HTML
    assert [len(row) for row in table.rows] == [len(INDEX_COLUMNS)] * 3
    assert [text for text, _ in table.rows[0]] == index_headers("zh")
    plain, hostile = table.rows[1], table.rows[2]
    assert plain[-1] == ["plain/rfc.md", [[("href", "plain/rfc.md")]]]
    entry = hostile_entry()
    # each cell shows its value as text (a line break in a folder's name as a space)
    assert [text for text, _ in hostile] == [entry[key].replace("\n", " ") for key, *_ in INDEX_COLUMNS]
    assert [links for _, links in hostile[:-1]] == [[]] * (len(INDEX_COLUMNS) - 1)
    # and the path's link leads to the RFC, its folder's name percent-encoded
    assert hostile[-1][1] == [[("href", quote(entry["path"]))]]


@pytest.mark.parametrize(
    "author, empty",
    [
        ("\\<\\!----\\>", False),  # `<!---->` typed as the author, escaped by the template: text
        ("Li Ming <!-- rfc: ignore RFC104 -->", False),  # a comment in the cell is drawn as nothing
        ("<!-- guidance -->", True),
    ],
)
def test_a_comment_typed_as_a_value_is_text_and_a_comment_in_a_cell_is_nothing(author, empty):
    """(found by hypothesis: `rfc new --author '<!---->'` failed its own check) The basic info
    is read as a reader sees the cells: mistune has already dropped the comments."""
    from rfc_template import check

    base = (Path(__file__).resolve().parents[1] / "examples" / "ulysses-sequence-parallel" / "rfc.md").read_text(
        encoding="utf-8"
    )
    text = base.replace("| Author | Chen Jie |", f"| Author | {author} |")
    found = [f for f in check.check_text(text, None, check.DRAFT).findings if f.code == "RFC104"]
    assert bool(found) is empty, found
