"""A local Web Push service for the push tests: a plain HTTP server on 127.0.0.1, in a
thread, that does what a browser's push service and device do together. It checks the VAPID
JWT (RFC 8292) against the public key it carries and the site's, decrypts the payload (RFC
8291, `http_ece`) with the private key the test made for the subscription, and records it.
No part of the protocol is mocked: pywebpush talks to it over HTTP."""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
import pytest
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from accounts.models import User
from messaging.push.keys import b64url, b64url_decode, vapid_keys_make
from messaging.push.models import PushSubscription


@dataclass
class Received:
    """One push the service took: its path, RFC 8030 headers and decrypted JSON payload."""

    path: str
    topic: str | None
    urgency: str | None
    ttl: int
    payload: dict
    claims: dict


@dataclass
class Device:
    """A subscribed device's secrets, as the browser keeps them."""

    path: str
    private_key: ec.EllipticCurvePrivateKey
    auth: bytes


@dataclass
class LocalPushService:
    """The server's state. `answers[path]`: a list of what to do with the next requests to
    that path, one entry each ("ok", "gone" (410), "busy" (503), "refuse" (400), "hang": no
    answer for `hang` seconds, then 201); when empty, "ok"."""

    public_key: str
    base_url: str = ""
    devices: dict[str, Device] = field(default_factory=dict)
    answers: dict[str, list[str]] = field(default_factory=dict)
    received: list[Received] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    attempts: int = 0
    hang: float = 2.0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def subscribe(self, *, user: User, now, name: str = "", answers=()) -> PushSubscription:
        """Make a device (its own P-256 key and auth secret) and store its subscription for
        `user` at the site, as the page would."""
        from messaging.push.services import push_subscription_save

        path = f"/push/{name or len(self.devices)}-{os.urandom(4).hex()}"
        key = ec.generate_private_key(ec.SECP256R1())
        auth = os.urandom(16)
        self.devices[path] = Device(path=path, private_key=key, auth=auth)
        self.answers[path] = list(answers)
        public = key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return push_subscription_save(
            user=user,
            endpoint=f"{self.base_url}{path}",
            p256dh=b64url(public),
            auth=b64url(auth),
            user_agent="Mozilla/5.0 (Android 14) Gecko/126.0 Firefox/126.0",
            now=now,
        )

    def check_vapid(self, authorization: str) -> dict:
        """The JWT's claims when `authorization` is "vapid t=<jwt>, k=<key>" signed (ES256)
        by the site's key for this service; ValueError otherwise."""
        scheme, _, params = authorization.partition(" ")
        if scheme.lower() != "vapid":
            raise ValueError(f"not VAPID: {scheme}")
        parts = dict(p.strip().split("=", 1) for p in params.split(","))
        if parts["k"].rstrip("=") != self.public_key:
            raise ValueError("signed with another key")
        header, claims, signature = parts["t"].split(".")
        raw = b64url_decode(signature)
        der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
        key = ec.EllipticCurvePublicKey.from_encoded_point(
            ec.SECP256R1(), b64url_decode(parts["k"])
        )
        try:
            key.verify(der, f"{header}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
        except InvalidSignature as exc:
            raise ValueError("bad signature") from exc
        if json.loads(b64url_decode(header))["alg"] != "ES256":
            raise ValueError("not ES256")
        found = json.loads(b64url_decode(claims))
        if found["aud"] != self.base_url or found["exp"] < time.time() or "sub" not in found:
            raise ValueError(f"bad claims {found}")
        return found

    def for_path(self, path: str) -> list[Received]:
        return [r for r in self.received if r.path == path]


def _handler(service: LocalPushService):
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args) -> None:  # quiet
            pass

        def _answer(self, status: int) -> None:
            self.send_response(status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def do_POST(self) -> None:  # noqa: N802 - http.server's name
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            with service.lock:
                service.attempts += 1
                device = service.devices.get(self.path)
                queue = service.answers.get(self.path, [])
                answer = queue.pop(0) if queue else "ok"
            if device is None or answer == "gone":
                self._answer(410)
                return
            if answer in ("busy", "refuse"):
                self._answer(503 if answer == "busy" else 400)
                return
            if answer == "hang":
                time.sleep(service.hang)
            try:
                claims = service.check_vapid(self.headers.get("Authorization", ""))
                if self.headers.get("Content-Encoding") != "aes128gcm":
                    raise ValueError("not aes128gcm")
                plain = http_ece.decrypt(
                    body,
                    private_key=device.private_key,
                    auth_secret=device.auth,
                    version="aes128gcm",
                )
            except (ValueError, KeyError) as exc:
                with service.lock:
                    service.refused.append(str(exc))
                self._answer(403 if "VAPID" in str(exc) or "key" in str(exc) else 400)
                return
            received = Received(
                path=self.path,
                topic=self.headers.get("Topic"),
                urgency=self.headers.get("Urgency"),
                ttl=int(self.headers.get("TTL", "0")),
                payload=json.loads(plain),
                claims=claims,
            )
            with service.lock:
                service.received.append(received)
            self._answer(201)

    return Handler


@pytest.fixture
def push_service(settings) -> Iterator[LocalPushService]:
    """The local push service, running, and the site set to push with a fresh VAPID pair to
    it (plain HTTP on 127.0.0.1 allowed for it only)."""
    keys = vapid_keys_make()
    service = LocalPushService(public_key=keys.public)
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(service))
    server.daemon_threads = True
    service.base_url = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    settings.PUSH = {
        **settings.PUSH,
        "ENABLED": True,
        "VAPID_PUBLIC_KEY": keys.public,
        "VAPID_PRIVATE_KEY": keys.private,
        "VAPID_SUBJECT": "mailto:push-test@badux.test",
        "SERVICE_HOSTS": ["127.0.0.1"],
        "INSECURE_ENDPOINTS": True,
        "TIMEOUT": 0.5,
    }
    try:
        yield service
    finally:
        server.shutdown()
        server.server_close()
