"""The waivers written in an RFC (`<!-- rfc-disable ... -->`): the rules about waivers
themselves. The waivers are read and applied by rfc_template/lint/waivers.py."""
