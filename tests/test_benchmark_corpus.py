"""The benchmark's corpus is what benchmarks/README.md says it is.

A benchmark over files that are not real RFCs would measure nothing; this keeps the
corpus honest as the template and the rules change (the timing itself is not a test).
"""

from __future__ import annotations

from benchmarks.corpus import BROKEN, FILLED, FRESH, make_corpus
from rfc_template import check
from rfc_template.batch import check_files, rfc_files
from rfc_template.template import load_rules


def test_corpus_holds_drafts_filled_and_broken_rfcs(tmp_path):
    made = make_corpus(tmp_path, count=40, seed=7)
    assert sum(made.values()) == 40 and all(made[kind] for kind in (FRESH, FILLED, BROKEN))
    results = list(check_files(rfc_files([str(tmp_path)]), stage=None, jobs=1))
    assert len(results) == 40
    failing = [r for r in results if r.findings]
    assert len(failing) == made[BROKEN], [f.format(str(r.path)) for r in failing for f in r.findings]
    rules = load_rules()
    statuses = [check.check_text(r.path.read_text(encoding="utf-8")).info["状态"] for r in results]
    drafts = sum(rules.stage_of(status) == check.DRAFT for status in statuses)
    assert drafts == made[FRESH] + made[BROKEN]  # the filled ones are checked at review stage
