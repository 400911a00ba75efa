"""What is kept on disk: runs written atomically with their manifest, and the library of
manifests that finds a printed sheet again."""
