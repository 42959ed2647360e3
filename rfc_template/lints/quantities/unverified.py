"""A backend's target that 9.3 does not verify, though it verifies the metric on the other
backend (RFC334), reported at 9.3's last row: `| PT, 7B, … | step time | ≤ 24.0 s |` alone in
9.3 of a PT + MS RFC whose 2, 3.1 or 8 also sets MS's step time (`≤ 26.5 s on MS`).

9.3's rows are read by their 指标 (Metric) column and the backend their scenario names
(`PT, …`, `MS：同上`), not by what their criterion says; a row of both backends, or of none
named, verifies either.
"""

from __future__ import annotations

from rfc_template.lints.quantities.backend_words import backend_of_scenario


def unverified(stated: list, rows: list, section: str) -> list[tuple[int, str]]:
    """(line, message) for each metric a target's backend has no 9.3 row of."""
    found = []
    by_metric: dict[str, list] = {}
    for row in rows:
        for metric in row.metrics:
            by_metric.setdefault(metric.name, []).append(row)
    for metric, measured in sorted(by_metric.items()):
        verified = {backend_of_scenario(row.scenario) for row in measured}
        if "" in verified:
            continue  # a row of both backends, or none named: either may be verified there
        targets = [
            s
            for s in stated
            if s.source in ("2", "3.1", "8") and s.key[1] == metric and s.backend and s.backend not in verified
        ]
        if not targets:
            continue
        target = targets[0]
        lines = ", ".join(str(row.line) for row in measured)
        found.append(
            (
                rows[-1].line,
                f"'{section}' verifies {metric} on {' and '.join(sorted(verified))} only (line {lines}), but "
                f"{target.where} at line {target.line} also sets {target.backend}'s ({target.shown}): "
                f"add a {target.backend} row",
            )
        )
    return found
