"""The teacher's browser and a student's device on the page, for the page's tests: the teacher
signs in with the app's own link; a student sends back the form token its page carried."""

import re

from starlette.testclient import TestClient

from classroom.web.roles import BROWSER_COOKIE, FORM_FIELD


class TeacherBrowser(TestClient):
    """A client of the page signed in with the teacher's link, whose POSTs carry the browser's
    form token as the page's own forms do (a test that wants none sends its own)."""

    def sign_in(self) -> "TeacherBrowser":
        access = self.app.state.access
        answer = self.get(f"/teacher?token={access.token}")
        assert answer.status_code == 200, answer.text
        self.form_token = access.form_token(self.cookies[BROWSER_COOKIE])
        return self

    def request(self, method, url, **kwargs):
        if method.upper() == "POST" and hasattr(self, "form_token"):
            data = kwargs.get("data")
            if data is None or isinstance(data, dict):
                if FORM_FIELD not in (data or {}):
                    kwargs["data"] = {**(data or {}), FORM_FIELD: self.form_token}
            elif isinstance(data, (list, tuple)) and FORM_FIELD not in dict(data):
                kwargs["data"] = [*data, (FORM_FIELD, self.form_token)]
        return super().request(method, url, **kwargs)


def teacher(app, **options) -> TeacherBrowser:
    """Return the teacher's browser over an app (use it as a context manager, as TestClient)."""
    return TeacherBrowser(app, **options)


def token_of(html: str) -> str:
    """Return the form token a page's forms carry (as a student's browser sends it back)."""
    found = re.search(rf'name="{FORM_FIELD}" value="([^"]*)"', html)
    assert found, "the page has no form token"
    return found[1]
