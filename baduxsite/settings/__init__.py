"""Settings split by purpose: base (shared), dev, test and prod.

Only `env.py` reads the process environment; the other modules ask it.
"""
