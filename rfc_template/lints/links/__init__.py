"""Links: a target's form (RFC321), the file a relative one names (RFC322) and the
heading an #anchor names (RFC323). Form only: nothing here touches the network.

The block parse (document.py) never reads the inline content of paragraphs and list
items, and most lines hold no link; so one search of the visible text (comments and
code blanked) finds the lines that may, and only those are read with mistune's inline
parser. Links in code spans are code spans there; escaped brackets are text.
"""

from __future__ import annotations

import difflib
import os
import re
from pathlib import Path
from urllib.parse import quote, unquote

from rfc_template import document
from rfc_template.findings import Finding
from rfc_template.lint.context import Context, per_document
from rfc_template.lints.links.anchors import Slugger, heading_text
from rfc_template.lints.links.inline import inline_tokens, links_in, text_runs
from rfc_template.lints.links.targets import MEANT_AS_URL, form_problem

# What a line that may hold a link has: `](`, a full reference `][`, a definition `]:`,
# an autolink `<scheme:` or `<a@b>`, a bare web address, or a mistyped one (`https//`).
# Written as one character class and then what must follow it: the regex engine skips
# to that class at C speed (7x faster than the plain alternatives over a Chinese RFC).
TRIGGER = re.compile(
    r"[\]<hHfFwW](?:(?<=\])[(\[:]|(?<=<)(?:[A-Za-z][A-Za-z0-9.+-]{1,31}:|[^\s<>@]+@)"
    r"|(?<=[hH])(?i:ttps?(?::|//))|(?<=[fF])(?i:tp://)|(?<=[wW])(?i:ww\.))"
)
# A reference definition, `[label]: target "title"` (a footnote's `[^1]:` is text).
DEFINITION = re.compile(r" {0,3}\[(?!\^)((?:[^\[\]\\]|\\.){1,999})\]:")
# A `](` before any `[` on its line: the link text began on a line above.
CONTINUED = re.compile(r"[^\[]*\]\(")
# `[text](path/or/url more)`: a space in the target, and no title after it, is no link
# at all. Only a target that starts as a path or address (`/`, `.`, `:`, `#`) was meant
# as one: `Optional[Mesh](默认 None)` is prose, and so is an index, `a[i](x y)`.
SPACED = re.compile(
    r"(?<![\\A-Za-z0-9_\]])\[(?:[^\[\]\\]|\\.)*(?<!\\)\]\((?!<)(?P<target>[^()\s]*[/.:#][^()\s]*[ \t]+(?![\"'(])[^()]*)\)"
)
# `<https://a b>`: no autolink either.
SPACED_AUTOLINK = re.compile(r"<(?i:https?|ftp|mailto):[^<>\s]*[ \t][^<>]*>")
# `[text][label]` (or `[text][]`); after a letter, digit or `]` it is an index, `a[i][j]`.
FULL_REFERENCE = re.compile(r"(?<![\\A-Za-z0-9_\]])\[((?:[^\[\]\\]|\\.)+)\]\[((?:[^\[\]\\]|\\.)*)\]")
CODE_SPAN = re.compile(r"(?<!`)(`+)(?!`).+?(?<!`)\1(?!`)")
FENCE = re.compile(r"(?m)^[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?(`{3,}|~{3,})")
# A bare address, linked by GitHub (GFM's extended autolinks) up to a space or `<`:
# `https://` after anything but a letter, `www.` after a space or `*_~(`; or one
# mistyped (`http:/x`, `https//x`, `https:\\x`), which GitHub leaves as text.
BARE = re.compile(
    r"(?i)(?<![A-Za-z])(?:https?|ftp)://[^\s<]*"
    r"|(?<![^\s*_~(])www\.[^\s<]*"
    r"|(?<![A-Za-z])(?P<mistyped>https?(?::/(?!/)|//|:\\\\))[^\s<]+"
)
# Characters that end a sentence in Chinese text but not a bare address: GitHub's link
# runs on through `，后续说明` to the next space.
RUN_ON = re.compile(r"[\u2010-\u2027\u3000-\u303f\uff00-\uffef]")
TRAILING = "?!.,:*_~'\""  # what GitHub trims off the end of a bare address
HTML_ID = re.compile(r"""<[A-Za-z][^<>]*?\s(?:id|name)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))""")
CJK = re.compile(r"[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]")


