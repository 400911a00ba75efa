"""The local web page (`classroom serve`): make class sets, find them again in the library,
grade lists and contests, and a check page per worksheet for students.

Every page calls the same core functions as the command line (make.sets, store.runs,
store.library, mark.grading, mark.judging, mark.reports, solve.boardless.check); this package
only reads forms, runs long work in a process of its own (jobs.py) and fills the jinja2
templates of templates/web/.
"""

from classroom.web.app import create_app

__all__ = ["create_app"]
