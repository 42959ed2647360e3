"""RFC320: 5.2's calls against what 5.1's code defines."""

from __future__ import annotations

import ast
import difflib
import re
import sys

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, edit, rule
from rfc_template.lints.code import USAGE, python_code
from rfc_template.lints.code.example import example_code
from rfc_template.lints.code.interface import BUILTINS, IDENTIFIER, Interface, Signature, did_you_mean
from rfc_template.lints.code.parsing import Parsed, quietly
from rfc_template.lints.model import PARAMETERS


@rule(
    "RFC320",
    "example-matches-interface",
    REVIEW,
    fails=edit("offload_ratio=1.0, bucket_size_mb=256)", "ratio=1.0, bucket_size_mb=256)"),
    passes=edit("offload_ratio=1.0, bucket_size_mb=256)", "mesh=mesh, offload_ratio=0.5, overlap=False)"),
)
def example_matches_interface(ctx: Context) -> list[Finding]:
    """5.2's example calls a function or passes a keyword 5.1 does not define

    ## What it checks
    5.2 使用示例 (Usage example)'s python blocks against 5.1's code. At the keyword: a call of
    a function, class or method 5.1 defines passing a keyword no signature of it takes (unless
    one takes `**kwargs`; `**options` is not judged). At the call: a name 5.1 neither defines
    nor mentions that misspells its API (`offload_optimiser_states`), or, while the example never
    calls the API by its name, a shorter or longer name of it, or one abbreviated to initials
    (`enable_async_tp` for `enable_async_tensor_parallel`). Builtins, the example's own names
    and calls into other packages (torch, mindspore, numpy, the standard library) are free.

    ## Why a reviewer cares
    The example is what users copy. A keyword renamed in 5.1 but not in 5.2, or an API called
    by an old name, is code that raises TypeError or NameError on its first run.
    """
    python = python_code(ctx)
    if python.api is None or python.usage is None or not (python.api.names or python.api.called):
        return []
    return example_calls(python.api, python.usage, ctx)


# Packages whose functions an example calls around the feature's own: never the feature's
# API unless 5.1 imports one of its own names from there (a feature added to mindspore).
FOREIGN = {
    "torch",
    "torchvision",
    "torchaudio",
    "mindspore",
    "numpy",
    "scipy",
    "pandas",
    "transformers",
    "datasets",
    "accelerate",
    "deepspeed",
    "megatron",
    "apex",
    "jax",
    "flax",
    "tensorflow",
    "typing_extensions",
    "yaml",
    "tqdm",
    *getattr(
        sys,
        "stdlib_module_names",
        (
            "os",
            "sys",
            "math",
            "time",
            "json",
            "logging",
            "functools",
            "itertools",
            "typing",
            "dataclasses",
            "pathlib",
            "collections",
            "contextlib",
            "random",
            "argparse",
            "re",
            "copy",
            "shutil",
            "subprocess",
            "threading",
        ),
    ),
}


@quietly
def example_calls(api: Interface, blocks: list[Parsed], ctx: Context) -> list[Finding]:
    """RFC320. A call of a function, class or method 5.1 defines passes a keyword its
    signature lacks (unless it takes **kwargs): at the keyword. A call of the API by a
    wrong name: a name 5.1 neither defines nor mentions (its imports and type hints name
    existing APIs), no builtin, not the example's own, not imported from another package,
    that misspells a name of 5.1's API or, while the example never calls that API by its
    own name, is a shorter or longer name of it: at the call. Nothing else is judged: an
    example calls existing APIs (`fully_shard`) and its own helpers freely."""
    if not blocks:
        return []
    foreign = FOREIGN - api.api_roots
    api_names = api.api_names(foreign)
    # Found in the text, in C: an example that names nothing 5.1 defines (not even to
    # import it under another name) and calls nothing like it needs no walk of its tree
    # (a fresh draft's `Trainer(config)`)
    text = "\n".join(parsed.block.code for parsed in blocks)
    if not (api.functions.keys() | api.methods.keys()) & set(IDENTIFIER.findall(text)) and not any(
        _resembles(name, d, NEAR, True) for name in set(CALLED.findall(text)) for d in api_names
    ):
        return []
    ed = ctx.edition
    usage, section = ed.name(USAGE), ed.name(PARAMETERS)
    used = example_code(blocks)
    calls = [(parsed, call, *_callee(call.func)) for parsed, call in used.calls]
    used.called = {name if attribute else used.original.get(name, name) for _, _, name, attribute, _ in calls if name}
    shows_the_api = bool(api_names & used.called)
    findings, alike = [], {}
    for parsed, call, name, attribute, root in calls:
        if name is None or name.startswith("__"):
            continue  # (a lambda called; `super().__init__(...)` in the example's own class)
        if used.imported.get(root, "").split(".")[0] in foreign:
            continue  # torch.optim.AdamW(...), os.path.join(...), a name imported from mindspore
        if not attribute and root in used.bound:
            continue  # the example defines or assigns it itself
        if not attribute:
            name = used.original.get(name, name)  # `from pkg import the_api as api`
            signatures = api.functions.get(name, [])
        else:
            signatures = api.methods.get(name, []) + api.functions.get(name, [])
        if signatures:
            findings += _keywords(parsed, call, name, signatures, usage, section)
        elif api_names and name not in api.mentioned and name not in BUILTINS:
            # A method of some object, or any call once the example calls the API by its
            # name (`fully_shard` beside a new `fully_shard_experts` is another API): a
            # misspelling only. Otherwise also a shorter or longer name, and a name the
            # example never imports or defines (it could not run) may be further off.
            if (attribute and root not in used.imported) or shows_the_api:
                threshold, longer = CLOSE, False
            else:
                threshold, longer = (CLOSE if attribute or root in used.imported else NEAR), True
            if (name, threshold, longer) not in alike:
                alike[name, threshold, longer] = sorted(d for d in api_names if _resembles(name, d, threshold, longer))
            like = alike[name, threshold, longer]
            if like:
                findings.append(
                    parsed.at(
                        call.func,
                        "RFC320",
                        f"'{usage}' calls {name}(), which '{section}' does not define (did you mean {like[0]}?)",
                    )
                )
    return findings


