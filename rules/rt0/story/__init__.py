"""A whole playthrough as one immutable value: every change an op, one ``apply``, undo back to the last reveal."""
