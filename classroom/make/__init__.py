"""What a teacher prints: hands drawn to suit a class, simulated games, Board Situations, the
worksheet model and its keys, class sets made on several processes, rosters."""
