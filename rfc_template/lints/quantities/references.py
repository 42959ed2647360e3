"""Which earlier statement of a target a later one restates (RFC334): decided only where it is
certain, by backend, setting, per card or per node, the row's baseline and the scenario."""

from __future__ import annotations

import re

from rfc_template.lints.quantities.scenarios import labels, other_scenario
from rfc_template.lints.quantities.statements import Stated, compatible, same

ORDER = ("2", "3.1", "8", "9.3")  # where a target is stated, in the RFC's order


# what a value is said per, right after it: `6 GB per card`, `48 GB per node`, `每节点 48 GB`
PER = re.compile(
    r"(?i)\s*(?:of [\w ]{0,30}?)?(?:per|for each|on each|on every|every|each|/|每)\s*(?:(?P<device>card|rank|gpu|npu|device|卡)|(?P<node>node|host|server|machine|节点|机))"
)


def _per(s: Stated) -> str:
    """ "device" or "node" when the value is said per one (`6 GB per card`), else ""."""
    match = PER.match(s.claim.clause, s.claim.quantity.end)
    return (match.lastgroup or "") if match else ""


def reference_of(later: Stated, earlier: list[Stated], group: list[Stated], several: set[int]) -> Stated | None:
    """The earlier statement `later` states the same target as, when that is certain."""
    sole = False
    if later.source == "9.3" and later.key[0] == "bound" and later.klass == "tolerance":
        # a 9.3 bound worse than its row's baseline guards against a regression, unless it is
        # the one row of 9.3 for that metric, and holds no other: then it verifies the goal
        if later.line in several or any(
            s.source == "9.3" and s is not later and compatible(s, later, alike=False) for s in group
        ):
            return None
        sole = True
    candidates = [
        s
        for s in earlier
        if s.source != later.source and compatible(s, later, alike=not sole) and _per(s) in ("", _per(later) or _per(s))
    ]
    if later.condition:  # `≤ 15.0 s at v = 5` is compared with what is stated at v = 5, where any is
        at_setting = [s for s in candidates if s.condition == later.condition]
        per_setting = any(s.source == later.source and s.condition not in (later.condition, frozenset()) for s in group)
        # else with what is stated at no setting, unless the later part states one per setting:
        # which of them the other part's is of is then not said
        candidates = at_setting or ([] if per_setting else [s for s in candidates if not s.condition])
    label = _label(later)
    if label and len({(s.value.low, s.value.high) for s in _mine(later, group)}) > 1:
        # one value per scenario, each labelled (`场景 B`, a 9.3 row `B：…`): the one of its label
        candidates = [s for s in candidates if _label(s) & label]
        group = [s for s in group if s.source != later.source or _label(s) & label]
    if not candidates:
        return None
    if any(same(s.value, later.value) for s in candidates):
        return None  # it agrees with one of them
    if later.anchor is not None:
        anchored = [s for s in candidates if s.anchor is not None and same(s.anchor, later.anchor)]
        alike = {(s.value.low, s.value.high) for s in anchored}
        rows = [s for s in group if s.source == later.source and s.anchor is not None and same(s.anchor, later.anchor)]
        if anchored and len(alike) == 1 and len({(s.value.low, s.value.high) for s in rows}) == 1:
            return anchored[0]
    by_source: dict[str, list[Stated]] = {}
    for s in candidates:
        by_source.setdefault(s.source, []).append(s)
    mine = _mine(later, group)
    if len({(s.value.low, s.value.high) for s in mine}) != 1:
        return None  # the later part itself states several values for it (one per scenario)
    for source in reversed(ORDER):
        chosen = by_source.get(source)
        if not chosen or len({(s.value.low, s.value.high) for s in chosen}) != 1:
            continue
        if other_scenario(chosen[0].context, later.context):
            continue
        return chosen[0]
    return None


def _label(s: Stated) -> frozenset[str]:
    """The scenario label a value is said under: its clause's (`场景 B：≤ 29.0 s` in a row of
    several), else its statement's or row's (`3. 场景 B（…）：…`, a 9.3 row `B：…`)."""
    return labels(s.claim.clause) or labels(s.context)


def _mine(later: Stated, group: list[Stated]) -> list[Stated]:
    """What `later`'s own part states for the same target."""
    return [
        s
        for s in group
        if s.source == later.source
        and compatible(s, later)
        and (s.condition == later.condition or not s.condition)
        # a 9.3 guard above its own row's baseline (`6 min native load | ≤ 6.1 min`) is no
        # second value of the goal a row verifies
        and (s.klass != "tolerance" or later.klass == "tolerance")
    ]
