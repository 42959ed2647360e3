"""Parts listed each with its sign, then their net (RFC335): `−256 MiB dense mask, +4 MiB
compressed mask, +1 MiB index plan, +144 MiB transient segments = −107 MiB`.

Read only where every part says its sign (`+` / `−`), is of the net's dimension, and the parts
are separated by commas with their names between: a total said of other parts, or a list
whose first part has no sign, is `_sums`' or nobody's.
"""

from __future__ import annotations

import re

from rfc_template.lints.quantities.units import COUNT, Quantity, quantities

# what may stand between two parts: a comma and the earlier part's name (a count in it, `2048 ×
# 2048 mask`, is no part: only the figures with a unit are)
BETWEEN = re.compile(r"[^=;:()]*[,、][^=;:()]*")
# the last part's name, then `=` (not `+0.05 s，均值 = 16.03 s`: a figure of its own after a comma)
NET = re.compile(r"[^=;:(),、]*=\s*")


def signed_sum_messages(text: str) -> list[str]:
    """Each list of signed parts whose net, after `=`, is not what they add up to."""
    values = [q for q in quantities(text) if q.dim != COUNT]  # (counts inside a part's name left out)
    found = []
    for index, net in enumerate(values):
        if index < 2 or not NET.fullmatch(text[values[index - 1].end : net.start]):
            continue
        parts: list[Quantity] = []
        base = None  # a value the changes are made to (`peak 54.6 GiB: +2 GiB …, +3 GiB … = 59.6 GiB`)
        for part in reversed(values[:index]):
            if part.sign not in ("+", "-") or part.dim != net.dim:
                base = part if part.dim == net.dim and not part.sign else None
                break
            if parts and not BETWEEN.fullmatch(text[part.end : parts[-1].start]):
                break
            parts.append(part)
        if len(parts) < 2 or len(parts) != len([p for p in values[:index] if p.start >= parts[-1].start]):
            continue
        if _adds_up(parts, net) or (base is not None and _adds_up([base, *parts], net)):
            continue  # the net of the changes, or the value they are made to with them
        written = ", ".join(text[p.start : p.end].strip() for p in reversed(parts))
        total = sum(p.low for p in parts)
        found.append(
            f"{written} add up to {_shown(total, net)}, not the {text[net.start : net.end].strip()} given as their net"
        )
    return found


def _adds_up(parts: list[Quantity], net: Quantity) -> bool:
    slack = sum(p.ulp for p in parts) + net.ulp
    return abs(sum(p.low for p in parts) - net.low) <= slack or abs(sum(p.high for p in parts) - net.high) <= slack


def _shown(total: float, net: Quantity) -> str:
    """The parts' sum in the net's unit (`-107 MiB`)."""
    scale = net.low / net.number if net.number else 1.0
    return f"{total / scale:+,.4g} {net.unit}"
