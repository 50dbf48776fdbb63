"""Who is signed in, from the session cookie, and the CSRF check of every change made on
the cookie's word.

The cookie (``COOKIE``) holds a session's random token; it is HttpOnly (no script reads
it), SameSite=Lax (other sites' forms and scripts do not send it with their requests),
and Secure when the table is served over HTTPS (``Settings.secure_cookies``). A change
that a signed-in browser makes (creating or joining a game, which binds the seat to the
account; the account's own changes) must also carry the session's CSRF token in the
``X-CSRF-Token`` header: a page of this table reads it from ``GET /api/account``, which
another site's script cannot read. A request without the cookie is anonymous, as before
accounts: seat links work as they always did.
"""

from __future__ import annotations

import hmac
from typing import Annotated

import anyio
from fastapi import Depends, Header, Request, Response

from stratagem.server.account_store import SESSION_DAYS, Account, AccountStore, SignedIn
from stratagem.server.errors import Forbidden, SessionEnded, Unauthorized

COOKIE = "stratagem_session"
CSRF_HEADER = "X-CSRF-Token"
ENDED = (
    "your session has ended (signed out elsewhere, expired, or the account deleted): sign in again"
)


def accounts_of(request: Request) -> AccountStore:
    """The accounts of the running application."""
    accounts: AccountStore = request.app.state.accounts
    return accounts


def set_session_cookie(request: Request, response: Response, token: str) -> None:
    """Give the browser its session's cookie."""
    response.set_cookie(
        COOKIE,
        token,
        max_age=SESSION_DAYS * 86400,
        path="/",
        httponly=True,
        samesite="lax",
        secure=bool(request.app.state.secure_cookies),
    )


def clear_session_cookie(request: Request, response: Response) -> None:
    """Take the session's cookie back from the browser."""
    response.delete_cookie(
        COOKIE,
        path="/",
        httponly=True,
        samesite="lax",
        secure=bool(request.app.state.secure_cookies),
    )


async def session_of(request: Request) -> SignedIn | None:
    """The live session of the request's cookie (``None``: no cookie); a cookie whose
    session has ended is refused (401), so that nobody acts anonymously believing they
    are signed in."""
    token = request.cookies.get(COOKIE)
    if not token:
        return None
    found = await anyio.to_thread.run_sync(accounts_of(request).session, token[:128])
    if found is None:
        raise SessionEnded(ENDED)
    return found


Session = Annotated[SignedIn | None, Depends(session_of)]
CsrfToken = Annotated[str | None, Header(alias=CSRF_HEADER, max_length=128)]


def checked(session: SignedIn | None, csrf: str | None) -> Account | None:
    """The account a change is made for (``None``: an anonymous one), refused (403)
    when the cookie's session is not matched by its CSRF token."""
    if session is None:
        return None
    if not csrf or not hmac.compare_digest(csrf, session.csrf):
        raise Forbidden(
            f"a change made while signed in must carry the session's {CSRF_HEADER} header "
            "(this page's script sends it; another site's cannot)"
        )
    return session.account


async def changing_account(session: Session, csrf: CsrfToken = None) -> Account | None:
    """The signed-in account making this change, CSRF-checked; ``None`` if anonymous."""
    return checked(session, csrf)


async def required_session(session: Session, csrf: CsrfToken = None) -> SignedIn:
    """The signed-in session making this change, CSRF-checked; 401 if nobody is."""
    if session is None:
        raise Unauthorized("sign in first: this needs an account")
    checked(session, csrf)
    return session


Changing = Annotated[Account | None, Depends(changing_account)]
"""A change made by a signed-in account (CSRF-checked) or anonymously."""
SignedInChange = Annotated[SignedIn, Depends(required_session)]
"""A change only a signed-in account may make (CSRF-checked)."""
