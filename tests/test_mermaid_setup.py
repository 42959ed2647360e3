"""`rfc mermaid-setup` and where `rfc check --diagrams` finds Mermaid: the pinned versions
in the user's cache, nothing written in the repository of RFCs, one set of versions.

npm itself runs once, offline (`npm_config_offline=true`), from the npm cache that
`npm ci` filled for this checkout (about 5 s); every other case runs a stand-in npm.
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
import yaml

from rfc_template import mermaid
from rfc_template.cli import main

PROJECT = Path(__file__).resolve().parents[1]
MODULES = PROJECT / "node_modules"
PINS = {"mermaid": mermaid.MERMAID_VERSION, "jsdom": mermaid.JSDOM_VERSION}


def rfc(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def new_rfc(capsys, folder: Path) -> Path:
    status, _, err = rfc(capsys, "new", "--no-input", "--author", "X", "--slug", "demo", "--output-dir", folder)
    assert status == 0, err
    return folder / "demo" / "rfc.md"


def needs_node_modules() -> None:
    if shutil.which("node") is None or not all((MODULES / name / "package.json").is_file() for name in PINS):
        reason = f"node and {MODULES} (npm ci) are needed"
        pytest.fail(reason) if os.environ.get("CI") else pytest.skip(reason)


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    """A user cache of this test's own, and no other place for the packages."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder))
    monkeypatch.delenv("RFC_MERMAID_MODULES", raising=False)
    monkeypatch.delenv("NODE_PATH", raising=False)
    return folder


@pytest.fixture
def script_alone(tmp_path, monkeypatch) -> Path:
    """The Mermaid check's script with no node_modules above it or the working directory."""
    script = tmp_path / "elsewhere" / "check-diagrams.mjs"
    script.parent.mkdir()
    shutil.copy(mermaid.SCRIPT, script)
    monkeypatch.setattr(mermaid, "SCRIPT", script)
    monkeypatch.chdir(tmp_path)
    return script


# --- one set of versions ------------------------------------------------------------------

SOURCES = [
    "README.md",
    "CONTRIBUTING.md",
    "action.yml",
    ".pre-commit-hooks.yaml",
    *(str(p.relative_to(PROJECT)) for p in sorted((PROJECT / "docs").glob("*.md"))),
    *(str(p.relative_to(PROJECT)) for p in sorted((PROJECT / "rfc_template").rglob("*.py"))),
    *(str(p.relative_to(PROJECT)) for p in sorted((PROJECT / "rfc_template" / "node").glob("*.mjs"))),
]
SPELLED = re.compile(r"\b(mermaid|jsdom)(@|-)([\^~<>=]*)(\d[\w.-]*?)(?=[^\w.-]|\.?$|-jsdom)", re.I | re.M)
PROSE = re.compile(r"\bMermaid (\d+\.\d+\.\d+)\b")  # "the pinned Mermaid 11.17.2"


def test_every_version_named_is_the_pinned_one():
    """The pins are rfc_template/mermaid.py's; the Node script, package.json (and its lock),
    the hook's additional_dependencies, rfc preview and every mermaid@X / jsdom@X /
    mermaid-X-jsdom-Y of the docs and the code name the same, with no range."""
    package = json.loads((PROJECT / "package.json").read_text(encoding="utf-8"))
    lock = json.loads((PROJECT / "package-lock.json").read_text(encoding="utf-8"))
    [hook] = [h for h in yaml.safe_load((PROJECT / ".pre-commit-hooks.yaml").read_text()) if h["language"] == "node"]
    script = mermaid.SCRIPT.read_text(encoding="utf-8")
    assert hook["additional_dependencies"] == [f"{name}@{version}" for name, version in PINS.items()]
    for name, version in PINS.items():
        assert package["devDependencies"][name] == version
        assert lock["packages"][f"node_modules/{name}"]["version"] == version
        assert f"{name}: '{version}'" in script
    assert json.loads(mermaid.manifest())["dependencies"] == PINS
    from rfc_template import preview_files

    assert preview_files.MERMAID_VERSION == mermaid.MERMAID_VERSION
    seen = 0
    for name in SOURCES:
        text = (PROJECT / name).read_text(encoding="utf-8")
        for match in SPELLED.finditer(text):
            package_name, _, range_, version = match.groups()
            if not version[0].isdigit() or package_name.lower() != package_name:
                continue
            seen += 1
            where = f"{name}: {match.group(0)}"
            assert range_ == "" and version == PINS[package_name], where
        for match in PROSE.finditer(text):
            seen += 1
            assert match.group(1) == mermaid.MERMAID_VERSION, f"{name}: {match.group(0)}"
    assert seen >= 20
    assert mermaid.cache_folder().name == f"mermaid-{mermaid.MERMAID_VERSION}-jsdom-{mermaid.JSDOM_VERSION}"


