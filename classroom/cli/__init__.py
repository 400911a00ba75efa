"""The command line: commands, console and progress."""
