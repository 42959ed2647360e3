"""A parallel layout against the card count it is given for (RFC335): `32 卡（TP 4 × PP 2 ×
fsdp 4）`, `256 × 910B, TP=8 / PP=8 / DP=4`. Only a layout that names its data-parallel
degree is read (without it the rest is left unsaid), and none with EP (carved from DP) or
SP (inside TP's group). And the machines a card count is given as: `32 cards (4 nodes × 8
cards)`, `32 卡（4 机 × 8 卡）`.
"""

from __future__ import annotations

import math
import re

# a parallel layout: `TP 4 × PP 2 × fsdp 4`, `TP=2 × FSDP=4`, `PP4 × DP2`
DEGREE = r"(?:TP|PP|DP|CP|SP|FSDP|HSDP|fsdp|hsdp|tp|pp|dp|cp|sp|shard|replicate)"
LAYOUT = re.compile(rf"(?<![\w-])({DEGREE})\s?=?\s?(\d+)((?:\s?[×x*]\s?{DEGREE}\s?=?\s?\d+)+)(?![\w.])")
DATA_PARALLEL = ("dp", "fsdp", "hsdp", "shard", "replicate")
FACTOR = re.compile(rf"({DEGREE})\s?=?\s?(\d+)")
STATED_PRODUCT = re.compile(r"\s?=\s?(\d{1,15})(?![\d.,])")  # (a number of thousands of digits is no count)
CARDS = re.compile(r"(?i)(?<![\w.])(\d+)\s?(?:-\s?)?(?:卡|张|cards?\b|GPUs?\b|NPUs?\b|ranks?\b|devices?\b)")


def layouts(text: str) -> list[str]:
    """A layout of degrees multiplied (`32 卡（TP 4 × PP 2 × fsdp 4）`) that is not its card count."""
    if re.search(r"\b(?:EP|ep)\b", text):
        return []
    found = []
    for match in LAYOUT.finditer(text):
        names = [name.lower() for name, _ in FACTOR.findall(match.group(0))]
        if not any(name in DATA_PARALLEL for name in names):
            continue  # `TP 2 × PP 2` on 8 cards: the data-parallel degree left unsaid
        if any(len(n) > 15 for _, n in FACTOR.findall(match.group(0))):
            continue  # (a number of thousands of digits is no degree)
        factors = [int(n) for _, n in FACTOR.findall(match.group(0))]
        product = math.prod(factors)
        stated = STATED_PRODUCT.match(text, match.end())
        if stated is not None:  # `TP 4 × PP 2 × FSDP 8 = 32 devices`: its product, written out
            if int(stated.group(1)) != product:
                found.append(f"{match.group(0)} is {product}, not {stated.group(1)}")
            continue
        # the card count the layout is of: in the same bracket, or right before it
        opening = text.rfind("(", 0, match.start())
        closing = text.find(")", match.end())
        if opening < 0 or (0 <= text.find(")", opening) < match.start()):
            continue
        inside = text[opening + 1 : closing if closing >= 0 else len(text)]
        head = text[max(0, opening - 12) : opening]
        counts = _whole_counts(inside) or _whole_counts(head)[-1:]
        if len(counts) != 1 or counts[0] == product:
            continue
        found.append(f"{match.group(0)} is {product} cards, not the {counts[0]} it is given for")
    return found


def _whole_counts(text: str) -> list[int]:
    """The card counts of `text`, but a node's (`4 机 × 8 卡`, `8 卡/节点`): not the layout's."""
    return [
        int(m.group(1))
        for m in CARDS.finditer(text)
        if not PER_NODE_BEFORE.search(text, 0, m.start()) and not PER_NODE_AFTER.match(text[m.end() :])
    ]


