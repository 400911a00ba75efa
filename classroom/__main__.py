"""`python -m classroom` runs the command line."""

from classroom.cli.light import main

if __name__ == "__main__":  # the page's fork server (web/forked.py) imports this module too, as __mp_main__
    main()
