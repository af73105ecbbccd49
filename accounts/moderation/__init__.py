"""Moderation: reports from players, one queue for the site's moderators, the actions they take
(dismiss, warn, mute, suspend, ban) with reasons and end dates, an append-only staff log, and
the player's page where they read what was decided about them and may appeal once.

accounts sits below messaging and games, so those call `services.report_create` and the
checks (`services.moderation_speech_check`, `moderation_play_check`); what games must do when a
player is suspended or banned reaches it through `hooks`."""
