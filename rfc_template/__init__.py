"""Feature RFCs for the hyper-parallel framework: the template's shared rules and the `rfc` command.

Modules that the template's hooks import (`template`, `answers`, `jinja`) use only the
standard library: hooks run under whatever interpreter runs cookiecutter.
"""

__version__ = "0.1.0"
