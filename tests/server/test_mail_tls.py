"""Turn reminders over STARTTLS with a login, against a real SMTP server on 127.0.0.1
(aiosmtpd) whose certificate comes from a test authority (trustme): the certificate is
checked before the login or the mail goes over the connection."""

from __future__ import annotations

import smtplib
import ssl
from collections.abc import Iterator
from dataclasses import dataclass, field
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
import trustme
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

from stratagem.server.mail import MailSettings, deliver

from .live import free_port

USER, PASSWORD = "table", "a long secret"


@dataclass
class Relay:
    """An SMTP relay that demands STARTTLS, then a login, before it takes any mail."""

    port: int = field(default_factory=free_port)
    ca_file: Path | None = None
    mails: list[tuple[bool, bytes]] = field(default_factory=list)
    """Each mail taken, with whether its connection was encrypted."""
    logins: list[tuple[bool, bytes, bytes]] = field(default_factory=list)
    """Each login tried (encrypted?, user, password)."""

    async def handle_DATA(self, _server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        self.mails.append((session.ssl is not None, envelope.content))
        return "250 Message accepted for delivery"

    def authenticate(
        self, _server: Any, session: Any, _envelope: Any, _mechanism: str, data: Any
    ) -> AuthResult:
        assert isinstance(data, LoginPassword)
        self.logins.append((session.ssl is not None, data.login, data.password))
        good = (data.login, data.password) == (USER.encode(), PASSWORD.encode())
        return AuthResult(success=good, handled=False)  # a failure answered with 535

    def settings(self, **changes: Any) -> MailSettings:
        """Where a table would send its reminders to reach this relay."""
        given: dict[str, Any] = {
            "host": "127.0.0.1",
            "port": self.port,
            "starttls": True,
            "user": USER,
            "password": PASSWORD,
            "ca_file": None if self.ca_file is None else str(self.ca_file),
        }
        given.update(changes)
        return MailSettings(**given)


@pytest.fixture
def relay(tmp_path: Path) -> Iterator[Relay]:
    authority = trustme.CA()
    served = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    authority.issue_cert("127.0.0.1").configure_cert(served)
    box = Relay(ca_file=tmp_path / "authority.pem")
    authority.cert_pem.write_to_path(str(box.ca_file))
    controller = Controller(
        box,
        hostname="127.0.0.1",
        port=box.port,
        tls_context=served,
        require_starttls=True,
        auth_required=True,
        auth_require_tls=True,
        authenticator=box.authenticate,
    )
    controller.start()
    try:
        yield box
    finally:
        controller.stop()


def reminder() -> EmailMessage:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = "t@t.example", "p@p.example", "Turn"
    message.set_content("It is your turn.")
    return message


def test_a_reminder_goes_over_starttls_with_the_login_to_a_server_the_authority_vouches_for(
    relay: Relay,
) -> None:
    deliver(relay.settings(), reminder())
    assert relay.logins == [(True, USER.encode(), PASSWORD.encode())]
    assert [encrypted for encrypted, _ in relay.mails] == [True]
    assert b"It is your turn." in relay.mails[0][1]


def test_a_server_whose_certificate_the_system_does_not_trust_gets_no_login_and_no_mail(
    relay: Relay,
) -> None:
    with pytest.raises(ssl.SSLCertVerificationError):
        deliver(relay.settings(ca_file=None), reminder())
    assert relay.logins == [] and relay.mails == []


def test_a_wrong_password_is_refused_and_nothing_is_sent(relay: Relay) -> None:
    with pytest.raises(smtplib.SMTPAuthenticationError):
        deliver(relay.settings(password="not it"), reminder())
    assert relay.logins  # smtplib tries each mechanism the relay offers, all encrypted
    assert set(relay.logins) == {(True, USER.encode(), b"not it")}
    assert relay.mails == []


def test_without_starttls_a_relay_that_demands_it_takes_nothing(relay: Relay) -> None:
    with pytest.raises(smtplib.SMTPException):
        deliver(relay.settings(starttls=False), reminder())
    assert relay.logins == [] and relay.mails == []


def test_an_authorities_file_that_is_not_there_is_refused_when_the_settings_are_made(
    tmp_path: Path,
) -> None:
    missing = tmp_path / "nowhere.pem"
    with pytest.raises(ValueError, match=r"STRATAGEM_SMTP_CA_FILE=.*nowhere\.pem.* is not a file"):
        MailSettings(host="127.0.0.1", starttls=True, ca_file=str(missing))
