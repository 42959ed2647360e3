"""`rfc preview`, opened in headless Chromium: every diagram becomes an SVG, the console
stays clean, and a screenshot is saved for a person to look at (build/screenshots/)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from figures import NOTES
from generation import fresh_dir, with_rfc_new
from rfc_template import preview
from rfc_template.cli import main

PROJECT = Path(__file__).resolve().parents[1]
EXAMPLE = PROJECT / "examples" / "fsdp-grad-comm-overlap" / "rfc.md"
SCREENSHOTS = PROJECT / "build" / "screenshots"


def open_in_chromium(mermaid, page_file: Path, screenshot: str) -> dict:
    """Load the page, wait for Mermaid, and report what a reviewer would see."""
    page = mermaid.browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(page_file.as_uri())
    page.wait_for_function("['done', 'failed'].includes(document.body.dataset.mermaid)", timeout=60_000)
    seen = page.evaluate(
        """() => ({
            state: document.body.dataset.mermaid,
            blocks: document.querySelectorAll('pre.mermaid').length,
            svgs: document.querySelectorAll('pre.mermaid svg').length,
            toc: Array.from(document.querySelectorAll('nav a'), a => a.textContent),
            header: Array.from(document.querySelectorAll('header dt'), dt => dt.textContent),
            scripts: document.querySelectorAll('script').length,
        })"""
    )
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / screenshot
    page.screenshot(path=str(path), full_page=False)
    diagrams = path.with_name(path.stem + "-diagrams.png")
    page.evaluate("document.querySelector('pre.mermaid').closest('main').querySelectorAll('h3')"
                  "[Array.from(document.querySelectorAll('main h3')).findIndex(h => h.nextElementSibling.matches('pre.mermaid'))]"
                  ".scrollIntoView()")
    page.screenshot(path=str(diagrams), full_page=False)
    NOTES.append(f"{'':>7}  preview screenshots: {path.relative_to(PROJECT)}, {diagrams.relative_to(PROJECT)}")
    page.close()
    return {**seen, "errors": errors}


def test_preview_of_the_example_draws_every_diagram(mermaid, tmp_path, capsys):
    output = tmp_path / "rfc.html"
    assert main(["preview", str(EXAMPLE), "-o", str(output)]) == 0
    seen = open_in_chromium(mermaid, output, "preview-zh.png")
    assert seen["state"] == "done" and seen["errors"] == []
    assert seen["blocks"] == seen["svgs"] == 3
    assert seen["toc"][:3] == ["1. 基本信息", "2. 背景", "3. 目标和非目标"] and "6.1 总体流程" in seen["toc"]
    assert seen["header"] == ["作者", "相关模块", "相关 issue / PR", "适用后端", "类型", "状态", "创建日期"]


def test_preview_of_an_english_rfc(mermaid, tmp_path):
    out = fresh_dir(tmp_path, "out")
    assert with_rfc_new({"language": "en", "author": "Ada", "rfc_title": "Ring Attention", "rfc_slug": "ring"}, out).ok
    assert main(["preview", str(out / "ring" / "rfc.md")]) == 0
    seen = open_in_chromium(mermaid, out / "ring" / "rfc.html", "preview-en.png")
    assert seen["state"] == "done" and seen["errors"] == [] and seen["blocks"] == seen["svgs"] == 3
    assert seen["header"][0] == "Author" and seen["toc"][0] == "1. Basic information"


def test_preview_shows_raw_html_as_text(tmp_path):
    rfc = tmp_path / "rfc.md"
    rfc.write_text(EXAMPLE.read_text(encoding="utf-8") + "\n<script>alert(1)</script>\n\n<img src=x onerror=alert(2)>\n", encoding="utf-8")
    page = preview.render(rfc.read_text(encoding="utf-8"), rfc)
    body = page.split("<main>")[1].split("</main>")[0]
    assert "<script" not in body and "<img" not in body
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body
    assert "目的：在代码开发前" not in body  # the template's guidance comments are dropped


def test_preview_says_where_mermaid_comes_from(tmp_path, monkeypatch):
    local = tmp_path / "mermaid.min.js"
    local.write_text("window.mermaid = {};", encoding="utf-8")
    embedded = preview.render(EXAMPLE.read_text(encoding="utf-8"), EXAMPLE, local)
    assert f"Mermaid is embedded from {local}" in embedded.splitlines()[1] and "window.mermaid = {};" in embedded
    monkeypatch.setattr(preview, "MERMAID_IN_NPM", Path("no") / "such" / "mermaid.js")
    monkeypatch.chdir(tmp_path)
    remote = preview.render(EXAMPLE.read_text(encoding="utf-8"), EXAMPLE)
    assert f'<script src="{preview.MERMAID_CDN}"></script>' in remote
    assert "No local Mermaid was found" in remote.splitlines()[1]


def test_cdn_version_is_the_locked_one():
    locked = json.loads((PROJECT / "package-lock.json").read_text(encoding="utf-8"))
    assert locked["packages"]["node_modules/mermaid"]["version"] == preview.MERMAID_VERSION
    assert json.loads((PROJECT / "package.json").read_text(encoding="utf-8"))["devDependencies"]["mermaid"] == preview.MERMAID_VERSION


def test_preview_never_overwrites_a_file_it_did_not_write(tmp_path, capsys):
    mine = tmp_path / "notes.html"
    mine.write_text("<p>my notes</p>", encoding="utf-8")
    assert main(["preview", str(EXAMPLE), "-o", str(mine)]) == 2
    assert "is not a page rfc preview wrote" in capsys.readouterr().err
    assert mine.read_text(encoding="utf-8") == "<p>my notes</p>"
    again = tmp_path / "rfc.html"
    assert main(["preview", str(EXAMPLE), "-o", str(again)]) == 0
    assert main(["preview", str(EXAMPLE), "-o", str(again)]) == 0  # its own page is replaced


@pytest.mark.parametrize("argv, message", [(["missing.md"], "cannot read it"), ([str(EXAMPLE), "--mermaid", "nope.js"], "no such file")])
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
