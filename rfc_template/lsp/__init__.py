"""`rfc lsp`: `rfc check` while the author types, for every editor, over the Language Server Protocol.

- diagnostics.py: which documents are RFCs, and one document checked as `rfc check`
  checks it (its status's stage, the repository's configuration, its waivers), each
  finding an LSP diagnostic with its code, severity, range and the link to its rule's page.
- actions.py: code actions (the fixes `rfc check --fix` knows, and a waiver for a finding)
  and the hover text of a finding (its rule's page, as `rfc rule CODE` prints it).
- server.py: the pygls server: a document is checked on open, change and save, in a
  thread of its own, the newest text only; Mermaid's verdict (`--diagrams`) on save.

The server (pygls's LanguageServer) is server.py alone: the other two modules are plain
functions of a text (using lsprotocol's types and pygls's position codec), tested without an editor.
"""
