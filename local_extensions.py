"""Cookiecutter loads this file through `_extensions` in cookiecutter.json.

The filters themselves live in the `rfc` package, which the hooks and the `rfc`
command share. This file only makes sure it is *this template's* copy of the package
that is imported: the one beside this file in a checkout (`cookiecutter gh:...`),
or the installed package that contains this template (`rfc new`).
"""

import sys
from pathlib import Path


def _package_root() -> Path:
    here = Path(__file__).resolve().parent
    # checkout: <repo>/local_extensions.py; wheel: <site-packages>/rfc_template/_template/local_extensions.py
    for candidate in (here, here.parent.parent):
        if (candidate / "rfc_template" / "__init__.py").is_file():
            return candidate
    raise ImportError(f"the rfc_template package is missing beside the template in {here}")


_ROOT = str(_package_root())
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

from rfc_template.jinja import RfcExtension  # noqa: E402  (needs the path above)

__all__ = ["RfcExtension"]
