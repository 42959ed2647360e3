"""`rfc preview`: one HTML page for reviewers, with every Mermaid block drawn.

The RFC is rendered with mistune; the basic-info table becomes the page's header (and
only there), the sections a table of contents, and each ```mermaid block a diagram at
its natural size, in a box that scrolls sideways when it is wider than the page.

Where the page goes (the user's cache, or `-o FILE`) and how its links and Mermaid are
found from there: rfc_template/preview_files.py. Mermaid is never written into the page:
it loads a local copy by a relative path, or else a pinned CDN URL; a comment at the top
of the page, and the command's output, say which. Where Mermaid does not load (offline,
or the copy is gone), each diagram's place says that diagrams need Mermaid and how to
get it; the note is plain HTML, so it shows without JavaScript, and the page hides it as
soon as Mermaid is there.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import mistune

from rfc_template import document
from rfc_template.editions import edition_of
from rfc_template.gfm_tables import gfm_tables
from rfc_template.preview_files import (  # noqa: F401 (the preview's interface: locate, place, write, errors)
    INSTALL,
    MERMAID_CDN,
    MERMAID_COPY,
    MERMAID_VERSION,
    NO_CACHE_HINT,
    Mermaid,
    Placement,
    PreviewError,
    cache_root,
    in_cache,
    link_bases,
    locate_mermaid,
    resolve_link,
    write,
)

# Every diagram type of Mermaid 11 that shrinks to the page by default (useMaxWidth):
# drawn at its natural size instead, so that its text stays the size of the page's text.
NATURAL_SIZE = (
    "flowchart",
    "swimlane",
    "sequence",
    "gantt",
    "journey",
    "class",
    "state",
    "er",
    "pie",
    "quadrantChart",
    "xyChart",
    "requirement",
    "mindmap",
    "ishikawa",
    "kanban",
    "timeline",
    "gitGraph",
    "c4",
    "sankey",
    "block",
    "packet",
    "treeView",
    "architecture",
    "eventmodeling",
    "radar",
    "venn",
    "cynefin",
    "treemap",
)
MERMAID_CONFIG = {
    "startOnLoad": False,
    "securityLevel": "strict",
    **{diagram: {"useMaxWidth": False} for diagram in NATURAL_SIZE},
}

# Chinese text needs a CJK face; name the usual ones on each system before the fallback.
FONT_STACK = (
    'system-ui, -apple-system, "Segoe UI", "Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", '
    '"PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", sans-serif'
)

STYLE = """
body { font-family: %(fonts)s; line-height: 1.6; margin: 0; color: #1f2328; }
header { background: #f6f8fa; border-bottom: 1px solid #d0d7de; padding: 1.5rem 2rem; }
header h1 { margin: 0 0 .75rem; font-size: 1.8rem; }
header dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1.2rem; margin: 0; }
header dt { color: #59636e; } header dd { margin: 0; } header a { color: #0969da; }
.page { display: grid; grid-template-columns: 16rem minmax(0, 1fr); gap: 2rem; padding: 1.5rem 2rem; }
nav { position: sticky; top: 1rem; align-self: start; font-size: .9rem; }
nav ol { list-style: none; padding-left: 0; margin: 0; } nav li.level-3 { padding-left: 1rem; }
nav a { color: #0969da; text-decoration: none; }
main { max-width: 60rem; min-width: 0; }
table { border-collapse: collapse; margin: 1rem 0; display: block; width: max-content; max-width: 100%%; overflow: auto; } th, td { border: 1px solid #d0d7de; padding: .3rem .7rem; }
th { background: #f6f8fa; } pre { background: #f6f8fa; padding: .8rem; overflow-x: auto; }
code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "Noto Sans Mono CJK SC", monospace; }
.diagram { margin: 1rem 0; }
.diagram pre.mermaid { margin: 0; }
pre.mermaid[data-processed] { text-align: center; border: 1px solid #d0d7de; }
pre.mermaid > svg { max-width: none; }
/* a diagram wider than the page scrolls sideways: an always-visible scrollbar, and a shadow
   at each edge where more of it lies (the shadows stay put, the covers move with the diagram) */
pre.mermaid[data-processed] { overflow-x: auto; scrollbar-color: #8c959f #f6f8fa;
  background: linear-gradient(to right, #fff 30%%, #fff0) left / 3rem 100%% no-repeat local,
    linear-gradient(to left, #fff 30%%, #fff0) right / 3rem 100%% no-repeat local,
    radial-gradient(farthest-side at 0 50%%, #0003, #0000) left / 1rem 100%% no-repeat scroll,
    radial-gradient(farthest-side at 100%% 50%%, #0003, #0000) right / 1rem 100%% no-repeat scroll; }
pre.mermaid::-webkit-scrollbar { height: .7rem; background: #f6f8fa; }
pre.mermaid::-webkit-scrollbar-thumb { background: #8c959f; border-radius: .35rem; }
.diagram-note { background: #fff8c5; border: 1px solid #d4a72c; border-bottom: 0; padding: .5rem .8rem; }
body[data-mermaid="drawing"] .diagram-note, body[data-mermaid="done"] .diagram-note,
body[data-mermaid="failed"] .diagram-note { display: none; }
"""

# In each diagram's place until Mermaid draws it: what is missing and how to get it.
NOTES = {
    ("zh", "cdn"): (
        "此图需要 Mermaid 绘制，但 Mermaid 没有加载：本页从 cdn.jsdelivr.net 加载 Mermaid "
        f"{MERMAID_VERSION}，需要联网。离线查看：在 RFC 所在目录或其上级目录运行 <code>{INSTALL}</code>"
        "（或用 <code>rfc preview --mermaid FILE</code> 指定 mermaid.min.js），再运行一次 "
        "<code>rfc preview</code>。下面是图的源码。"
    ),
    ("zh", "copy"): (
        f"此图需要 Mermaid 绘制，但 Mermaid 没有加载：本页从同一目录下的 <code>{MERMAID_COPY}</code> "
        "加载 Mermaid，请把它和本页放在一起，或再运行一次 <code>rfc preview</code>。下面是图的源码。"
    ),
    ("en", "cdn"): (
        f"Diagrams need Mermaid, which did not load: this page loads Mermaid {MERMAID_VERSION} from "
        "cdn.jsdelivr.net, so it needs the network. To read it offline, run "
        f"<code>{INSTALL}</code> in the RFC's folder or one above it (or pass "
        "<code>rfc preview --mermaid FILE</code>) and run <code>rfc preview</code> again. "
        "The diagram's source follows."
    ),
    ("en", "copy"): (
        f"Diagrams need Mermaid, which did not load: this page loads it from <code>{MERMAID_COPY}</code> "
        "beside the page; keep that file with the page, or run <code>rfc preview</code> again. "
        "The diagram's source follows."
    ),
    # {src}: the copy's path from the page, escaped
    ("zh", "cache"): (
        "此图需要 Mermaid 绘制，但 Mermaid 没有加载：本页从 <code>rfc preview</code> 缓存目录中的 "
        "<code>{src}</code> 加载 Mermaid，它可能已被清理；再运行一次 <code>rfc preview</code> 即可。下面是图的源码。"
    ),
    ("en", "cache"): (
        "Diagrams need Mermaid, which did not load: this page loads it from <code>{src}</code> in the "
        "cache of <code>rfc preview</code>, which may have been cleared; run <code>rfc preview</code> again. "
        "The diagram's source follows."
    ),
}

GENERATED_BY = "<!-- Generated by `rfc preview`"
PAGE = (
    "<!doctype html>\n"
    + GENERATED_BY
    + """ from {source}. {mermaid_note} -->
<html lang="{language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>{style}</style>
</head>
<body>
<header>
<h1>{title}</h1>
{info}
</header>
<div class="page">
<nav><ol>
{toc}
</ol></nav>
<main>
{body}
</main>
</div>
<script src="{mermaid_src}"></script>
<script>
if (typeof window.mermaid !== "object" || typeof window.mermaid.run !== "function") {{
  document.body.dataset.mermaid = "missing";  // each diagram's note stays, saying why
}} else {{
  document.body.dataset.mermaid = "drawing";
  mermaid.initialize({config});
  mermaid.run({{ querySelector: "pre.mermaid" }})
    .then(() => {{ document.body.dataset.mermaid = "done"; }})
    .catch((error) => {{ console.error(error); document.body.dataset.mermaid = "failed"; }});
}}
</script>
</body>
</html>
"""
)

BR = re.compile(r"<br\s*/?>\Z", re.IGNORECASE)  # a line break, as the forges allow in a table cell
WEB_URL = re.compile(r"https?://", re.IGNORECASE)
# A bare http(s) URL in a header value: ASCII URL characters, less the punctuation that ends it.
BARE_URL = re.compile(r"(?<![A-Za-z0-9_/])https?://[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]+", re.IGNORECASE)
URL_END = ".,:;!?'\")]"
IN_HEADER = "rfc_preview_header"  # set on the basic-info table's tokens, which the header shows


class _PreviewRenderer(mistune.HTMLRenderer):
    """Numbered heading anchors, Mermaid blocks left for Mermaid, no raw HTML but `<br>`
    in a table cell, and the basic-info table set aside for the page's header.

    An RFC's HTML comments are guidance for its author and are dropped; any other raw
    HTML is shown as text, so a preview never runs what an RFC contains."""

    def __init__(self, basic_info: str, diagram_note: str, folder_url: str = "", root_url: str = "") -> None:
        super().__init__(escape=True)
        self.basic_info = basic_info
        self.diagram_note = diagram_note
        self.folder_url = folder_url  # the RFC folder's file:// URL, when the page is elsewhere
        self.root_url = root_url  # its repository's, for root-relative links
        self.headings: list[tuple[int, str, str]] = []
        self.header_rows: list[tuple[str, str]] = []  # (key, value) as HTML
        self.header_anchor = ""  # the basic-info heading's, when the header stands for the section
        self._in_cell = 0

    # -- the basic-info table, found before rendering -----------------------------

    def mark_basic_info(self, md: mistune.Markdown, state) -> None:
        """A before-render hook: mark the basic-info table (and its heading, when the section
        holds nothing else a reader would see) for the header instead of the body."""
        tokens = state.tokens
        for start, token in enumerate(tokens):  # noqa: B007 (the heading's index, read after the loop)
            if (
                token["type"] == "heading"
                and token["attrs"]["level"] == 2
                and document.normalise(document.plain_text(md.inline(token["text"].strip(), state.env)))
                == self.basic_info
            ):
                break
        else:
            return
        end = next(
            (
                i
                for i in range(start + 1, len(tokens))
                if tokens[i]["type"] == "heading" and tokens[i]["attrs"]["level"] <= 2
            ),
            len(tokens),
        )
        table = next((i for i in range(start + 1, end) if tokens[i]["type"] == "table"), None)
        if table is None:
            return
        tokens[table][IN_HEADER] = True
        rest = [
            t
            for t in tokens[start + 1 : end]
            if t is not tokens[table]
            and t["type"] != "blank_line"
            and not (t["type"] == "block_html" and _is_comment(t.get("raw", "")))
        ]
        if not rest:
            tokens[start][IN_HEADER] = True

    def render_token(self, token: dict, state) -> str:
        if token.get(IN_HEADER):
            if token["type"] == "table":
                rows = [row["children"] for part in token["children"][1:] for row in part["children"]]
                self.header_rows = [
                    (
                        self._header_html(cells[0]["children"]),
                        self._header_html(cells[1]["children"]) if len(cells) > 1 else "",
                    )
                    for cells in rows
                    if cells
                ]
            else:  # the section's heading: listed in the contents, pointing at the header
                self.header_anchor = self._anchor(token["attrs"]["level"], self.render_tokens(token["children"], state))
            return ""
        if token["type"] == "table_cell":
            self._in_cell += 1
            try:
                return super().render_token(token, state)
            finally:
                self._in_cell -= 1
        return super().render_token(token, state)

    def _header_html(self, tokens: list[dict]) -> str:
        """A basic-info cell for the header: its text, with http(s) links (Markdown links,
        autolinks, bare URLs) as links and `<br>` as a line break; nothing else is markup."""
        parts = []
        for token in tokens:
            kind = token["type"]
            if kind == "link":
                label = self.text(document.normalise(document.plain_text(token["children"])))
                url = token["attrs"]["url"]
                parts.append(f'<a href="{html.escape(url)}">{label}</a>' if WEB_URL.match(url) else label)
            elif kind == "text":
                parts.append(_linkify(token["raw"], self.text))
            elif kind == "inline_html" and BR.match(token["raw"]):
                parts.append("<br>")
            elif kind in ("softbreak", "linebreak"):
                parts.append(" ")
            elif "children" in token:
                parts.append(self._header_html(token["children"]))
            elif "raw" in token:
                parts.append(self.text(token["raw"]))
        return "".join(parts).strip()

    # -- the body ------------------------------------------------------------------

    def _anchor(self, level: int, text: str) -> str:
        anchor = f"section-{len(self.headings) + 1}"
        self.headings.append((level, anchor, text))
        return anchor

    def heading(self, text: str, level: int, **attrs) -> str:
        return f'<h{level} id="{self._anchor(level, text)}">{text}</h{level}>\n'

    def inline_html(self, html_text: str) -> str:
        if self._in_cell and BR.match(html_text):
            return "<br>"
        return super().inline_html(html_text)

    def block_code(self, code: str, info: str | None = None) -> str:
        if (info or "").strip() == "mermaid":
            return (
                f'<div class="diagram">\n<div class="diagram-note">{self.diagram_note}</div>\n'
                f'<pre class="mermaid">{html.escape(code)}</pre>\n</div>\n'
            )
        return super().block_code(code, info)

    def block_html(self, html_text: str) -> str:
        return "" if _is_comment(html_text) else super().block_html(html_text)

    def sanitize_url(self, url: str) -> str:
        """A link's or image's URL: mistune's (a harmful one is `#harmful-link`); then a
        path, which the forges read beside the RFC (`/...`: at its repository's root),
        points at that file wherever the page is."""
        return resolve_link(super().sanitize_url(url), self.folder_url, self.root_url)


def _is_comment(html_text: str) -> bool:
    return html_text.lstrip().startswith("<!--")


def _linkify(text: str, escape) -> str:
    """`text` escaped, each bare http(s) URL in it a link."""
    parts, at = [], 0
    for match in BARE_URL.finditer(text):
        url = match.group().rstrip(URL_END)
        parts += [escape(text[at : match.start()]), f'<a href="{html.escape(url)}">{escape(url)}</a>']
        at = match.start() + len(url)
    return "".join(parts) + escape(text[at:])


def render(text: str, source: Path, mermaid: Mermaid | None = None, placement: Placement | None = None) -> str:
    """The page for the RFC `text` read from `source`, loading `mermaid` (default: the CDN),
    to be written where `placement` says (default: beside the RFC, with -o's layout)."""
    mermaid = mermaid or Mermaid()
    placement = placement or Placement.beside(source.with_suffix(".html"), mermaid)
    text = document.as_forges_read(text)
    doc = document.parse(text)
    ed = edition_of(doc)
    language = ed.language if (ed.language, "cdn") in NOTES else "en"
    kind = "cdn" if placement.copy is None else "cache" if placement.cached else "copy"
    note = NOTES[language, kind].replace("{src}", html.escape(placement.src))
    renderer = _PreviewRenderer(ed.basic_info, note, *link_bases(source, placement))
    # tables and quotes as the forges draw them
    md = mistune.Markdown(renderer=renderer, block=document.ForgeBlockParser(), plugins=[gfm_tables])
    md.before_render_hooks.append(renderer.mark_basic_info)
    body = md(_without_title(text))
    info = "\n".join(f"<dt>{key}</dt><dd>{value}</dd>" for key, value in renderer.header_rows)
    anchor = f' id="{renderer.header_anchor}"' if renderer.header_anchor else ""
    toc = "\n".join(
        f'<li class="level-{level}"><a href="#{anchor}">{text}</a></li>'
        for level, anchor, text in renderer.headings
        if level in (2, 3)
    )
    return PAGE.format(
        # Paths go into the page's first comment, escaped: with no `>` left in them,
        # neither `-->` nor `--!>` (which ends an HTML comment too) can close it early.
        source=html.escape(str(source)),
        mermaid_note=html.escape(mermaid.note(placement)),
        language="zh-CN" if ed.language == "zh" else ed.language,
        title=html.escape(doc.title or source.stem),
        style=STYLE % {"fonts": FONT_STACK},
        info=f"<dl{anchor}>\n{info}\n</dl>" if info else "",
        toc=toc,
        body=body,
        mermaid_src=html.escape(placement.src),
        config=json.dumps(MERMAID_CONFIG),
    )


def _without_title(text: str) -> str:
    """The RFC without its level-1 title line, which the page's header shows."""
    return re.sub(r"\A\s*# [^\n]*\n", "", text, count=1)
