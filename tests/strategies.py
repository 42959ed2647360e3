"""Hypothesis strategies for what people (and CI variables fed from issue titles) type.

The fragments are the syntax of every language a value passes through: Jinja, the
Python of the hooks, Markdown, HTML, Mermaid, shell and file paths.
"""

from __future__ import annotations

import datetime

from hypothesis import strategies as st

from rfc_template.answers import BIDI_CONTROLS, REFUSED_CATEGORIES
from rfc_template.template import load_rules

JINJA = [
    "{{ 7*7 }}",
    "{{",
    "}}",
    "{%",
    "%}",
    "{#",
    "#}",
    "{% raw %}",
    "{% endraw %}",
    "{{ cookiecutter }}",
    "{{ cycler.__init__.__globals__.os.system('touch PWNED') }}",
    "{{ self }}",
]
PYTHON = ['"""', "'''", '"', "'", "\\", "\\\\", '\\"', "\\n", "\\u0000", '""");import os;os.system("touch PWNED");("""']
MARKDOWN = [
    "# ",
    "## 11. 注入",
    "\n## 注入\n",
    "|",
    "| x |",
    "\n| 注入 | 行 |",
    "`",
    "```",
    "~~~",
    "*",
    "**",
    "_",
    "[x](javascript:alert(1))",
    "![x](x)",
    "<script>alert(1)</script>",
    "<!--",
    "-->",
    "&amp;",
    "&#35;",
    "\\#",
    "> ",
    "- ",
    "1. ",
    "---",
    "===",
    "  ",
    "\\|",
]
MERMAID = [
    '"',
    "]",
    "[",
    "}",
    "{",
    "{{",
    "}}",
    "(",
    ")",
    "end",
    "-->",
    "--",
    "%%",
    ";",
    "#quot;",
    "#59;",
    ":",
    "---",
    "```mermaid",
    "classDef x fill:#f00",
    "click A call alert()",
    "<br>",
    "subgraph",
    ">",
    "A-->B",
    "participant X",
    "Note over A: x",
]
PATHS = ["..", "../", "/", "\\", "C:\\", "C:", "CON", "NUL", "aux", "com1.txt", "~", "./", "%2e%2e/", ".git", "*", "?"]
SHELL = ["$(id)", "`id`", "; rm -rf /", "&& touch PWNED", "'$HOME'"]
UNICODE = [
    "中文标题",
    "上下文并行",
    "😀",
    "👨‍👩‍👧",
    "🇨🇳",
    "\u200d",
    "\ufe0f",
    "é",
    "e\u0301",
    "\u3000",
    "\xa0",
    "ｆｕｌｌ",
    "𝔘𝔫𝔦",
]
HOSTILE_CONTROL = [
    "\n",
    "\r",
    "\r\n",
    "\t",
    "\x00",
    "\x1b[31m",
    "\x7f",
    "\x85",
    "\u2028",
    "\u2029",
    "\u202e",
    "\u2066",
    "\ud800",
    "\udfff",
    "\ue000",
]

PRINTABLE_FRAGMENTS = JINJA + PYTHON + [m for m in MARKDOWN if "\n" not in m] + MERMAID + PATHS + SHELL + UNICODE

# What the template refuses (rfc_template/answers.py); the strategies below either avoid these
# or use them on purpose.
any_character = st.characters(exclude_categories=())
printable_character = st.characters(exclude_categories=REFUSED_CATEGORIES, exclude_characters=BIDI_CONTROLS)


def _joined(fragments: list[str], characters) -> st.SearchStrategy[str]:
    piece = st.one_of(st.sampled_from(fragments), st.text(characters, min_size=1, max_size=8))
    return st.lists(piece, max_size=8).map("".join)


def printable_text() -> st.SearchStrategy[str]:
    """One line of any printable Unicode and syntax: the template must take it as typed."""
    return _joined(PRINTABLE_FRAGMENTS, printable_character).filter(lambda v: v.strip() and len(v) <= 200)


def any_text() -> st.SearchStrategy[str]:
    """Anything at all: control characters, lone surrogates, newlines, very long values."""
    return st.one_of(
        _joined(PRINTABLE_FRAGMENTS + MARKDOWN + HOSTILE_CONTROL, any_character),
        st.text(any_character, max_size=20),
        st.text(printable_character, min_size=190, max_size=400),  # around the 200-character limit
        st.sampled_from(["", " ", "   "]),
    )


def valid_slug() -> st.SearchStrategy[str]:
    return st.from_regex(r"[a-z0-9]{1,12}(-[a-z0-9]{1,12}){0,3}", fullmatch=True)


def any_slug() -> st.SearchStrategy[str]:
    escapes = [
        "../x",
        "../../x",
        "/tmp/rfc-escape-probe/x",
        "..",
        ".",
        "a/b",
        "a\\b",
        "C:\\x",
        "CON",
        "x" * 101,
        "Upper",
        "a--b",
        "-a",
        "a-",
    ]
    return st.one_of(valid_slug(), st.sampled_from(escapes), any_text())


