"""The players' data: the archive of a player's data (export) and closing an account (a grace
period, then erasure). Every app registers its own part through `accounts.data.registry`, so
accounts never imports the apps above it."""
