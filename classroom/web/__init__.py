"""The local web page (`classroom serve`): make class sets, find them again in the library,
grade lists and contests, and a check page per worksheet for students.

Every page calls the same core functions as the command line (make.sets, store.runs,
store.library, mark.grading, mark.judging, mark.reports, solve.boardless.check); this package
only reads forms, runs long work in a process of its own (jobs.py, searches.py) and fills the
jinja2 templates of templates/web/.
"""

__all__ = ["create_app"]


def __getattr__(name: str):
    # The app is imported when asked for, not with the package: a search's process imports
    # classroom.web.searches and the engine, never the page's server (web/searches.py).
    if name == "create_app":
        from classroom.web.app import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
