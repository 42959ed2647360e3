"""RFCs where they are discussed: the issue form made from the template, and issue bodies.

fields.py  the form's fields, read off the template (one source for the form and the reader)
forms.py   the form in GitHub's and GitCode's syntax (`rfc issue-form`)
body.py    an issue body (or an issue's JSON) read back into an RFC's text, with the line
           of the body each line came from (`rfc check --issue-body`, `rfc new --from-issue`)
comment.py the findings as the one comment the action keeps up to date on an issue
"""