# degrees named one by one (`TP=8 inside a node, PP=8 across nodes, DP=4`, `TP=8 / PP=8 /
# DP=4`) with one card count in the same sentence or cell: `256 × 910B`, `256 cards`, `64 卡`
# a degree is named with `=`, `:` or a space (`FSDP2` is PyTorch's name for fully_shard, not a degree)
NAMED = re.compile(r"(?<![\w-])(TP|PP|DP|CP|FSDP|HSDP|tp|pp|dp|cp|fsdp|hsdp)(?:\s?[=:：]\s?|\s)(\d+)(?![\w.×x*])")
# a count of one node's cards (`每节点 8 卡`, `单机 8 卡`, `4 nodes × 8 × A100`, `4 机 × 8 卡`,
# `8 ranks per node`, `2 nodes of 8 GPUs`): not the card count of the whole layout
PER_NODE_BEFORE = re.compile(
    r"(?i)(?:每节点|每个节点|单机|单节点|机内|每机|每台|(?:nodes?|机|节点|台)\s*(?:×|x|of)|per node)\s*$"
)
PER_NODE_AFTER = re.compile(r"(?i)^\s*(?:per (?:node|machine|host)|/\s*(?:node|节点|机)|每节点|/台)")
DEVICES = re.compile(
    r"(?i)(?<![\w.])(\d+)\s?(?:×|x|\*)\s?(?:Ascend\s?|NVIDIA\s?|Atlas\s?)?(?:910[A-C]?\d?|H100|H800|A100|A800|H20|800T)"
)
SEGMENT = re.compile(r"\||(?<=[.;。；])\s")


def named_layouts(text: str) -> list[str]:
    found = []
    for segment in SEGMENT.split(text):
        if re.search(r"\b(?:EP|ep|SP|sp)\b", segment) or not ("DP" in segment or "dp" in segment):
            continue
        if LAYOUT.search(segment):
            continue  # `TP 4 × PP 2 × fsdp 4`: layouts() reads it
        degrees = [(name.lower(), int(n)) for name, n in NAMED.findall(segment) if len(n) <= 15]
        names = [name for name, _ in degrees]
        if len(degrees) < 2 or len(set(names)) != len(names) or not any(n in DATA_PARALLEL for n in names):
            continue
        counts = {
            int(match.group(1))
            for pattern in (CARDS, DEVICES)
            for match in pattern.finditer(segment)
            if not PER_NODE_BEFORE.search(segment[max(0, match.start() - 12) : match.start()])
            and not PER_NODE_AFTER.match(segment[match.end() : match.end() + 12])
        }
        if len(counts) != 1:
            continue
        product = math.prod(degree for _, degree in degrees)
        (count,) = counts
        if product != count:
            layout = " × ".join(f"{name.upper()} {degree}" for name, degree in degrees)
            found.append(f"{layout} is {product} cards, not the {count} it is given for")
    return found


# a card count with its machines right after it, in brackets: `32 cards (4 nodes × 8 cards, 80 GB each)`
_CARD_WORD = r"(?:卡|张卡|cards?\b|GPUs?\b|NPUs?\b|devices?\b)"
NODES_OF_CARDS = re.compile(
    rf"(?i)(?<![\w.,])(\d{{1,3}}(?:,\d{{3}})+|\d+)\s?{_CARD_WORD}\s*[(（]\s*(\d+)\s?(?:台|个)?\s?(?:机|节点|nodes?\b|servers?\b|hosts?\b|machines?\b)"
    rf"\s?[×x*]\s?(\d+)\s?{_CARD_WORD}\s*(?:/\s?\S+\s*)?(?=[)），,;；])"
)


def nodes_of_cards(text: str) -> list[str]:
    """A card count given as machines × cards per machine that do not make it."""
    found = []
    for match in NODES_OF_CARDS.finditer(text):
        total, nodes, cards = (int(g.replace(",", "")) for g in match.groups())  # (`1,024 卡`)
        if nodes * cards != total and max(total, nodes, cards) < 10**6:
            found.append(f"{nodes} machines × {cards} cards is {nodes * cards} cards, not the {total} it is given as")
    return found
