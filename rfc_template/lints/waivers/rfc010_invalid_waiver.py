from __future__ import annotations

from rfc_template.lint.rule import DRAFT, edit, rule


@rule(
    "RFC010",
    "invalid-waiver",
    DRAFT,
    reported_by="rfc_template/lint/waivers.py",
    fails=edit("| 作者 | 李明 |", "| 作者 | 李明 <!-- rfc-disable-line RFC1O4 -- 作者在评审会上补 --> |"),
    passes=edit("| 作者 | 李明 |", "| 作者 | <!-- rfc-disable-line author-empty -- 作者在评审会上补 --> |"),
)
def invalid_waiver() -> list:
    """a waiver names no rule, or gives no reason where one is required

    ## What it checks
    Each word between `rfc-disable...` and `--` is a rule's code or name (`RFC312`,
    `template-hint-cell`), and, where the configuration sets `require-reason = true`,
    the waiver gives a reason after `--`. Reported at the waiver's line; a waiver that
    names no rule at all silences nothing. This finding cannot be waived.

    ## Why a reviewer cares
    A mistyped code (`RFC1O4`) silences nothing, so the author believes a finding is
    waived while CI still fails, or a later one passes unnoticed. A reason is what lets a
    reviewer agree with the waiver.
    """
    return []  # rfc_template/lint/waivers.py reports it