@per_document
def links(ctx: Context) -> list[Finding]:
    """RFC321, RFC322 and RFC323, for links, images, reference definitions, autolinks
    and bare addresses."""
    text = "\n".join(ctx.visible_lines)
    numbers = _candidate_lines(text)
    if not numbers:
        return []
    reader = _Reader(ctx, text)
    fenced = _nested_fences(text) if ("```" in text or "~~~" in text) else set()
    for number in numbers:
        if number not in fenced:
            reader.read(number)
    return reader.findings


def _candidate_lines(text: str) -> list[int]:
    numbers: list[int] = []
    line, at = 1, 0
    for m in TRIGGER.finditer(text):
        line += text.count("\n", at, m.start())
        at = m.start()
        if not numbers or numbers[-1] != line:
            numbers.append(line)
    return numbers


def _nested_fences(text: str) -> set[int]:
    """Lines in a fence that is not a top-level block (in a list item, a quote): the
    visible lines blank only top-level code."""
    fenced: set[int] = set()
    opened, line, at = None, 1, 0
    for m in FENCE.finditer(text):
        line += text.count("\n", at, m.start())
        at = m.start()
        fence, end = m.group(1), text.find("\n", m.end())
        if opened is None:
            opened = (fence, line)
        elif (
            fence[0] == opened[0][0]
            and len(fence) >= len(opened[0])
            and not text[m.end() : end if end >= 0 else None].strip()
        ):
            fenced.update(range(opened[1], line + 1))  # a closing fence: nothing after it
            opened = None
    return fenced


