"""The accounts' API: sign up, sign in and out, the signed-in account and its games, a new
password, turn reminders by e-mail, and deleting the account.

Every change made on a session's cookie carries its CSRF token (``auth.py``). A wrong
password is answered 401 whether or not the name has an account, in the same time; after
``FAILURES_ALLOWED`` wrong passwords for one name, its sign-ins wait (429) for the rest
of ``FAILURE_WINDOW``.
"""

from __future__ import annotations

import math
from typing import Any

import anyio
from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse

from stratagem.core import game_info
from stratagem.server.account_models import (
    DeleteAccount,
    Me,
    MySeat,
    NewPassword,
    Reminders,
    SignIn,
    SignUp,
)
from stratagem.server.account_store import Account, HeldSeat, NameTaken, SignedIn
from stratagem.server.api import REFUSALS as API_REFUSALS
from stratagem.server.auth import (
    Session,
    SignedInChange,
    accounts_of,
    clear_session_cookie,
    set_session_cookie,
)
from stratagem.server.errors import Conflict, Invalid, TooMany, Unauthorized
from stratagem.server.models import Problem
from stratagem.server.passwords import (
    check_name,
    check_password,
    hash_password,
    spend_a_verification,
    verify_password,
)

router = APIRouter()
REFUSALS: dict[int | str, dict[str, Any]] = {401: {"model": Problem}, **API_REFUSALS}
WRONG = "no account has this name and password"


def _check_email(email: str | None) -> str | None:
    """An e-mail address as given (``None``: none), refused if it cannot be one."""
    if email is None or email.strip() == "":
        return None
    email = email.strip()
    local, at, domain = email.rpartition("@")
    if not at or not local or "." not in domain or any(c.isspace() for c in email):
        raise Invalid(f"{email[:60]!r} is not an e-mail address")
    return email


def _me(account: Account, csrf: str) -> Me:
    return Me(name=account.name, email=account.email, remind=account.remind, csrf=csrf)


async def _open(request: Request, account: Account, status: int) -> JSONResponse:
    """Open a session for ``account`` and answer with it, its cookie set."""
    token, csrf = await anyio.to_thread.run_sync(accounts_of(request).open_session, account.id)
    response = JSONResponse(_me(account, csrf).model_dump(), status_code=status)
    set_session_cookie(request, response, token)
    return response


@router.post("/api/account/signup", status_code=201, responses=REFUSALS, summary="Sign up")
async def sign_up(body: SignUp, request: Request) -> JSONResponse:
    name = check_name(body.name)
    check_password(body.password, name)
    email = _check_email(body.email)
    hashed = await anyio.to_thread.run_sync(hash_password, body.password)
    accounts = accounts_of(request)
    try:
        account = await anyio.to_thread.run_sync(accounts.sign_up, name, hashed, email)
    except NameTaken as taken:
        raise Conflict(f"{taken}: choose another") from None
    return await _open(request, account, 201)


@router.post("/api/account/signin", responses=REFUSALS, summary="Sign in")
async def sign_in(body: SignIn, request: Request) -> JSONResponse:
    accounts = accounts_of(request)
    await _not_waiting(request, body.name)
    found = await anyio.to_thread.run_sync(accounts.named, body.name)
    if found is None:
        await anyio.to_thread.run_sync(spend_a_verification, body.password)
        raise Unauthorized(WRONG)
    account, stored = found
    if not await anyio.to_thread.run_sync(verify_password, body.password, stored):
        await anyio.to_thread.run_sync(accounts.failed, body.name)
        raise Unauthorized(WRONG)
    return await _open(request, account, 200)


@router.post("/api/account/signout", status_code=204, responses=REFUSALS, summary="Sign out")
async def sign_out(request: Request, session: SignedInChange) -> Response:
    await anyio.to_thread.run_sync(accounts_of(request).end_session, session.id_hash)
    response = Response(status_code=204)
    clear_session_cookie(request, response)
    return response


