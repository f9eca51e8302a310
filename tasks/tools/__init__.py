"""Maintainer tools for the task data and results table."""
