"""`rfc lsp` as an editor sees it: how long after a change its diagnostics come, and
whether the server's memory stays put over many edits.

Drives the server over stdio with pygls's own client, as an editor would: opens a
filled RFC of about 400 lines, then types into it, one change at a time, each change
waited for (a character of a table cell changed: a new text each time, so that nothing
is answered from a cache of the same text). For each change it times the change sent to
its diagnostics received; the baseline, measured in the same run, is the check itself
(`check_text` of the same texts in this process): the server's own cost is the difference.

Targets (issue 24): median latency at most 100 ms; the server's resident memory after
1,000 edits at most 1.2x its memory after the first. Exits 1 when a target is missed.

    python benchmarks/bench_lsp.py [--edits 1000] [--rfc PATH]
"""

from __future__ import annotations

import argparse
import asyncio
import platform
import statistics
import sys
import time
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient

ROOT = Path(__file__).resolve().parent.parent
RFC = ROOT / "examples" / "fsdp-grad-comm-overlap" / "rfc.md"  # 435 lines, filled by hand, under review
LATENCY_TARGET = 0.100
MEMORY_TARGET = 1.2
CELL = "| UT |"  # a row of 9.1 whose count is retyped at each edit


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise SystemExit("no VmRSS in /proc: this benchmark reads Linux's /proc")


def edited(text: str, number: int) -> tuple[str, types.Range, str]:
    """The RFC with the UT count of 9.1 set to `number`: (new text, the range changed, its new text)."""
    start = text.index(CELL) + len(CELL)
    end = text.index("|", start)
    line = text.count("\n", 0, start)
    column = start - (text.rfind("\n", 0, start) + 1)
    old_cell = text[start:end]
    new_cell = f" {number} "
    changed = types.Range(types.Position(line, column), types.Position(line, column + len(old_cell)))
    return text[:start] + new_cell + text[end:], changed, new_cell


async def drive(rfc: Path, edits: int) -> tuple[list[float], int, int, list[str]]:
    client = LanguageClient("bench-lsp", "1")
    published: dict[int, asyncio.Event] = {}

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_publish(params: types.PublishDiagnosticsParams) -> None:
        if params.version is not None and params.version in published:
            published[params.version].set()

    await client.start_io(sys.executable, "-m", "rfc_template", "lsp")
    await client.initialize_async(types.InitializeParams(capabilities=types.ClientCapabilities()))
    client.initialized(types.InitializedParams())
    uri = rfc.as_uri()
    text = rfc.read_text(encoding="utf-8")
    published[1] = asyncio.Event()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(types.TextDocumentItem(uri=uri, language_id="markdown", version=1, text=text))
    )
    await asyncio.wait_for(published[1].wait(), 60)
    texts = []
    latencies = []
    assert client._server is not None  # started by start_io
    pid = client._server.pid  # the server process
    first = last = 0
    for version in range(2, edits + 2):
        text, changed, new_cell = edited(text, version)
        texts.append(text)
        published[version] = asyncio.Event()
        start = time.perf_counter()
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                types.VersionedTextDocumentIdentifier(version=version, uri=uri),
                [types.TextDocumentContentChangePartial(range=changed, text=new_cell)],
            )
        )
        await asyncio.wait_for(published[version].wait(), 60)
        latencies.append(time.perf_counter() - start)
        del published[version]
        if version == 2:
            first = rss_kib(pid)
    last = rss_kib(pid)
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return latencies, first, last, texts


def check_seconds(rfc: Path, texts: list[str]) -> list[float]:
    """The baseline: the same texts checked in this process, as the server checks them."""
    from rfc_template.lsp import diagnostics

    diagnostics.check(rfc, texts[0])  # imports and the template, read once as the server's first check does
    seconds = []
    for text in texts:
        start = time.perf_counter()
        diagnostics.check(rfc, text)
        seconds.append(time.perf_counter() - start)
    return seconds


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.machine()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edits", type=int, default=1000)
    parser.add_argument("--rfc", type=Path, default=RFC)
    args = parser.parse_args()
    print(f"machine: {cpu_model()}, Python {platform.python_version()}")
    latencies, first, last, texts = asyncio.run(drive(args.rfc, args.edits))
    baseline = check_seconds(args.rfc, texts[:200])
    lines = args.rfc.read_text(encoding="utf-8").count("\n")
    median, check = statistics.median(latencies), statistics.median(baseline)
    p90 = statistics.quantiles(latencies, n=10)[-1]
    print(
        f"{args.rfc.relative_to(ROOT) if args.rfc.is_relative_to(ROOT) else args.rfc}: {lines} lines, {len(latencies)} edits"
    )
    print(f"  change -> diagnostics   median {median * 1000:7.1f} ms  (p90 {p90 * 1000:.1f} ms)")
    print(f"  check_text, in process  median {check * 1000:7.1f} ms  (the baseline: the check alone)")
    print(f"  latency / check: {median / check:.2f}x  (for reference: what the server adds)")
    met_latency = median <= LATENCY_TARGET
    print(
        f"  latency / target ({LATENCY_TARGET * 1000:.0f} ms): {median / LATENCY_TARGET:.2f}x  ({'met' if met_latency else 'MISSED'})"
    )
    ratio = last / first
    met_memory = ratio <= MEMORY_TARGET
    print(f"  server memory: {first / 1024:.1f} MiB after the first edit, {last / 1024:.1f} MiB after {len(latencies)}")
    print(
        f"  memory after / after the first: {ratio:.2f}x  (target <= {MEMORY_TARGET}x: {'met' if met_memory else 'MISSED'})"
    )
    return 0 if met_latency and met_memory else 1


if __name__ == "__main__":
    sys.exit(main())
