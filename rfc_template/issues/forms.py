"""`rfc issue-form`: the RFC issue form, in GitHub's or GitCode's syntax, from fields.py.

GitHub: https://docs.github.com/en/communities/using-templates-to-encourage-useful-issues-and-pull-requests/syntax-for-issue-forms
(checked against its schema, which check-jsonschema ships as `vendor.github-issue-forms`).
GitCode: https://docs.gitcode.com/docs/repo/issues/yaml-syntax. GitCode reads
`.gitcode/ISSUE_TEMPLATE/` before `.github/`; its documented keys are a subset of
GitHub's (no `projects` or `type`), and its dropdown options are documented as an array
of strings, which is what GitCode repositories write (one example on that page writes
`- label: x`, contradicting its own table: the table is followed). Every key this form
uses is on both lists, so the two forges get the same elements, each in its own folder. gitcode-issue-forms.schema.json
holds those documented keys, and the suite validates the generated form with it.
"""

from __future__ import annotations

from pathlib import Path

from rfc_template.issues.fields import FORM_LABEL, FORM_TITLE, Field, form

# The first words of every form this writes: a file that starts so is ours to rewrite.
HEADER = "# The feature RFC issue form, made by `rfc issue-form"
GITCODE_SCHEMA = Path(__file__).with_name("gitcode-issue-forms.schema.json")


def issue_form(forge: str, language: str) -> dict:
    """The form as the forge's YAML reads it (a dict, in the forge's key order)."""
    spec = form(language)
    body: list[dict] = [{"type": "markdown", "attributes": {"value": spec.intro + "\n"}}]
    body += [_element(f) for f in spec.fields]  # the same elements on both forges (the module's docstring)
    return {
        "name": spec.name,
        "description": spec.about,
        "title": FORM_TITLE,
        "labels": [FORM_LABEL],
        "body": body,
    }


def _element(f: Field) -> dict:
    attributes: dict = {"label": f.label}
    if f.description:
        attributes["description"] = f.description
    if f.kind == "textarea":
        attributes["value"] = f.value + "\n"
    if f.placeholder:
        attributes["placeholder"] = f.placeholder
    if f.kind == "dropdown":
        attributes["multiple"] = f.multiple
        attributes["options"] = list(f.options)
    if f.kind == "checkboxes":
        attributes["options"] = [{"label": option, "required": f.required} for option in f.options]
    element = {"type": f.kind, "id": f.id, "attributes": attributes}
    if f.required and f.kind != "checkboxes":
        element["validations"] = {"required": True}
    return element


def form_yaml(forge: str, language: str) -> str:
    """The form as YAML: multi-line text as literal blocks, as people write these files."""
    import yaml

    class Dumper(yaml.SafeDumper):
        pass

    def text(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
        style = "|" if "\n" in value else None
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)

    Dumper.add_representer(str, text)
    header = f"{HEADER} --forge {forge} --language {language}`\n"
    header += "# from the RFC template: regenerate it rather than editing it by hand.\n"
    return header + yaml.dump(
        issue_form(forge, language), Dumper=Dumper, allow_unicode=True, sort_keys=False, width=10**6
    )
