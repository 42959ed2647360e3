"""`rfc site` over 1,000 varied RFCs, against `rfc check` of the same folder; and its search in Chromium.

    python benchmarks/bench_site.py [--count 1000] [--repeat 5]

Targets (issue 23): `rfc site DIR -o OUT` in at most 3x the time `rfc check DIR` takes
(both whole commands, alternated, medians of this one run); a search over that site
answers in under 50 ms in Chromium: the time from a query typed into the index page to
its rows shown (the page's own filter-and-search function, `rfcSite.apply()`), median
over 20 runs of each query, with the index as `rfc site` wrote it, opened from file://.
Exit status 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_check import machine  # noqa: E402
from corpus import corpus_in  # noqa: E402
from timing import Command, measure, report  # noqa: E402

QUERIES = ("梯度", "检查点重切分", "overlap", "resharding checkpoint", "流水线 1f1b")
SEARCH_TARGET_MS = 50.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(machine())
    with tempfile.TemporaryDirectory(prefix="rfc-bench-site-") as tmp:
        corpus = corpus_in(Path(tmp), args.count)
        out = Path(tmp) / "site"
        python = sys.executable
        commands = [
            Command("rfc check", [python, "-m", "rfc_template", "check", str(corpus)], ok_codes=(0, 1)),
            Command("rfc site", [python, "-m", "rfc_template", "site", str(corpus), "-o", str(out)]),
        ]
        measure(commands, args.repeat)
        print(f"medians over {args.repeat} runs each, commands alternated:")
        met = report(commands, [("rfc site / rfc check", "rfc site", "rfc check", 3.0)])
        size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
        index = (out / "search-index.js").stat().st_size
        print(f"  the site: {size / 2**20:.1f} MiB, of which the search index {index / 2**20:.2f} MiB")
        met &= search_in_chromium(out)
    return 0 if met else 1


def search_in_chromium(site: Path) -> bool:
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("RFC_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page()
        start = time.perf_counter()
        page.goto((site / "index.html").as_uri())
        page.wait_for_function("() => window.rfcSite !== undefined")
        print(f"  index page loaded in {1000 * (time.perf_counter() - start):.0f} ms (with its search index)")
        met = True
        for query in QUERIES:
            times = page.evaluate(
                """(query) => {
                  const q = document.getElementById('q'), out = [];
                  let shown = 0;
                  for (let i = 0; i < 20; i++) {
                    q.value = ''; window.rfcSite.apply();
                    q.value = query;
                    const t = performance.now(); shown = window.rfcSite.apply(); out.push(performance.now() - t);
                  }
                  return {times: out, shown};
                }""",
                query,
            )
            median = statistics.median(times["times"])
            ok = median < SEARCH_TARGET_MS
            met &= ok
            print(
                f"  search {query!r}: median {median:.1f} ms, {times['shown']} RFCs shown "
                f"(target < {SEARCH_TARGET_MS:.0f} ms: {'met' if ok else 'MISSED'})"
            )
        browser.close()
    return met


if __name__ == "__main__":
    sys.exit(main())
