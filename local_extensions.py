"""Cookiecutter loads this file through `_extensions` in cookiecutter.json.

The filters themselves live in the `rfc_template` package, which the hooks and the
`rfc` command share. This file makes sure it is *this template's* copy of the package
that runs: the one beside this file in a checkout (`cookiecutter gh:...`, cruft), or
the installed wheel that contains this template (`rfc new`) — never another copy or
version installed in the same environment.
"""

import importlib.util
import sys
from pathlib import Path

PACKAGE = "rfc_template"


def _package_root() -> Path:
    here = Path(__file__).resolve().parent
    # checkout: <repo>/local_extensions.py; wheel: <site-packages>/rfc_template/_template/local_extensions.py
    for candidate in (here, here.parent.parent):
        if (candidate / PACKAGE / "__init__.py").is_file():
            return candidate
    raise ImportError(f"the {PACKAGE} package is missing beside the template in {here}")


def _import_own_package(root: Path) -> None:
    """Import `rfc_template` from `root`, whatever else sys.path or sys.modules holds.

    cookiecutter (and cruft) append the template folder to the END of sys.path, so an
    installed `rfc_template` of another version would be found first; and a process may
    have imported another copy already. The package is loaded from its own file, and
    `root` goes first on sys.path for the hooks' and its own later imports."""
    for name, module in list(sys.modules.items()):
        if name == PACKAGE or name.startswith(PACKAGE + "."):
            location = Path(getattr(module, "__file__", None) or "/").resolve()
            if root not in location.parents:
                del sys.modules[name]
    root_text = str(root)
    while root_text in sys.path:
        sys.path.remove(root_text)
    sys.path.insert(0, root_text)
    if PACKAGE not in sys.modules:
        init = root / PACKAGE / "__init__.py"
        spec = importlib.util.spec_from_file_location(PACKAGE, init, submodule_search_locations=[str(init.parent)])
        assert spec is not None and spec.loader is not None  # a file path always has a spec and a loader
        module = importlib.util.module_from_spec(spec)
        sys.modules[PACKAGE] = module
        spec.loader.exec_module(module)


_import_own_package(_package_root())

from rfc_template.jinja import RfcExtension  # noqa: E402  (needs the path above)

__all__ = ["RfcExtension"]
