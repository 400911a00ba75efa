"""Who may see a page: the teacher's routes, and the students'.

The page is served on a school network, and on that network sit the people the keys are hidden
from. So every route is the teacher's unless its handler is marked `@student`:
- a teacher route needs the teacher's session, a cookie that only the teacher's link sets (the
  link holds a secret token, new each time `classroom serve` starts, as a notebook server does);
  without it the route answers a short sign-in page, never its content;
- a student route (a sheet's check page, a game's join page, a team's or a player's own page)
  shows only what that student may see, and is reached by anyone.
Every form that changes something carries a form token tied to the browser (`form_field()` in
a template), and is refused when it is missing, or when the form comes from another web site;
nothing changes on GET. A request naming a host that is neither an address nor a name the
teacher allowed is refused outright (a web site elsewhere that points its own name at this
computer, DNS rebinding, gets nothing).
"""

from __future__ import annotations

import contextvars
import functools
import hashlib
import hmac
import ipaddress
import secrets
import urllib.parse
from dataclasses import dataclass, field
from typing import Awaitable, Callable

from markupsafe import Markup
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

from classroom.errors import ClassroomError

STUDENT = "classroom_student_route"
FORM_FIELD = "form_token"  # the hidden field every POST form carries
TEACHER_COOKIE = "classroom_teacher"
BROWSER_COOKIE = "classroom_browser"  # a random id per browser, which the form token is tied to
SIGN_IN = "/teacher"  # the teacher's link: /teacher?token=...

# What the page being made may show: read by the templates through page() (a context variable
# follows the request into the thread that renders it).
_FORM_TOKEN: contextvars.ContextVar[str] = contextvars.ContextVar("form_token", default="")
_TEACHER: contextvars.ContextVar[bool] = contextvars.ContextVar("teacher", default=False)

Handler = Callable[[Request], Awaitable[Response]]


def student(handler: Handler) -> Handler:
    """Return the handler marked as a student's route (anyone on the network may reach it)."""
    setattr(handler, STUDENT, True)
    return handler


def is_student(handler: Handler) -> bool:
    """Return whether a route's handler is marked as a student's."""
    return bool(getattr(handler, STUDENT, False))


def form_field() -> Markup:
    """Return the hidden input of the form token, for a template's POST forms."""
    return Markup('<input type="hidden" name="{}" value="{}">').format(FORM_FIELD, _FORM_TOKEN.get())


def teacher_here() -> bool:
    """Return whether the page being made is shown to the teacher (its menu, its controls)."""
    return _TEACHER.get()


@dataclass
class Access:
    """The teacher's secret for one run of the server, and what it signs: the teacher's session
    and each browser's form token."""

    token: str = field(default_factory=lambda: secrets.token_urlsafe(24))

    def _sign(self, purpose: str) -> str:
        return hmac.new(self.token.encode("ascii"), purpose.encode("utf-8"), hashlib.sha256).hexdigest()

    @property
    def session(self) -> str:
        """Return the value of the teacher's session cookie."""
        return self._sign("teacher session")

    def link(self, base: str) -> str:
        """Return the teacher's link on a base address like http://127.0.0.1:8000."""
        return f"{base.rstrip('/')}{SIGN_IN}?token={self.token}"

    def is_teacher(self, request: Request) -> bool:
        """Return whether the request carries the teacher's session."""
        return hmac.compare_digest(request.cookies.get(TEACHER_COOKIE, ""), self.session)

    def form_token(self, browser: str) -> str:
        """Return the form token of a browser (by the id its cookie holds)."""
        return self._sign(f"form {browser}")[:32]

    def right_token(self, token: str) -> bool:
        """Return whether a sign-in token is this server's."""
        return hmac.compare_digest(token.encode("utf-8"), self.token.encode("utf-8"))


def same_origin(request: Request) -> bool:
    """Return whether a POST came from a page of this site: its Origin (or, lacking one, its
    Referer) names the host the request was sent to; a request that names neither is a script's
    or an old browser's, and the form token alone vouches for it."""
    sender = request.headers.get("origin") or request.headers.get("referer")
    if not sender:
        return True
    return urllib.parse.urlsplit(sender).netloc == request.headers.get("host")


