"""The machinery of `rfc check`, apart from the rules themselves.

    rule        what a rule is: code, name, stage, severity, summary, documentation, examples
    context     what every rule reads about one RFC, computed before any rule runs
    registry    every rule, discovered from the families of rfc_template/lints/, and the run
    docs        each rule's documentation page and the rule table, generated from the rules

The rules live in rfc_template/lints/<family>/rfcNNN_<name>.py, one rule a file.
"""
