"""The public API's accounts part: `auth` (personal access tokens as bearer credentials, the
throttle, the error shapes every app's router uses), `tokens` (creating and revoking tokens) and
`players` (the token's player and players' profiles)."""
