"""A 9.3 bound above its row's baseline that lets the metric grow by more than a limit 2, 3.1
or 8 sets on its growth (RFC334): `| 96.0 s | … | step time | ≤ 100.8 s |`, 5% over its
baseline, for `step time grows by at most 3%`."""

from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lints.quantities import FAMILY_SECTIONS, by_sections
from rfc_template.lints.quantities.scenarios import other_scenario, other_setting
from rfc_template.lints.quantities.statements import Stated, compatible, statements_of
from rfc_template.lints.quantities.units import PERCENT

SECTIONS = FAMILY_SECTIONS  # what it reads: 2, 3.1, 8 and 9.3


@by_sections(*SECTIONS)
def beyond_limit(ctx: Context) -> list[Finding]:
    """A 9.3 bound above its row's baseline by more than 2, 3.1 or 8 lets the metric grow:
    `| 96.0 s | … | step time | ≤ 100.8 s |` (+5%) for `step time grows by at most 3%`, or
    `| 51.6 GiB | … | ≤ 52.6 GiB |` (+1.0 GiB) for `增量 ≤ 0.5 GiB`."""
    stated = statements_of(ctx)
    found = []
    for row in stated:
        if row.source != "9.3" or row.key[0] != "bound" or row.klass != "tolerance" or row.anchor is None:
            continue
        if any(s is not row and s.line == row.line and s.key[1] == row.key[1] for s in stated):
            continue  # `≤ 52.6 GB（增加 ≤ 5 GB），且不超过 58 GB`: the goal's check and a ceiling
        for dim in (PERCENT, row.value.dim):
            limits = [
                s
                for s in stated
                if s.source != "9.3"
                and s.key == ("limit:up", row.key[1], dim)
                and compatible(s, row, alike=False)
                and not other_scenario(s.context, row.context)
                and not other_setting(s.context, row.context)
            ]
            if len({(s.value.low, s.value.high) for s in limits}) != 1:
                continue  # none, or one per scenario
            grown, limit = _growth(row, dim), limits[0]
            if grown > limit.value.high + limit.value.ulp:
                found.append(
                    Finding(
                        row.line,
                        1,
                        "RFC334",
                        f"{row.where} states {row.shown}, {_shown_growth(grown, dim, row)} above its baseline "
                        f"{row.anchor.shown}, weaker than {limit.where} at line {limit.line} ({limit.shown})",
                    )
                )
                break
    return found


def _growth(row: Stated, dim: str) -> float:
    """How much the bound lets the metric grow over the row's baseline, at the least (rounding
    read in its favour): in percent, or in the bound's own base unit."""
    bound, baseline = row.value.low - row.value.ulp, row.anchor.high + row.anchor.ulp  # type: ignore[union-attr]
    return (bound / baseline - 1) * 100 if dim == PERCENT else bound - baseline


def _shown_growth(grown: float, dim: str, row: Stated) -> str:
    if dim == PERCENT:
        return f"at least {grown:.1f}%"
    scale = row.value.low / row.value.number if row.value.number else 1.0
    return f"at least {grown / scale:.3g} {row.value.unit}"
