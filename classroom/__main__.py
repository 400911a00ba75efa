"""`python -m classroom` runs the command line."""

from classroom.cli.light import main

if __name__ == "__main__":  # a process the web page spawns for a job imports this module too
    main()