def guarded(handler: Handler, access: Access, refuse: Callable[[str, int, bool], Response]) -> Handler:
    """Return the handler behind the role check: a teacher's route answers the sign-in page
    without the teacher's session; a POST needs this site's origin and the browser's form token.
    `refuse(sentence, status, teacher)` makes the page that says no."""
    is_for_students = is_student(handler)

    @functools.wraps(handler)
    async def answer(request: Request) -> Response:
        browser, fresh = _browser(request)
        teacher = access.is_teacher(request)
        request.state.teacher = teacher
        tokens = _FORM_TOKEN.set(access.form_token(browser)), _TEACHER.set(teacher and not is_for_students)
        try:
            if not is_for_students and not teacher:
                response = refuse("", 403, False)
            elif request.method == "POST" and not same_origin(request):
                response = refuse("the form was sent from another web site; use the page itself", 403, teacher)
            elif request.method == "POST" and not await _right_form(request, access.form_token(browser)):
                response = refuse("the page was out of date (or opened in another browser); "
                                  "reload it and send the form again", 403, teacher)
            else:
                response = await handler(request)
        except ClassroomError as error:  # a form too large or malformed to read its token
            response = refuse(str(error), 400, teacher)
        finally:
            _FORM_TOKEN.reset(tokens[0])
            _TEACHER.reset(tokens[1])
            form = getattr(request.state, "form", None)
            if form is not None:
                await form.close()  # a refused form's uploads too
        if fresh:
            response.set_cookie(BROWSER_COOKIE, browser, httponly=True, samesite="strict")
        return response

    return answer


def _browser(request: Request) -> tuple[str, bool]:
    """Return the browser's id from its cookie, or a new one (and True: the cookie is to be set)."""
    browser = request.cookies.get(BROWSER_COOKIE, "")
    if 16 <= len(browser) <= 64 and browser.isalnum():
        return browser, False
    return secrets.token_hex(16), True


async def _right_form(request: Request, expected: str) -> bool:
    """Return whether a POST form carries the browser's form token; raise the form's sentence
    when it is too large or malformed to read."""
    from classroom.web.forms import read_form

    sent = (await read_form(request)).get(FORM_FIELD, "")
    return isinstance(sent, str) and hmac.compare_digest(sent.encode("utf-8"), expected.encode("utf-8"))


def signed_in(access: Access, request: Request, welcome: Callable[[], Response],
              refuse: Callable[[str, int, bool], Response]) -> Response:
    """Return the answer to the teacher's link: the session cookie and a page that goes on to
    the Make page, or a refusal when the token is not this server's."""
    if not access.right_token(request.query_params.get("token", "")[:100]):
        return refuse("this teacher's link is not the one the server printed (it changes each "
                      "time the server starts): use the link it printed last", 403, False)
    # A page, not a redirect: a SameSite=Strict cookie set while following a link from another
    # program is not sent on the redirect that link leads to, but is on the page's next step.
    response = welcome()
    response.set_cookie(TEACHER_COOKIE, access.session, httponly=True, samesite="strict")
    browser, fresh = _browser(request)
    if fresh:
        response.set_cookie(BROWSER_COOKIE, browser, httponly=True, samesite="strict")
    return response


@dataclass(frozen=True)
class Hosts:
    """The host names a request may name: any address written as numbers (a web site elsewhere
    cannot make a browser send one for its own name), localhost, and the names the teacher adds
    (`--allow-host`, like the computer's name on the school network)."""

    names: frozenset[str] = frozenset()

    def allows(self, host: str) -> bool:
        """Return whether a Host header names this server."""
        name = urllib.parse.urlsplit(f"//{host}").hostname or ""
        if name == "localhost" or name in self.names:
            return True
        try:
            ipaddress.ip_address(name)
        except ValueError:
            return False
        return True


class HostCheck:
    """ASGI middleware: a request naming a host that Hosts does not allow gets 400 and one line."""

    def __init__(self, app, hosts: Hosts) -> None:
        self.app, self.hosts = app, hosts

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] in ("http", "websocket"):
            host = dict(scope["headers"]).get(b"host", b"").decode("latin-1")
            if not self.hosts.allows(host):
                response = PlainTextResponse("This page is not served under that name; use the address "
                                             "the teacher gave.", status_code=400)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)
