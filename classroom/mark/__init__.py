"""Marking: a student's list graded, a contest's plays judged, and the reports of both (text,
JSON, CSV)."""
