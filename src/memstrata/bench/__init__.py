"""Benchmarks run by ``memstrata bench``: they print figures and ratios, never assert."""