@router.get(
    "/api/account",
    responses=REFUSALS,
    summary="The signed-in account (null when nobody is; 401 when its session has ended)",
)
async def me(session: Session) -> Me | None:
    return None if session is None else _me(session.account, session.csrf)


async def _check_own_password(request: Request, session: SignedIn, password: str) -> None:
    """Refuse (401) a password that is not the signed-in account's; a wrong one counts
    with the sign-ins' wrong passwords, and waits as they do (429)."""
    accounts = accounts_of(request)
    await _not_waiting(request, session.account.name)
    stored = await anyio.to_thread.run_sync(accounts.password_hash, session.account.id)
    if stored is None or not await anyio.to_thread.run_sync(verify_password, password, stored):
        await anyio.to_thread.run_sync(accounts.failed, session.account.name)
        raise Unauthorized("the password given is not this account's")


async def _not_waiting(request: Request, name: str) -> None:
    """Refuse (429) while ``name``'s sign-ins wait after too many wrong passwords."""
    wait = await anyio.to_thread.run_sync(accounts_of(request).waiting, name)
    if wait > 0:
        raise TooMany(
            f"too many wrong passwords for {name[:24]!r}: try again in {math.ceil(wait)} s"
        )


@router.post("/api/account/password", status_code=204, responses=REFUSALS, summary="New password")
async def change_password(body: NewPassword, request: Request, session: SignedInChange) -> Response:
    await _check_own_password(request, session, body.password)
    check_password(body.new_password, session.account.name)
    hashed = await anyio.to_thread.run_sync(hash_password, body.new_password)
    await anyio.to_thread.run_sync(
        accounts_of(request).change_password, session.account.id, hashed, session.id_hash
    )
    return Response(status_code=204)


@router.post("/api/account/reminders", responses=REFUSALS, summary="Turn reminders by e-mail")
async def reminders(body: Reminders, request: Request, session: SignedInChange) -> Me:
    email = _check_email(body.email)
    if body.remind and email is None:
        raise Invalid("reminders by e-mail need an e-mail address")
    account = await anyio.to_thread.run_sync(
        accounts_of(request).set_email, session.account.id, email, body.remind
    )
    if account is None:
        raise Unauthorized("this account has been deleted")
    return _me(account, session.csrf)


@router.post("/api/account/delete", status_code=204, responses=REFUSALS, summary="Delete account")
async def delete_account(
    body: DeleteAccount, request: Request, session: SignedInChange
) -> Response:
    await _check_own_password(request, session, body.password)
    accounts = accounts_of(request)
    held = await anyio.to_thread.run_sync(accounts.seats, session.account.id)
    await anyio.to_thread.run_sync(accounts.delete, session.account.id)
    await request.app.state.hub.renamed(seat.game_id for seat in held)
    response = Response(status_code=204)
    clear_session_cookie(request, response)
    return response


@router.get("/api/account/games", responses=REFUSALS, summary="The signed-in account's seats")
async def my_games(request: Request, session: Session) -> list[MySeat]:
    if session is None:
        raise Unauthorized("nobody is signed in")
    held = await anyio.to_thread.run_sync(accounts_of(request).seats, session.account.id)
    store = request.app.state.hub.store
    records = await anyio.to_thread.run_sync(store.games, [seat.game_id for seat in held])
    seats: dict[str, list[HeldSeat]] = {}
    for seat in held:
        seats.setdefault(seat.game_id, []).append(seat)
    return [  # newest game first
        MySeat(
            id=record.id,
            game=record.game,
            title=game_info(record.game).title,
            seat=record.seats[seat.seat].name,
            seat_index=seat.seat,
            link=None if seat.link is None else f"/games/{record.id}#seat={seat.link}",
            invited=seat.link is None,
        )
        for record in records
        for seat in sorted(seats[record.id], key=lambda held: held.seat)
    ]
