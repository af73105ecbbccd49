"""Account security on top of allauth's own modules: two-factor authentication (allauth.mfa),
the player's sessions (allauth.usersessions), e-mail change and security notices (allauth.account
with ACCOUNT_CHANGE_EMAIL and ACCOUNT_EMAIL_NOTIFICATIONS). This package adds what Badux needs
beyond them: staff must have a second factor (middleware), a session's last use written
cheaply (middleware), ending one session from the list (views), ending the other sessions when
the password or e-mail changes (receivers), and a notice when a new browser logs in (devices)."""
