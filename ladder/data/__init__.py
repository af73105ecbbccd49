"""The ladder app's part of the players' data (accounts.data.registry)."""
