"""`rfc check --diagrams` (RFC204): every diagram parsed by Mermaid itself, in one Node process.

The corpus of tests/diagrams/ (163 diagrams Mermaid 11.17.2 accepts, 55 it rejects) is
checked once, both as diagrams/*.mmd files beside an RFC and as ```mermaid blocks of that
RFC; Mermaid's own verdicts, from tests/diagrams/parse_with_node.mjs, are the reference.
Also: the position of an error in an RFC, an RFC's diagram as PATH, the message when Node
or the npm packages are missing, no Node without --diagrams, the `rfc-check-diagrams`
pre-commit hook, and the built-in heuristics (RFC201, RFC202) on the valid corpus.
`rfc mermaid-setup` and the user cache are tests/test_mermaid_setup.py's.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rfc_template import check, document, mermaid, preview
from rfc_template.cli import main
from rfc_template.lint.registry import rules_by_code

PROJECT = Path(__file__).resolve().parents[1]
CORPUS = PROJECT / "tests" / "diagrams"
VALID = sorted((CORPUS / "valid").glob("*.mmd"))
INVALID = sorted((CORPUS / "invalid").glob("*.mmd"))
MODULES = PROJECT / "node_modules"


def _mermaid_missing() -> str | None:
    if shutil.which("node") is None:
        return "node is not on PATH"
    for name in ("mermaid", "jsdom"):
        if not (MODULES / name / "package.json").is_file():
            return f"{MODULES / name} is missing: run `npm ci` in {PROJECT}"
    return None


@pytest.fixture(scope="module", autouse=True)
def needs_mermaid():
    reason = _mermaid_missing()
    if reason:
        if os.environ.get("CI"):
            pytest.fail(f"the Mermaid tests must run in CI: {reason}")
        pytest.skip(reason)


def rfc(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def new_rfc(capsys, folder: Path, slug: str = "demo") -> Path:
    status, _, err = rfc(capsys, "new", "--no-input", "--author", "X", "--slug", slug, "--output-dir", folder)
    assert status == 0, err
    return folder / slug / "rfc.md"


def lines_of(text: str) -> int:
    return len(text.splitlines())


# --- the corpus, checked once ------------------------------------------------------------


def fence_for(index: int) -> tuple[str, str]:
    """(fence, indent) of the index-th block: ``` and ~~~~ in turn, every third indented."""
    return ("```" if index % 2 == 0 else "~~~~"), ("  " if index % 3 == 2 else "")


def corpus_section(diagrams: list[Path]) -> tuple[str, dict[str, tuple[int, int, int]]]:
    """A Markdown section holding each diagram as a ```mermaid block, and for each
    (offset of its first line in the section, its number of lines, its indent)."""
    parts, where, line = ["## Appendix: every corpus diagram\n", "\n"], {}, 3
    for index, path in enumerate(diagrams):
        text = path.read_text(encoding="utf-8")
        text += "" if text.endswith("\n") else "\n"
        fence, indent = fence_for(index)
        body = "".join(indent + line if line.strip() else line for line in text.splitlines(keepends=True))
        parts += [f"{indent}{fence}mermaid\n", body, f"{indent}{fence}\n", "\n"]
        where[path.name] = (line + 1, lines_of(text), len(indent))
        line += lines_of(text) + 3
    return "".join(parts), where


