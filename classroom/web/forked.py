"""The processes the page's server starts for long work: a set made (web/jobs.py) and a search
(web/searches.py). Each is forked from multiprocessing's fork server, a clean process started
with the page's server that has imported the engine and the sheet makers once: a process starts
in milliseconds, not the half second a new interpreter takes to import them again, and it
inherits none of the server's threads, locks or signal handlers (uvicorn's SIGTERM handler once
made `terminate()` do nothing). Where there is no fork server (not POSIX), a new interpreter
each time."""

from __future__ import annotations

import multiprocessing

CONTEXT = multiprocessing.get_context("forkserver" if "forkserver" in multiprocessing.get_all_start_methods()
                                      else "spawn")
FORKED = CONTEXT.get_start_method() == "forkserver"
if FORKED:
    CONTEXT.set_forkserver_preload(["classroom.web.searches", "classroom.web.making"])
