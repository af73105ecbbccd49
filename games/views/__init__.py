"""Games pages. Thin: forms check input, services write, selectors and presenters read.

Every action is a plain form POST that works without JavaScript; anonymous visitors are sent to
log in (login_required) and refused actions come back as a message on the page they came from.
One module per feature: `status`, `challenges`, `play`, `disputes`, `replay`, `history`, `sgf`,
`vacations`...
"""
