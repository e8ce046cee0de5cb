"""Tests of the drawn art: symbols, counters, markers, charts."""
