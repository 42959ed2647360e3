"""Whether two statements are said of different scenarios (another model size, sequence
length, card or node count), and the setting a value is stated at (`≤ 15.0 s at v = 5`):
RFC334 compares a target only with one of the same scenario and setting."""

from __future__ import annotations

import re
from functools import lru_cache

from rfc_template.lints.quantities.claims import Claim
from rfc_template.lints.quantities.metrics import PER_DEVICE_WORDS

SCENARIO_TOKENS = (
    re.compile(r"(?<![\d.])(?<!\dF)(\d+(?:\.\d+)?)\s?B\b"),  # model sizes: 13B, Llama-2 7B (not 1F1B's)
    # sequence lengths (not a rate: `419k tokens/s` is a throughput), read as one number:
    # `128k`, `seq 131,072` and `序列长度 131072` are one length
    re.compile(
        r"(?i)(?<![\d.])(\d+)(\s?K)\b(?!\s?(?:tokens?|tok|samples?)?\s?/\s?(?:s|sec|秒)\b)"
        r"|(?:seq(?:uence)?(?: length)?|序列长度|seq_len)\s?(\d{1,3}(?:,\d{3})+(?!\d)|\d+)(\s?K\b)?"
    ),
    re.compile(r"(?i)(?<![\d.])(\d+)\s?(?:卡|cards?\b|GPUs?\b|NPUs?\b|×\s?(?:H100|A100|A800|H800|Atlas|Ascend|910B))"),
    re.compile(r"(?i)(?<![\d.])(\d+)\s?(?:节点|nodes?\b)"),
    # a scenario's own label: `场景 B（…）` in 3.1, a 9.3 row `B：device，int8`, `Scenario S2`
    re.compile(r"(?:场景|[Ss]cenario)\s?([A-Z]\d?|\d{1,2})(?![\w.])|^\s*([A-Z]\d?)\s?[:：]"),
)
LABELS = len(SCENARIO_TOKENS) - 1  # where the labels are among a text's tokens


# a count of parameters held per card, no model's size: `每卡本地分片约 1.625 B 参数`
PER_SHARD = re.compile(rf"(?i){PER_DEVICE_WORDS}|每张卡|分片|shard")


@lru_cache(maxsize=2048)
def tokens(text: str) -> tuple[frozenset[str], ...]:
    return tuple(
        frozenset(
            _length(m) if index == 1 else next(g for g in m.groups() if g)
            for m in pattern.finditer(text)
            if index or not PER_SHARD.search(text, max(0, m.start() - 12), m.start())
        )
        for index, pattern in enumerate(SCENARIO_TOKENS)
    )


def _length(match: re.Match) -> str:
    """A sequence length as one number of tokens: a K is 1,024 (`128k` is 131,072)."""
    number, thousands = (match.group(1), match.group(2)) if match.group(1) else (match.group(3), match.group(4))
    return str(int(number.replace(",", "")) * (1024 if thousands else 1))


def labels(text: str) -> frozenset[str]:
    """The scenario labels a text names (`场景 B`, a row's `B：`)."""
    return tokens(text)[LABELS]


def other_scenario(a: str, b: str) -> bool:
    """The two name another model, sequence length, card or node count, or another scenario's
    label (each names some and none in common)."""
    return any(x and y and not x & y for x, y in zip(tokens(a), tokens(b)))


# a setting a value is stated at, right after it: `≤ 15.0 s at v = 5`, `≤ 44 GB（v = 2 时）`
AT_SETTING = re.compile(
    r"(?i)\s*(?:/\s?\w+\s*)?(?:at|for|with|when|under|@|在|（|\()?\s*([A-Za-z_][A-Za-z0-9_]{0,20})\s?=\s?(\d+(?:\.\d+)?)\b"
)


# an option turned on, opening the clause before the value: `开启 Kahan 补偿时峰值显存 ≤ 58.2 GB`,
# `with Kahan summation enabled, …` (the value is that mode's, beside the default's)
WITH_OPTION = re.compile(
    r"(?i)^\s*(?:(?:开启|打开|启用|使用)\s?([A-Za-z][\w-]*(?:\s?[\u4e00-\u9fff]{1,4})?)\s?(?:时|后|的情况下)"
    r"|with (?:the )?([A-Za-z][\w-]*(?: [a-z]+)?) (?:enabled|on|turned on)\b|when ([A-Za-z][\w-]*) is (?:enabled|on)\b)"
)


def condition(claim: Claim) -> frozenset[tuple[str, str]]:
    q = claim.quantity
    at = AT_SETTING.match(claim.clause, q.end)
    if at:
        return frozenset({(at.group(1).casefold(), at.group(2))})
    option = WITH_OPTION.match(claim.clause[: q.start])
    if option:
        return frozenset({(next(g for g in option.groups() if g).casefold().replace(" ", ""), "on")})
    return frozenset()


SETTING = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\s?=\s?(\d+(?:\.\d+)?)")


def other_setting(a: str, b: str) -> bool:
    """The two name one setting with different values (`offload_ratio = 0.5` and `= 1.0`)."""
    said = dict(SETTING.findall(a))
    return any(said.get(name, value) != value for name, value in SETTING.findall(b))