CALLED = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\s*\(")


def _callee(func: ast.expr) -> tuple[str | None, bool, str]:
    """(the name called, whether as an attribute, the name its receiver starts from)."""
    if isinstance(func, ast.Name):
        return func.id, False, func.id
    if isinstance(func, ast.Attribute):
        root = func.value
        while isinstance(root, (ast.Attribute, ast.Call, ast.Subscript)):
            root = root.func if isinstance(root, ast.Call) else root.value
        return func.attr, True, root.id if isinstance(root, ast.Name) else ""
    return None, False, ""


def _keywords(
    parsed: Parsed, call: ast.Call, name: str, signatures: list[Signature], usage: str, section: str
) -> list[Finding]:
    if any(s.any_keyword for s in signatures):
        return []
    accepted = set().union(*(s.keywords for s in signatures))
    return [
        parsed.at(
            keyword,
            "RFC320",
            f"'{usage}' passes {keyword.arg}= to {name}, whose signature in '{section}' "
            f"has no such parameter{did_you_mean(keyword.arg, accepted)}",
        )
        for keyword in call.keywords
        if keyword.arg is not None and keyword.arg not in accepted  # (`**options` passes what it holds)
    ]


CLOSE, NEAR = (
    0.85,
    0.75,
)  # difflib's ratio: a misspelling (`_state` for `_states`); a near name (`restore` for `resume`)


def _resembles(name: str, defined: str, threshold: float, longer: bool) -> bool:
    """A spelling of `defined`: the same letters but for case and underscores, the same
    words in another order, or as close as `threshold`; with `longer`, also a shorter or
    longer name of it (`enable_foo` for `enable_foo_bar`: the same first two words or
    more, one name's words leading the other's)."""
    if name == defined or min(len(name), len(defined)) < 5:
        return False
    a, b = name.lower().replace("_", ""), defined.lower().replace("_", "")
    if a == b:
        return True
    words, defined_words = name.lower().split("_"), defined.lower().split("_")
    if len(words) > 1 and sorted(words) == sorted(defined_words):
        return True  # the same words in another order: `resume_elastic` for `elastic_resume`
    shared = min(len(words), len(defined_words))
    if longer and shared >= 2 and words[:shared] == defined_words[:shared]:
        return True
    if longer and _abbreviates(words, defined_words) or longer and _abbreviates(defined_words, words):
        return True
    if 2 * min(len(a), len(b)) < threshold * (len(a) + len(b)):
        return False  # no spelling of these lengths is that close: found before difflib's work
    matcher = difflib.SequenceMatcher(None, a, b)
    return matcher.quick_ratio() >= threshold and matcher.ratio() >= threshold


def _abbreviates(words: list[str], defined: list[str]) -> bool:
    """`enable_async_tp` for `enable_async_tensor_parallel`: the same first words, then the
    initials of the rest as one word."""
    *lead, last = words
    rest = defined[len(lead) :]
    return (
        len(lead) >= 1
        and defined[: len(lead)] == lead
        and len(rest) >= 2
        and last == "".join(word[:1] for word in rest)
    )
