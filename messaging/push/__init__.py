"""Web Push: the devices a player subscribed, which notices go to them, and their delivery.

Standard Web Push (RFC 8030; payload encrypted per RFC 8291, the site identified by VAPID,
RFC 8292) through pywebpush. A notice whose kind the player wants by push, with a device
subscribed, is recorded with the channel `Channel.PUSH` and a push task is queued through the
outbox (never sent in a request); a push that failed for good on every device falls back to the
player's mail preference for that kind.
"""
