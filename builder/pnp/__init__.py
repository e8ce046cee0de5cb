"""Print-and-play: duplex counter sheets, chart pages and map tiles as one PDF."""
