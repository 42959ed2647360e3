#!/usr/bin/env python3
"""Judge every diagram of this corpus with real Mermaid, in headless Chromium.

The folder a file sits in says what Mermaid must make of it:

    valid/*.mmd              ACCEPTED: mermaid.parse() resolves AND mermaid.render()
                             draws an SVG without throwing
    invalid/*.mmd            REJECTED by mermaid.parse()
    invalid-at-render/*.mmd  accepted by mermaid.parse() but REJECTED by
                             mermaid.render() (what a reader's browser runs)

Every file in the two invalid folders carries a `%%` comment saying what the
mistake is; the file must still be rejected, the same way, with that comment line
removed, so the comment is never the cause.

Usage (Python with Playwright for Python, e.g. the project's venv; Debian's Chromium):

    python tests/diagrams/verify_with_mermaid.py node_modules/mermaid/dist/mermaid.min.js
    python tests/diagrams/verify_with_mermaid.py MERMAID_JS --json /tmp/verdicts.json
    python tests/diagrams/verify_with_mermaid.py MERMAID_JS tests/diagrams/valid/001-*.mmd

Options: --chromium PATH (default: $RFC_CHROMIUM, else `chromium` on PATH),
--json FILE (every verdict with Mermaid's messages), --quiet (print only the files
whose verdict disagrees with their folder).

The page is blank (about:blank, no network); mermaid.min.js is loaded into it with
page.add_script_tag and initialised with mermaid.initialize({startOnLoad: false})
and otherwise default settings (securityLevel "strict"). One page judges all files.

Exit status: 0 when every file got the verdict its folder asks for, 1 otherwise,
2 when the judge itself could not start.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
FLAGS = ["--no-sandbox", "--disable-gpu", "--headless", "--disable-dev-shm-usage"]
FOLDERS = {"valid": "accept", "invalid": "reject", "invalid-at-render": "reject-at-render"}

# One diagram: parse, then render into the page, then clean the page up.
JUDGE = """async ([text, id]) => {
  const message = e => String((e && (e.message || e.str)) || e);
  const out = {parsed: false, parseError: null, diagramType: null,
               rendered: false, renderError: null, svgBytes: 0};
  try {
    const r = await mermaid.parse(text);
    out.parsed = true;
    out.diagramType = r && r.diagramType;
  } catch (e) {
    out.parseError = message(e);
  }
  try {
    const {svg} = await mermaid.render(id, text);
    out.svgBytes = svg.length;
    out.rendered = !/aria-roledescription="error"/.test(svg);
    if (!out.rendered) out.renderError = 'Mermaid drew its error picture';
  } catch (e) {
    out.renderError = message(e);
  }
  document.querySelectorAll('body > :not(#keep)').forEach(n => n.remove());
  return out;
}"""


def chromium_path(given: str | None) -> str | None:
    return given or os.environ.get("RFC_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


def description(text: str) -> tuple[str, str]:
    """The first `%%` comment line (not a %%{directive}%%) and the text without that line."""
    lines = text.splitlines(keepends=True)
    for i, line in enumerate(lines):
        stripped = line.strip()
        if stripped.startswith("%%") and not stripped.startswith("%%{"):
            return stripped[2:].strip(), "".join(lines[:i] + lines[i + 1 :])
    return "", text


def collect(paths: list[str]) -> list[Path]:
    if paths:
        return [Path(p).resolve() for p in paths]
    return [f for folder in FOLDERS for f in sorted(HERE.glob(f"{folder}/*.mmd"))]


def expectation(path: Path) -> str:
    return FOLDERS.get(path.parent.name, "accept")


def problems_with(expect: str, v: dict) -> list[str]:
    if expect == "accept":
        if not v["parsed"]:
            return [f"parse rejected it: {v['parseError']}"]
        if not v["rendered"]:
            return [f"render failed: {v['renderError']}"]
    elif expect == "reject" and v["parsed"]:
        return ["parse accepted it"]
    elif expect == "reject-at-render":
        if not v["parsed"]:
            return [f"parse rejected it already: {v['parseError']}"]
        if v["rendered"]:
            return ["render accepted it"]
    return []


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mermaid_js", help="path to mermaid.min.js (node_modules/mermaid/dist/mermaid.min.js)")
    ap.add_argument("files", nargs="*", help="diagram files (default: every .mmd in the folders beside this script)")
    ap.add_argument("--chromium", help="Chromium executable")
    ap.add_argument("--json", help="write every verdict to this file")
    ap.add_argument("--quiet", action="store_true", help="print only the disagreements")
    args = ap.parse_args()

    mermaid_js = Path(args.mermaid_js).resolve()
    browser_exe = chromium_path(args.chromium)
    if not mermaid_js.is_file():
        print(f"no such file: {mermaid_js}", file=sys.stderr)
        return 2
    if not browser_exe:
        print("Chromium not found (apt-get install chromium, or --chromium PATH)", file=sys.stderr)
        return 2
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("Playwright for Python is not installed (pip install playwright)", file=sys.stderr)
        return 2

    found = re.search(r'\{version:"([^"]+)"\}', mermaid_js.read_text(encoding="utf-8", errors="replace"))
    version = found.group(1) if found else "(version unknown)"
    files = collect(args.files)
    results = []
    disagreements = 0
    started = time.monotonic()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=browser_exe, args=FLAGS)
        page = browser.new_page()
        page.set_content(
            '<!doctype html><html><head><meta charset="utf-8"></head><body><div id="keep"></div></body></html>'
        )
        page.add_script_tag(path=str(mermaid_js))
        page.evaluate("() => mermaid.initialize({startOnLoad: false})")
        for n, path in enumerate(files):
            text = path.read_text(encoding="utf-8")
            expect = expectation(path)
            t0 = time.monotonic()
            v = page.evaluate(JUDGE, [text, f"d{n}"])
            v["seconds"] = round(time.monotonic() - t0, 3)
            v.update(file=str(path.relative_to(HERE) if path.is_relative_to(HERE) else path), expect=expect)
            problems = problems_with(expect, v)
            if expect != "accept":
                what, without = description(text)
                v["mistake"] = what
                if not what:
                    problems.append("no `%%` comment saying what the mistake is")
                elif not problems:
                    w = page.evaluate(JUDGE, [without, f"w{n}"])
                    if problems_with(expect, w):
                        problems.append("judged otherwise once its `%%` comment is removed: the comment is a cause")
            v["ok"] = not problems
            v["problems"] = problems
            disagreements += bool(problems)
            results.append(v)
            if problems or not args.quiet:
                error = v["parseError"] if expect == "reject" else v["renderError"]
                detail = (
                    v["diagramType"]
                    if expect == "accept"
                    else (error or "").strip().splitlines()[0][:90]
                    if error
                    else ""
                )
                print(f"{'OK  ' if not problems else 'FAIL'} {v['file']:<58} {expect:<16} {detail}")
                for p in problems:
                    print(f"       {p}")
        browser.close()

    elapsed = time.monotonic() - started
    print(
        f"\nMermaid {version}: {len(results)} files, {len(results) - disagreements} judged as their folder says, "
        f"{disagreements} not, in {elapsed:.1f} s"
    )
    if args.json:
        Path(args.json).write_text(
            json.dumps(
                {"mermaid": version, "seconds": round(elapsed, 1), "results": results}, ensure_ascii=False, indent=1
            ),
            encoding="utf-8",
        )
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
