"""Mermaid itself, in Debian's headless Chromium, as the judge of every diagram.

GitHub and GitCode draw ```mermaid blocks with the Mermaid library in the reader's
browser; so do these tests: Mermaid from npm (version locked in package-lock.json) in
a page of Chromium driven by Playwright. One browser serves the whole test session.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from figures import FIGURES

PROJECT = Path(__file__).resolve().parents[1]
MERMAID_JS = PROJECT / "node_modules" / "mermaid" / "dist" / "mermaid.min.js"
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"]
INSTALL_HINT = "apt-get install chromium fonts-noto-cjk && npm ci && pip install -e '.[test]'"


def chromium_path() -> str | None:
    return os.environ.get("RFC_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


def unavailable() -> str | None:
    """Why the browser tests cannot run here, or None."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return f"Playwright is not installed ({INSTALL_HINT})"
    if not chromium_path():
        return f"Chromium is not installed ({INSTALL_HINT})"
    if not MERMAID_JS.is_file():
        return f"Mermaid is not installed at {MERMAID_JS} (run `npm ci` in {PROJECT})"
    return None


# Renders one diagram into the page and reads back what a reader would see.
RENDER = """async (code) => {
  const out = document.getElementById('out');
  out.innerHTML = '';
  try {
    const {svg} = await mermaid.render('d' + (++window.renders), code);
    out.innerHTML = svg;
    const el = out.querySelector('svg');
    const texts = selector => Array.from(el.querySelectorAll(selector), e => e.textContent);
    return {
      nodes: el.querySelectorAll('g.node').length,
      edges: el.querySelectorAll('.edgePaths path').length,
      labels: [...texts('g.node .nodeLabel'), ...texts('text.actor'), ...texts('.messageText')],
    };
  } catch (e) {
    return {error: String((e && e.message) || e)};
  }
}"""

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"></head>
<body><div id="out"></div>
<script src="{mermaid}"></script>
<script>window.renders = 0; mermaid.initialize({{startOnLoad: false, securityLevel: "strict"}});</script>
</body></html>"""


@dataclass
class Rendered:
    code: str
    error: str = ""
    nodes: int = 0
    edges: int = 0
    labels: list[str] = field(default_factory=list)


class MermaidRenderer:
    def __init__(self, page_dir: Path) -> None:
        from playwright.sync_api import sync_playwright

        self._playwright = sync_playwright().start()
        self.browser = self._playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        self.page = self.browser.new_page()
        self.console_errors: list[str] = []
        self.page.on("console", lambda m: m.type == "error" and self.console_errors.append(m.text))
        self.page.on("pageerror", lambda e: self.console_errors.append(str(e)))
        page = page_dir / "mermaid.html"
        page.write_text(PAGE.format(mermaid=MERMAID_JS.as_uri()), encoding="utf-8")
        self.page.goto(page.as_uri())
        self._cache: dict[str, Rendered] = {}

    def render(self, code: str) -> Rendered:
        """Mermaid's verdict on one diagram; the same text is drawn once per session."""
        FIGURES["diagrams"] += 1
        if code not in self._cache:
            self._cache[code] = Rendered(code, **self.page.evaluate(RENDER, code))
            FIGURES["diagram_texts"] += 1
        return self._cache[code]

    def close(self) -> None:
        self.browser.close()
        self._playwright.stop()
