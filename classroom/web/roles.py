"""Who may see a page: the teacher's routes, and the students'.

Every route is the teacher's unless its handler is marked `@student`. A student route shows only
what a student may see (a sheet's check page, a game's join page, a team's or a player's own
page); a teacher route needs the teacher's session, which the teacher's link sets. Every form
that changes something carries a form token (`form_field()` in a template), checked on POST.
"""

from __future__ import annotations

from typing import Callable

STUDENT = "classroom_student_route"
FORM_FIELD = "form_token"  # the hidden field every POST form carries


def student(handler: Callable) -> Callable:
    """Return the handler marked as a student's route (anyone on the network may reach it)."""
    setattr(handler, STUDENT, True)
    return handler


def is_student(handler: Callable) -> bool:
    """Return whether a route's handler is marked as a student's."""
    return bool(getattr(handler, STUDENT, False))


def form_field() -> str:
    """Return the hidden input of the form token, for a template's POST forms."""
    from markupsafe import Markup

    return Markup("")