class _Reader:
    """The links of one RFC, line by line; the anchors and definitions only when asked."""

    def __init__(self, ctx: Context, text: str) -> None:
        self.ctx, self.text, self.lines = ctx, text, ctx.visible_lines
        self.findings: list[Finding] = []
        self._anchors: list[str] | None = None
        self._labels: set[str] | None = None
        self._listings: dict[Path, set[str]] = {}
        self._here: Path | None = None  # the RFC's path resolved, once (a syscall for each of its parts)

    def report(self, number: int, col: int, code: str, message: str) -> None:
        if self.ctx.edition.language != "zh":  # quoted targets in an English RFC: as a browser shows them
            message = CJK.sub(lambda m: quote(m.group()), message)
        self.findings.append(Finding(number, col, code, message))

    def read(self, number: int) -> None:
        line = self.lines[number - 1]
        if DEFINITION.match(line) and self._starts_block(number) and self._definition(number, line):
            return
        tokens = inline_tokens(line)
        cursor = 0
        for token in links_in(tokens):
            cursor = self.target(number, line, cursor, token["attrs"]["url"], f"the {token['type']}")
        for run in text_runs(tokens):
            self.bare(number, line, run)
        if "](" in line and CONTINUED.match(line):
            self._continued(number, line)
        if "](" in line or "<" in line or "][" in line:
            self._broken(number, line)

    def target(self, number: int, line: str, cursor: int, url: str, what: str) -> int:
        """Checks one target of `what` ("the link", "the image", "'[label]:'"), as mistune
        gives it (percent-encoded); returns where in the line to look for the next one."""
        decoded = unquote(url)
        col = _find(line, (decoded, url), cursor)
        at = max(col, 0) + 1
        if not url.strip():
            self.report(number, at, "RFC321", f"{what} has an empty target")
        elif url.startswith("#"):
            self._anchor(number, at, url[1:])
        else:
            problem = form_problem(decoded)
            if problem:
                self.report(number, at, "RFC321", f"{what} points to '{decoded}', which {problem}")
            elif problem is None:
                self._file(number, at, url, what)
        return col + max(len(decoded), 1) if col >= 0 else cursor

    def _definition(self, number: int, line: str) -> bool:
        """`[label]: target`, as mistune reads it (the target may be on the next line);
        False when it is no definition but text."""
        m = DEFINITION.match(line)
        assert m is not None  # the caller matched it
        label, rest = m.group(1), line[m.end() :].strip()
        block = line if rest or number >= len(self.lines) else line + "\n" + self.lines[number]
        refs = document.block_tokens(block)[1].get("ref_links") or {}
        if not refs:
            if rest:
                return False
            self.report(number, 1, "RFC321", f"'[{label}]:' has an empty target")
            return True
        self.target(number, line, m.end(), next(iter(refs.values()))["url"], f"'[{label}]:'")
        return True

    def _starts_block(self, number: int) -> bool:
        """A definition cannot interrupt a paragraph: it follows a blank line, a heading
        or another definition."""
        above = self.lines[number - 2] if number > 1 else ""
        return not above.strip() or above.lstrip().startswith("#") or bool(DEFINITION.match(above))

    def _continued(self, number: int, line: str) -> None:
        """A link whose text began on a line above ends on this one: read the paragraph
        up to here, and check the last link that spans a line break."""
        if number == 1 or not self.lines[number - 2].strip():
            return
        start = number - 1
        while start > 1 and self.lines[start - 2].strip() and number - start < 10:
            start -= 1
        paragraph = "\n".join(self.lines[start - 1 : number])
        spanning = [
            t
            for t in links_in(document.markdown().inline(paragraph, {}))
            if any(c["type"] in ("softbreak", "linebreak") for c in t.get("children", ()))
        ]
        if spanning:
            self.target(number, line, 0, spanning[-1]["attrs"]["url"], f"the {spanning[-1]['type']}")

    def _broken(self, number: int, line: str) -> None:
        """What looks like a link and is none: a space in the target, a reference to a
        label no definition names."""
        bare = CODE_SPAN.sub(lambda m: " " * len(m.group()), line) if "`" in line else line
        for m in SPACED.finditer(bare):
            self.report(
                number,
                m.start("target") + 1,
                "RFC321",
                f"the link target '{m.group('target')}' has a space, so it is no link: write %20, or put it in <...>",
            )
        for m in SPACED_AUTOLINK.finditer(bare):
            self.report(number, m.start() + 1, "RFC321", f"'{m.group()}' has a space, so it is no link: write %20")
        for m in FULL_REFERENCE.finditer(bare):
            label = m.group(2) or m.group(1)
            if not label.startswith("^") and _label(label) not in self.labels():
                self.report(
                    number,
                    m.start() + 1,
                    "RFC321",
                    f"no link definition '[{label}]: ...' gives '[{m.group(1)}]' a target",
                )

    def labels(self) -> set[str]:
        if self._labels is None:
            self._labels = {_label(m.group(1)) for m in re.finditer(r"(?m)^" + DEFINITION.pattern, self.text)}
        return self._labels

    def bare(self, number: int, line: str, run: str) -> None:
        """A bare address runs on into Chinese punctuation (GitHub links up to the next
        space); a mistyped one is no link."""
        for m in BARE.finditer(run):
            address = _trim(m.group())
            at = line.find(address) + 1 or 1
            if m.group("mistyped"):
                self.report(
                    number, at, "RFC321", f"'{address}' is no web address: write '{_scheme_of(m.group('mistyped'))}://'"
                )
                continue
            host = address.find("://") + 3 if "://" in address else 4  # after the scheme, or `www.`
            run_on = RUN_ON.search(address, host)
            if run_on and run_on.start() > host:
                head, tail = address[: run_on.start()], address[run_on.start() :]
                self.report(
                    number,
                    at,
                    "RFC321",
                    f"the address '{head}' runs on into '{tail[:12]}' (a link ends at a space): put a space after it, or write <{head}>",
                )

    def _anchor(self, number: int, col: int, fragment: str) -> None:
        name = unquote(fragment)
        if not name:
            return  # `#` alone: the top of the page
        if name.startswith("user-content-"):
            name = name[len("user-content-") :]
        anchors = self.anchors()
        if name in anchors:
            return
        near = next((a for a in anchors if a.lower() == name.lower()), None) or next(
            iter(difflib.get_close_matches(name, anchors, 1, 0.6)), None
        )
        hint = f" (did you mean '#{near}'?)" if near else ""
        self.report(number, col, "RFC323", f"'#{name}' names no heading of the RFC{hint}")

    def anchors(self) -> list[str]:
        """Each heading's anchor as GitHub makes it, then every `id` / `name` in HTML."""
        if self._anchors is None:
            slugger, source = Slugger(), self.ctx.uncommented_lines
            self._anchors = [
                slugger.slug(heading_text(source[h.line - 1])) for h in self.ctx.doc.headings if h.line <= len(source)
            ]
            self._anchors += [next(g for g in m.groups() if g is not None) for m in HTML_ID.finditer(self.text)]
            self._anchors += self._swallowed_anchors(slugger)
        return self._anchors

    def _swallowed_anchors(self, slugger: Slugger) -> list[str]:
        """The headings written after a fence or comment left open: RFC006 names that
        cause once; a link to one of them is not broken on its own account."""
        return [
            slugger.slug(heading_text(line)) for line in self.ctx.doc.lines_after_unclosed() if ATX_HEADING.match(line)
        ]

    def _file(self, number: int, col: int, url: str, what: str) -> None:
        """RFC322: the file or folder a relative target names, beside rfc.md (`/...`: at
        the repository's root), case as written (GitHub's file names are case-sensitive)."""
        if self.ctx.path is None:
            return
        path, _, fragment = url.partition("#")
        path = unquote(path.partition("?")[0])
        if not path:
            return
        here = self._here = self._here or self.ctx.path.resolve()
        base = _repository_root(here.parent) if path.startswith("/") else here.parent
        if base is None:
            return  # a root-relative path outside a repository: nothing to resolve it against
        found = self._exists(base, path)
        if found is None and MEANT_AS_URL.match(path):
            # `https：//...` (a full-width colon) or `pytorch.org/...`: a web address written
            # so that the forge reads it as a file beside the RFC
            self.report(
                number,
                col,
                "RFC321",
                f"{what} points to '{path}', a web address the forge reads as a "
                "file beside the RFC; write it as https://...",
            )
            return
        if found is None:
            # `[注]: 这里说明` was meant as text, but is a definition: GitHub shows nothing of it
            meant = (
                " (a line '[label]: text' is a link definition, and shows as nothing)"
                if what.startswith("'[") and not re.search(r"[./]", path)
                else ""
            )
            self.report(number, col, "RFC322", f"{what} points to '{path}', which does not exist beside the RFC{meant}")
        elif fragment and found == here:
            self._anchor(number, col, fragment)

    def _exists(self, base: Path, path: str) -> Path | None:
        current = base
        for part in path.split("/"):
            if part in ("", "."):
                continue
            if part == "..":
                current = current.parent  # lexically, as a browser resolves it
                continue
            if part not in self._listing(current):
                return None
            current = current / part
        return current

    def _listing(self, folder: Path) -> set[str]:
        if folder not in self._listings:
            try:
                self._listings[folder] = set(os.listdir(folder))
            except OSError:
                self._listings[folder] = set()
        return self._listings[folder]


def _trim(address: str) -> str:
    """A bare address as GitHub ends it: without closing punctuation, or a `)` it did not open."""
    while address and (address[-1] in TRAILING or (address[-1] == ")" and address.count(")") > address.count("("))):
        address = address[:-1]
    return address


def _scheme_of(mistyped: str) -> str:
    return "https" if mistyped.lower().startswith("https") else "http"


def _find(line: str, needles: tuple[str, ...], cursor: int) -> int:
    for needle in needles:
        if needle:
            at = line.find(needle, cursor)
            if at >= 0:
                return at
    at = line.find("](", cursor)
    return at + 2 if at >= 0 else -1


def _label(label: str) -> str:
    return " ".join(label.split()).casefold()


def _repository_root(folder: Path) -> Path | None:
    for candidate in (folder, *folder.parents):
        if (candidate / ".git").exists():
            return candidate
    return None


ATX_HEADING = re.compile(r" {0,3}#{1,6}(?:[ \t]|$)")
