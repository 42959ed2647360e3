"""What the hostile-input and diagram tests tried, printed at the end of the test run."""

from collections import Counter

FIGURES: Counter = Counter()
NOTES: list[str] = []  # e.g. where a screenshot was saved

# (key, label) in the order they are printed
LABELS = (
    ("examples", "property-test examples tried"),
    ("generated", "generations that succeeded (cookiecutter --no-input and rfc new)"),
    ("refused", "generations refused with a clean message"),
    ("check_fuzz", "rfc check inputs fuzzed"),
    ("diagrams", "diagrams rendered by Mermaid in Chromium"),
    ("diagram_texts", "distinct diagram texts among them"),
)


def summary_lines() -> list[str]:
    return [f"{FIGURES[key]:>7}  {label}" for key, label in LABELS if FIGURES[key]] + NOTES
