"""Orthodox chess: a table of six kinds and a start position read by the shared piece engine."""
