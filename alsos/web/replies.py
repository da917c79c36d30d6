"""What every HTTP route of the web table shares: the client, its language and origin,
a capped body, and answers that are never cached.

Kept apart from :mod:`alsos.web.app` so that the routes of other modules
(:mod:`alsos.web.people`) answer and refuse exactly as the app's own do.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response

from alsos.language import Language, LanguageError, language

__all__ = ["capped_body", "client_of", "foreign", "language_of", "refuse", "secure"]


def secure(response: Response) -> Response:
    """``response``, marked never to be stored by a cache."""
    response.headers["cache-control"] = "no-store"
    return response


def refuse(status: int, reason: str) -> Response:
    """A refusal: ``{"error": reason}`` with ``status``."""
    return secure(JSONResponse({"error": reason}, status_code=status))


def language_of(request: Request) -> Language | Response:
    """The language ``?lang=`` asks for (English when not given), or the refusal naming
    the languages there are."""
    try:
        return language(request.query_params.get("lang", "en"))
    except LanguageError as e:
        return refuse(400, str(e))


def client_of(request: HTTPConnection) -> str:
    """The address a request came from (a proxy's own, unless it is believed:
    ``--forwarded-allow-ips``)."""
    return request.client.host if request.client else "?"


def foreign(request: HTTPConnection) -> bool:
    """Whether a browser sent ``request`` from another site's page (its ``Origin`` is
    not this server): a page elsewhere must not spend a visitor's tables, nor act
    with its account."""
    origin = request.headers.get("origin")
    if origin is None:  # not a browser's cross-site request (a script, a test)
        return False
    return urlsplit(origin).netloc.lower() != request.headers.get("host", "").lower()


async def capped_body(request: Request, limit: int) -> bytes | None:
    """The request's body, read no further than ``limit`` bytes (None: it is longer)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        return None
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            return None
    return body
