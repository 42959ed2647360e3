"""`rfc index` lists RFCs by date, whatever their names: folders, titles and authors
here all sort differently from the dates, and two RFCs share a date."""

from __future__ import annotations

import json

import pytest

from rfc_template.cli import main

# (folder under the index's root, slug, date, title): by folder the order is
# a/b, a-b, alpha, bravo, zulu; by title the reverse of the dates; by date
# zulu, bravo, then a-b and a/b (one day: by path, where "a-b/" < "a/b/" as text
# though "a" < "a-b" folder by folder, the order the folders are walked in).
RFCS = [
    ("", "alpha", "2026-12-01", "Alpha 最晚"),
    ("", "bravo", "2025-03-15", "Whiskey"),
    ("a", "b", "2026-06-30", "Bravo 同日"),
    ("", "a-b", "2026-06-30", "Charlie 同日"),
    ("", "zulu", "2024-01-01", "Zulu 最早"),
]
BY_DATE = ["zulu/rfc.md", "bravo/rfc.md", "a-b/rfc.md", "a/b/rfc.md", "alpha/rfc.md"]


@pytest.fixture(scope="module")
def rfcs(tmp_path_factory):
    root = tmp_path_factory.mktemp("index-order")
    for folder, slug, date, title in RFCS:
        (root / folder).mkdir(exist_ok=True)
        argv = [
            "new",
            "--no-input",
            "--author",
            title.split()[0].lower(),
            "--slug",
            slug,
            "--date",
            date,
            "--title",
            title,
            "--output-dir",
            str(root / folder),
        ]
        assert main(argv) == 0
    return root


def test_index_json_is_in_date_order_not_name_order(capsys, rfcs):
    capsys.readouterr()
    assert main(["index", "--format", "json", str(rfcs)]) == 0
    entries = json.loads(capsys.readouterr().out)
    assert [e["path"] for e in entries] == BY_DATE
    dates = {f"{folder}/{slug}".lstrip("/") + "/rfc.md": date for folder, slug, date, _ in RFCS}
    assert [e["date"] for e in entries] == [dates[path] for path in BY_DATE]
    assert [e["title"] for e in entries] == ["Zulu 最早", "Whiskey", "Charlie 同日", "Bravo 同日", "Alpha 最晚"]


def test_index_markdown_is_in_date_order_not_name_order(capsys, rfcs):
    capsys.readouterr()
    assert main(["index", str(rfcs)]) == 0
    rows = capsys.readouterr().out.splitlines()[2:]
    assert [row.rsplit("](", 1)[1].removesuffix(") |") for row in rows] == BY_DATE
    assert [row.split(" | ")[0].removeprefix("| ") for row in rows] == [
        "Zulu 最早",
        "Whiskey",
        "Charlie 同日",
        "Bravo 同日",
        "Alpha 最晚",
    ]
