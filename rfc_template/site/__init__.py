"""`rfc site`: every RFC of a repository on one static site that works offline.

build.py   the RFCs read, checked and drawn (in worker processes), and the site written
entry.py   one RFC as the site shows it, and where its page is
search.py  the prebuilt search index: Chinese by character pairs, other words whole
pages.py   the index page (filters, search, timeline), rfcs.json and the Atom feed

Every RFC's page is `rfc preview`'s (rfc_template/preview.py), with a link back to the
index and its place in a chain of supersession (rfc_template/lifecycle.py).
"""