def modules_text() -> st.SearchStrategy[str]:
    rules = load_rules()
    names = st.lists(st.sampled_from(rules.modules + tuple(m.upper() for m in rules.modules)), min_size=1, max_size=6)
    separators = st.sampled_from([",", ", ", "，", " / ", " ", "  ,"])
    return st.tuples(names, separators).map(lambda t: t[1].join(t[0]))


def any_modules() -> st.SearchStrategy[str]:
    return st.one_of(modules_text(), any_text(), st.sampled_from(["pipeline", "distributed, fsdp", ","]))


def valid_issue() -> st.SearchStrategy[str]:
    return st.one_of(
        st.just(""),
        st.integers(1, 10**6).map(lambda n: f"#{n}"),
        st.integers(1, 10**6).map(lambda n: f"!{n}"),
        st.from_regex(r"https://gitcode\.com/[a-z]{1,8}/[a-z-]{1,12}/issues/[0-9]{1,5}", fullmatch=True),
    )


def any_issue() -> st.SearchStrategy[str]:
    odd = ["javascript:alert(1)", "https://x/<script>", "https://x/a|b", "#0", "# 1", "https://x/`y`", "issue 284"]
    return st.one_of(valid_issue(), st.sampled_from(odd), any_text())


def valid_date() -> st.SearchStrategy[str]:
    return st.dates(datetime.date(1970, 1, 1), datetime.date(2100, 12, 31)).map(datetime.date.isoformat)


def any_date() -> st.SearchStrategy[str]:
    return st.one_of(
        valid_date(), st.sampled_from(["2026-02-30", "2026-13-01", "26-1-1", "2026/12/01", "0000-00-00"]), any_text()
    )


def choice(name: str) -> st.SearchStrategy[str]:
    rules = load_rules()
    return st.sampled_from({"backend": rules.backends, "rfc_type": rules.rfc_types, "language": rules.languages}[name])


def any_choice(name: str) -> st.SearchStrategy[str]:
    return st.one_of(choice(name), st.sampled_from(["TF", "pt", "PT+MS", ""]), any_text())


ANY_VALUE = {
    "language": lambda: any_choice("language"),
    "rfc_title": any_text,
    "rfc_slug": any_slug,
    "author": any_text,
    "modules": any_modules,
    "backend": lambda: any_choice("backend"),
    "related_issue": any_issue,
    "rfc_type": lambda: any_choice("rfc_type"),
    "date": any_date,
}


# Lines of an RFC that end a `## ` section's blocks, or run on past its heading (a fence, an
# HTML block, a link definition, a table's header): reading or drawing an RFC a section at
# a time must give what reading it whole gives (sectioned.py, preview_body.py).
SECTION_LINES = st.sampled_from(
    [
        "## 2. 背景",
        "## Notes",
        "text",
        "",
        "```python",
        "```",
        "~~~",
        "    indented code",
        "<!-- a comment",
        "-->",
        "<!-- whole -->",
        "<pre>",
        "</pre>",
        "<div>",
        "<PRE>",
        "<!-->",
        "[foo]: /u '",
        "x'",
        "| a | b |",
        "| --- | --- |",
        "| a | b | c |",
        "- item",
        "  - nested",
        "> quote",
        "[ref]: https://example.com/a",
        "[ref]: https://example.com/b",
        "see [x][ref]",
        "# Title",
    ]
)

# whole RFCs whose blocks run on past a heading, or join across sections
RUNNING_PAST_A_HEADING = [
    "## A\n\n```\n## not a heading\n```\n\n## B\n",  # a fence across a heading
    "## A\n\n```\n## B\ntext\n",  # a fence left open
    "## A\n\n<!-- note\n## B\n-->\n\n## C\n",  # a comment across a heading
    "## A\n\n<pre>\n## B\n</pre>\n",  # a <pre> block across a heading
    "## A\n\n<div>\n## B\n\ntext\n",  # an HTML block that only a blank line ends
    # (found by a review: each read differently a section at a time)
    "# T\n\n<pre>\n</textarea>\n## H\n</pre>\n\ntext\n",  # only its own closing tag ends it
    "# T\n\n<PRE>\nx</PRE>\n\n## H\n\ntext\n",
    "# T\n\n<!-->\n## H\ntext\n-->\n\ntext\n",  # the end is looked for after the opening
    "# T\n\n<?>\n## H\ntext\n?>\n",
    "# T\n\n[foo]: /u '\n## x'\n",  # a link definition's title going on
    "# T\n\n[foo\n## bar]: /url\n",
    '# T\n\n[foo]:\n## "t"\n',
    "# T\n\nOwner | Status\n## 2. 背景 | Background\n",  # a table's header before the heading
    "## A\n\n[r]: https://a\n\n## B\n\n[r]: https://b\nsee [x][r]\n",  # the first definition wins
    "## A\n\n| a | b |\n| a | b | c |\n\n## B\n\n| a | b |\n| a | b | c |\n",  # rows meant as tables
    # (found by hypothesis) a link definition's title opened in one section, closed in the last
    "[foo]: /u '\n<!-- whole -->\n## 2. 背景\n[foo]: /u '\n",
    # (found by hypothesis) ... whatever block comes after it in its section
    "[foo]: /u '\n<!-- whole -->\n## 2. 背景\n[foo]: /u '\n<!-- whole -->\n",
]
