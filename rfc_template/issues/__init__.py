"""RFCs where they are discussed: the issue form made from the template, and issue bodies.

fields.py  the form's fields, read off the template (one source for the form and the reader)
forms.py   the form in GitHub's and GitCode's syntax (`rfc issue-form`)
body.py    an issue body (or an issue's JSON) read back into an RFC's text, with the line
           of the body each line came from (`rfc check --issue-body`)
new.py     the RFC folder an issue says (`rfc new --from-issue`)

The report the action posts on an issue is `rfc check --format markdown` (formats.py).
"""

# The forges `rfc issue-form` writes for, and where each reads an issue form (GitCode reads
# .gitcode/ISSUE_TEMPLATE/ before .github/). Here, not in forms.py: the command line
# lists them without loading the template.
FORM_PATHS = {"github": ".github/ISSUE_TEMPLATE/rfc.yml", "gitcode": ".gitcode/ISSUE_TEMPLATE/rfc.yml"}
FORGES = tuple(FORM_PATHS)
