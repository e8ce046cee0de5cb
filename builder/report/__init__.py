"""The report page: a position's map, counters, verdicts and odds as one self-contained HTML file."""
