"""The look of `rfc preview`'s page (and of `rfc site`'s pages, which are its pages)."""

# Chinese text needs a CJK face; name the usual ones on each system before the fallback.
FONT_STACK = (
    'system-ui, -apple-system, "Segoe UI", "Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", '
    '"PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", sans-serif'
)

STYLE = """
body { font-family: %(fonts)s; line-height: 1.6; margin: 0; color: #1f2328; }
header { background: #f6f8fa; border-bottom: 1px solid #d0d7de; padding: 1.5rem 2rem; }
header h1 { margin: 0 0 .75rem; font-size: 1.8rem; }
header dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1.2rem; margin: 0; }
header dt { color: #59636e; } header dd { margin: 0; } header a { color: #0969da; }
.page { display: grid; grid-template-columns: 16rem minmax(0, 1fr); gap: 2rem; padding: 1.5rem 2rem; }
nav { position: sticky; top: 1rem; align-self: start; font-size: .9rem; }
nav ol { list-style: none; padding-left: 0; margin: 0; } nav li.level-3 { padding-left: 1rem; }
nav a { color: #0969da; text-decoration: none; }
main { max-width: 60rem; min-width: 0; }
table { border-collapse: collapse; margin: 1rem 0; display: block; width: max-content; max-width: 100%%; overflow: auto; } th, td { border: 1px solid #d0d7de; padding: .3rem .7rem; }
th { background: #f6f8fa; } pre { background: #f6f8fa; padding: .8rem; overflow-x: auto; }
code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "Noto Sans Mono CJK SC", monospace; }
.diagram { margin: 1rem 0; }
.diagram pre.mermaid { margin: 0; }
pre.mermaid[data-processed] { text-align: center; border: 1px solid #d0d7de; }
pre.mermaid > svg { max-width: none; }
/* a diagram wider than the page scrolls sideways: an always-visible scrollbar, and a shadow
   at each edge where more of it lies (the shadows stay put, the covers move with the diagram) */
pre.mermaid[data-processed] { overflow-x: auto; scrollbar-color: #8c959f #f6f8fa;
  background: linear-gradient(to right, #fff 30%%, #fff0) left / 3rem 100%% no-repeat local,
    linear-gradient(to left, #fff 30%%, #fff0) right / 3rem 100%% no-repeat local,
    radial-gradient(farthest-side at 0 50%%, #0003, #0000) left / 1rem 100%% no-repeat scroll,
    radial-gradient(farthest-side at 100%% 50%%, #0003, #0000) right / 1rem 100%% no-repeat scroll; }
pre.mermaid::-webkit-scrollbar { height: .7rem; background: #f6f8fa; }
pre.mermaid::-webkit-scrollbar-thumb { background: #8c959f; border-radius: .35rem; }
.diagram-note { background: #fff8c5; border: 1px solid #d4a72c; border-bottom: 0; padding: .5rem .8rem; }
body[data-mermaid="drawing"] .diagram-note, body[data-mermaid="done"] .diagram-note,
body[data-mermaid="failed"] .diagram-note { display: none; }
"""
