"""Storage: the embedded SQLite store and the exact vector working copies."""
