"""Test doubles that speak real protocols over real sockets (never mocks of our own code)."""