def test_the_docs_name_the_cache_folder_and_the_lookup_order(capsys):
    page = (PROJECT / "docs" / "rfc-command.md").read_text(encoding="utf-8")
    assert f"rfc-template/node/{mermaid.cache_folder().name}" in page
    order = ["`$RFC_MERMAID_MODULES`", "the user cache that `rfc mermaid-setup` fills", "`npm ci`", "`$NODE_PATH`"]
    assert [page.index(step) for step in order] == sorted(page.index(step) for step in order)
    with pytest.raises(SystemExit):
        main(["mermaid-setup", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    for needed in (f"mermaid@{mermaid.MERMAID_VERSION}", f"jsdom@{mermaid.JSDOM_VERSION}", "$RFC_MERMAID_MODULES"):
        assert needed in said


# --- a stand-in npm -------------------------------------------------------------------------

FAKE_NPM = """#!{python}
# npm install --prefix DIR: DIR/node_modules/<name>/package.json for each dependency of
# DIR/package.json, at its version; $FAKE_NPM says how it goes (ok, fail, partial, wrong)
import json, os, sys
from pathlib import Path
with open(os.environ["FAKE_NPM_LOG"], "a") as log:
    log.write(json.dumps({{"argv": sys.argv[1:], "cwd": os.getcwd()}}) + "\\n")
prefix = Path(sys.argv[sys.argv.index("--prefix") + 1])
how = os.environ.get("FAKE_NPM", "ok")
wanted = json.loads((prefix / "package.json").read_text())["dependencies"]
for number, (name, version) in enumerate(sorted(wanted.items())):
    if how == "partial" and number:
        break
    folder = prefix / "node_modules" / name
    folder.mkdir(parents=True)
    (folder / "package.json").write_text(json.dumps({{"version": "0.0.1" if how == "wrong" else version}}))
if how in ("fail", "partial"):
    sys.stderr.write("npm error code E404\\nnpm error 404 Not Found - GET https://registry.npmjs.org/mermaid\\n"
                     "npm error A complete log of this run can be found in: /x.log\\n")
    sys.exit(1)
"""


@pytest.fixture
def fake_npm(tmp_path, monkeypatch, cache) -> Path:
    """npm and node stand-ins first on PATH; the log of npm's calls."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    npm = bin_dir / "npm"
    npm.write_text(FAKE_NPM.format(python=sys.executable), encoding="utf-8")
    node = bin_dir / "node"
    node.write_text(f"#!{sys.executable}\nimport os\nprint(os.environ.get('FAKE_NODE', 'v20.20.2'))\n")
    for tool in (npm, node):
        tool.chmod(0o755)
    log = tmp_path / "npm.log"
    monkeypatch.setenv("FAKE_NPM_LOG", str(log))
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    return log


def calls(log: Path) -> list[dict]:
    return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []


def test_setup_installs_once_into_the_cache(capsys, tmp_path, fake_npm, cache):
    target = cache / "rfc-template" / "node" / f"mermaid-{mermaid.MERMAID_VERSION}-jsdom-{mermaid.JSDOM_VERSION}"
    assert mermaid.cache_folder() == target
    status, out, err = rfc(capsys, "mermaid-setup")
    assert (status, err) == (0, "")
    assert out == (
        f"installed mermaid {mermaid.MERMAID_VERSION} and jsdom {mermaid.JSDOM_VERSION} in {target / 'node_modules'}; "
        "rfc check --diagrams uses them\n"
    )
    [call] = calls(fake_npm)
    assert call["argv"][0] == "install" and "--ignore-scripts" in call["argv"]
    assert Path(call["cwd"]).parent == target.parent and call["cwd"] != str(target)  # beside it, then moved
    assert json.loads((target / "package.json").read_text())["dependencies"] == PINS  # exact: no ^ or ~
    assert sorted(p.name for p in target.parent.iterdir()) == [target.name]  # no temporary folder left

    status, out, _ = rfc(capsys, "mermaid-setup")
    assert status == 0 and out.endswith(
        f"are installed already in {target / 'node_modules'} (--force installs them again)\n"
    )
    assert len(calls(fake_npm)) == 1
    assert rfc(capsys, "mermaid-setup", "--force")[0] == 0 and len(calls(fake_npm)) == 2
    assert sorted(p.name for p in target.parent.iterdir()) == [target.name]


@pytest.mark.parametrize(
    "how, said",
    [
        (
            "fail",
            "failed (exit 1): E404: 404 Not Found - GET https://registry.npmjs.org/mermaid; nothing was installed in ",
        ),
        ("partial", "failed (exit 1): E404: 404 Not Found"),
        ("wrong", "npm install did not install mermaid@"),
    ],
)
def test_a_failed_install_is_one_line_and_leaves_nothing(capsys, fake_npm, cache, monkeypatch, how, said):
    monkeypatch.setenv("FAKE_NPM", how)
    status, out, err = rfc(capsys, "mermaid-setup")
    assert (status, out) == (2, "") and len(err.splitlines()) == 1 and "Traceback" not in err
    assert err.startswith("rfc mermaid-setup: ") and said in err, err
    assert list(mermaid.cache_folder().parent.iterdir()) == []  # nothing a check would take for an install


def test_what_setup_needs_is_said_in_one_line(capsys, tmp_path, fake_npm, cache, monkeypatch):
    monkeypatch.setenv("FAKE_NODE", "v18.19.0")
    status, _, err = rfc(capsys, "mermaid-setup")
    assert status == 2 and err.startswith("rfc mermaid-setup: needs Node.js 20+, not v18.19.0 (")

    empty = tmp_path / "empty"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    status, _, err = rfc(capsys, "mermaid-setup")
    assert (status, err) == (
        2,
        "rfc mermaid-setup: needs Node.js 20+ with npm on PATH (node and npm not found): install Node.js, then run it again\n",
    )

    monkeypatch.setenv("PATH", str(fake_npm.parent / "bin"))
    monkeypatch.delenv("FAKE_NODE")
    (tmp_path / "a-file").write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "a-file"))
    status, _, err = rfc(capsys, "mermaid-setup")
    assert status == 2 and len(err.splitlines()) == 1
    assert err.startswith(f"rfc mermaid-setup: cannot write {tmp_path / 'a-file' / 'rfc-template' / 'node'} (")
    assert calls(fake_npm) == []


# --- the check finds the cache --------------------------------------------------------------


def link_packages(modules: Path) -> None:
    modules.mkdir(parents=True)
    for name in PINS:
        (modules / name).symlink_to(MODULES / name)


def test_the_check_finds_the_cache_python_and_node_agree_on(capsys, tmp_path, cache, script_alone, monkeypatch):
    needs_node_modules()
    path = new_rfc(capsys, tmp_path)
    status, _, err = rfc(capsys, "check", "--diagrams", path)
    assert status == 2 and f"the user cache {mermaid.cache_folder() / 'node_modules'}, " in err
    assert "rfc mermaid-setup installs them in that cache" in err
    link_packages(mermaid.cache_folder() / "node_modules")
    assert rfc(capsys, "check", "--diagrams", path) == (0, "", "")

    # a relative XDG_CACHE_HOME is ignored by both: the cache is ~/.cache
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")
    assert (
        mermaid.cache_folder() == tmp_path / "home" / ".cache" / "rfc-template" / "node" / mermaid.cache_folder().name
    )
    assert rfc(capsys, "check", "--diagrams", path)[0] == 2
    link_packages(mermaid.cache_folder() / "node_modules")
    assert rfc(capsys, "check", "--diagrams", path) == (0, "", "")


def test_rfc_mermaid_modules_names_packages_of_ones_own(capsys, tmp_path, cache, script_alone, monkeypatch):
    """$RFC_MERMAID_MODULES is the way to name packages of one's own: found with no cache."""
    needs_node_modules()
    path = new_rfc(capsys, tmp_path)
    monkeypatch.setenv("RFC_MERMAID_MODULES", str(MODULES))
    assert rfc(capsys, "check", "--diagrams", path) == (0, "", "")


# --- npm itself -----------------------------------------------------------------------------


def test_setup_with_npm_leaves_the_repository_clean(capsys, tmp_path, cache, script_alone, monkeypatch):
    """The real npm, offline from npm's cache: the pinned packages in the user cache, nothing
    in the repository of RFCs (a git repository, whose status stays clean), and the check
    runs Mermaid from there."""
    needs_node_modules()
    if shutil.which("npm") is None:
        pytest.fail("npm is needed") if os.environ.get("CI") else pytest.skip("npm is not on PATH")
    repo = tmp_path / "rfcs"
    repo.mkdir()
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"]
    subprocess.run([*git, "init", "-q"], cwd=repo, check=True)
    path = new_rfc(capsys, repo)
    subprocess.run([*git, "add", "-A"], cwd=repo, check=True)
    subprocess.run([*git, "commit", "-q", "-m", "an RFC"], cwd=repo, check=True)
    env = {**os.environ, "npm_config_offline": "true", "npm_config_update_notifier": "false"}
    done = subprocess.run(
        [sys.executable, "-m", "rfc_template", "mermaid-setup"],
        cwd=repo / "demo",
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    if done.returncode != 0 and "ENOTCACHED" in done.stderr and not os.environ.get("CI"):
        pytest.skip(f"npm's cache lacks the packages (npm ci in {PROJECT} fills it): {done.stderr.strip()}")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"installed mermaid {mermaid.MERMAID_VERSION} and jsdom {mermaid.JSDOM_VERSION} in ")
    status = subprocess.run(
        ["git", "status", "--porcelain", "--ignored"], cwd=repo, capture_output=True, text=True, check=True
    )
    assert status.stdout == ""  # no package.json, package-lock.json or node_modules/ in the repository
    folder = mermaid.cache_folder()
    assert mermaid.installed(folder)
    assert json.loads((folder / "package.json").read_text())["dependencies"] == PINS
    monkeypatch.chdir(repo)
    assert rfc(capsys, "check", "--diagrams", path) == (0, "", "")
    broken = path.parent / "diagrams" / "flowchart.mmd"
    broken.write_text("flowchart LR\n    A[open --> B[next]\n", encoding="utf-8")
    status, out, _ = rfc(capsys, "check", "--diagrams", broken)  # an RFC's diagram: its RFC, with Mermaid
    assert status == 1 and f"{broken}:2:7: RFC204 Mermaid: Parse error on line 2: … got 'SQS'" in out.splitlines()
