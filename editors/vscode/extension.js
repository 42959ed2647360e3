// Starts `rfc lsp` for Markdown files; the server itself checks only rfc.md (and the
// names the repository's configuration adds), so other Markdown files get nothing.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const settings = vscode.workspace.getConfiguration("rfcLsp");
  const args = ["lsp"];
  if (settings.get("diagrams")) {
    args.push("--diagrams");
  }
  const server = { command: settings.get("path") || "rfc", args };
  client = new LanguageClient(
    "rfcLsp",
    "RFC check",
    { run: server, debug: server },
    { documentSelector: [{ scheme: "file", language: "markdown" }] },
  );
  client.start();
  context.subscriptions.push(client);
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
