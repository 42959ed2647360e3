from __future__ import annotations

from rfc_template.lint.rule import DRAFT, WARNING, edit, rule


@rule(
    "RFC009",
    "unused-waiver",
    DRAFT,
    WARNING,
    reported_by="rfc_template/lint/waivers.py",
    fails=edit("| 作者 | 李明 |", "| 作者 | 李明 <!-- rfc-disable-line RFC104 -- 作者在评审会上补 --> |"),
    passes=edit("| 作者 | 李明 |", "| 作者 | <!-- rfc-disable-line RFC104 -- 作者在评审会上补 --> |"),
)
def unused_waiver() -> list:
    """a waiver silences nothing

    ## What it checks
    Each waiver comment (`<!-- rfc-disable ... -->`, `rfc-disable-line`,
    `rfc-disable-next-line`, `rfc-disable-file`) silences at least one finding of the
    rules it names (every rule, when it names none). Reported at the waiver's line. A
    waiver of a rule that did not run (not selected by the configuration, or a review
    rule while the RFC is checked as a draft) is not reported. This finding cannot be
    waived; `--no-inline-config` ignores every waiver, and this rule with them.

    ## Why a reviewer cares
    A waiver says "this is intended" about a finding; once the text is fixed, a waiver
    left behind silences the next real mistake at that place without anyone noticing, as
    an unused `# noqa` does (ruff's RUF100).
    """
    return []  # rfc_template/lint/waivers.py reports it
