"""Section 8's gain rows as statements of targets: a row that says it has no gain states
none, but a part of it that claims a gain for another scene still does (RFC333, RFC334)."""

from __future__ import annotations

import re
from dataclasses import replace

from rfc_template.lints.quantities import Statement
from rfc_template.lints.quantities.claims import BETTER, DELTA, claims_in

NO_GAIN = re.compile(
    r"(?i)^(?:无|没有|不涉及|none\b|no\b|n/?a\b)|无(?:显存|性能)?收益|没有(?:显存|性能)?收益|不以.{0,8}为目标"
    r"|none targeted|no (?:memory |performance )?gain|not (?:a )?(?:goal|target)|not targeted"
    # saves no device memory, said with a verb (`设备侧不省显存`, `显存不降反升`, `does not reduce peak
    # memory`; not `不减少内存拷贝次数`, `does not reduce memory traffic`: something else)
    r"|(?:不会|无法|不能|并不|不)(?:为(?:设备侧?)?)?(?:节省|省|降低|减少|降)(?:设备侧?的?)?显存|省不了显存|显存不(?:降|减)反(?:升|增)"
    r"|对(?:设备)?显存没有节省|显存不会(?:减少|下降|降低)"
    r"|(?:(?:does|do|will) not|doesn't|don't|won't) (?:expect to )?(?:reduce|save|lower) (?:the |any )?(?:peak |device )*memory(?! (?:traffic|bandwidth|cop|read|write|access))"
    r"|(?:device |peak )?memory is not (?:reduced|saved|lowered)|no (?:device )?memory saving|saves no (?:device )?memory"
)


# a gain cell's parts, each read alone for saying there is none
GAIN_PARTS = re.compile(r"[^；;。]+[；;。]?")


def gain_stated(statement: Statement) -> Statement | None:
    """An 8 gain row as a statement of targets, or None where it says there is no gain.

    A row that says so of one scene and claims a gain for another (`主场景无显存收益，…；序列 8192
    场景峰值显存 63.2 GB → ≤ 60.0 GB，降低 ≥ 3.2 GB`) keeps the parts that claim one; the parts
    beside a "none" that only explain its cost (`无显存收益；host 内存峰值增加 <= 4 GB`) are no gain."""
    if not NO_GAIN.search(statement.text):
        return statement
    if NO_GAIN.match(statement.text.lstrip()):
        return None  # `None; interleaving costs memory …`: the whole row
    parts = GAIN_PARTS.findall(statement.text)
    kept = [part if not NO_GAIN.search(part) and _claims_gain(part) else " " * len(part) for part in parts]
    return replace(statement, text="".join(kept)) if "".join(kept).strip() else None


def _claims_gain(part: str) -> bool:
    return any(c.kind == DELTA and c.target and c.sense == BETTER and not c.cost for c in claims_in(part))
