"""Every rule of `rfc check`, one file a rule, grouped in families by what they read.

    sections     the headings: required sections, their order and level; unrendered syntax
    blocks       what a forge draws: fences and comments left open, rows of the wrong width,
                 pipe lines with no delimiter row (tables read as GFM: rfc_template/gfm_tables.py)
    preamble     the basic-info table (1. 基本信息); the title
    diagrams     the mermaid blocks, their copies under diagrams/, diagrams in untagged blocks
    slots        what the template leaves to fill: xxx, choice lists, empty cells, placeholders
    leftovers    the template's own example content still in place; the other edition's lines
    code         the python blocks: they parse; 5.1's table, signature and 5.2's example agree
    links        link targets: well formed, files that exist, anchors of real headings
    plan         section 10's PR dependencies
    consistency  what one section says against another

RFC319 is `lints/*/rfc319_*.py`. A family's `__init__.py` holds what its rules share (a
parse of the python blocks, the link reader); `model.py` is what the template itself looks
like, read by several families. rfc_template/lint/ is the machinery: what a rule is, the
context it reads, the registry that finds every rule here.
"""
