"""Accounts: the user model, profiles and preferences."""
