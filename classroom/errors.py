"""The project's one error class: bad input, said in one sentence a teacher understands."""


class ClassroomError(Exception):
    """Bad input or an impossible request; the message names what and where."""
