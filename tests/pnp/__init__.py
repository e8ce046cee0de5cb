"""Tests of the print-and-play layout and PDF."""
