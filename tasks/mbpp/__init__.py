"""Task folder: see task.yaml (a package only so that wheels ship its scorer and data)."""
