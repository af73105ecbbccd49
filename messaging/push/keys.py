"""VAPID keys (RFC 8292): making a pair, and the forms pywebpush and the page take them in."""

from __future__ import annotations

import base64
from typing import NamedTuple

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


class VapidKeys(NamedTuple):
    """A P-256 key pair as base64url without padding: `public` is the uncompressed point (what
    the page gives `pushManager.subscribe` as applicationServerKey), `private` the 32-byte
    secret (what py_vapid's Vapid.from_string reads)."""

    public: str
    private: str


def b64url(data: bytes) -> str:
    """`data` in base64url without padding."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64url_decode(text: str) -> bytes:
    """The bytes of base64url `text`, padded or not; binascii.Error / ValueError when bad."""
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def vapid_keys_make() -> VapidKeys:
    """A new VAPID key pair."""
    key = ec.generate_private_key(ec.SECP256R1())
    public = key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    private = key.private_numbers().private_value.to_bytes(32, "big")
    return VapidKeys(public=b64url(public), private=b64url(private))