@pytest.fixture(scope="module")
def corpus_run(tmp_path_factory):
    """One RFC whose rfc.md holds all 213 diagrams as blocks and whose diagrams/ holds them
    as .mmd files; `rfc check --diagrams --format json` run once over its folder."""
    root = tmp_path_factory.mktemp("corpus")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "rfc_template",
            "new",
            "--no-input",
            "--author",
            "X",
            "--slug",
            "demo",
            "--output-dir",
            str(root),
        ],
        check=True,
        capture_output=True,
    )
    folder = root / "demo"
    text = (folder / "rfc.md").read_text(encoding="utf-8")
    section, where = corpus_section(VALID + INVALID)
    (folder / "rfc.md").write_text(text + "\n" + section, encoding="utf-8")
    before = lines_of(text) + 1  # the RFC's lines and a blank one, then the section
    blocks = {name: (before + offset, count, indent) for name, (offset, count, indent) in where.items()}
    assert len(blocks) == len(VALID) + len(INVALID)
    for path in VALID + INVALID:
        shutil.copy(path, folder / "diagrams" / f"{path.parent.name}-{path.name}")
    done = subprocess.run(
        [sys.executable, "-m", "rfc_template", "check", "--diagrams", "--format", "json", str(root)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 1, done.stderr
    assert done.stderr == "", done.stderr
    findings: dict[str, list[dict]] = {}
    for line in done.stdout.splitlines():
        finding = json.loads(line)
        findings.setdefault(finding["path"], []).append(finding)
    return folder, blocks, findings


@pytest.fixture(scope="module")
def mermaid_says(tmp_path_factory) -> dict[str, str]:
    """Mermaid's own message for each invalid file, from the corpus's own Node harness."""
    out = tmp_path_factory.mktemp("verdicts") / "verdicts.json"
    done = subprocess.run(
        ["node", str(CORPUS / "parse_with_node.mjs"), str(MODULES), "--json", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return {Path(v["file"]).name: v["parseError"] for v in json.loads(out.read_text())["results"] if v["parseError"]}


def rfc204(findings: list[dict]) -> list[dict]:
    return [f for f in findings if f["code"] == "RFC204"]


def test_every_valid_diagram_is_accepted(corpus_run):
    folder, blocks, findings = corpus_run
    for path in VALID:
        assert not findings.get(str(folder / "diagrams" / f"valid-{path.name}")), path.name
    in_blocks = rfc204(findings.get(str(folder / "rfc.md"), []))
    for path in VALID:
        start, count, _ = blocks[path.name]
        assert not [f for f in in_blocks if start <= f["line"] < start + count], path.name


def expected_message(says: str) -> tuple[str, str | None]:
    """The start of the finding's message, and the token a jison parse error got."""
    got = re.search(r", got '([^']*)'\s*$", says)
    return "Mermaid: " + says.splitlines()[0].strip(), (got.group(1) if got else None)


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.stem)
def test_every_invalid_diagram_is_rejected_with_mermaids_message(corpus_run, mermaid_says, path):
    folder, _, findings = corpus_run
    text = path.read_text(encoding="utf-8")
    [finding] = findings[str(folder / "diagrams" / f"invalid-{path.name}")]
    assert finding["code"] == "RFC204"
    assert 1 <= finding["line"] <= lines_of(text)
    start, got = expected_message(mermaid_says[path.name])
    assert finding["message"].startswith(start), (finding["message"], start)
    if got is not None:
        assert finding["message"].endswith(f"got '{got}'")


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.stem)
def test_every_invalid_block_is_rejected_where_its_mmd_copy_is(corpus_run, path):
    """The same diagram as a block (``` or ~~~~, indented or not) is reported at the same
    place of the diagram, moved to its lines in rfc.md."""
    folder, blocks, findings = corpus_run
    start, count, indent = blocks[path.name]
    [in_block] = [f for f in rfc204(findings[str(folder / "rfc.md")]) if start <= f["line"] < start + count]
    [in_file] = findings[str(folder / "diagrams" / f"invalid-{path.name}")]
    assert (in_block["line"] - start + 1, in_block["col"] - indent) == (in_file["line"], in_file["col"])
    assert in_block["message"] == in_file["message"]


# Positions checked by eye: Mermaid counts lines after the `%%` comment line (and the front
# matter) it removes; the finding is on the file's line.
EXACT = {
    "001-keyword-typo": (1, 1),  # no line in the message: the diagram's first line
    "003-sequence-arrow-in-flowchart": (3, 13),  # the space before -->>
    "007-unclosed-square-bracket": (3, 7),
    "012-front-matter-bad-yaml": (5, 1),  # js-yaml's (4:1) within the front matter
    "018-pie-slice-without-value": (4, 23),  # the end of "Optimizer states"
    "021-bad-direction": (2, 1),  # a lexical error: a line, no column
    "032-architecture-bad-side": (5, 8),  # the X of r0:X
    "052-wardley-one-coordinate": (4, 31),  # the ] after one coordinate
    "005-subgraph-without-end": (5, 1),  # at the end of the text: its last line
}


@pytest.mark.parametrize("stem, position", EXACT.items())
def test_positions_are_the_file_lines_mermaid_names(corpus_run, stem, position):
    folder, _, findings = corpus_run
    [finding] = findings[str(folder / "diagrams" / f"invalid-{stem}.mmd")]
    assert (finding["line"], finding["col"]) == position


def test_corpus_run_reports_nothing_else_about_the_diagrams(corpus_run):
    folder, _, findings = corpus_run
    assert set(findings) <= {str(folder / "rfc.md"), *(str(folder / "diagrams" / f"invalid-{p.name}") for p in INVALID)}


# --- an RFC ------------------------------------------------------------------------------


def test_error_on_the_third_line_of_the_61_block(capsys, tmp_path):
    path = new_rfc(capsys, tmp_path)
    text = path.read_text(encoding="utf-8")
    fence = text.splitlines().index("```mermaid") + 1  # the first block: 6.1's flowchart
    third = text.splitlines()[fence + 2]
    assert " --> " in third
    broken = third.replace(" --> ", " -->> ", 1)
    path.write_text(text.replace(third, broken, 1), encoding="utf-8")
    copy = path.parent / "diagrams" / "flowchart.mmd"  # kept equal to the block: no RFC203
    copy.write_text(copy.read_text(encoding="utf-8").replace(third, broken, 1), encoding="utf-8")

    _, plain, _ = rfc(capsys, "check", path)
    status, out, err = rfc(capsys, "check", "--diagrams", path)
    assert status == 1, err
    column = broken.index(" -->>") + 1
    line = f"{path}:{fence + 3}:{column}: RFC204 Mermaid: Parse error on line 3: … got 'TAGEND'"
    assert line in out.splitlines()
    mine = [line for line in out.splitlines() if line.startswith(f"{path}:")]
    assert sorted(set(mine) - {line}) == sorted(plain.splitlines())  # the ordinary findings, unchanged
    assert mine == sorted(mine, key=lambda line: tuple(map(int, line[len(str(path)) + 1 :].split(":")[:2])))
    assert f"{copy}:3:{column}: RFC204 Mermaid: Parse error on line 3: … got 'TAGEND'" in out.splitlines()

    _, out, _ = rfc(capsys, "check", "--diagrams", "--format", "json", path)
    assert {
        "path": str(path),
        "line": fence + 3,
        "col": column,
        "code": "RFC204",
        "name": "mermaid-rejects-diagram",
        "severity": "error",
        "url": rules_by_code()["RFC204"].url,
        "message": "Mermaid: Parse error on line 3: … got 'TAGEND'",
    } in map(json.loads, out.splitlines())
    _, out, _ = rfc(capsys, "check", "--diagrams", "--format", "github", path)
    assert (
        f"::error file={path},line={fence + 3},col={column},title=RFC204::Mermaid: Parse error on line 3: … got 'TAGEND'"
        in out
    )


def test_lines_mermaid_removes_are_counted_back(capsys, tmp_path):
    """Front matter, a directive over two lines and comment lines: Mermaid's line 3 is the
    block's line 10."""
    path = new_rfc(capsys, tmp_path)
    block = (
        '```mermaid\n---\ntitle: 通信\n---\n%%{init: {\n  "theme": "forest"}}%%\n%% a comment\n\n'
        "flowchart LR\n    A --> B\n    %% another\n    B -->> C\n```\n"
    )
    text = path.read_text(encoding="utf-8") + "\n## Appendix\n\n"
    path.write_text(text + block, encoding="utf-8")
    status, out, _ = rfc(capsys, "check", "--diagrams", path)
    fence = lines_of(text) + 1
    assert f"{path}:{fence + 11}:6: RFC204 Mermaid: Parse error on line 3: … got 'TAGEND'" in out.splitlines(), out


def test_a_clean_rfc_passes_and_mmd_paths_are_diagrams(capsys, tmp_path):
    path = new_rfc(capsys, tmp_path)
    assert rfc(capsys, "check", "--diagrams", tmp_path) == (0, "", "")
    broken = tmp_path / "loose.mmd"
    broken.write_text("flowchart LR\n    A[open --> B[next]\n", encoding="utf-8")
    status, out, _ = rfc(capsys, "check", "--diagrams", path, broken)
    assert (status, out) == (1, f"{broken}:2:7: RFC204 Mermaid: Parse error on line 2: … got 'SQS'\n")


def test_an_rfcs_diagram_as_path_is_its_rfc_with_every_diagram(capsys, tmp_path, monkeypatch):
    """As without --diagrams, one of an RFC's diagrams/*.mmd given as PATH stands for its RFC:
    rfc.md's blocks and all its diagrams are parsed, RFC203 is checked, each file once."""
    path = new_rfc(capsys, tmp_path)
    folder = path.parent / "diagrams"
    broken = folder / "sequence.mmd"
    broken.write_text("flowchart LR\n    A[open --> B[next]\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    status, out, err = rfc(
        capsys, "check", "--diagrams", "--format", "json", "demo/diagrams/sequence.mmd", "demo/rfc.md"
    )
    assert status == 1, err
    found = [(f["path"], f["code"]) for f in map(json.loads, out.splitlines())]
    assert found == [("demo/rfc.md", "RFC203"), ("demo/diagrams/sequence.mmd", "RFC204")]
    status, _, err = rfc(capsys, "check", "--diagrams", "demo/diagrams/sequence.mmd")
    assert err.splitlines()[-1] == "2 errors, 0 warnings in 4 files"  # rfc.md and its three diagrams


def test_an_unreadable_diagram_is_reported_and_the_rest_checked(capsys, tmp_path):
    path = new_rfc(capsys, tmp_path)
    (path.parent / "diagrams" / "bad.mmd").write_bytes(b"flowchart LR\n    A[\xff] --> B\n")
    (path.parent / "diagrams" / "worse.mmd").write_text("flowchart LR\n    A[open --> B[next]\n", encoding="utf-8")
    status, out, err = rfc(capsys, "check", "--diagrams", tmp_path)
    assert status == 2
    said, counts = err.splitlines()  # the unreadable file, then the summary of the findings
    assert said == f"rfc check: {path.parent / 'diagrams' / 'bad.mmd'}: cannot read it (not UTF-8 text)"
    assert counts == "1 error, 0 warnings in 6 files"  # rfc.md and its five diagrams
    assert "worse.mmd:2:7: RFC204" in out


# --- without Node, without the packages, without --diagrams ------------------------------


def test_without_node_one_line_and_exit_2(capsys, tmp_path):
    path = new_rfc(capsys, tmp_path)
    empty = tmp_path / "no-node"
    empty.mkdir()
    done = subprocess.run(
        [sys.executable, "-m", "rfc_template", "check", "--diagrams", str(path)],
        env={**os.environ, "PATH": str(empty)},
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == (
        "rfc check: --diagrams needs Node.js 20+ on PATH (node was not found) and the npm packages mermaid@11.17.2 "
        "and jsdom@26.1.0: install Node.js, then rfc mermaid-setup\n"
    )


def test_without_the_npm_packages_one_line_and_exit_2(capsys, tmp_path, monkeypatch):
    path = new_rfc(capsys, tmp_path)
    script = tmp_path / "elsewhere" / "check-diagrams.mjs"  # no node_modules above it
    script.parent.mkdir()
    shutil.copy(mermaid.SCRIPT, script)
    monkeypatch.setattr(mermaid, "SCRIPT", script)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("NODE_PATH", raising=False)
    monkeypatch.delenv("RFC_MERMAID_MODULES", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))  # an empty user cache
    status, out, err = rfc(capsys, "check", "--diagrams", path)
    assert (status, out) == (2, "")
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert err.startswith(
        "rfc check: --diagrams needs the npm packages mermaid@11.17.2 and jsdom@26.1.0; "
        "mermaid and jsdom were not found (looked in $RFC_MERMAID_MODULES, the user cache "
        f"{mermaid.cache_folder() / 'node_modules'}, "
    )
    assert err.rstrip().endswith(
        "rfc mermaid-setup installs them in that cache, or set RFC_MERMAID_MODULES to a node_modules folder that "
        "has them"
    )

    only_mermaid = tmp_path / "only-mermaid"
    only_mermaid.mkdir()
    (only_mermaid / "mermaid").symlink_to(MODULES / "mermaid")
    monkeypatch.setenv("RFC_MERMAID_MODULES", str(only_mermaid))
    status, _, err = rfc(capsys, "check", "--diagrams", path)
    assert status == 2 and "; jsdom was not found (" in err

    monkeypatch.setenv("RFC_MERMAID_MODULES", os.pathsep.join([str(only_mermaid), str(MODULES)]))
    assert rfc(capsys, "check", "--diagrams", path) == (0, "", "")


def test_without_diagrams_no_node_is_started(capsys, tmp_path):
    path = new_rfc(capsys, tmp_path)
    bin_dir, marker = tmp_path / "bin", tmp_path / "node-ran"
    bin_dir.mkdir()
    fake = bin_dir / "node"
    fake.write_text(f"#!/bin/sh\ntouch '{marker}'\n", encoding="utf-8")
    fake.chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"}
    command = [sys.executable, "-m", "rfc_template", "check", str(path)]
    assert subprocess.run(command, env=env, capture_output=True).returncode == 0
    assert not marker.exists()
    done = subprocess.run([*command, "--diagrams"], env=env, capture_output=True, text=True)
    assert marker.exists()  # the same PATH does reach this node with --diagrams
    assert done.returncode == 2 and done.stderr.startswith("rfc check: --diagrams: the Mermaid check stopped")


# --- one implementation, one set of versions ---------------------------------------------


def test_pinned_versions_agree():
    package = json.loads((PROJECT / "package.json").read_text(encoding="utf-8"))
    lock = json.loads((PROJECT / "package-lock.json").read_text(encoding="utf-8"))
    hooks = (PROJECT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    script = mermaid.SCRIPT.read_text(encoding="utf-8")
    for name, version in (("mermaid", mermaid.MERMAID_VERSION), ("jsdom", mermaid.JSDOM_VERSION)):
        assert package["devDependencies"][name] == version
        assert lock["packages"][f"node_modules/{name}"]["version"] == version
        assert f"{name}@{version}" in hooks
        assert f"{name}: '{version}'" in script
    assert mermaid.MERMAID_VERSION == preview.MERMAID_VERSION
    assert package["bin"]["rfc-check-diagrams"] == mermaid.SCRIPT.relative_to(PROJECT).as_posix()
    assert package["files"] == [mermaid.SCRIPT.relative_to(PROJECT).as_posix()]
    assert os.access(mermaid.SCRIPT, os.X_OK) and script.startswith("#!/usr/bin/env node\n")


def test_help_names_what_diagrams_needs(capsys):
    with pytest.raises(SystemExit):
        main(["check", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for needed in (
        f"mermaid@{mermaid.MERMAID_VERSION}",
        f"jsdom@{mermaid.JSDOM_VERSION}",
        "Node.js 20+",
        "$RFC_MERMAID_MODULES",
        "$NODE_PATH",
        "RFC204",
    ):
        assert needed in text, needed


TRICKY_MARKDOWN = """# Blocks

<!--
```mermaid
flowchart LR
    hidden --- in_a_comment
```
-->

  ```mermaid title="indented"
  flowchart LR
      A --> B
  ```

~~~~ mermaid
sequenceDiagram
    A->>B: hi
~~~~

````markdown
```mermaid
flowchart LR
    shown --- as_text
```
````

```mermaidjs
not mermaid
```

   ~~~mermaid
   pie
       "a" : 1
   ~~~~~

```mermaid
flowchart TD
    unclosed --> at_the_end
"""


def test_blocks_found_are_the_ones_rfc_check_reads(capsys, tmp_path):
    """The Node script's block extraction against document.parse (mistune) on the same files."""
    files = [
        tmp_path / "tricky.md",
        new_rfc(capsys, tmp_path),
        *PROJECT.glob("examples/*/rfc.md"),
        *PROJECT.glob("tests/corpus/*/rfc.md"),
    ]
    files[0].write_text(TRICKY_MARKDOWN, encoding="utf-8")
    done = subprocess.run(
        ["node", str(mermaid.SCRIPT), "--blocks", *map(str, files)], capture_output=True, text=True, check=True
    )
    for path, found in zip(files, json.loads(done.stdout)):
        doc = document.parse(path.read_text(encoding="utf-8"))
        expected = [{"line": b.line + 1, "text": b.code} for b in doc.code_blocks if b.info.split()[:1] == ["mermaid"]]
        assert found["blocks"] == expected, path
    assert len(json.loads(done.stdout)[0]["blocks"]) == 4


# --- the pre-commit hook -----------------------------------------------------------------


def hook_repository(root: Path) -> Path:
    """This working tree's hook, as pre-commit gets it: a git repository of the manifest,
    package.json and the files package.json ships (try-repo of the checkout itself would
    take only committed and staged files)."""
    package = json.loads((PROJECT / "package.json").read_text(encoding="utf-8"))
    repo = root / "hook"
    for name in [".pre-commit-hooks.yaml", "package.json", *package["files"]]:
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(PROJECT / name, repo / name)
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"]
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True)
    subprocess.run([*git, "commit", "-q", "-m", "hook"], cwd=repo, check=True)
    return repo


def test_pre_commit_hook_checks_diagrams_in_a_fresh_repository(capsys, tmp_path):
    """`pre-commit try-repo` installs the Node hook (system Node, mermaid and jsdom from npm)
    and runs it on a good RFC and on one with a broken diagram."""
    hook = hook_repository(tmp_path)
    repo = tmp_path / "rfcs"
    repo.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    new_rfc(capsys, repo, "good")
    broken = new_rfc(capsys, repo, "broken")
    text = broken.read_text(encoding="utf-8")
    third = text.splitlines()[text.splitlines().index("```mermaid") + 3]  # the 6.1 block's third line
    broken.write_text(text.replace(third, third.replace(" --> ", " -->> ", 1), 1), encoding="utf-8")
    (broken.parent / "diagrams" / "flowchart.mmd").unlink()
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True)
    done = subprocess.run(
        [sys.executable, "-m", "pre_commit", "try-repo", str(hook), "rfc-check-diagrams", "--all-files"],
        cwd=repo,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    reported = [line for line in done.stdout.splitlines() if ": RFC204 " in line]
    fence = text.splitlines().index("```mermaid") + 1
    assert reported == [f"broken/rfc.md:{fence + 3}:6: RFC204 Mermaid: Parse error on line 3: … got 'TAGEND'"], (
        done.stdout
    )


# --- the built-in heuristics on the valid corpus -----------------------------------------


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
def test_heuristics_never_flag_a_diagram_mermaid_accepts(path):
    text = path.read_text(encoding="utf-8")
    markdown = "```mermaid\n" + text + ("" if text.endswith("\n") else "\n") + "```\n"
    flagged = [f for f in check.check_text(markdown).findings if f.code in ("RFC201", "RFC202")]
    assert flagged == []
