"""`python -m classroom` runs the command line."""

from classroom.cli import main

main()
