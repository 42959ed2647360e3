"""Every command of the README and of docs/ runs as written, as a new user runs it.

Each ```bash, ```sh and ```console block of README.md and docs/*.md is run in a
non-interactive shell (no standard input) on a stand-in for a fresh machine: a
temporary home, a PATH of only the system's commands (/usr/bin, /bin) plus pipx and
what the blocks themselves install into ~/.local/bin, and a fresh git repository as
the working directory, one per file, in which that file's blocks run in order (a
block may use what an earlier one made, as a reader following the page would).

What the blocks name as this repository's address, `git+https://...`, `https://...`
and `gh:mindspore/rfc-template`, is this checkout: its files as they are now, copied
into a temporary git repository with one commit (cruft and pip clone it as they would
clone GitHub). The one command not run as written is apt-get's install of pipx and
git, which would change the machine: the test checks that both are there instead
(pipx comes with the test tools). A block that cannot run here at all (sudo, a
browser, a question to answer, the test suite itself) has `<!-- not run: reason -->`
right before it; every other block must exit 0.

YAML blocks (the workflow and the pre-commit configuration) are not shell: they are
checked by tests/test_github_actions.py (actionlint, zizmor) and tests/test_cli.py
(pre-commit try-repo).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from rfc_template.generated import INSTALL_COMMAND
from rfc_template.template import RFC_DIR_NAME

PROJECT = Path(__file__).resolve().parents[1]
README = PROJECT / "README.md"
PAGES = [README, *sorted((PROJECT / "docs").glob("*.md"))]

SHELL = {"bash": "bash", "sh": "sh", "shell": "bash", "console": "bash"}
MARKER = re.compile(r"^<!--\s*not run:\s*(?P<reason>.*?)\s*-->\s*$")
FENCE = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,})\s*(?P<info>[^`\s]*)")

ADDRESS = "https://github.com/mindspore/rfc-template"
SHORT_ADDRESS = "gh:mindspore/rfc-template"
# Installs the system's packages: checked for, not run (see the module's docstring).
SYSTEM_INSTALLS = {
    "sudo apt-get install -y pipx git": "command -v pipx >/dev/null && command -v git >/dev/null",
}
# What a clone of this repository needs to be installed (pyproject.toml) and used as a template.
REPOSITORY_FILES = (
    "pyproject.toml",
    "hatch_build.py",
    "README.md",
    "LICENSE",
    "cookiecutter.json",
    "local_extensions.py",
    "hooks",
    "templates",
    RFC_DIR_NAME,
    "rfc_template",
    "docs/rules",
)


@dataclass(frozen=True)
class Block:
    page: Path
    line: int  # of the opening fence, 1-based
    language: str
    body: str
    not_run: str | None  # the marker's reason

    def __str__(self) -> str:
        return f"{self.page.relative_to(PROJECT)}:{self.line} ({self.language or 'no language'})"

    @property
    def is_shell(self) -> bool:
        return self.language in SHELL

    def script(self) -> str:
        if self.language != "console":
            return self.body
        # a console block: the lines after `$ ` (and their continuations) are commands, the rest output
        commands, continued = [], False
        for line in self.body.splitlines():
            if continued or line.startswith("$ "):
                commands.append(line if continued else line[2:])
                continued = line.rstrip().endswith("\\")
        return "\n".join(commands) + "\n"


def blocks(page: Path) -> list[Block]:
    """The fenced code blocks of a Markdown page, with the marker right before each."""
    lines = page.read_text(encoding="utf-8").splitlines()
    found, index = [], 0
    while index < len(lines):
        opening = FENCE.match(lines[index])
        if not opening:
            index += 1
            continue
        fence = opening["fence"]
        end = index + 1
        while end < len(lines) and not re.match(rf"^ {{0,3}}{re.escape(fence[0])}{{{len(fence)},}}\s*$", lines[end]):
            end += 1
        previous = next((line for line in reversed(lines[:index]) if line.strip()), "")
        marker = MARKER.match(previous.strip())
        found.append(
            Block(
                page,
                index + 1,
                opening["info"].lower(),
                "\n".join(lines[index + 1 : end]) + "\n",
                marker["reason"] if marker else None,
            )
        )
        index = end + 1
    return found


def test_every_block_is_run_or_says_why_not():
    problems = []
    for page in PAGES:
        page_blocks = blocks(page)
        text = page.read_text(encoding="utf-8")
        for block in page_blocks:
            if not block.language:
                problems.append(f"{block}: a fence without a language; name one (bash, text, yaml, ...)")
            elif block.not_run is not None and not block.is_shell:
                problems.append(f"{block}: a 'not run' marker before a block that is not shell")
            elif block.not_run == "":
                problems.append(f"{block}: a 'not run' marker must say why")
        markers = sum(1 for line in text.splitlines() if MARKER.match(line.strip()))
        if markers != sum(1 for block in page_blocks if block.not_run is not None):
            problems.append(f"{page.relative_to(PROJECT)}: a 'not run' marker that is not right before a block")
    assert not problems, "\n".join(problems)
    assert sum(block.is_shell and block.not_run is None for page in PAGES for block in blocks(page)) >= 10


def test_the_readme_starts_with_install_generate_and_test():
    """The first screen: what this is, one command that installs `rfc` (the one the
    generated RFC's next steps name), one that generates an RFC; then the test command
    and its running time, and links to the reference in docs/."""
    text = README.read_text(encoding="utf-8")
    lines = text.splitlines()
    readme_blocks = [block for block in blocks(README) if block.is_shell]
    install = next(block for block in readme_blocks if INSTALL_COMMAND in block.body)
    assert install.not_run is None and install.line <= 25, install
    generate = next(block for block in readme_blocks if block.body.startswith("rfc new "))
    assert generate.not_run is None and generate.line <= 45, generate
    test = next(block for block in readme_blocks if ".ci/run" in block.body)
    assert test.line > generate.line and re.search(r"about \d+ minutes", text)
    for page in PAGES[1:]:
        if page.name != "preview.md" or page.exists():
            assert f"(docs/{page.name})" in text, page.name
    assert len(lines) <= 80, "the README is the front door; reference material belongs in docs/"


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_links_between_the_pages_resolve():
    problems = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target):
                continue
            path, _, anchor = target.partition("#")
            linked = (page.parent / path).resolve() if path else page
            if not linked.exists():
                problems.append(f"{page.relative_to(PROJECT)}: {target}: no such file")
            elif anchor and linked.suffix == ".md":
                headings = re.findall(r"^#{1,6} (.+)$", linked.read_text(encoding="utf-8"), re.M)
                if anchor not in {_slug(heading) for heading in headings}:
                    problems.append(f"{page.relative_to(PROJECT)}: {target}: no such heading")
    assert not problems, "\n".join(problems)


# --- running the blocks ------------------------------------------------------------


def _git(cwd: Path, *args: str, env: dict | None = None) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, env=env)


@pytest.fixture(scope="module")
def machine(tmp_path_factory):
    """A new user's machine: a home, a PATH with the system and pipx, this repository's address."""
    pipx = Path(sys.executable).with_name("pipx")
    if not pipx.is_file() or shutil.which("git") is None:
        message = "pipx and git are needed to run the documented commands (pip install -e '.[test]')"
        pytest.fail(message) if os.environ.get("CI") else pytest.skip(message)
    root = tmp_path_factory.mktemp("machine")
    home, tools, repository = root / "home", root / "tools", root / "rfc-template"
    (home / ".local" / "bin").mkdir(parents=True)
    tools.mkdir()
    (tools / "pipx").symlink_to(pipx)
    (home / ".gitconfig").write_text(
        "[user]\n\tname = 张三\n\temail = zhangsan@example.com\n[init]\n\tdefaultBranch = main\n"
        "[commit]\n\tgpgsign = false\n",
        encoding="utf-8",
    )

    repository.mkdir()
    for name in REPOSITORY_FILES:
        source = PROJECT / name
        if source.is_dir():
            shutil.copytree(source, repository / name, ignore=shutil.ignore_patterns("__pycache__", "_template"))
        else:
            shutil.copy2(source, repository / name)
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("PIPX_", "VIRTUAL_ENV", "PYTHON", "CONDA", "XDG_", "GIT_", "NODE_PATH", "RFC_"))
    }
    # caches only: nothing in them changes what a command does, and they save downloads
    env.setdefault("PIP_CACHE_DIR", str(Path.home() / ".cache" / "pip"))
    env.setdefault("npm_config_cache", str(Path.home() / ".npm"))
    local = home / ".local"
    env.update(
        HOME=str(home),
        PATH=f"{local / 'bin'}:{tools}:/usr/bin:/bin",
        PIPX_HOME=str(local / "share" / "pipx"),
        PIPX_BIN_DIR=str(local / "bin"),
        PIPX_MAN_DIR=str(local / "share" / "man"),
    )
    _git(repository, "init", "-q", env=env)
    _git(repository, "add", "-A", env=env)
    _git(repository, "commit", "-q", "-m", "rfc-template as checked out", env=env)
    return {"env": env, "home": home, "repository": repository}


def as_here(script: str, repository: Path) -> str:
    """The block as this machine runs it: this checkout for the repository's address,
    the system installs checked for rather than run."""
    script = script.replace(f"git+{ADDRESS}", f"git+file://{repository}")
    script = script.replace(ADDRESS, str(repository)).replace(SHORT_ADDRESS, str(repository))
    for install, check in SYSTEM_INSTALLS.items():
        script = script.replace(install, check)
    return script


def run_block(block: Block, cwd: Path, machine: dict) -> None:
    script = as_here(block.script(), machine["repository"])
    shell = SHELL[block.language]
    argv = [shell, "-e", "-o", "pipefail", "-c", script] if shell == "bash" else [shell, "-e", "-c", script]
    done = subprocess.run(
        argv, cwd=cwd, env=machine["env"], stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, (
        f"{block}: exit {done.returncode}\n--- as run:\n{script}--- stdout:\n{done.stdout[-3000:]}"
        f"--- stderr:\n{done.stderr[-3000:]}"
    )


@pytest.mark.parametrize("page", PAGES, ids=[str(page.relative_to(PROJECT)) for page in PAGES])
def test_the_commands_of_the_page_run(page: Path, machine: dict, tmp_path: Path):
    runnable = [block for block in blocks(page) if block.is_shell and block.not_run is None]
    if not runnable:
        return
    installs_rfc = any(INSTALL_COMMAND in block.body for block in runnable)
    if not installs_rfc and not (machine["home"] / ".local" / "bin" / "rfc").exists():
        # the page is read after the README, whose install command gives the reader `rfc`
        readme_install = next(block for block in blocks(README) if INSTALL_COMMAND in block.body)
        run_block(readme_install, tmp_path, machine)
    work = tmp_path / "rfcs"  # the reader's repository
    work.mkdir()
    _git(work, "init", "-q", env=machine["env"])
    for block in runnable:
        run_block(block, work, machine)
