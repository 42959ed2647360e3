"""A sentence that trades one thing for another (`多用约 18.7 GB 空闲显存，以换取 0.80 s/step`,
`Memory is traded for time: …`, `the price of the overlap`): what it spends is a cost it says,
not a gain asked the wrong way (claims.py marks its claims so)."""

from __future__ import annotations

from rfc_template.lints.quantities.claim_words import PAID_FOR, TRADED


def trades(sentence: tuple[str, ...]) -> bool:
    """A clause after the first says what was bought (`以换取…`, `in return for…`), or the
    sentence says it trades."""
    return any(PAID_FOR.match(clause) for clause in sentence[1:]) or TRADED.search(" ".join(sentence)) is not None


def spent(sentence: tuple[str, ...], owns: list, gained: set[str]) -> list:
    """Each clause's claims, marked as a cost in every clause but the one that says what it buys;
    not those of a metric the sentence claims a gain of (`峰值显存下降 >= 18 GB（74.2 GB → <= 92.2 GB），
    以换取…`: a slip to read). `owns`: each clause's claims; `gained`: the keys of the metrics
    the sentence says get better."""
    return [
        own
        if PAID_FOR.match(clause)
        else [c._replace(cost=True) if c.metric is None or c.metric.key not in gained else c for c in own]
        for clause, own in zip(sentence, owns)
    ]
